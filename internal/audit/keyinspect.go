package audit

import (
	"strings"
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
// slicing, splitlines, re.match) or a method of the content itself.
// Printed, written, logged, returned, put in an f-string or handed to any
// other function, the content may leave: high stays. A script that copies
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
)

// pyPureFuncs take content and give back a value derived from it without
// sending, printing or storing it.
var pyPureFuncs = set("len", "int", "str", "bytes", "bool", "bytearray", "memoryview", "list", "tuple", "set", "frozenset",
	"sorted", "reversed", "enumerate", "zip", "range", "min", "max", "sum", "any", "all", "isinstance", "abs", "ord", "chr", "iter", "next",
	"b64decode", "b64encode", "urlsafe_b64decode", "standard_b64decode", "a2b_base64", "unhexlify", "hexlify", "from_bytes",
	"unpack", "unpack_from", "calcsize", "match", "search", "fullmatch", "findall", "finditer", "compile", "split", "sub",
	"sha256", "sha1", "md5", "sha512", "digest", "hexdigest", "startswith", "endswith", "count", "find", "index", "rfind",
	"group", "groups", "join", "decode", "encode", "strip", "lstrip", "rstrip", "splitlines", "partition", "rpartition",
	"lower", "upper", "get")

// pyMutators add an argument to their receiver, which then holds it.
var pyMutators = set("append", "extend", "add", "update", "insert", "setdefault", "appendleft")

// pyKeyReadInspected reports whether the Python script code only
// inspects what it reads (see above).
func pyKeyReadInspected(code string) bool {
	_, _, ok := pyKeyTaint(code)
	return ok
}

// pyKeyTaint follows what the Python code reads (see above): it returns
// the names that end up holding content, the names bound to files that
// hold no key, and whether the code only inspects what it reads.
func pyKeyTaint(code string) (tainted, nonKey map[string]bool, ok bool) {
	if pyKeyCopy.MatchString(code) {
		return nil, nil, false
	}
	lines := pyLogicalLines(pyBlankStrings(code))
	nonKey = map[string]bool{}
	for _, m := range pyNonKeySet.FindAllStringSubmatch(code, 2000) {
		if pyNonKeyFile.MatchString(m[2]) && !privateKeyRe.MatchString(m[2]) {
			nonKey[m[1]] = true
		}
	}
	tainted = map[string]bool{}
	for pass := 0; pass < 8; pass++ {
		n := len(tainted)
		for _, l := range lines {
			if !pyLineInspected(l.text, tainted, nonKey) {
				return nil, nil, false
			}
		}
		if len(tainted) == n {
			return tainted, nonKey, true
		}
	}
	return nil, nil, false
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
// f-strings kept.
type pyLine struct{ text string }

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
	depth := 0
	for _, l := range strings.Split(blank, "\n") {
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
		out = append(out, pyLine{text: t})
		cur.Reset()
		if len(out) > 20000 {
			break
		}
	}
	return out
}

// pyTaintIn returns the offsets of the tainted names and content reads
// in s (a read of a file in nonKey is none).
func pyTaintIn(s string, tainted, nonKey map[string]bool) (names [][]int, reads bool) {
	for _, m := range pyWordRe.FindAllStringIndex(s, -1) {
		kwarg := strings.HasPrefix(strings.TrimLeft(s[m[1]:], " "), "=") && !strings.HasPrefix(strings.TrimLeft(s[m[1]:], " "), "==")
		if tainted[s[m[0]:m[1]]] && (m[0] == 0 || s[m[0]-1] != '.') && !kwarg {
			names = append(names, m)
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
		default:
			return false
		}
	}
	return true
}

