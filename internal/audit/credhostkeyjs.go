package audit

import (
	"strings"
	"sync"
)

// Rule credential-exfil, a netrc entry looked up by the host of the
// request it authenticates, in a JavaScript or TypeScript script
// (credhostkey.go has the Python reader and the reasoning): the entry
// goes to the host it is stored for whatever the URL is, as curl --netrc
// sends it, so the script authenticates; the read is credential-read,
// medium. The netrc is read through the netrc-parser package
// (netrc.machines[host], netrc.load()), the netrc package (netrc()[host])
// or a hand parser: a function of the script that reads the file and
// returns only the entry filed under its host parameter (M[host],
// M.get(host)), closed over nothing but its locals, fs, path, os and the
// file's path, and printing nothing of what it read. Every lookup is keyed
// by the hostname of a URL variable (new URL(url).hostname, a variable or
// destructured hostname set once from one, a parameter every call of its
// function passes one); every connection the script opens (fetch, axios,
// got, https.request) goes to one of those URL variables, parsed in the
// same function before the call and not set again; and what a lookup
// returns (followed through variables, destructuring and the functions
// returning it) is only tested, encoded and given as the headers or auth
// option of such a connection (or set as its Authorization header).
// Critical stays: another destination, the entry in a body, query, URL,
// message or any other call, a file read anywhere but in the hand parser,
// a process started or a file copied, the netrc object used any other
// way (netrc.default, the machines iterated or passed on), a parser that
// reaches state outside itself (a prototype, a module variable), two URL
// variables, a lookup, URL parse or request in a loop or an iteration's
// callback (as in Python: credhostkey.go). What a
// hand parser files under a machine is not checked to be only that
// machine's entry.

// jsKStmt is a logical statement of a JavaScript or TypeScript script:
// its text with string contents blanked and lookups replaced (blank), the
// same span as written (orig), its offset, the innermost named function
// it is in (an index into jsKeyed.funcs, -1 for the module) and whether
// it is a function's header.
type jsKStmt struct {
	blank, orig string
	off, fn     int
	header      bool
}

// jsKFunc is a named function of the script: its name, its parameters,
// where its header starts, and the span of its body (open is the offset
// of the body's first byte, end of the byte past it).
type jsKFunc struct {
	name            string
	params          []string
	head, open, end int
}

// jsLookup is a netrc lookup: the expression of its key, and its span
// in the code.
type jsLookup struct {
	key  string
	s, e int
}

// jsKeyed is the judgement's view of one script.
type jsKeyed struct {
	c, blank  string
	br        brackets
	funcs     []jsKFunc
	stmts     []jsKStmt
	imports   map[string]string // a name bound by import or require -> its module
	lookups   []jsLookup
	readers   map[int]bool // functions that read a file (hand parsers)
	pathVars  map[string]bool
	tainted   map[string]bool
	returners map[string]bool
	// opts are names holding a connection's options whose credential
	// stands only under auth or headers (options.auth = …); notOpts
	// names that took the credential any other way.
	opts, notOpts map[string]bool
	// sets caches assignsOf: callers' arguments and URL variables are
	// looked up again for every call and parse
	sets map[string][]assignedVal
	// loops are the spans that may run more than once (jsKLoops)
	loops [][2]int
}

// jsNrc stands in the code for every netrc lookup once they are found:
// an identifier no script uses, padded to the lookup's length.
const jsNrc = "$nrc"

var (
	// jsNetrcImport binds a name to a netrc package: the netrc-parser
	// instance (default import, require(...).default), its Netrc class,
	// or the netrc package's parsing function.
	jsNetrcImport = lazyRE(`(?m)^[ \t]*(?:import\s+([A-Za-z_$][\w$]*)\s+from|import\s*\{\s*(Netrc)\s*\}\s*from|(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\(|(?:const|let|var)\s*\{\s*(Netrc)\s*\}\s*=\s*require\()\s*['"](netrc(?:-parser)?)['"]\s*\)?(\.default)?`)
	// jsNetrcPkg is the name of a netrc package as a string literal.
	jsNetrcPkg = lazyRE(`['"\x60]netrc(?:-parser)?['"\x60]`)
	// jsModuleBind binds a name to a module: import x from 'm', import
	// * as x from 'm', const x = require('m').
	jsModuleBind = lazyRE(`(?m)^[ \t]*(?:import\s+(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)\s+from|(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\()\s*['"]([^'"]+)['"]`)
	// jsKFuncDecl, jsKFuncVar and jsKMethodDecl start a named function: a
	// declaration, a function or arrow assigned to a name, a method.
	jsKFuncDecl   = lazyRE(`(?:^|[^\w$.])(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*(?:<[^>(]*>\s*)?\(`)
	jsKFuncVar    = lazyRE(`(?:^|[^\w$.])(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;\n]+)?=\s*(?:async\s+)?(?:function\s*\*?\s*[\w$]*\s*(\()|(\()|([A-Za-z_$][\w$]*)\s*=>)`)
	jsKMethodDecl = lazyRE(`(?m)^[ \t]*(?:(?:public|private|protected|static|async|override)\s+)*([A-Za-z_$][\w$]*)\s*\(`)
	// jsKArrowExpr is an arrow function whose body is an expression.
	jsKArrowExpr = lazyRE(`^(?:async\s+)?(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*(?::\s*[\w$<>\[\]|\s]+)?=>\s*([^{\s][\s\S]*)$`)
	// jsKOptWords are an options object's keys the credential may stand
	// under in a connection call.
	jsKOptWords = lazySet("headers", "auth")
	// jsKFreePure are functions called by name that give back a value
	// derived from their arguments and keep or send nothing.
	jsKFreePure = lazySet("String", "Number", "Boolean", "parseInt", "parseFloat", "btoa", "encodeURIComponent", "Headers", "Map", "Set", "RegExp", "Error", "TypeError", "SyntaxError", "Array")
	// jsKGlobals are the global names a hand parser may use.
	jsKGlobals = sync.OnceValue(func() map[string]bool {
		return set("process", "console", "Object", "Map", "Set", "JSON", "Error", "TypeError", "SyntaxError", "Buffer", "String", "Number", "Boolean", "Array", "RegExp", "Math", "undefined", "NaN", "Infinity", "Date", "parseInt", "parseFloat")
	})
	// jsKFileCalls are the fs, path and os functions a hand parser may
	// call: reading the file, testing it, building its path.
	jsKFileCalls = lazySet("readFileSync", "readFile", "existsSync", "statSync", "lstatSync", "accessSync", "access", "stat", "lstat", "join", "resolve", "homedir", "dirname", "basename", "normalize", "platform")
	// jsKFileModules are the modules of those functions.
	jsKFileModules = lazySet("fs", "node:fs", "fs/promises", "node:fs/promises", "path", "node:path", "os", "node:os", "graceful-fs", "fs-extra")
	// jsKPathTest is what may stand before the netrc path where a
	// statement outside the hand parser uses it: a test or stat of the
	// file, the parser given it, a message showing it.
	jsKPathTest = lazyRE(`(?:\b(?:existsSync|statSync|lstatSync|accessSync|access|stat|lstat)\s*\(|\bnew\s+Netrc\s*\(|\$\{)\s*$`)
)

// jsKPure are methods that give back a value derived from their
// receiver and arguments without sending, printing or storing it
// (jsPureFuncs but exec, get and the promise combinators, which name
// other libraries' sends and runs too).
var jsKPure = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for k := range jsPureFuncs() {
		m[k] = true
	}
	for _, k := range []string{"exec", "get", "all", "allSettled", "resolve"} {
		delete(m, k)
	}
	return m
})

// maxKeyedJS bounds the script, and maxKeyedStmts its statements, the
// judgement follows the credential through; maxKeyedUses the calls of
// one function it checks.
const (
	maxKeyedJS    = 1 << 18
	maxKeyedStmts = 8000
	maxKeyedUses  = 256
)

