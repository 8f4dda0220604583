package audit

import (
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Rule credential-read, a private key read in a Python script (or a
// Jupyter notebook's Python cells, nbKeyReadInspected) that only
// inspects what it read: an inventory or permission checker opens a key
// to look at its header (BEGIN OPENSSH PRIVATE KEY, ENCRYPTED, the KDF
// name) and prints file names, modes and fingerprints. The key cannot
// leave through such a script, so the read is medium, not high. The
// content is followed through the script's variables (a read, a variable
// assigned from one, a container it is added to, a loop over it); it
// counts as inspected only when every use is a test (startswith, in,
// ==, len), an assignment through pure parsing (base64, int.from_bytes,
// slicing, splitlines, re.match) or a method of the content itself; a
// length (len(...) of it) is no content. A function of the script that
// returns content hands it to its callers, whose uses are then followed
// (a call of it reads as a read), and a function of the script handed
// content (a bare call or self.f) gets it in the parameters it is passed
// in, whose uses in its body are followed as well: a header parser split
// into helpers (_read_string(buf, off)) is read as one script. Printed,
// written, logged, put in an f-string or handed to any other function,
// the content may leave: high stays; a function returning it called from
// another Python file of the skill is not followed, and lifts the read
// to high (raisePyInspectedKeyReads). A script that copies
// files (shutil.copy, os.rename, cp/scp/cat run as a process, a shell
// command) stays high, and a skill with a network call in any of its
// programs lifts the read back to high (raiseInspectedKeyReads).

// keyInspectedNote ends the reason of a private key read found only
// inspected; raiseInspectedKeyReads looks for it.
const keyInspectedNote = "; the script only inspects what it reads (header, comparisons, lengths) and outputs none of it, and nothing in the skill makes a network call"

var (
	// pyKeyCopy is a copy, move or link of files, or a process or shell
	// command that may copy or print a file.
	pyKeyCopy = lazyRE(`\bshutil\.(?:copy\w*|move)|\bcopyfile\b|\bos\.(?:rename|replace|link|symlink|sendfile|system|popen|exec\w*|spawn\w*)\b|\bshell\s*=\s*True|\bpty\.spawn|['"](?:cp|scp|rsync|cat|mv|tar|zip|dd|base64|xxd|od|hexdump|head|tail|install|ln|sftp|curl|wget|nc|tee|gpg|openssl|sh|bash)['" ]`)
	// pyReadSrc is a read of a file's content, or an open of one.
	pyReadSrc = lazyRE(`(?:([\w.]+)\s*\.\s*)?\b(?:read_text|read_bytes|read|readline|readlines|open|fromfile|getline|mmap)\s*\(\s*([\w.]*)`)
	// pyNonKeyFile is an SSH file that holds no private key.
	pyNonKeyFile = lazyRE(`['"](?:config|known_hosts[\w.]*|authorized_keys\w*|[\w.-]*\.pub|environment)['"]`)
	pyCallRe     = lazyRE(`([\w.]*)\s*\(`)
	pyWordRe     = lazyRE(`[A-Za-z_]\w*`)
	pyAssignRe   = lazyRE(`^([\w\s,.\[\]*]+?)\s*(?:[-+*/|&%]|//|\*\*|<<|>>)?=\s*([^=][\s\S]*)$`)
	pyForRe      = lazyRE(`^(?:async\s+)?for\s+([\w\s,()]+?)\s+in\s+([\s\S]+):\s*$`)
	pyWithRe     = lazyRE(`^(?:async\s+)?with\s+([\s\S]+?)\s+as\s+(\w+)`)
	pyCondRe     = lazyRE(`^(?:if|elif|while|assert|else|try|except|finally|pass|break|continue|def|class|import|from|global|nonlocal|raise|@)\b`)
	pyFStringRe  = lazyRE(`(?i)\b(?:f|rf|fr)$`)
	pyTestAfter  = lazyRE(`^\.\s*(?:startswith|endswith|isascii|isdigit|count|find)\s*\(`)
	pyItemOrAttr = lazyRE(`\[[^\]]*\]|\.\w+`)
	pyNonKeySet  = lazyRE(`(?m)^[ \t]*(\w+)[ \t]*=[ \t]*(.+)$`)
	pyKeyDefRe   = lazyRE(`^(?:async\s+)?def\s+(\w+)\s*\(`)
	pyReturnRe   = lazyRE(`^(?:return|yield)\b`)
)

// pyPureFuncs take content and give back a value derived from it without
// sending, printing or storing it.
var pyPureFuncs = sync.OnceValue(func() map[string]bool {
	return set("len", "int", "str", "bytes", "bool", "bytearray", "memoryview", "list", "tuple", "set", "frozenset",
		"sorted", "reversed", "enumerate", "zip", "range", "min", "max", "sum", "any", "all", "isinstance", "abs", "ord", "chr", "iter", "next",
		"b64decode", "b64encode", "urlsafe_b64decode", "standard_b64decode", "a2b_base64", "unhexlify", "hexlify", "from_bytes",
		"unpack", "unpack_from", "calcsize", "match", "search", "fullmatch", "findall", "finditer", "compile", "split", "sub",
		"sha256", "sha1", "md5", "sha512", "digest", "hexdigest", "startswith", "endswith", "count", "find", "index", "rfind",
		"group", "groups", "join", "decode", "encode", "strip", "lstrip", "rstrip", "splitlines", "partition", "rpartition",
		"lower", "upper", "get")
})

// pyMutators add an argument to their receiver, which then holds it.
var pyMutators = lazySet("append", "extend", "add", "update", "insert", "setdefault", "appendleft")

// pyKeyReadInspected reports whether the Python script code only
// inspects what it reads (see above).
func pyKeyReadInspected(code string) bool {
	_, ok := pyKeyTaint(code)
	return ok
}

// pyKeyFlow is what pyKeyInspect knows of a script: the names holding
// content, the files shown to hold no key, the script's functions (their
// parameters, the names they bind, the function they are defined in) and
// those returning content. A name is its function's when the function
// binds it (a parameter, an assignment, a loop or with target, not
// declared global), else that of the function around it, else the
// module's: two functions' "parts" are two names.
type pyKeyFlow struct {
	tainted           map[string]bool // scope "\x00" name
	nonKey, returners map[string]bool
	params            map[string][]string
	locals, globals   map[string]map[string]bool
	parent            map[string]string
	ambiguous         map[string]bool // defined more than once
	cur               string          // the function of the line read
}

// key returns the tainted key of name as seen from the current function.
func (fl *pyKeyFlow) key(name string) string {
	s := fl.cur
	for range 64 {
		if s == "" || fl.locals[s][name] && !fl.globals[s][name] {
			break
		}
		s = fl.parent[s]
	}
	return s + "\x00" + name
}

// has reports whether name holds content.
func (fl *pyKeyFlow) has(name string) bool { return fl.tainted[fl.key(name)] }

// set records that name holds content.
func (fl *pyKeyFlow) set(name string) { fl.tainted[fl.key(name)] = true }

// bind records the names a target list (a, b = …; for k, v in …) binds
// in function fn.
func (fl *pyKeyFlow) bind(fn, target string) {
	if fn == "" {
		return
	}
	for _, t := range strings.Split(target, ",") {
		t = strings.Trim(strings.TrimSpace(t), "()*[] ")
		if pyWordRe.FindString(t) == t && t != "" {
			if fl.locals[fn] == nil {
				fl.locals[fn] = map[string]bool{}
			}
			fl.locals[fn][t] = true
		}
	}
}

// pyKeyTaint follows what the Python code reads (see above): it returns
// what it learnt (the names that end up holding content, the names bound
// to files that hold no key, the functions returning content) and
// whether the code only inspects what it reads.
func pyKeyTaint(code string) (*pyKeyFlow, bool) {
	if pyKeyCopy.MatchString(code) {
		return nil, false
	}
	lines := pyLogicalLines(pyBlankStrings(code))
	fl := &pyKeyFlow{tainted: map[string]bool{}, nonKey: map[string]bool{}, returners: map[string]bool{}, params: map[string][]string{},
		locals: map[string]map[string]bool{}, globals: map[string]map[string]bool{}, parent: map[string]string{}, ambiguous: map[string]bool{}}
	for _, m := range pyNonKeySet.FindAllStringSubmatch(code, 2000) {
		if pyNonKeyFile.MatchString(m[2]) && !privateKeyRe.MatchString(m[2]) {
			fl.nonKey[m[1]] = true
		}
	}
	pyNonKeyLoops(code, fl.nonKey)
	// the function each line is in, from the indentation of the def
	// lines above it
	in := make([]string, len(lines))
	type def struct {
		name   string
		indent int
	}
	var stack []def
	for i, l := range lines {
		if l.text == "" {
			if len(stack) > 0 {
				in[i] = stack[len(stack)-1].name
			}
			continue
		}
		for len(stack) > 0 && l.indent <= stack[len(stack)-1].indent {
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			in[i] = stack[len(stack)-1].name
		}
		if m := pyKeyDefRe.FindStringSubmatchIndex(l.text); m != nil {
			name := l.text[m[2]:m[3]]
			open := m[1] - 1
			if _, seen := fl.params[name]; seen {
				fl.ambiguous[name] = true
			}
			fl.params[name] = pyParams(l.text[open+1 : pyCloseParen(l.text, open)])
			fl.parent[name] = in[i]
			fl.bind(name, strings.Join(fl.params[name], ","))
			stack = append(stack, def{name, l.indent})
			continue
		}
		switch fn := in[i]; {
		case fn == "":
		case strings.HasPrefix(l.text, "global ") || strings.HasPrefix(l.text, "nonlocal "):
			for _, w := range pyWordRe.FindAllString(l.text, -1)[1:] {
				if fl.globals[fn] == nil {
					fl.globals[fn] = map[string]bool{}
				}
				fl.globals[fn][w] = true
			}
		case pyWithRe.MatchString(l.text):
			fl.bind(fn, pyWithRe.FindStringSubmatch(l.text)[2])
		case pyForRe.MatchString(l.text):
			fl.bind(fn, pyForRe.FindStringSubmatch(l.text)[1])
		case pyCondRe.MatchString(l.text) || strings.HasPrefix(l.text, "return") || strings.HasPrefix(l.text, "yield"):
		case pyAssignRe.MatchString(l.text):
			fl.bind(fn, pyAssignRe.FindStringSubmatch(l.text)[1])
		}
	}
	for pass := 0; pass < 16; pass++ {
		n, r := len(fl.tainted), len(fl.returners)
		for i, l := range lines {
			fl.cur = in[i]
			if !pyLineInspected(l.text, in[i], fl) {
				return nil, false
			}
		}
		if len(fl.tainted) == n && len(fl.returners) == r {
			fl.cur = ""
			return fl, true
		}
	}
	return nil, false
}

// pyParams returns the parameter names of a def's parameter list
// (blanked), less self and cls.
func pyParams(list string) []string {
	var out []string
	for _, p := range pySplitArgs(list) {
		name := pyWordRe.FindString(strings.TrimLeft(strings.TrimSpace(p), "*"))
		if name != "" && name != "self" && name != "cls" {
			out = append(out, name)
		}
	}
	return out
}

// pySplitArgs splits an argument or parameter list at its top-level
// commas.
func pySplitArgs(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	if strings.TrimSpace(s[start:]) != "" {
		out = append(out, s[start:])
	}
	return out
}

// keyReadInspected reports whether the script rel (c, its code with
// comments blanked, of kind k) only inspects the private key it reads: a
// Python script (pyKeyReadInspected), a notebook whose cells also show no
// value holding it (nbKeyReadInspected), a JavaScript or TypeScript one
// (jsKeyReadInspected).
func keyReadInspected(sc *skillCtx, rel, c string, k fileKind) bool {
	switch {
	case k == kindJS:
		return jsKeyReadInspected(c)
	case k != kindPython:
		return false
	case isNotebook(rel):
		return nbKeyReadInspected(sc.fileText, c)
	}
	return pyKeyReadInspected(c)
}

// pyLine is a logical line of Python, its literals blanked but
// f-strings kept, and the indentation of its first physical line.
type pyLine struct {
	text   string
	indent int
}

// pyBlankStrings blanks the inside of every string literal but
// f-strings, and comments, keeping the quotes.
func pyBlankStrings(code string) string {
	b := []byte(code)
	for _, m := range strLit.FindAllStringIndex(code, -1) {
		if pyFStringRe.MatchString(code[max(0, m[0]-2):m[0]]) {
			continue
		}
		q := 1
		if strings.HasPrefix(code[m[0]:], `"""`) || strings.HasPrefix(code[m[0]:], "'''") {
			q = 3
		}
		for i := m[0] + q; i < m[1]-q; i++ {
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
	}
	out := strings.Split(string(b), "\n")
	for i, l := range out {
		if j := strings.IndexByte(l, '#'); j >= 0 {
			out[i] = l[:j]
		}
	}
	return strings.Join(out, "\n")
}

// pyLogicalLines joins the physical lines of blanked code that brackets
// or a backslash continue.
func pyLogicalLines(blank string) []pyLine {
	var out []pyLine
	var cur strings.Builder
	depth, indent := 0, 0
	for _, l := range strings.Split(blank, "\n") {
		if cur.Len() == 0 {
			indent = len(l) - len(strings.TrimLeft(l, " \t"))
		}
		cur.WriteString(l)
		cur.WriteByte(' ')
		for _, r := range l {
			switch r {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth = max(0, depth-1)
			}
		}
		if depth > 0 || strings.HasSuffix(strings.TrimSpace(l), "\\") {
			continue
		}
		t := strings.TrimSpace(cur.String())
		out = append(out, pyLine{text: t, indent: indent})
		cur.Reset()
		if len(out) > 20000 {
			break
		}
	}
	return out
}

// pyTaintIn returns the offsets of the tainted names and content reads
// in s (a read of a file in nonKey is none; a call of a function
// returning content is one).
func pyTaintIn(s string, fl *pyKeyFlow) (names [][]int, reads bool) {
	nonKey := fl.nonKey
	for _, m := range pyWordRe.FindAllStringIndex(s, -1) {
		after := strings.TrimLeft(s[m[1]:], " ")
		kwarg := strings.HasPrefix(after, "=") && !strings.HasPrefix(after, "==")
		if fl.has(s[m[0]:m[1]]) && (m[0] == 0 || s[m[0]-1] != '.') && !kwarg {
			names = append(names, m)
		}
		if fl.returners[s[m[0]:m[1]]] && strings.HasPrefix(after, "(") && !strings.HasSuffix(strings.TrimRight(s[:m[0]], " "), "def") {
			reads = true
		}
	}
	for _, m := range pyReadSrc.FindAllStringSubmatchIndex(s, -1) {
		recv := ""
		if m[2] >= 0 {
			recv = s[m[2]:m[3]]
		}
		arg := ""
		if m[4] >= 0 {
			arg = s[m[4]:m[5]]
		}
		if nonKey[recv] || nonKey[arg] {
			continue
		}
		if name := strings.TrimSpace(s[m[0]:m[1]]); strings.HasPrefix(name, "os.path") {
			continue
		}
		reads = true
	}
	return names, reads
}

// pyInspectOnly reports whether every tainted name in expr is only
// tested (startswith, in, ==, len, is), so expr's value holds none of it.
func pyInspectOnly(expr string, names [][]int, reads bool) bool {
	if reads {
		return false
	}
	for _, m := range names {
		before := strings.TrimRight(expr[:m[0]], " ")
		after := strings.TrimLeft(expr[m[1]:], " ")
		switch {
		case strings.HasPrefix(after, "==") || strings.HasPrefix(after, "!=") || strings.HasPrefix(after, "is ") || strings.HasPrefix(after, "<") || strings.HasPrefix(after, ">"):
		case pyTestAfter.MatchString(after):
		case strings.HasSuffix(before, " in") || strings.HasSuffix(before, "==") || strings.HasSuffix(before, "!=") || strings.HasSuffix(before, "len(") && strings.HasPrefix(after, ")"):
		case pyInLen(expr, m[0]):
		default:
			return false
		}
	}
	return true
}

// pyInLen reports whether offset i of expr is inside the parentheses of
// a len() call, whose value is a length, not content.
func pyInLen(expr string, i int) bool {
	depth := 0
	for j := i - 1; j >= 0; j-- {
		switch expr[j] {
		case ')', ']', '}':
			depth++
		case '(', '[', '{':
			if depth > 0 {
				depth--
				continue
			}
			if expr[j] == '(' && strings.HasSuffix(strings.TrimRight(expr[:j], " "), "len") && !wordBoundaryBefore(strings.TrimRight(expr[:j], " ")) {
				return true
			}
		}
	}
	return false
}

// wordBoundaryBefore reports whether s, ending in "len", has a word
// character before that "len" (as in "oblen").
func wordBoundaryBefore(s string) bool {
	s = strings.TrimSuffix(s, "len")
	if s == "" {
		return false
	}
	c := s[len(s)-1]
	return c == '_' || c == '.' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// pyLineInspected checks one logical line of function fn ("" outside
// any): it adds the names it taints, and the functions returning
// content, and reports false when content may leave through it.
func pyLineInspected(l, fn string, fl *pyKeyFlow) bool {
	names, reads := pyTaintIn(l, fl)
	if len(names) == 0 && !reads {
		return true
	}
	for _, m := range strLit.FindAllStringIndex(l, -1) {
		if pyFStringRe.MatchString(l[max(0, m[0]-2):m[0]]) {
			if n, r := pyTaintIn(l[m[0]:m[1]], fl); len(n) > 0 || r {
				return false // content formatted into text: where it goes is not followed
			}
		}
	}
	taint := func(s string) {
		for _, w := range pyWordRe.FindAllString(s, -1) {
			if !pyKeywords()[w] {
				fl.set(w)
			}
		}
	}
	if m := pyWithRe.FindStringSubmatch(l); m != nil {
		taint(m[2])
		return pyCallsInspected(m[1], fl)
	}
	if m := pyForRe.FindStringSubmatch(l); m != nil {
		taint(m[1])
		return pyCallsInspected(m[2], fl)
	}
	if strings.HasPrefix(l, "def ") || strings.HasPrefix(l, "class ") || strings.HasPrefix(l, "async def ") {
		return true
	}
	if pyCondRe.MatchString(l) {
		return pyCallsInspected(l, fl)
	}
	if strings.HasPrefix(l, "return") || strings.HasPrefix(l, "yield") || strings.Contains(l, "lambda") {
		rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(l, "return"), "yield"))
		n, r := pyTaintIn(rest, fl)
		if !pyCallsInspected(rest, fl) {
			return false
		}
		if pyInspectOnly(rest, n, r) {
			return true
		}
		if fn != "" && pyReturnRe.MatchString(l) && !strings.Contains(l, "lambda") {
			// handed to the callers, whose uses are followed
			fl.returners[fn] = true
			return true
		}
		return false
	}
	if m := pyAssignRe.FindStringSubmatch(l); m != nil {
		n, r := pyTaintIn(m[2], fl)
		if len(n) == 0 && !r {
			return true
		}
		if !pyCallsInspected(m[2], fl) {
			return false
		}
		if !pyInspectOnly(m[2], n, r) {
			// the target, or the container it is an item of, holds it
			taint(pyItemOrAttr.ReplaceAllString(m[1], ""))
		}
		return true
	}
	return pyCallsInspected(l, fl)
}

// pyCallsInspected reports whether every call in s that is handed
// content is a pure one, a method of the content, a mutator (whose
// receiver is then tainted) or a function of the script (whose
// parameters given content are then tainted); a sink or an unknown
// function is false.
func pyCallsInspected(s string, fl *pyKeyFlow) bool {
	for _, m := range pyCallRe.FindAllStringSubmatchIndex(s, -1) {
		open := m[1] - 1
		end := pyCloseParen(s, open)
		n, r := pyTaintIn(s[open+1:end], fl)
		if len(n) == 0 && !r {
			continue
		}
		callee := s[m[2]:m[3]]
		last := callee[strings.LastIndexByte(callee, '.')+1:]
		recv := strings.TrimSuffix(callee, "."+last)
		_, own := fl.params[last]
		own = own && !fl.ambiguous[last] && (recv == callee || recv == "self" || recv == "cls")
		switch {
		case pyKeywords()[callee] || pyStmtWords()[callee]:
			// a parenthesised expression after a keyword
		case last == "" && callee == "":
			// a parenthesised expression or a call of a call's result
			if m[2] > 0 && (s[m[2]-1] == ')' || s[m[2]-1] == ']') {
				return false
			}
		case pyMutators()[last] && recv != callee:
			root := pyWordRe.FindString(recv)
			if root != "" {
				fl.set(root)
			}
		case pyPureFuncs()[last]:
		case own:
			fl.taintParams(last, s[open+1:end])
		default:
			return false
		}
	}
	return true
}

// taintParams taints the parameters of the script's function fn given
// content in the call's arguments args (a keyword argument names its
// parameter; a starred argument, one past the list or a keyword the list
// does not name, taken by **kwargs, taints them all).
func (fl *pyKeyFlow) taintParams(fn, args string) {
	params := fl.params[fn]
	for i, a := range pySplitArgs(args) {
		if n, r := pyTaintIn(a, fl); len(n) == 0 && !r {
			continue
		}
		a = strings.TrimSpace(a)
		if m := pyWordRe.FindStringIndex(a); m != nil && m[0] == 0 {
			rest := strings.TrimLeft(a[m[1]:], " ")
			if strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==") && slices.Contains(params, a[:m[1]]) {
				fl.tainted[fn+"\x00"+a[:m[1]]] = true
				continue
			}
		}
		if i < len(params) && !strings.HasPrefix(a, "*") {
			fl.tainted[fn+"\x00"+params[i]] = true
			continue
		}
		for _, p := range params {
			fl.tainted[fn+"\x00"+p] = true
		}
	}
}

// pyCloseParen returns the offset of the bracket closing the one at
// open, or len(s).
func pyCloseParen(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(s)
}

// pyKeywords are not variables.
var pyKeywords = lazySet("as", "in", "not", "and", "or", "is", "None", "True", "False", "if", "else", "for", "self")

// pyStmtWords start a statement or expression before a parenthesis.
var pyStmtWords = lazySet("return", "yield", "await", "elif", "while", "assert", "lambda")

// raiseInspectedKeyReads lifts a private key read found only inspected,
// or a key's path named only as a needle (credNeedleNote), back to high
// when a program of the skill (texts, every file audited), a notebook's
// cells too, makes a network call: what the script learns can then
// leave.
func raiseInspectedKeyReads(findings []Finding, texts map[string]string) {
	for i := range findings {
		f := &findings[i]
		note := keyInspectedNote
		if strings.HasSuffix(f.Reason, credNeedleNote) {
			note = credNeedleNote
		}
		if f.RuleID != "credential-read" || f.Severity != Medium || !strings.HasSuffix(f.Reason, note) {
			continue
		}
		for rel, text := range texts {
			if isProgram(rel, text) && programSend(rel, text) != nil || isNotebook(rel) && notebookSends(text) {
				f.Severity = High
				f.Reason = strings.TrimSuffix(f.Reason, note) + "; " + rel + " of the same skill makes a network call, so what it reads can leave"
				break
			}
		}
	}
}

// notebookSends reports whether the notebook content's Python cells or
// shell escapes make a network call.
func notebookSends(content string) bool {
	nb, ok := readNotebook(content)
	return ok && (programSend("cells.py", nb.py) != nil || programSend("cells.sh", nb.sh) != nil)
}

// raisePyInspectedKeyReads lifts a Python script's private key read found
// only inspected back to high when another file of the skill calls one
// of its functions returning content read from a key (an import of it,
// a python -c line): what that caller does with it is not followed.
func raisePyInspectedKeyReads(findings []Finding, texts map[string]string) {
	for i := range findings {
		f := &findings[i]
		if f.RuleID != "credential-read" || f.Severity != Medium || !strings.HasSuffix(f.Reason, keyInspectedNote) || !strings.EqualFold(path.Ext(f.File), ".py") {
			continue
		}
		fl, ok := pyKeyTaint(texts[f.File])
		if !ok {
			continue
		}
		var returners []string
		for r := range fl.returners {
			returners = append(returners, r)
		}
		sort.Strings(returners)
		rels := make([]string, 0, len(texts))
		for rel := range texts {
			rels = append(rels, rel)
		}
		sort.Strings(rels)
	files:
		for _, rel := range rels {
			if rel == f.File {
				continue
			}
			for _, r := range returners {
				if goCallsName(texts[rel], r) {
					f.Severity = High
					f.Reason = strings.TrimSuffix(f.Reason, keyInspectedNote) + "; " + rel + " calls " + r + ", which returns what it read, and is not followed"
					break files
				}
			}
		}
	}
}