// pyLineInspected checks one logical line: it adds the names it taints
// and reports false when content may leave through it.
func pyLineInspected(l string, tainted, nonKey map[string]bool) bool {
	names, reads := pyTaintIn(l, tainted, nonKey)
	if len(names) == 0 && !reads {
		return true
	}
	for _, m := range strLit.FindAllStringIndex(l, -1) {
		if pyFStringRe.MatchString(l[max(0, m[0]-2):m[0]]) {
			if n, r := pyTaintIn(l[m[0]:m[1]], tainted, nonKey); len(n) > 0 || r {
				return false // content formatted into text: where it goes is not followed
			}
		}
	}
	taint := func(s string) {
		for _, w := range pyWordRe.FindAllString(s, -1) {
			if !pyKeywords[w] {
				tainted[w] = true
			}
		}
	}
	if m := pyWithRe.FindStringSubmatch(l); m != nil {
		taint(m[2])
		return pyCallsInspected(m[1], tainted, nonKey)
	}
	if m := pyForRe.FindStringSubmatch(l); m != nil {
		taint(m[1])
		return pyCallsInspected(m[2], tainted, nonKey)
	}
	if strings.HasPrefix(l, "def ") || strings.HasPrefix(l, "class ") {
		return true
	}
	if pyCondRe.MatchString(l) {
		return pyCallsInspected(l, tainted, nonKey)
	}
	if strings.HasPrefix(l, "return") || strings.HasPrefix(l, "yield") || strings.Contains(l, "lambda") {
		rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(l, "return"), "yield"))
		n, r := pyTaintIn(rest, tainted, nonKey)
		return pyInspectOnly(rest, n, r) && pyCallsInspected(rest, tainted, nonKey)
	}
	if m := pyAssignRe.FindStringSubmatch(l); m != nil {
		n, r := pyTaintIn(m[2], tainted, nonKey)
		if len(n) == 0 && !r {
			return true
		}
		if !pyCallsInspected(m[2], tainted, nonKey) {
			return false
		}
		if !pyInspectOnly(m[2], n, r) {
			// the target, or the container it is an item of, holds it
			taint(pyItemOrAttr.ReplaceAllString(m[1], ""))
		}
		return true
	}
	return pyCallsInspected(l, tainted, nonKey)
}

// pyCallsInspected reports whether every call in s that is handed
// content is a pure one, a method of the content, or a mutator (whose
// receiver is then tainted); a sink or an unknown function is false.
func pyCallsInspected(s string, tainted, nonKey map[string]bool) bool {
	for _, m := range pyCallRe.FindAllStringSubmatchIndex(s, -1) {
		open := m[1] - 1
		end := pyCloseParen(s, open)
		n, r := pyTaintIn(s[open+1:end], tainted, nonKey)
		if len(n) == 0 && !r {
			continue
		}
		callee := s[m[2]:m[3]]
		last := callee[strings.LastIndexByte(callee, '.')+1:]
		recv := strings.TrimSuffix(callee, "."+last)
		switch {
		case pyKeywords[callee] || pyStmtWords[callee]:
			// a parenthesised expression after a keyword
		case last == "" && callee == "":
			// a parenthesised expression or a call of a call's result
			if m[2] > 0 && (s[m[2]-1] == ')' || s[m[2]-1] == ']') {
				return false
			}
		case pyMutators[last] && recv != callee:
			root := pyWordRe.FindString(recv)
			if root != "" {
				tainted[root] = true
			}
		case pyPureFuncs[last]:
		default:
			return false
		}
	}
	return true
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
var pyKeywords = set("as", "in", "not", "and", "or", "is", "None", "True", "False", "if", "else", "for", "self")

// pyStmtWords start a statement or expression before a parenthesis.
var pyStmtWords = set("return", "yield", "await", "elif", "while", "assert", "lambda")

// raiseInspectedKeyReads lifts a private key read found only inspected
// back to high when a program of the skill (texts, every file audited),
// a notebook's cells too, makes a network call: what the script learns
// can then leave.
func raiseInspectedKeyReads(findings []Finding, texts map[string]string) {
	for i := range findings {
		f := &findings[i]
		if f.RuleID != "credential-read" || f.Severity != Medium || !strings.HasSuffix(f.Reason, keyInspectedNote) {
			continue
		}
		for rel, text := range texts {
			if isProgram(rel, text) && programSend(rel, text) != nil || isNotebook(rel) && notebookSends(text) {
				f.Severity = High
				f.Reason = strings.TrimSuffix(f.Reason, keyInspectedNote) + "; " + rel + " of the same skill makes a network call, so what it reads can leave"
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