// jsHostKeyedAuth reports whether JavaScript or TypeScript code c
// (comments blanked) reads ~/.netrc only to authenticate each request
// to the host its entry is for (see above).
func jsHostKeyedAuth(c string) bool {
	if len(c) > maxKeyedJS || !strings.Contains(c, "netrc") || strings.Contains(c, "child_process") {
		return false // past what the judgement follows: the read stays reported as sent
	}
	// a process started, a file copied: what it reads the scan does not
	// follow (a write stream saving the download is no copy)
	for _, m := range jsKeyCopy.FindAllStringIndex(c, -1) {
		if !strings.HasPrefix(c[m[0]:m[1]], "createWriteStream") {
			return false
		}
	}
	p := &jsKeyed{c: c, blank: jsBlankStrings(c)}
	p.br = bracketsOf(p.blank)
	p.funcs = jsKFuncs(p.blank, p.br)
	p.imports = map[string]string{}
	for _, m := range jsModuleBind.FindAllStringSubmatch(c, 256) {
		p.imports[m[1]+m[2]] = m[3]
	}
	if !p.netrcLookups() || !jsKReadsCalled(p.blank) || !p.fileReads() || len(p.lookups) == 0 {
		return false
	}
	// every lookup stands in the code as one name
	b := []byte(p.blank)
	for _, lk := range p.lookups {
		copy(b[lk.s:], jsNrc)
		for i := lk.s + len(jsNrc); i < lk.e; i++ {
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
	}
	p.stmts = jsKStatements(c, string(b), p.funcs)
	if len(p.stmts) > maxKeyedStmts || !p.pathOnlyParsed() {
		return false
	}
	for f := range p.readers {
		if !p.readerOK(f) {
			return false
		}
	}
	urls := keyedURLs{}
	for _, lk := range p.lookups {
		if !p.hostKeyOf(lk, urls) {
			return false
		}
	}
	if !oneKeyedURL(urls) {
		return false
	}
	p.loops = jsKLoops(p.blank, p.br)
	for _, lk := range p.lookups {
		if p.inLoop(lk.s) {
			return false
		}
	}
	for _, parses := range urls {
		for _, q := range parses {
			if p.inLoop(q.off) {
				return false
			}
		}
	}
	return p.urlsKept(urls) && p.keyedDests(urls) && p.credInAuthOnly(urls)
}

// jsKLoopStart starts a loop or an iteration's callback: for (…),
// while (…), do {, arr.forEach(…), setInterval(…).
var jsKLoopStart = lazyRE(`\b(?:for|while)\s*(?:await\s*)?\(|\bdo\s*\{|\.\s*(?:forEach|map|flatMap|filter|reduce|reduceRight|some|every|find|findIndex|findLast)\s*\(|\bsetInterval\s*\(`)

// jsKLoops returns the spans of blanked code c (whose brackets br
// matches) that may run more than once: loops' heads and bodies, an
// iteration's callbacks.
func jsKLoops(c string, br brackets) [][2]int {
	var out [][2]int
	for _, m := range jsKLoopStart.FindAllStringIndex(c, 256) {
		open := m[1] - 1
		end := br.close(open)
		if c[open] == '(' && end < len(c) && (strings.HasPrefix(c[m[0]:], "for") || strings.HasPrefix(c[m[0]:], "while")) {
			// the body after the head: a block or one statement
			j := end + 1
			for j < len(c) && (c[j] == ' ' || c[j] == '\t' || c[j] == '\n' || c[j] == '\r') {
				j++
			}
			if j < len(c) && c[j] == '{' {
				end = br.close(j)
			} else {
				end = jsKExprEnd(c, j)
			}
		}
		out = append(out, [2]int{m[0], end})
	}
	return out
}

// inLoop reports whether offset off is in a span that may run more than
// once: an entry looked up on one pass, kept in a name set only when
// empty, would log in to the next pass's host.
func (p *jsKeyed) inLoop(off int) bool {
	for _, l := range p.loops {
		if off >= l[0] && off < l[1] {
			return true
		}
	}
	return false
}

// brackets maps the offset of each bracket opening in a text to the
// offset of the one closing it (any closer closes the innermost opener,
// as pyCloseParen counts them), found in one pass: following each
// function's or call's brackets with pyCloseParen made a text of
// unclosed brackets quadratic.
type brackets []int32

// bracketsOf matches the brackets of c.
func bracketsOf(c string) brackets {
	m := make(brackets, len(c))
	var stack []int32
	for i := 0; i < len(c); i++ {
		switch c[i] {
		case '(', '[', '{':
			m[i] = int32(len(c))
			stack = append(stack, int32(i))
		case ')', ']', '}':
			if n := len(stack); n > 0 {
				m[stack[n-1]] = int32(i)
				stack = stack[:n-1]
			}
		}
	}
	return m
}

// close returns the offset of the bracket closing the one at open (the
// text's length when none does, or when open holds no opener).
func (m brackets) close(open int) int {
	if open < 0 || open >= len(m) || m[open] == 0 {
		return len(m)
	}
	return int(m[open])
}

// jsKFuncs finds the named functions of blanked code c (whose brackets
// br matches) and their bodies.
func jsKFuncs(c string, br brackets) []jsKFunc {
	var out []jsKFunc
	add := func(name string, head, open int) {
		if jsKeywords()[name] || name == "catch" || len(out) >= 2000 {
			return
		}
		end := br.close(open)
		if end >= len(c) {
			return
		}
		params := jsKParams(c[open+1 : end])
		// past the parameters: a return type, then the body
		i := end + 1
		for i < len(c) && (c[i] == ' ' || c[i] == '\t' || c[i] == '\n') {
			i++
		}
		if i < len(c) && c[i] == ':' {
			for i < len(c) && c[i] != '{' && !strings.HasPrefix(c[i:], "=>") && c[i] != ';' && c[i] != '\n' {
				i++
			}
		}
		arrow := strings.HasPrefix(c[i:], "=>")
		if arrow {
			i += 2
			for i < len(c) && (c[i] == ' ' || c[i] == '\t' || c[i] == '\n') {
				i++
			}
		}
		switch {
		case i < len(c) && c[i] == '{':
			out = append(out, jsKFunc{name, params, head, i + 1, br.close(i)})
		case arrow:
			out = append(out, jsKFunc{name, params, head, i, jsKExprEnd(c, i)})
		}
	}
	for _, m := range jsKFuncDecl.FindAllStringSubmatchIndex(c, -1) {
		add(c[m[2]:m[3]], m[2], m[1]-1)
	}
	for _, m := range jsKFuncVar.FindAllStringSubmatchIndex(c, -1) {
		name := c[m[2]:m[3]]
		switch {
		case m[4] >= 0:
			add(name, m[2], m[4])
		case m[6] >= 0:
			add(name, m[2], m[6])
		case m[8] >= 0:
			// one parameter without parentheses: x => …
			i := m[1]
			for i < len(c) && (c[i] == ' ' || c[i] == '\t' || c[i] == '\n') {
				i++
			}
			f := jsKFunc{name: name, params: []string{c[m[8]:m[9]]}, head: m[2]}
			if i < len(c) && c[i] == '{' {
				f.open, f.end = i+1, br.close(i)
			} else {
				f.open, f.end = i, jsKExprEnd(c, i)
			}
			out = append(out, f)
		}
	}
	for _, m := range jsKMethodDecl.FindAllStringSubmatchIndex(c, -1) {
		name := c[m[2]:m[3]]
		if jsKeywords()[name] || name == "function" {
			continue
		}
		end := br.close(m[1] - 1)
		rest := strings.TrimLeft(c[min(end+1, len(c)):], " \t")
		if strings.HasPrefix(rest, ":") {
			if j := strings.IndexAny(rest, "{;\n"); j > 0 {
				rest = rest[j:]
			}
		}
		if strings.HasPrefix(rest, "{") {
			add(name, m[2], m[1]-1)
		}
	}
	return out
}

// jsKParams returns the names of a parameter list (types, defaults and
// rest dots dropped; a destructured parameter gives all its names).
func jsKParams(s string) []string {
	var out []string
	for _, p := range callArgs(s + ")") {
		p = strings.TrimPrefix(strings.TrimSpace(p), "...")
		if strings.HasPrefix(p, "{") || strings.HasPrefix(p, "[") {
			out = append(out, jsWordRe.FindAllString(p, -1)...)
			continue
		}
		if i := strings.IndexAny(p, ":=?"); i >= 0 {
			p = p[:i]
		}
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// jsKExprEnd returns the end of the expression starting at i: the first
// ; or line end outside brackets, or the bracket closing one open before
// i.
func jsKExprEnd(c string, i int) int {
	depth := 0
	for ; i < len(c); i++ {
		switch c[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return i
			}
			depth--
		case ';', '\n':
			if depth == 0 {
				return i
			}
		}
	}
	return len(c)
}

// jsKStatements splits blanked code into logical statements: at ; and
// line ends outside brackets and template literals (a line ending or the
// next starting with an operator continues it), and at the braces of
// blocks, an object literal's braces kept inside its statement. orig is
// the code as written.
func jsKStatements(orig, blank string, funcs []jsKFunc) []jsKStmt {
	bodies := map[int]bool{}
	for _, f := range funcs {
		if f.open > 0 && blank[f.open-1] == '{' {
			bodies[f.open-1] = true
		}
	}
	var out []jsKStmt
	start := 0
	flush := func(end int) {
		seg := blank[start:end]
		if t := strings.TrimSpace(seg); t != "" && len(out) <= maxKeyedStmts {
			lead := len(seg) - len(strings.TrimLeft(seg, " \t\n\r"))
			s := start + lead
			out = append(out, jsKStmt{blank: t, orig: orig[s : s+len(t)], off: s})
		}
		start = end + 1
	}
	type frame struct{ split, tmpl bool }
	var stack []frame
	hold := 0 // open frames inside which no statement ends
	for i := 0; i < len(blank); i++ {
		ch := blank[i]
		if n := len(stack); n > 0 && stack[n-1].tmpl {
			switch {
			case ch == '`':
				stack = stack[:n-1]
				hold--
			case ch == '$' && i+1 < len(blank) && blank[i+1] == '{':
				stack = append(stack, frame{})
				hold++
				i++
			}
			continue
		}
		switch ch {
		case '`':
			stack = append(stack, frame{tmpl: true})
			hold++
		case '(', '[':
			stack = append(stack, frame{})
			hold++
		case '{':
			if bodies[i] || jsKBlockBrace(blank, i) {
				if hold == 0 {
					flush(i)
				}
				stack = append(stack, frame{split: true})
			} else {
				stack = append(stack, frame{})
				hold++
			}
		case ')', ']', '}':
			if len(stack) == 0 {
				if hold == 0 {
					flush(i)
				}
				continue
			}
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if !f.split {
				hold--
			} else if hold == 0 {
				flush(i)
			}
		case ';':
			if hold == 0 {
				flush(i)
			}
		case '\n':
			if hold == 0 && !jsKContinues(blank, start, i) {
				flush(i)
			}
		}
	}
	flush(len(blank))
	if len(out) > maxKeyedStmts {
		return out // past what the judgement follows
	}
	for k := range out {
		out[k].fn = -1
		for j, f := range funcs {
			if out[k].off <= f.head && f.head < out[k].off+len(out[k].blank) && out[k].off < f.open {
				out[k].header = true
			}
			if out[k].off >= f.open && out[k].off < f.end && (out[k].fn < 0 || f.open > funcs[out[k].fn].open) {
				out[k].fn = j
			}
		}
	}
	return out
}

// jsKBlockBrace reports whether the { at c[i] opens a block rather than
// an object literal or a template's expression: what stands before it
// cannot end a value's start (a condition's parenthesis, an arrow, else,
// try, a statement's end).
func jsKBlockBrace(c string, i int) bool {
	j := i - 1
	for j >= 0 && (c[j] == ' ' || c[j] == '\t' || c[j] == '\n' || c[j] == '\r') {
		j--
	}
	if j < 0 {
		return true
	}
	switch p := c[j]; {
	case p == '>' && j > 0 && c[j-1] == '=':
		return true
	case p == ';' || p == '{' || p == '}' || p == ')':
		return true
	case strings.IndexByte("(,:=[?!&|+-*%<>~^$/", p) >= 0:
		return false
	}
	k := j
	for k >= 0 && (isWordByte(c[k]) || c[k] == '$') {
		k--
	}
	switch c[k+1 : j+1] {
	case "return", "yield", "await", "typeof", "in", "of", "case", "new", "void", "throw", "delete", "import", "export", "const", "let", "var":
		return false
	}
	return true
}

// jsKContinues reports whether the statement from start goes on past the
// line end at i: the line ends, or the next begins, with an operator.
func jsKContinues(c string, start, i int) bool {
	cur := strings.TrimRight(c[start:i], " \t\r")
	if cur == "" {
		return false
	}
	if strings.IndexByte("=+-*/%&|^!?:,.<>", cur[len(cur)-1]) >= 0 {
		return true
	}
	// the next line's first character (a blank line continues nothing:
	// scanning past a run of them for each made such a text quadratic)
	j := i + 1
	for j < len(c) && (c[j] == ' ' || c[j] == '\t' || c[j] == '\r') {
		j++
	}
	return j < len(c) && strings.IndexByte(".?:+*/%&|^=,", c[j]) >= 0 && !strings.HasPrefix(c[j:], "//")
}

// scopeOf returns the innermost named function whose body holds offset
// off, or -1.
func (p *jsKeyed) scopeOf(off int) int {
	fn := -1
	for j, f := range p.funcs {
		if off >= f.open && off < f.end && (fn < 0 || f.open > p.funcs[fn].open) {
			fn = j
		}
	}
	return fn
}

// netrcLookups finds every netrc lookup through a package; false when a
// package's object is used any other way (iterated, passed on, its
// default entry, looked up by anything but a key expression).
func (p *jsKeyed) netrcLookups() bool {
	imps := jsNetrcImport.FindAllStringSubmatchIndex(p.c, 16)
	if len(imps) != len(jsNetrcPkg.FindAllStringIndex(p.c, 17)) {
		return false // a dynamic import or a require the scan does not follow
	}
	instances, fns := map[string]bool{}, map[string]bool{}
	importAt := map[int]bool{}
	for _, m := range imps {
		importAt[m[0]] = true
		name := ""
		for g := 2; g <= 8; g += 2 {
			if m[g] >= 0 {
				name = p.c[m[g]:m[g+1]]
			}
		}
		pkg := p.c[m[10]:m[11]]
		switch {
		case name == "Netrc" && (m[4] >= 0 || m[8] >= 0):
			// the class: every use makes an instance
			for u := wordIndex(p.blank, "Netrc", 0); u >= 0; u = wordIndex(p.blank, "Netrc", u+5) {
				if u >= m[0] && u < m[1] {
					continue
				}
				a := jsKAssignedTo.FindStringSubmatch(strings.TrimSuffix(strings.TrimRight(p.blank[max(0, u-200):u], " \t"), "new"))
				if a == nil {
					return false
				}
				instances[a[1]] = true
			}
		case pkg == "netrc-parser":
			instances[name] = true
		default:
			fns[name] = true
		}
	}
	for n := range instances {
		if !p.instanceUses(n, imps) {
			return false
		}
	}
	for n := range fns {
		if !p.parserUses(n, imps) {
			return false
		}
	}
	return true
}

// jsKAssignedTo names the variable a value is declared or assigned to:
// the text before it on its line.
var jsKAssignedTo = lazyRE(`(?:^|\n)[ \t]*(?:(?:export\s+)?(?:const|let|var)\s+)?([A-Za-z_$][\w$]*)\s*(?::[^=\n]+)?=[ \t]*(?:await\s+)?$`)

// inImport reports whether offset u is inside one of the import matches.
func inImport(imps [][]int, u int) bool {
	for _, m := range imps {
		if u >= m[0] && u < m[1] {
			return true
		}
	}
	return false
}

// jsKUseAfter is what may follow a netrc-parser instance: loading it, a
// lookup in its machines.
var jsKUseAfter = lazyRE(`^\s*\.\s*(?:(load|loadSync)\s*\(\s*\)|machines\s*\[)`)

// instanceUses checks every use of the netrc-parser instance n: loaded,
// or its machines looked up by a key, which it records.
func (p *jsKeyed) instanceUses(n string, imps [][]int) bool {
	for u := wordIndex(p.blank, n, 0); u >= 0; u = wordIndex(p.blank, n, u+len(n)) {
		if inImport(imps, u) || u > 0 && p.blank[u-1] == '.' {
			continue
		}
		if p.isDeclOf(n, u) {
			continue // const netrc = new Netrc()
		}
		m := jsKUseAfter.FindStringSubmatchIndex(p.blank[u+len(n):])
		if m == nil {
			return false
		}
		if m[2] >= 0 {
			continue
		}
		open := u + len(n) + m[1] - 1
		if !p.lookup(u, open) {
			return false
		}
	}
	return true
}

// isDeclOf reports whether the name n at u is what a declaration
// declares (const n = …).
func (p *jsKeyed) isDeclOf(n string, u int) bool {
	before := strings.TrimRight(p.blank[max(0, u-12):u], " \t")
	after := strings.TrimLeft(p.blank[u+len(n):], " \t")
	return (strings.HasSuffix(before, "const") || strings.HasSuffix(before, "let") || strings.HasSuffix(before, "var")) &&
		strings.HasPrefix(after, "=") && !strings.HasPrefix(after, "==")
}

// lookup records the lookup starting at start whose key is in the
// brackets opening at open; false when the brackets do not close.
func (p *jsKeyed) lookup(start, open int) bool {
	end := p.br.close(open)
	if end >= len(p.blank) || len(p.lookups) >= 64 {
		return false
	}
	p.lookups = append(p.lookups, jsLookup{p.blank[open+1 : end], start, end + 1})
	return true
}

// parserUses checks every use of the netrc package's function n: a call
// looked up at once (netrc()[host]) or assigned to a name whose every use
// is a lookup.
func (p *jsKeyed) parserUses(n string, imps [][]int) bool {
	for u := wordIndex(p.blank, n, 0); u >= 0; u = wordIndex(p.blank, n, u+len(n)) {
		if inImport(imps, u) || u > 0 && p.blank[u-1] == '.' {
			continue
		}
		after := p.blank[u+len(n):]
		i := len(after) - len(strings.TrimLeft(after, " \t"))
		if !strings.HasPrefix(after[i:], "(") {
			return false
		}
		close := p.br.close(u + len(n) + i)
		if close >= len(p.blank) {
			return false
		}
		rest := p.blank[close+1:]
		if j := len(rest) - len(strings.TrimLeft(rest, " \t")); strings.HasPrefix(rest[j:], "[") {
			if !p.lookup(u, close+1+j) {
				return false
			}
			continue
		}
		a := jsKAssignedTo.FindStringSubmatch(strings.TrimRight(p.blank[max(0, u-200):u], " \t"))
		if a == nil {
			return false
		}
		if !p.mapUses(a[1], u) {
			return false
		}
	}
	return true
}

// mapUses checks every use of m, the machines the netrc package parsed
// (assigned at at): each a lookup, which it records.
func (p *jsKeyed) mapUses(m string, at int) bool {
	for u := wordIndex(p.blank, m, 0); u >= 0; u = wordIndex(p.blank, m, u+len(m)) {
		if u > 0 && p.blank[u-1] == '.' || p.isDeclOf(m, u) && u < at {
			continue
		}
		after := p.blank[u+len(m):]
		j := len(after) - len(strings.TrimLeft(after, " \t"))
		if !strings.HasPrefix(after[j:], "[") || !p.lookup(u, u+len(m)+j) {
			return false
		}
	}
	return true
}

// fileReads checks every file read of the script: each inside a named
// function (a hand parser, judged by readerOK), whose every use is a
// call, each a lookup keyed by the argument its returns look up.
func (p *jsKeyed) fileReads() bool {
	p.readers = map[int]bool{}
	for _, m := range jsReadCall.FindAllStringIndex(p.blank, 64) {
		f := p.scopeOf(m[0])
		if f < 0 {
			return false
		}
		p.readers[f] = true
	}
	for f := range p.readers {
		idx := p.returnedParam(f)
		if idx < 0 {
			return false
		}
		name := p.funcs[f].name
		calls := 0
		for u := wordIndex(p.blank, name, 0); u >= 0; u = wordIndex(p.blank, name, u+len(name)) {
			if u == p.funcs[f].head || u > 0 && p.blank[u-1] == '.' {
				continue
			}
			if u >= p.funcs[f].open && u < p.funcs[f].end {
				return false // called from itself
			}
			after := p.blank[u+len(name):]
			i := len(after) - len(strings.TrimLeft(after, " \t"))
			if !strings.HasPrefix(after[i:], "(") {
				return false // handed on as a value, exported
			}
			open := u + len(name) + i
			close := p.br.close(open)
			args := callArgs(p.blank[open+1 : min(close+1, len(p.blank))])
			if close >= len(p.blank) || idx >= len(args) || len(p.lookups) >= 64 {
				return false
			}
			p.lookups = append(p.lookups, jsLookup{args[idx], u, close + 1})
			calls++
		}
		if calls == 0 {
			return false
		}
	}
	return true
}

// jsKReadName is the name of a function that reads a file.
var jsKReadName = lazyRE(`\b(?:readFileSync|readFile|readTextFile|readTextFileSync|createReadStream|readSync|openSync)\b`)

// jsKReadsCalled reports whether every file reading function named in
// blanked code c is called there (or imported under its own name): one
// renamed (readFileSync: rf, as rf), aliased or handed on as a value
// reads where the scan does not look.
func jsKReadsCalled(c string) bool {
	li := newLineIndex(c)
	for _, m := range jsKReadName.FindAllStringIndex(c, 256) {
		after := strings.TrimLeft(c[m[1]:], " \t\n")
		if strings.HasPrefix(after, "(") {
			continue
		}
		if strings.HasPrefix(after, ":") || strings.HasPrefix(after, "as ") {
			return false
		}
		if l := lineText(c, li, li.line(m[0])); !importLine.MatchString(l) && !jsKDestructRequire.MatchString(l) {
			return false
		}
	}
	return true
}

// jsKDestructRequire is a line destructuring an import:
// const { readFileSync } = require('fs'), import { readFile } from 'fs'.
var jsKDestructRequire = lazyRE(`^\s*(?:(?:const|let|var)\s*\{[^}]*\}\s*=\s*require\(|import\s*\{[^}]*\}\s*from\b)`)

// jsKReturn is a hand parser's return of the entry its parameter keys:
// M[key] or M.get(key), with an empty fallback.
var jsKReturn = lazyRE(`^return\s*\(?\s*([A-Za-z_$][\w$]*)\s*(?:\[\s*([A-Za-z_$][\w$]*)\s*\]|\.\s*get\s*\(\s*([A-Za-z_$][\w$]*)\s*\))\s*\)?\s*(?:(?:\|\||\?\?)\s*(?:null|undefined|false)\s*)?;?$`)

// jsKEmptyReturn is a return of nothing.
var jsKEmptyReturn = lazyRE(`^return\s*(?:null|undefined|false)?\s*;?$`)

// jsKEmptyTable is a new, empty table: {}, new Map(), Object.create(null).
var jsKEmptyTable = lazyRE(`^(?:\{\s*\}|new\s+Map\(\s*\)|Object\.create\(\s*null\s*\))\s*;?$`)

// returnedParam returns the position of the parameter the returns of
// function f look up, or -1 when a return gives anything else or the
// table looked up is not one the function made empty.
func (p *jsKeyed) returnedParam(f int) int {
	fn := p.funcs[f]
	key, table := "", ""
	for _, m := range jsKReturnWord.FindAllStringIndex(p.blank[fn.open:fn.end], 64) {
		s := p.blank[fn.open+m[0] : jsKExprEnd(p.blank, fn.open+m[0])]
		s = strings.TrimSpace(s)
		if jsKEmptyReturn.MatchString(s) {
			continue
		}
		r := jsKReturn.FindStringSubmatch(s)
		if r == nil {
			return -1
		}
		k := r[2] + r[3]
		if key != "" && (k != key || r[1] != table) || r[1] == k {
			return -1
		}
		key, table = k, r[1]
	}
	// the table is declared once in the function, empty
	sets := 0
	for _, a := range p.assignsOf(table) {
		if a.off < fn.open || a.off >= fn.end {
			continue
		}
		if sets++; sets > 1 || !jsKEmptyTable.MatchString(a.val) || !jsKDeclEnd.MatchString(strings.TrimRight(p.blank[max(fn.open, a.off-8):a.off], " \t")+" ") {
			return -1
		}
	}
	if sets != 1 {
		return -1
	}
	for i, q := range fn.params {
		if q == key {
			return i
		}
	}
	return -1
}

// jsKDeclRe declares names: const x, let { a, b }, for (const x of.
var jsKDeclRe = lazyRE(`\b(?:const|let|var)\s+(?:([A-Za-z_$][\w$]*)|([{\[][^=]*?[}\]]))`)

// readerOK judges hand parser f: it returns only the entry its key
// parameter names (returnedParam), uses that parameter nowhere else,
// reaches only its locals, the file's path and the fs, path and os
// modules, calls only what reads, tests and splits text, and shows
// nothing of what it read.
func (p *jsKeyed) readerOK(f int) bool {
	fn := p.funcs[f]
	key := fn.params[p.returnedParam(f)]
	body := p.blank[fn.open:fn.end]
	for _, w := range []string{"Proxy", "setPrototypeOf", "__proto__", "defineProperty", "Reflect", "this", "eval", "Function", "require", "import", "globalThis", "arguments", "with"} {
		if wordIndex(body, w, 0) >= 0 {
			return false
		}
	}
	if i := strings.Index(body, "Object.create("); i >= 0 && !strings.HasPrefix(strings.TrimSpace(body[i+len("Object.create("):]), "null") {
		return false
	}
	local := map[string]bool{}
	for _, q := range fn.params {
		local[q] = true
	}
	paths := map[string]bool{}
	for v := range p.pathVars {
		paths[v] = true
	}
	var own []jsKStmt
	for _, st := range p.stmts {
		if st.off < fn.open || st.off >= fn.end {
			continue
		}
		if st.fn != f || st.header {
			return false // a function inside it
		}
		own = append(own, st)
		for _, m := range jsKDeclRe.FindAllStringSubmatch(st.blank, -1) {
			for _, w := range jsWordRe.FindAllString(m[1]+m[2], -1) {
				local[w] = true
			}
		}
		for _, m := range jsArrowParams.FindAllStringSubmatch(st.blank, -1) {
			for _, w := range jsWordRe.FindAllString(strings.Join(m[1:], " "), -1) {
				local[w] = true
			}
		}
		if strings.HasPrefix(st.blank, "catch") {
			for _, w := range jsWordRe.FindAllString(st.blank[5:], -1) {
				local[w] = true
			}
		}
		// a local holding the file's path: named from the netrc's
		// literal, read nowhere
		if jsKNamesNetrc(st.orig) && !jsReadCall.MatchString(st.blank) {
			if a := jsKDeclRe.FindStringSubmatch(st.blank); a != nil && a[1] != "" {
				paths[a[1]] = true
			}
		}
	}
	for _, st := range own {
		s := st.blank
		if len(s) > maxKeyedLine {
			return false
		}
		isReturn := strings.HasPrefix(s, "return") && (len(s) == 6 || !isWordByte(s[6]))
		for _, w := range jsKFreeNames(s) {
			switch {
			case w == key:
				if !isReturn {
					return false
				}
			case local[w] || jsKGlobals()[w] || paths[w] || jsKFileModules()[p.imports[w]]:
			default:
				return false // state outside the parser
			}
		}
		if strings.HasPrefix(s, "throw") || strings.HasPrefix(s, "yield") {
			if !jsKOnly(s, paths) {
				return false
			}
		}
		if i, _ := jsTopAssign(s); i >= 0 {
			root := jsWordRe.FindString(jsKDeclTrim(s[:i]))
			if root != "" && !local[root] {
				return false
			}
		}
		if !p.readerCalls(s, local, paths) {
			return false
		}
	}
	return true
}

// jsKNamesNetrc reports whether a statement as written names the netrc
// file: a literal holding .netrc, the NETRC variable.
func jsKNamesNetrc(s string) bool {
	if strings.Contains(s, "env.NETRC") || strings.Contains(s, "env['NETRC']") || strings.Contains(s, `env["NETRC"]`) {
		return true
	}
	for _, m := range strLit.FindAllStringIndex(s, -1) {
		if strings.Contains(s[m[0]:m[1]], ".netrc") {
			return true
		}
	}
	return false
}

// jsKFreeNames returns the names a statement uses as variables: not a
// property after a dot, an object key, a keyword.
func jsKFreeNames(s string) []string {
	var out []string
	for _, m := range jsWordRe.FindAllStringIndex(s, -1) {
		w := s[m[0]:m[1]]
		if jsKeywords()[w] || m[0] > 0 && (s[m[0]-1] == '.' || isWordByte(s[m[0]-1])) || jsKObjectKey(s, m[0], m[1]) {
			continue
		}
		if w[0] >= '0' && w[0] <= '9' {
			continue
		}
		out = append(out, w)
	}
	return out
}

// jsKObjectKey reports whether the name at s[a:b] is an object
// literal's key ({ key: … } or , key: …), not a value.
func jsKObjectKey(s string, a, b int) bool {
	after := strings.TrimLeft(s[b:], " \t\n")
	if !strings.HasPrefix(after, ":") || strings.HasPrefix(after, "::") {
		return false
	}
	before := strings.TrimRight(s[:a], " \t\n")
	return before != "" && (before[len(before)-1] == '{' || before[len(before)-1] == ',')
}

// jsKOnly reports whether the names statement s uses are all in names
// (a message naming the file's path only).
func jsKOnly(s string, names map[string]bool) bool {
	for _, w := range jsKFreeNames(s) {
		if !names[w] && w != "Error" && w != "TypeError" && w != "console" {
			return false
		}
	}
	return true
}

// jsKDeclTrim drops a declaration keyword and a type annotation from an
// assignment's target.
func jsKDeclTrim(t string) string {
	t = strings.TrimSpace(t)
	for _, kw := range []string{"export ", "const ", "let ", "var "} {
		t = strings.TrimSpace(strings.TrimPrefix(t, kw))
	}
	if !strings.HasPrefix(t, "{") && !strings.HasPrefix(t, "[") {
		if i := strings.IndexByte(t, ':'); i > 0 {
			t = strings.TrimSpace(t[:i])
		}
	}
	return t
}

// readerCalls reports whether every call of a hand parser's statement s
// reads or tests the file, builds its path, splits or parses text, or
// files an item in a local container; a message may show only the path.
func (p *jsKeyed) readerCalls(s string, local, paths map[string]bool) bool {
	for _, m := range jsCallRe.FindAllStringSubmatchIndex(s, maxKeyedCalls+1) {
		callee := s[m[2]:m[3]]
		last := callee[strings.LastIndexByte(callee, '.')+1:]
		root := jsWordRe.FindString(callee)
		switch {
		case callee == "":
			if m[2] > 0 && jsChained(s, m[2]) {
				return false // a call of what a call gave
			}
		case !strings.Contains(callee, "."):
			if !jsKeywords()[callee] && !jsKFreePure()[callee] {
				return false
			}
		case strings.HasPrefix(callee, "."):
			if !jsKPure()[last] && !jsMutators()[last] && last != "forEach" {
				return false
			}
		case jsKFileModules()[p.imports[root]]:
			if !jsKFileCalls()[last] {
				return false
			}
		case root == "console":
			end := pyCloseParen(s, m[1]-1)
			if !jsKOnly(s[m[1]:min(end, len(s))], paths) {
				return false
			}
		case root == "Object":
			if last != "create" && last != "keys" && last != "values" && last != "entries" && last != "fromEntries" && last != "freeze" && last != "hasOwn" {
				return false
			}
		case root == "JSON" || root == "Math" || root == "Buffer" || root == "Array" || root == "Number" || root == "String":
			if last == "stringify" && root == "JSON" {
				return false // nothing a parser needs: content as text
			}
		case local[root]:
			// a local holds only what the parser made (nothing it
			// may reach runs or sends): a Map's get, a regex's exec
			if !jsPureFuncs()[last] && !jsMutators()[last] && last != "forEach" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// pathOnlyParsed reports whether the netrc file is named only to be
// parsed: outside the hand parsers, a statement naming it copies, reads
// or sends nothing, and a name given its path is only tested, handed to
// the parser or shown in a message.
func (p *jsKeyed) pathOnlyParsed() bool {
	p.pathVars = map[string]bool{}
	for _, st := range p.stmts {
		if st.fn >= 0 && p.readers[st.fn] || !jsKNamesNetrc(st.orig) {
			continue
		}
		if jsReadCall.MatchString(st.blank) || jsKFileUse.MatchString(st.blank) {
			return false
		}
		if a := jsKDeclRe.FindStringSubmatch(st.blank); a != nil && a[1] != "" && st.fn < 0 {
			p.pathVars[a[1]] = true
		}
	}
	for v := range p.pathVars {
		for u := wordIndex(p.blank, v, 0); u >= 0; u = wordIndex(p.blank, v, u+len(v)) {
			if u > 0 && p.blank[u-1] == '.' || p.isDeclOf(v, u) {
				continue
			}
			if f := p.scopeOf(u); f >= 0 && p.readers[f] {
				continue // judged with the parser
			}
			before := p.blank[max(0, u-40):u]
			if jsKPathTest.MatchString(before) {
				continue
			}
			if m := jsNetrcImport.FindAllStringSubmatch(p.c, 16); m != nil {
				ok := false
				for _, im := range m {
					n := im[1] + im[3]
					if n != "" && im[5] == "netrc" && strings.HasSuffix(strings.TrimRight(before, " \t"), n+"(") {
						ok = true
					}
				}
				if ok {
					continue
				}
			}
			return false
		}
	}
	return true
}

// jsKFileUse copies, moves, streams, uploads or runs something.
var jsKFileUse = lazyRE(`\b(?:copyFile|copyFileSync|cp|cpSync|rename|renameSync|link|linkSync|symlink|symlinkSync|createReadStream|createWriteStream|spawn|spawnSync|execFile|execFileSync|fork|exec|execSync|FormData|Blob|File|pipe|pipeline|upload|send|post|put|write|writeFile|writeFileSync|appendFile|appendFileSync)\s*\(`)

// hostKeyOf reports whether the key of lookup lk is the hostname of a
// URL variable: an inline new URL(u).hostname, a name set once from one,
// or a parameter every call of its function passes one. It adds those
// URL variables to urls.
func (p *jsKeyed) hostKeyOf(lk jsLookup, urls keyedURLs) bool {
	k := strings.TrimSpace(lk.key)
	if p.hostExpr(k, lk.s, urls) {
		return true
	}
	if !identRe.MatchString(k) {
		return false
	}
	sets := p.assignsOf(k)
	if f := p.scopeOf(lk.s); f >= 0 {
		for i, q := range p.funcs[f].params {
			if q != k {
				continue
			}
			for _, a := range sets {
				if a.off >= p.funcs[f].open && a.off < p.funcs[f].end {
					return false // the parameter set to something else
				}
			}
			return p.callersPassHost(f, i, urls)
		}
	}
	return len(sets) == 1 && p.hostExpr(sets[0].val, sets[0].off, urls)
}

// assignsOf returns every place name is set: assigned or declared with a
// value (the value then given), declared by destructuring (the value
// given as what the pattern takes it from, a property: new
// URL(u).hostname), counted or looped over (no value).
func (p *jsKeyed) assignsOf(name string) []assignedVal {
	if v, ok := p.sets[name]; ok {
		return v
	}
	if p.sets == nil {
		p.sets = map[string][]assignedVal{}
	}
	v := p.findAssigns(name)
	p.sets[name] = v
	return v
}

// findAssigns is assignsOf without its cache.
func (p *jsKeyed) findAssigns(name string) []assignedVal {
	if name == "" {
		return nil
	}
	var out []assignedVal
	for u := wordIndex(p.blank, name, 0); u >= 0 && len(out) < 8; u = wordIndex(p.blank, name, u+len(name)) {
		if u > 0 && (p.blank[u-1] == '.' || p.blank[u-1] == '$') {
			continue
		}
		after := p.blank[u+len(name):]
		if m := jsKAssignOp.FindStringIndex(after); m != nil {
			out = append(out, assignedVal{strings.TrimSpace(p.blank[u+len(name)+m[1] : jsKExprEnd(p.blank, u+len(name)+m[1])]), u})
			continue
		}
		if strings.HasPrefix(after, "++") || strings.HasPrefix(after, "--") || strings.HasSuffix(p.blank[:u], "++") || strings.HasSuffix(p.blank[:u], "--") {
			out = append(out, assignedVal{"", u})
			continue
		}
		if jsKLoopOf.MatchString(after) && jsKDeclEnd.MatchString(p.blank[max(0, u-8):u]) {
			out = append(out, assignedVal{"", u})
			continue
		}
		// inside a destructuring pattern: { hostname }, { hostname: name }
		if v, ok := p.destructured(name, u); ok {
			out = append(out, assignedVal{v, u})
		}
	}
	return out
}

var (
	// jsKAssignOp is an assignment operator after a name (not ==, =>).
	jsKAssignOp = lazyRE(`^\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|\?\?|\|\||&&)?=(?:[^=>]|$)`)
	// jsKLoopOf follows a loop variable (for (const x of …)), and
	// jsKDeclEnd ends the declaration keyword before it.
	jsKLoopOf  = lazyRE(`^\s+(?:of|in)\b`)
	jsKDeclEnd = lazyRE(`(?:const|let|var)\s*$`)
	// jsKReturnWord is the return keyword.
	jsKReturnWord = lazyRE(`\breturn\b`)
)

// destructured reports whether the name at u is bound by a destructuring
// pattern, and gives the value it takes: the pattern's source with the
// property it names (new URL(u).hostname), or "" when that is not plain.
func (p *jsKeyed) destructured(name string, u int) (string, bool) {
	// the innermost { before u not closed before it
	depth := 0
	open := -1
	for i := u - 1; i >= 0 && i > u-400; i-- {
		switch p.blank[i] {
		case '}', ']', ')':
			depth++
		case '{', '[', '(':
			if depth == 0 {
				open = i
			}
			depth--
		}
		if open >= 0 {
			break
		}
	}
	if open < 0 || p.blank[open] == '(' {
		return "", false
	}
	close := p.br.close(open)
	if close >= len(p.blank) {
		return "", false
	}
	after := p.blank[close+1:]
	m := jsKAssignOp.FindStringIndex(after)
	if m == nil {
		return "", false // an object literal, not a pattern
	}
	src := strings.TrimSpace(p.blank[close+1+m[1] : jsKExprEnd(p.blank, close+1+m[1])])
	if p.blank[open] != '{' {
		return "", true
	}
	// the property this name takes: itself, or the key before a colon
	prop := name
	before := strings.TrimRight(p.blank[open+1:u], " \t\n")
	if strings.HasSuffix(before, ":") {
		k := strings.TrimRight(strings.TrimSuffix(before, ":"), " \t\n")
		j := len(k)
		for j > 0 && (isWordByte(k[j-1]) || k[j-1] == '$') {
			j--
		}
		prop = k[j:]
	} else if rest := strings.TrimLeft(p.blank[u+len(name):close], " \t\n"); strings.HasPrefix(rest, ":") {
		return "", false // a key, the name it binds is after the colon
	}
	return "(" + src + ")." + prop, true
}

var (
	// jsKURLParse is a URL parsed: new URL(u), URL.parse(u), url.parse(u).
	jsKURLParse = lazyRE(`^\(?\s*(?:new\s+URL|URL\.parse|url\.parse|urlParse)\(\s*([A-Za-z_$][\w$]*)\s*\)\s*\)?$`)
	// jsKHostAttr is the host of a parsed URL, with what a key is
	// commonly normalised by.
	jsKHostAttr = lazyRE(`^(.*?)\s*\??\.\s*(?:hostname|host)((?:\s*\??\.\s*(?:toLowerCase|trim)\(\s*\))*)(?:\s*(?:\|\||\?\?)\s*(?:''|""|null|undefined))?;?$`)
)

// hostExpr reports whether expression e (at offset off) is the hostname
// of a URL variable, adding the variable and where it was parsed to
// urls.
func (p *jsKeyed) hostExpr(e string, off int, urls keyedURLs) bool {
	m := jsKHostAttr.FindStringSubmatch(strings.TrimSpace(e))
	if m == nil {
		return false
	}
	recv := strings.TrimSpace(m[1])
	if s := jsKURLParse.FindStringSubmatch(recv); s != nil {
		urls[s[1]] = append(urls[s[1]], urlParse{p.scopeOf(off), off})
		return true
	}
	if !identRe.MatchString(recv) {
		return false
	}
	sets := p.assignsOf(recv)
	if len(sets) != 1 {
		return false
	}
	s := jsKURLParse.FindStringSubmatch(sets[0].val)
	if s == nil {
		return false
	}
	urls[s[1]] = append(urls[s[1]], urlParse{p.scopeOf(sets[0].off), sets[0].off})
	return true
}

// callersPassHost reports whether every use of function f is a call
// passing a URL's hostname at parameter position i (inline, or a name
// set once from one).
func (p *jsKeyed) callersPassHost(f, i int, urls keyedURLs) bool {
	fn := p.funcs[f]
	calls := 0
	for u := wordIndex(p.blank, fn.name, 0); u >= 0; u = wordIndex(p.blank, fn.name, u+len(fn.name)) {
		if u == fn.head || u > 0 && p.blank[u-1] == '.' {
			continue
		}
		if strings.HasSuffix(strings.TrimRight(p.blank[max(0, u-40):u], " \t"), "function") {
			continue
		}
		after := p.blank[u+len(fn.name):]
		j := len(after) - len(strings.TrimLeft(after, " \t"))
		if !strings.HasPrefix(after[j:], "(") {
			return false // exported or handed on: called with anything
		}
		args := callArgs(after[j+1:])
		if i >= len(args) || calls >= maxKeyedUses {
			return false
		}
		a := strings.TrimSpace(args[i])
		if !p.hostExpr(a, u, urls) {
			if !identRe.MatchString(a) {
				return false
			}
			if sets := p.assignsOf(a); len(sets) != 1 || !p.hostExpr(sets[0].val, sets[0].off, urls) {
				return false
			}
		}
		calls++
	}
	// an exported function is called from other modules with anything
	head := strings.TrimRight(p.blank[max(0, fn.head-40):fn.head], " \t")
	return calls > 0 && !jsKExported.MatchString(head)
}

// jsKExported ends the text before an exported function's name.
var jsKExported = lazyRE(`\bexport\s+(?:default\s+)?(?:(?:async\s+)?function\s*\*?|const|let|var)$`)

// urlsKept reports whether no URL variable in urls is set again after it
// was parsed for its host: the request then goes to that host.
func (p *jsKeyed) urlsKept(urls keyedURLs) bool {
	for u, parses := range urls {
		for _, a := range p.assignsOf(u) {
			for _, q := range parses {
				if a.off <= q.off {
					continue
				}
				// a declaration of the name in another function is
				// another variable
				if p.scopeOf(a.off) != q.scope && q.scope >= 0 && jsKDeclStart.MatchString(p.stmtAt(a.off)) {
					continue
				}
				return false
			}
		}
	}
	return true
}

// jsKDeclStart starts a declaration.
var jsKDeclStart = lazyRE(`^(?:export\s+)?(?:const|let|var)\b`)

// stmtAt returns the statement holding offset off, or "".
func (p *jsKeyed) stmtAt(off int) string {
	for _, st := range p.stmts {
		if off >= st.off && off < st.off+len(st.blank) {
			return st.blank
		}
	}
	return ""
}

// keyedDests reports whether every connection the script opens goes to a
// URL variable in urls, parsed in the same function before the call, and
// no network call the scan cannot follow is made.
func (p *jsKeyed) keyedDests(urls keyedURLs) bool {
	calls := jsDestCall.FindAllStringIndex(p.blank, maxDestCalls+1)
	if len(calls) > maxDestCalls {
		return false
	}
	li := newLineIndex(p.blank)
	covered := map[int]bool{}
	for _, m := range calls {
		ln := li.line(m[0])
		if importLine.MatchString(lineText(p.blank, li, ln)) {
			continue
		}
		covered[ln] = true
		if p.inLoop(m[0]) {
			return false
		}
		if !p.keyedDest(p.blank[m[0]:m[1]], callArgs(p.blank[m[1]:]), urls, urlParse{p.scopeOf(m[0]), m[0]}) {
			return false
		}
	}
	for _, re := range []*lazyRegexp{jsNet, jsSend} {
		for _, m := range re.FindAllStringIndex(p.blank, -1) {
			ln := li.line(m[0])
			if !covered[ln] && !noDest.MatchString(p.blank[m[0]:m[1]]) && !importLine.MatchString(lineText(p.blank, li, ln)) {
				return false
			}
		}
	}
	return true
}

// keyedDest reports whether a connection call named name with arguments
// args, made at at, goes to a URL variable in urls parsed in the same
// function before it.
func (p *jsKeyed) keyedDest(name string, args []string, urls keyedURLs, at urlParse) bool {
	if len(args) == 0 {
		return false
	}
	d := strings.TrimSpace(args[0])
	if (strings.HasSuffix(name, "open(") || strings.HasSuffix(name, "request(")) && len(args) > 1 && methodLit.MatchString(d) {
		d = strings.TrimSpace(args[1])
	}
	if strings.HasPrefix(d, "{") {
		d = ""
		for _, a := range callArgs(strings.TrimSpace(args[0])[1:]) {
			k, v, ok := strings.Cut(a, ":")
			if strings.TrimSpace(k) == "url" {
				d = strings.TrimSpace(v)
				if !ok {
					d = "url"
				}
			}
		}
	}
	for _, q := range urls[d] {
		if q.scope == at.scope && q.off < at.off {
			return true
		}
	}
	return false
}

// taintIn reports whether s holds the credential: a tainted name used
// as a value, or a call of a function returning it.
func (p *jsKeyed) taintIn(s string) bool {
	for _, m := range jsWordRe.FindAllStringIndex(s, -1) {
		w := s[m[0]:m[1]]
		if m[0] > 0 && isWordByte(s[m[0]-1]) {
			continue
		}
		after := strings.TrimLeft(s[m[1]:], " \t\n")
		if p.returners[w] && strings.HasPrefix(after, "(") {
			return true
		}
		if !p.tainted[w] || m[0] > 0 && s[m[0]-1] == '.' || jsKObjectKey(s, m[0], m[1]) {
			continue
		}
		return true
	}
	return false
}

// credInAuthOnly reports whether what the lookups return, followed
// through the names it is assigned to, the functions returning it and
// their callers, is only tested, encoded and given as a connection's
// headers or auth option; a URL variable never holds it.
func (p *jsKeyed) credInAuthOnly(urls keyedURLs) bool {
	p.tainted = map[string]bool{jsNrc: true}
	p.returners = map[string]bool{}
	p.opts, p.notOpts = map[string]bool{}, map[string]bool{}
	for pass := 0; pass < 8; pass++ {
		n := len(p.tainted) + len(p.returners) + len(p.notOpts)
		for _, st := range p.stmts {
			if st.header {
				if strings.Contains(st.blank, jsNrc) {
					return false // a lookup in a parameter's default
				}
				if f := p.funcHeaded(st); f >= 0 && p.funcs[f].end <= st.off+len(st.blank) {
					// an arrow whose body is an expression: what it
					// returns
					fn := p.funcs[f]
					body := strings.TrimSpace(p.blank[fn.open:fn.end])
					if p.taintIn(body) {
						p.returners[fn.name] = true
						if ok, _ := p.callsRest(body, p.c[fn.open:fn.open+len(body)], urls); !ok {
							return false
						}
					}
				}
				continue
			}
			if p.taintIn(st.blank) && (len(st.blank) > maxKeyedLine || !p.pieceOK(st.blank, st.orig, st.fn, urls)) {
				return false
			}
		}
		if len(p.tainted)+len(p.returners)+len(p.notOpts) == n {
			return true
		}
	}
	return false
}

// taintOpt marks name as holding the credential only in a connection's
// options (under auth or headers), unless it took it another way.
func (p *jsKeyed) taintOpt(name string) {
	p.tainted[name] = true
	if !p.notOpts[name] {
		p.opts[name] = true
	}
}

// taintAll marks name as holding the credential as a value.
func (p *jsKeyed) taintAll(name string) {
	p.tainted[name] = true
	p.notOpts[name] = true
	delete(p.opts, name)
}

// jsKOptTarget is an options object's auth or headers set by name:
// options.auth, options.headers.Authorization, options['headers'].
var jsKOptTarget = lazyRE(`^[A-Za-z_$][\w$]*\s*(?:\.\s*(auth|headers)\b|\[\s*['"](auth|headers)['"]\s*\])`)

// funcHeaded returns the function whose header statement st is, or -1.
func (p *jsKeyed) funcHeaded(st jsKStmt) int {
	for j, f := range p.funcs {
		if st.off <= f.head && f.head < st.off+len(st.blank) && st.off < f.open {
			return j
		}
	}
	return -1
}

// pieceOK checks one statement (s blanked, orig as written, the same
// length) of function fn: it taints what the credential is assigned to
// and reports false when the credential may go anywhere but a
// connection's auth.
func (p *jsKeyed) pieceOK(s, orig string, fn int, urls keyedURLs) bool {
	// keep s and orig aligned while trimming
	lead := len(s) - len(strings.TrimLeft(s, " \t\n;"))
	s, orig = s[lead:], orig[lead:]
	s = strings.TrimRight(s, " \t\n;")
	orig = orig[:len(s)]
	if !p.taintIn(s) {
		return true
	}
	for _, kw := range []string{"else", "try", "finally", "do", "await"} {
		if rest, ok := strings.CutPrefix(s, kw); ok && (rest == "" || !isWordByte(rest[0]) && rest[0] != '$') {
			return p.pieceOK(rest, orig[len(kw):], fn, urls)
		}
	}
	if m := jsControlRe.FindStringSubmatchIndex(s); m != nil {
		open := m[1] - 1
		end := pyCloseParen(s, open)
		if end >= len(s) {
			return false
		}
		head := s[open : end+1]
		if s[m[2]:m[3]] == "for" {
			f := jsForOfRe.FindStringSubmatch(head)
			if f == nil {
				if p.taintIn(head) {
					return false
				}
			} else {
				if ok, _ := p.callsRest(f[2], "", urls); !ok {
					return false
				}
				if p.taintIn(f[2]) {
					p.taintWords(f[1])
				}
			}
		} else if ok, _ := p.callsRest(head, orig[open:end+1], urls); !ok {
			return false // a condition's value goes nowhere, its calls may
		}
		return p.pieceOK(s[end+1:], orig[end+1:], fn, urls)
	}
	if strings.HasPrefix(s, "return") && (len(s) == 6 || !isWordByte(s[6])) {
		if fn < 0 {
			return false
		}
		ok, rest := p.callsRest(s[6:], orig[6:], urls)
		if ok && p.taintIn(rest) {
			p.returners[p.funcs[fn].name] = true
		}
		return ok
	}
	for _, kw := range []string{"throw", "yield", "export", "module", "exports", "case", "default", "catch"} {
		if strings.HasPrefix(s, kw) && (len(s) == len(kw) || !isWordByte(s[len(kw)])) {
			return false
		}
	}
	if i, opLen := jsTopAssign(s); i >= 0 {
		target := jsKDeclTrim(s[:i-opLen])
		value, vorig := s[i+1:], orig[i+1:]
		if !p.taintIn(value) {
			return true
		}
		if a := jsKArrowExpr.FindStringSubmatch(strings.TrimSpace(value)); a != nil && identRe.MatchString(target) {
			p.returners[target] = true
			ok, _ := p.callsRest(value, vorig, urls)
			return ok
		}
		ok, rest := p.callsRest(value, vorig, urls)
		if !ok {
			return false
		}
		if !p.taintIn(rest) {
			return true // a response, or what a header was set on
		}
		for _, w := range jsWordRe.FindAllString(target, -1) {
			if urls[w] != nil {
				return false
			}
		}
		if strings.HasPrefix(target, "{") || strings.HasPrefix(target, "[") {
			p.taintWords(target)
			return true
		}
		root := jsWordRe.FindString(target)
		switch root {
		case "", "process", "module", "exports", "globalThis", "global", "window", "this", "console", "document", "localStorage", "sessionStorage":
			return false
		}
		torig := jsKDeclTrim(orig[:i-opLen])
		v := strings.TrimSpace(rest)
		switch {
		case identRe.MatchString(target) && strings.HasPrefix(v, "{") && strings.HasSuffix(v, "}") && p.authOnlyOption(v, ""):
			p.taintOpt(root) // const options = { auth: … }
		case jsKOptTarget.MatchString(torig) && len(torig) == len(target):
			p.taintOpt(root) // options.auth = …
		default:
			p.taintAll(root)
		}
		return true
	}
	ok, _ := p.callsRest(s, orig, urls)
	return ok
}

// taintWords taints every name of a pattern or loop variable list.
func (p *jsKeyed) taintWords(s string) {
	for _, w := range jsWordRe.FindAllString(s, -1) {
		if !jsKeywords()[w] {
			p.taintAll(w)
		}
	}
}

// jsTopAssign returns the offset of the = of an assignment at the top
// level of s (not ==, ===, !=, <=, >=, =>) and the length of its
// compound operator before it (+=, ??=), or -1.
func jsTopAssign(s string) (int, int) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; ch {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '=':
			if depth != 0 {
				continue
			}
			if i+1 < len(s) && (s[i+1] == '=' || s[i+1] == '>') {
				i++
				continue
			}
			if i == 0 {
				return -1, 0
			}
			switch s[i-1] {
			case '=', '!':
				continue
			case '<', '>':
				if i >= 2 && s[i-2] == s[i-1] {
					return i, 2
				}
				continue
			}
			op := 0
			for op < 3 && i-op-1 >= 0 && strings.IndexByte("+-*/%&|^?", s[i-op-1]) >= 0 {
				op++
			}
			return i, op
		}
	}
	return -1, 0
}

// callsRest reports whether every call in s (orig as written, or "")
// that is handed the credential, or called on it, is a pure one, a
// mutator (its receiver then holds it), an Authorization header set, or a
// connection given it only under its options' headers or auth; it also
// returns s with the arguments of those connection and header calls
// blanked: what the expression holds of the credential besides what
// they sent.
func (p *jsKeyed) callsRest(s, orig string, urls keyedURLs) (bool, string) {
	if len(orig) != len(s) {
		orig = ""
	}
	rest := []byte(s)
	sent := func(open, end int) {
		for i := open + 1; i < end && i < len(rest); i++ {
			rest[i] = ' '
		}
	}
	if len(s) > maxKeyedLine {
		return false, "" // not followed: the read stays reported as sent
	}
	// a tagged template (tag`…`) is a call jsCallRe does not see
	if strings.IndexByte(s, '`') >= 0 && p.taintIn(s) {
		ticks := 0
		for i := 0; i < len(s); i++ {
			if s[i] != '`' {
				continue
			}
			if ticks%2 == 0 && i > 0 && (isWordByte(s[i-1]) || s[i-1] == ')' || s[i-1] == ']' || s[i-1] == '$') {
				return false, ""
			}
			ticks++
		}
	}
	calls := jsCallRe.FindAllStringSubmatchIndex(s, maxKeyedCalls+1)
	if len(calls) > maxKeyedCalls {
		return false, ""
	}
	bodies := p.bodies(s) // callbacks' code, blanked from the arguments of a call holding them
	known := map[string]bool{}
	for k := range p.tainted {
		known[k] = true
	}
	for k := range p.returners {
		known[k] = true
	}
	for _, m := range calls {
		open := m[1] - 1
		end := pyCloseParen(s, open)
		inner := s[open+1 : min(end, len(s))]
		callee := s[m[2]:m[3]]
		last := callee[strings.LastIndexByte(callee, '.')+1:]
		argT := p.taintIn(blankedIn(s, open+1, min(end, len(s)), bodies))
		recvT := strings.Contains(callee, ".") && jsReceiverTainted(s, m[2], callee, known)
		if p.tainted[callee] {
			return false, "" // the credential called
		}
		if !argT && !recvT {
			continue
		}
		dotted := strings.Contains(callee, ".")
		switch {
		case callee == "":
			if jsChained(s, m[2]) {
				return false, ""
			}
		case jsKeywords()[callee]:
		case jsDestCall.MatchString(callee+"(") && !(dotted && jsKPure()[last]):
			if recvT {
				return false, ""
			}
			for _, sp := range jsKArgSpans(inner) {
				a := inner[sp[0]:sp[1]]
				if !p.taintIn(a) {
					continue
				}
				ao := ""
				if orig != "" {
					ao = orig[open+1+sp[0] : open+1+sp[1]]
				}
				if !p.authOnlyOption(a, ao) {
					return false, "" // in the body, the query, the URL
				}
			}
			sent(open, end)
		case last == "setHeader" && dotted:
			if orig == "" || !pyAuthHeaderLit.MatchString(orig[open+1:]) {
				return false, ""
			}
			sent(open, end)
		case jsMutators()[last] && dotted && argT && !strings.HasPrefix(callee, "."):
			root := jsWordRe.FindString(callee)
			if jsKGlobals()[root] || p.imports[root] != "" {
				return false, ""
			}
			p.taintAll(root)
		case !dotted && jsKFreePure()[callee]:
		case dotted && jsKPure()[last]:
			if p.imports[jsWordRe.FindString(callee)] != "" && !strings.HasPrefix(callee, ".") {
				mod := p.imports[jsWordRe.FindString(callee)]
				if mod != "buffer" && mod != "node:buffer" {
					return false, "" // a library's function, whatever its name
				}
			}
		default:
			return false, ""
		}
	}
	return true, string(rest)
}

// jsKBodyOpen is where a function expression's block body opens: after
// an arrow, or after function (…).
var jsKBodyOpen = lazyRE(`=>\s*\{|\bfunction\s*\*?\s*[\w$]*\s*\([^()]*\)\s*\{`)

// bodies returns the spans of the block bodies of the function
// expressions in s whose returns do not hand the credential back: a
// callback handed to a call is code, its calls checked where they stand,
// but one returning the credential gives it to the call that calls it.
func (p *jsKeyed) bodies(s string) [][2]int {
	if !strings.Contains(s, "{") {
		return nil
	}
	var leaks []int
	for _, r := range jsKReturnWord.FindAllStringIndex(s, 64) {
		if p.taintIn(s[r[1]:jsKExprEnd(s, r[1])]) {
			leaks = append(leaks, r[0])
		}
	}
	var out [][2]int
	for _, m := range jsKBodyOpen.FindAllStringIndex(s, 64) {
		open := m[1] - 1
		close := pyCloseParen(s, open)
		if close >= len(s) {
			continue
		}
		leak := false
		for _, r := range leaks {
			leak = leak || r > open && r < close
		}
		if !leak {
			out = append(out, [2]int{open + 1, close})
		}
	}
	return out
}

// blankedIn returns s[lo:hi] with the spans of bodies inside it blanked.
func blankedIn(s string, lo, hi int, bodies [][2]int) string {
	var b []byte
	for _, r := range bodies {
		if r[0] <= lo || r[1] > hi {
			continue
		}
		if b == nil {
			b = []byte(s[lo:hi])
		}
		for i := r[0]; i < r[1]; i++ {
			b[i-lo] = ' '
		}
	}
	if b == nil {
		return s[lo:hi]
	}
	return string(b)
}

// jsKArgSpans returns the offsets in s (the text inside a call's
// parentheses) of its top-level arguments.
func jsKArgSpans(s string) [][2]int {
	var out [][2]int
	depth, start := 0, 0
	add := func(end int) {
		a, b := start, end
		for a < b && strings.IndexByte(" \t\n\r", s[a]) >= 0 {
			a++
		}
		for b > a && strings.IndexByte(" \t\n\r", s[b-1]) >= 0 {
			b--
		}
		if b > a {
			out = append(out, [2]int{a, b})
		}
	}
	for i := 0; i < len(s) && i < 4000; i++ {
		switch ch := s[i]; ch {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				add(i)
				start = i + 1
			}
		}
	}
	add(len(s))
	return out
}

// authOnlyOption reports whether a connection's argument a (orig as
// written, or "") is an options object holding the credential only under
// its headers or auth key.
func (p *jsKeyed) authOnlyOption(a, orig string) bool {
	if identRe.MatchString(a) {
		return p.opts[a] && !p.notOpts[a]
	}
	if !strings.HasPrefix(a, "{") || !strings.HasSuffix(a, "}") {
		return false
	}
	inner := a[1 : len(a)-1]
	for _, sp := range jsKArgSpans(inner) {
		prop := inner[sp[0]:sp[1]]
		if !p.taintIn(prop) {
			continue
		}
		key := prop
		if i := topLevel(prop, ':'); i >= 0 {
			key = prop[:i]
			if orig != "" && len(orig) == len(a) {
				key = orig[1+sp[0] : 1+sp[0]+i]
			}
		}
		if !jsKOptWords()[strings.Trim(strings.TrimSpace(key), `'"`)] {
			return false
		}
	}
	return true
}
