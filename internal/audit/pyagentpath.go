package audit

import (
	"strconv"
	"strings"
)

// Which folder a Python script's writes land in, for rule agent-tamper.
// The same-file rule (scanAgentCode) judges by the literals a script
// holds: the home folder, an agent's folder and a write anywhere in it.
// A hardening tool that reads ~/.claude/settings.json only to warn, and
// writes the project's .claude/settings.json (a path it builds from the
// working folder), holds all three and writes nothing the user's other
// sessions obey. pyAgentWritesLocal follows each written path back to
// where it is built: the working folder (Path.cwd(), os.getcwd()), the
// script's own folder (__file__), a temporary file or a relative
// literal is local; the home folder (Path.home(), expanduser, "~/",
// $HOME), an absolute literal, a function parameter, a value the
// script reads or imports, or anything the walk does not know is not.
// Only a script all of whose writes are local is judged local, and a
// script that also writes in ways the walk does not follow (a shell, a
// subprocess, a rename, a link, open with a mode held in a variable) is
// not.

// pyPathRoot is where a path expression is built from, ordered so that
// the larger of two is their join.
type pyPathRoot int

const (
	pyRootLocal   pyPathRoot = iota // the working folder, the script's own, a temporary file, a relative literal
	pyRootUnknown                   // anything the walk does not follow
	pyRootHome                      // the home folder
)

var (
	// pyOpaqueWrite is a write whose destination pyWriteSites does not
	// give: a shell or process, a tree copy, a link, a Path rename or
	// touch, an open whose mode is a variable, a library that writes a
	// path it is given.
	pyOpaqueWrite = lazyRE(`\bos\.(?:system|popen|exec\w*|spawn\w*|symlink|link)\(|\bsubprocess\b|\bPopen\(|\bshutil\.(?:copytree|copyfileobj|unpack_archive)\(|\.(?:symlink_to|hardlink_to|touch|rename|replace)\(\s*[^,()"']*\)|\bexec\(|\beval\(|\.extractall\(|\.save\(|\binplace\s*=\s*True`)
	// pyOpenAt is a call of open, as a function or a method: group 1
	// what precedes it (a dot for a method).
	pyOpenAt = lazyRE(`(^|[^\w])open\(`)
	// pyWriteMethod writes the file its receiver names.
	pyWriteMethod = lazyRE(`\.\s*write_(?:text|bytes)\(`)
	// pyWriteCall is a .write( call: group 1 its receiver.
	pyWriteCall = lazyRE(`([\w.]+)\s*\.write\(`)
	// pyHandleBind binds a file object opened for writing: group 1 or 2
	// the name (with open(p, "w") as fh, fh = open(p, "w"),
	// fh = os.fdopen(fd, "w")).
	pyHandleBind = lazyRE(`\bopen\([^\n]*?\)\s+as\s+([A-Za-z_]\w*)|(?m)^[ \t]*([A-Za-z_]\w*)\s*=\s*(?:[\w.]+\.)?(?:open|fdopen)\(`)
	// pyLocalBase is a path the script builds from the working folder,
	// its own file, or a temporary folder.
	pyLocalBase = lazyRE(`^(?:(?:pathlib\.)?Path\.cwd\(\)|os\.getcwd[bu]?\(\)|__file__|(?:pathlib\.)?Path\(\s*\)|os\.curdir|tempfile\.(?:gettempdir|mkdtemp)\([^()]*\)|(?:tempfile\.)?mkdtemp\([^()]*\))$`)
	// pyPathCall is a call that gives a path built from its first
	// argument and joined with the others.
	pyPathCall = lazyRE(`^(?:(?:pathlib\.)?(?:Pure)?(?:Posix|Windows)?Path|str|os\.fspath|os\.path\.(?:join|abspath|realpath|normpath|dirname)|os\.fsencode|os\.fsdecode)$`)
	// pyPathMethod is a path method or attribute whose result stays in
	// its receiver's folder (or a parent of it).
	pyPathMethod = lazyRE(`^(?:parent|parents(?:\[[^\]]*\])?|name|stem|with_name\(.*\)|with_suffix\(.*\)|with_stem\(.*\)|resolve\(.*\)|absolute\(\)|joinpath\(.*\)|as_posix\(\)|strip\(.*\)|rstrip\(.*\))$`)
	// pyForIn binds a loop variable: group 1 the targets, group 2 the
	// iterable.
	pyForIn = lazyRE(`^(?:async\s+)?for\s+(.+?)\s+in\s+(.+):$`)
)

// pyPathFlow holds what pyAgentWritesLocal walks: the script's logical
// lines, the scope of each (the index of its def line, -1 at module
// level), and the line of each function's def by name (-1 when a name
// is defined twice).
type pyPathFlow struct {
	lines []pyKeyedLine
	scope []int
	defs  map[string]int
	// memo holds each name's root by scope ("name@scope") and each
	// function's ("()@def"), so a name bound from itself many times is
	// walked once; a walk in progress reads unknown (a cycle).
	memo map[string]pyPathRoot
}

// pyAgentWritesLocal reports whether every file the Python script c
// (comments blanked) writes lies under the working folder, the script's
// own folder, or a temporary folder (see above), and it writes at least
// one: its writes then reach no agent settings in the home folder.
func pyAgentWritesLocal(c string) bool {
	if pyOpaqueWrite.MatchString(c) || !pyWritesThroughHandles(c) {
		return false
	}
	calls, ok := pyWriteCalls(c)
	if !ok {
		return false
	}
	sites := append(pyWriteSites(c), calls...)
	if len(sites) == 0 {
		return false
	}
	fl := newPyPathFlow(c)
	for _, s := range sites {
		if fl.root(s.expr, fl.scopeAt(s.off), 0) != pyRootLocal {
			return false
		}
	}
	return true
}

// newPyPathFlow reads c's lines, scopes and functions.
func newPyPathFlow(c string) *pyPathFlow {
	fl := &pyPathFlow{lines: pyKeyedLines(c), defs: map[string]int{}, memo: map[string]pyPathRoot{}}
	fl.scope = make([]int, len(fl.lines))
	var stack []int
	for i, l := range fl.lines {
		for len(stack) > 0 && l.indent <= fl.lines[stack[len(stack)-1]].indent {
			stack = stack[:len(stack)-1]
		}
		fl.scope[i] = -1
		if len(stack) > 0 {
			fl.scope[i] = stack[len(stack)-1]
		}
		if m := pyDefRe.FindStringSubmatch(l.blank); m != nil {
			if _, twice := fl.defs[m[1]]; twice {
				fl.defs[m[1]] = -1
			} else {
				fl.defs[m[1]] = i
			}
			stack = append(stack, i)
		}
	}
	return fl
}

// pyWriteCalls returns the paths c's opens for writing (open(p, "w"),
// gzip.open, Path(p).open("a")) and .write_text/.write_bytes calls
// write, each from its first argument or its receiver however it is
// spelt ((Path.home() / ".claude").joinpath("x").write_text(...)), and
// false when an open's mode is not a literal.
func pyWriteCalls(c string) ([]pyWriteSite, bool) {
	blank := pyBlankKeep(c)
	var out []pyWriteSite
	for _, m := range pyOpenAt.FindAllStringSubmatchIndex(blank, 256) {
		open := m[1] - 1
		args := pySplitArgs(c[open+1 : pyCloseParen(blank, open)])
		method, mode := m[3] > m[2] && blank[m[2]] == '.', -1
		recv := ""
		if method {
			recv = pyPrimaryBefore(c, blank, m[2])
			switch recv {
			case "io", "codecs", "gzip", "bz2", "lzma", "tarfile", "zipfile":
				method = false
			case "os":
				continue // os.open: pyWriteSites reads its flags
			}
		}
		if method {
			mode = 0
		} else {
			mode = 1
		}
		modeText := ""
		for i, a := range args {
			a = strings.TrimSpace(a)
			if k, v, kw := pyKwarg(a); kw {
				if k == "mode" {
					modeText = v
				}
				continue
			}
			if i == mode {
				modeText = a
			}
		}
		if modeText == "" {
			continue // read
		}
		if !isPyStrLit(modeText) {
			return nil, false
		}
		if _, _, body, _ := pyLiteral(modeText); !strings.ContainsAny(body, "wax+") {
			continue
		}
		target := recv
		if !method {
			if len(args) == 0 {
				continue
			}
			target = args[0]
		}
		out = append(out, pyWriteSite{strings.TrimSpace(target), m[2], open})
	}
	for _, m := range pyWriteMethod.FindAllStringIndex(blank, 256) {
		out = append(out, pyWriteSite{pyPrimaryBefore(c, blank, m[0]), m[0], m[1] - 1})
	}
	return out, true
}

// pyPrimaryBefore returns the expression of c that ends at offset end
// (a receiver before its method's dot): names, dots, calls, subscripts
// and literals back to the first other byte (blank is c with its
// literals blanked, for the brackets).
func pyPrimaryBefore(c, blank string, end int) string {
	i := end
	for i > 0 && (blank[i-1] == ' ' || blank[i-1] == '\t') {
		i--
	}
	for i > 0 {
		switch ch := blank[i-1]; {
		case ch == ')' || ch == ']' || ch == '}':
			o := pyOpenOf(blank[:i])
			if o < 0 {
				return strings.TrimSpace(c[i:end])
			}
			i = o
		case ch == '"' || ch == '\'':
			j := strings.LastIndexByte(blank[:i-1], ch)
			if j < 0 {
				return strings.TrimSpace(c[i:end])
			}
			i = j
			for i > 0 && strings.IndexByte("rRbBuUfF", blank[i-1]) >= 0 {
				i--
			}
		case isIdentByte(ch) || ch == '.':
			i--
		default:
			return strings.TrimSpace(c[i:end])
		}
	}
	return strings.TrimSpace(c[i:end])
}

// pyWritesThroughHandles reports whether every .write( call of c is on
// a file object c opened (whose path pyWriteSites gives) or on standard
// output: tree.write(path) and other library writes take a path the
// walk does not see.
func pyWritesThroughHandles(c string) bool {
	handles := map[string]bool{"sys.stdout": true, "sys.stderr": true}
	for _, m := range pyHandleBind.FindAllStringSubmatch(c, 64) {
		handles[m[1]+m[2]] = true
	}
	for _, m := range pyWriteCall.FindAllStringSubmatch(c, 256) {
		if !handles[m[1]] {
			return false
		}
	}
	return true
}

// scopeAt returns the scope of the line holding offset off (a def
// line's own scope is the one around it, where its defaults are
// evaluated).
func (fl *pyPathFlow) scopeAt(off int) int {
	sc := -1
	for i, l := range fl.lines {
		if l.off > off {
			break
		}
		sc = fl.scope[i]
	}
	return sc
}

// root returns where expression e (original text), read in scope sc, is
// built from.
func (fl *pyPathFlow) root(e string, sc, depth int) pyPathRoot {
	e = strings.TrimSpace(e)
	if depth > 12 || e == "" {
		return pyRootUnknown
	}
	if homeRef.MatchString(e) {
		return pyRootHome
	}
	for len(e) > 1 && e[0] == '(' && pyCloseParen(e, 0) == len(e)-1 {
		e = strings.TrimSpace(e[1 : len(e)-1])
	}
	for _, op := range []byte{'/', '+'} {
		if parts := pySplitTop(e, op); len(parts) > 1 {
			r := pyRootLocal
			for _, p := range parts {
				r = max(r, fl.root(p, sc, depth+1))
			}
			return r
		}
	}
	switch {
	case pyLocalBase.MatchString(e):
		return pyRootLocal
	case isPyStrLit(e):
		return pyLiteralRoot(e, fl, sc, depth)
	case strings.HasPrefix(e, "*"):
		return fl.root(e[1:], sc, depth+1)
	case e == "":
		return pyRootUnknown
	case (e[0] == '[' || e[0] == '(' || e[0] == '{') && pyCloseParen(e, 0) == len(e)-1:
		if e[0] == '{' && strings.Contains(e, ":") {
			return pyRootUnknown // a dict
		}
		r := pyRootLocal
		for _, el := range pySplitArgs(e[1 : len(e)-1]) {
			r = max(r, fl.root(el, sc, depth+1))
		}
		return r
	case isPyIdent(e):
		return fl.nameRoot(e, sc, depth)
	}
	if strings.HasSuffix(e, ")") {
		if open := pyOpenOf(e); open > 0 {
			fn, args := e[:open], e[open+1:len(e)-1]
			if pyPathCall.MatchString(fn) {
				r := pyRootLocal
				for _, a := range pySplitArgs(args) {
					if _, _, kw := pyKwarg(a); kw {
						continue // a keyword: encoding=, strict=
					}
					r = max(r, fl.root(a, sc, depth+1))
				}
				return r
			}
			if d, ok := fl.defs[fn]; ok && d >= 0 {
				return fl.returnRoot(d, depth)
			}
		}
	}
	if parts := pySplitTop(e, '.'); len(parts) > 1 && parts[0] != "" {
		tail := parts[len(parts)-1]
		recv := e[:len(e)-len(tail)-1]
		if pyPathMethod.MatchString(tail) {
			r := fl.root(recv, sc, depth+1)
			if i := strings.IndexByte(tail, '('); i >= 0 && strings.HasPrefix(tail, "joinpath(") {
				for _, a := range pySplitArgs(tail[i+1 : len(tail)-1]) {
					r = max(r, fl.root(a, sc, depth+1))
				}
			}
			return r
		}
	}
	if strings.HasSuffix(e, "]") {
		if open := pyOpenOf(e); open > 0 {
			return fl.root(e[:open], sc, depth+1) // an element of a list of paths
		}
	}
	return pyRootUnknown
}

// pyLiteralRoot is root for a string literal: a relative path is local,
// an absolute one unknown; an f-string is as its leading expression, or
// local when it starts with relative text.
func pyLiteralRoot(e string, fl *pyPathFlow, sc, depth int) pyPathRoot {
	_, prefix, body, _ := pyLiteral(e)
	if strings.ContainsAny(prefix, "fF") && strings.HasPrefix(body, "{") {
		if end := strings.IndexByte(body, '}'); end > 0 {
			inner := body[1:end]
			if i := strings.IndexAny(inner, "!:"); i >= 0 {
				inner = inner[:i]
			}
			return fl.root(inner, sc, depth+1)
		}
		return pyRootUnknown
	}
	if strings.HasPrefix(body, "/") || strings.HasPrefix(body, `\`) || strings.HasPrefix(body, "$") || strings.HasPrefix(body, "%") || len(body) > 1 && body[1] == ':' {
		return pyRootUnknown
	}
	return pyRootLocal
}

// nameRoot is root for a name read in scope sc: the join of every value
// bound to it there (assignments, loop variables, augmented joins), or in
// the module when the function binds none; a parameter, a name bound by
// a with, an import or unpacking, or one bound nowhere is unknown.
func (fl *pyPathFlow) nameRoot(name string, sc, depth int) pyPathRoot {
	key := name + "@" + strconv.Itoa(sc)
	if r, ok := fl.memo[key]; ok {
		return r
	}
	fl.memo[key] = pyRootUnknown
	r := fl.nameRoot0(name, sc, depth)
	fl.memo[key] = r
	return r
}

// nameRoot0 is nameRoot's walk.
func (fl *pyPathFlow) nameRoot0(name string, sc, depth int) pyPathRoot {
	for _, s := range []int{sc, -1} {
		if s >= 0 {
			if m := pyDefRe.FindStringSubmatch(fl.lines[s].blank); m != nil {
				for _, p := range pyParams(m[2]) {
					if p == name {
						return pyRootUnknown
					}
				}
			}
		}
		r, bound := fl.boundRoot(name, s, depth)
		if bound {
			return r
		}
		if s == -1 {
			break
		}
	}
	return pyRootUnknown
}

// boundRoot joins the roots of the values bound to name by the lines of
// scope s; bound reports whether any line binds it.
func (fl *pyPathFlow) boundRoot(name string, s, depth int) (r pyPathRoot, bound bool) {
	for i, l := range fl.lines {
		if fl.scope[i] != s {
			continue
		}
		b := l.blank
		if m := pyForIn.FindStringSubmatchIndex(b); m != nil {
			if !pyCallsWith(b[m[2]:m[3]], name) {
				continue
			}
			bound = true
			if strings.TrimSpace(b[m[2]:m[3]]) != name {
				return pyRootUnknown, true // unpacked from pairs
			}
			r = max(r, fl.root(l.orig[m[4]:m[5]], s, depth+1))
			continue
		}
		if strings.HasPrefix(b, "import ") || strings.HasPrefix(b, "from ") || strings.HasPrefix(b, "global ") || strings.HasPrefix(b, "nonlocal ") {
			if pyCallsWith(b, name) {
				return pyRootUnknown, true
			}
			continue
		}
		if strings.HasPrefix(b, "with ") || strings.HasPrefix(b, "async with ") || strings.HasPrefix(b, "except ") {
			if i := strings.Index(b, " as "); i >= 0 && pyCallsWith(b[i:], name) {
				return pyRootUnknown, true // bound by as
			}
			continue
		}
		if !strings.HasPrefix(b, name) {
			if strings.Contains(b, name+" :=") || strings.Contains(b, name+":=") {
				return pyRootUnknown, true
			}
			if eq := strings.Index(b, "="); eq > 0 && strings.Contains(b[:eq], ",") && pyCallsWith(b[:eq], name) && !strings.ContainsAny(b[:eq], "([{") {
				return pyRootUnknown, true // unpacked: a, name = ...
			}
			continue
		}
		rest := strings.TrimLeft(b[len(name):], " \t")
		if len(b) > len(name) && isIdentByte(b[len(name)]) {
			continue
		}
		if strings.HasPrefix(rest, ":") && !strings.HasPrefix(rest, ":=") {
			if eq := strings.Index(rest, "="); eq > 0 {
				rest = rest[eq:] // an annotated assignment
			}
		}
		switch {
		case strings.HasPrefix(rest, "==") || !strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "/=") && !strings.HasPrefix(rest, "+="):
			continue
		case strings.HasPrefix(rest, "=") && strings.HasPrefix(strings.TrimSpace(rest[1:]), "="):
			continue
		}
		bound = true
		at := len(b) - len(rest)
		if rest[0] != '=' {
			at++ // /= and += join what follows with the value before
		}
		r = max(r, fl.root(l.orig[at+1:], s, depth+1))
	}
	return r, bound
}

// returnRoot joins the roots of the values the function whose def is
// line d returns; unknown when it returns none.
func (fl *pyPathFlow) returnRoot(d, depth int) pyPathRoot {
	key := "()@" + strconv.Itoa(d)
	if r, ok := fl.memo[key]; ok {
		return r
	}
	fl.memo[key] = pyRootUnknown
	r := fl.returnRoot0(d, depth)
	fl.memo[key] = r
	return r
}

// returnRoot0 is returnRoot's walk.
func (fl *pyPathFlow) returnRoot0(d, depth int) pyPathRoot {
	r, any := pyRootLocal, false
	for i, l := range fl.lines {
		if fl.scope[i] != d {
			continue
		}
		if m := pyReturn.FindStringSubmatchIndex(l.blank); m != nil {
			any = true
			r = max(r, fl.root(l.orig[m[2]:m[3]], d, depth+1))
		}
	}
	if !any {
		return pyRootUnknown
	}
	return r
}

// pyOpenOf returns the offset of the bracket that the bracket closing e
// opens, or -1.
func pyOpenOf(e string) int {
	depth := 0
	for i := len(e) - 1; i >= 0; i-- {
		switch e[i] {
		case ')', ']', '}':
			depth++
		case '(', '[', '{':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// isPyStrLit reports whether e is one string literal, with any prefix
// (r, b, f, u).
func isPyStrLit(e string) bool {
	end, _, _, ok := pyLiteral(e)
	return ok && end == len(e)
}
