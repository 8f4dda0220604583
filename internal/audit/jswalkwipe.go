package audit

import (
	"regexp"
	"strings"
)

// Removal of every entry of a folder a JavaScript walker lists (rule
// destructive-command): fs.rmSync(path.join(dir, e.name), {recursive})
// for the entries of fs.readdirSync(dir), where dir is the walker's
// root and that root works out to the home folder, its parent or the
// filesystem root. The root is followed through the walker's call, the
// variables and the functions that return it, and a fallback
// (process.env.X || home) counts as its default, a lookup in a table of
// base folders as the entries it may select (jsscopetable.go);
// path.resolve and
// path.join are evaluated, so path.resolve(os.homedir(), '..',
// path.basename(os.homedir())) is read as home. A removal that only
// runs for entries whose name passes a test (node_modules, a list of
// build folders) is a cleaner, not a wipe, and is not reported.

// jsWalkRm finds a recursive removal call and its first argument.
var jsWalkRm = lazyRE(`\b(?:rmSync|rmdirSync|rm|rmdir|rimraf(?:\.sync)?|removeSync|remove|emptyDirSync)\(`)

// jsChildJoin is one entry straight under a folder held in a variable:
// path.join(dir, e.name), path.resolve(dir, name); the folder in group 1.
var jsChildJoin = lazyRE(`^path\.(?:join|resolve)\(\s*(\w+)\s*,\s*\w+(?:\.name)?\s*\)$`)

// jsNameTest is a condition that tests an entry's name.
var jsNameTest = lazyRE(`\.name\b|\bname\b|\.includes\(|\.test\(|\.has\(|endsWith\(|startsWith\(|[!=]==?\s*['"\x60]`)

// jsFuncHead finds a function's head: function f(a, b) { or
// const f = (a, b) => {; name in group 1 or 3, parameters in 2 or 4.
var jsFuncHead = lazyRE(`\bfunction\s+(\w+)\s*\(([^)]*)\)\s*\{|\b(?:const|let|var)\s+(\w+)\s*=\s*(?:async\s*)?\(([^)]*)\)\s*=>`)

// jsIfHead is an if statement's head, up to its condition's parenthesis.
var jsIfHead = lazyRE(`\bif\s*\(`)

// jsPathCall is a path.resolve, path.join or path.normalize call starting an expression; the function in group 1.
var jsPathCall = lazyRE(`^path\.(resolve|join|normalize)\(`)

// jsBasename is a whole path.basename(x) expression; x in group 1.
var jsBasename = lazyRE(`^path\.basename\((.*)\)$`)

// nullaryCall is a whole call of a function with no arguments (JavaScript and Python); its name in group 1.
var nullaryCall = lazyRE(`^(\w+)\(\s*\)$`)

// jsReturn is a return statement's value (group 1).
var jsReturn = lazyRE(`\breturn\s+([^;\n]+)`)

// scanJSWalkWipe reports a JavaScript walker that removes every entry
// of a folder that works out to home, its parent or the root. c is the
// code with its comments blanked; line0 is the file line of c's first.
func scanJSWalkWipe(sc *skillCtx, rel, code, c string, line0 int, w where) {
	if !strings.Contains(c, "readdir") && !strings.Contains(c, "opendir") {
		return
	}
	li := newLineIndex(c)
	for _, m := range jsWalkRm.FindAllStringIndex(c, 32) {
		args := stmtArgs(c[m[1]-1:])
		if len(args) == 0 {
			continue
		}
		dir := jsChildDir(c, args[0], m[0])
		q := regexp.QuoteMeta(dir)
		if dir != "" && isIdentByte(dir[len(dir)-1]) {
			q += `\b`
		}
		if dir == "" || !regexp.MustCompile(`\b(?:readdir|opendir)(?:Sync)?\(\s*`+q).MatchString(c[:m[0]]) {
			continue
		}
		fn, params, start := jsEnclosingFunc(c, m[0])
		if jsNameFiltered(c[start:m[0]]) {
			continue
		}
		root := ""
		if i := indexOf(params, dir); fn != "" && i >= 0 {
			root = jsCallArgHome(c, fn, i)
		} else {
			root = jsHomePath(c, dir, 0)
		}
		if root == "" {
			continue
		}
		ln := li.line(m[0])
		sc.add(rel, line0+ln-1, "destructive-command", sc.rank(Critical, w, false),
			"removes every entry of "+root+" (a walker whose root works out to it)", strings.TrimSpace(lineText(code, li, ln)))
		return
	}
}

// jsChildDir returns the folder whose entry a is, following a variable
// to its path.join, or "".
func jsChildDir(c, a string, at int) string {
	a = strings.TrimSpace(a)
	if m := jsChildJoin.re().FindStringSubmatch(a); m != nil {
		return m[1]
	}
	if !identRe.MatchString(a) {
		return ""
	}
	decl := regexp.MustCompile(`\b(?:const|let|var)\s+` + regexp.QuoteMeta(a) + `\s*=\s*([^;\n]+)`)
	ms := decl.FindAllStringSubmatchIndex(c[:at], -1)
	if len(ms) == 0 {
		return jsEntryParamDir(c, a, at)
	}
	last := ms[len(ms)-1]
	if m := jsChildJoin.re().FindStringSubmatch(strings.TrimSpace(c[last[2]:last[3]])); m != nil {
		return m[1]
	}
	return ""
}

// jsEnclosingFunc returns the name, parameters and start offset of the
// last function head before at, or "", nil, 0.
func jsEnclosingFunc(c string, at int) (string, []string, int) {
	ms := jsFuncHead.re().FindAllStringSubmatchIndex(c[:at], -1)
	if len(ms) == 0 {
		return "", nil, 0
	}
	m := ms[len(ms)-1]
	name, ps := "", ""
	if m[2] >= 0 {
		name, ps = c[m[2]:m[3]], c[m[4]:m[5]]
	} else {
		name, ps = c[m[6]:m[7]], c[m[8]:m[9]]
	}
	var params []string
	for _, p := range splitTop(ps) {
		params = append(params, strings.TrimSpace(strings.SplitN(p, "=", 2)[0]))
	}
	return name, params, m[0]
}

// jsNameFiltered reports whether the walker body before the removal
// lets only entries whose name passes a test reach it: an if whose
// condition tests the name and has no || alternative (the removal
// inside it), or if (!test) continue.
func jsNameFiltered(body string) bool {
	for _, i := range jsIfHead.FindAllStringIndex(body, -1) {
		cond := balanced(body, i[1]-1)
		if !jsNameTest.MatchString(cond) || strings.Contains(cond, "||") {
			continue
		}
		after := strings.TrimSpace(body[min(len(body), i[1]-1+len(cond)):])
		if strings.HasPrefix(after, "continue") || strings.HasPrefix(after, "return") {
			if strings.Contains(cond, "!") {
				return true
			}
			continue
		}
		return true
	}
	return false
}

// jsCallArgHome returns what the i-th argument of a call to fn works
// out to when that is home, its parent or the root, or "".
func jsCallArgHome(c, fn string, i int) string {
	call := regexp.MustCompile(`\b` + regexp.QuoteMeta(fn) + `\(`)
	for _, m := range call.FindAllStringIndex(c, 16) {
		if m[0] >= 9 && strings.HasSuffix(strings.TrimRight(c[:m[0]], " \t"), "function") {
			continue
		}
		args := stmtArgs(c[m[1]-1:])
		if i < len(args) {
			if r := jsHomePath(c, args[i], 0); r != "" {
				return r
			}
		}
	}
	return ""
}

// jsHomePath returns "the home folder", "the parent of the home folder"
// or "the root folder" when expression e works out to one of them, or "".
func jsHomePath(c, e string, depth int) string {
	p := jsEvalPath(c, e, depth)
	switch p {
	case "~":
		return "the home folder"
	case "~/..":
		return "the parent of the home folder"
	case "/":
		return "the root folder"
	}
	return ""
}

// jsEvalPath evaluates e as a path: "~" for home, "/" for the root,
// segments joined by "/" ("~/.." for home's parent), or "" when unknown.
// A || or ?? fallback yields the first alternative that is home, its
// parent or the root.
func jsEvalPath(c, e string, depth int) string {
	e = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(e), ";"))
	if depth > 6 || e == "" || len(e) > 400 {
		return ""
	}
	for strings.HasPrefix(e, "(") && strings.HasSuffix(e, ")") && balanced(e, 0) == e {
		e = strings.TrimSpace(e[1 : len(e)-1])
	}
	if alts := splitTopOn(e, "||", "??"); len(alts) > 1 {
		for _, a := range alts {
			if p := jsEvalPath(c, a, depth+1); p == "~" || p == "~/.." || p == "/" {
				return p
			}
		}
		return ""
	}
	switch e {
	case "os.homedir()", "require('os').homedir()", `require("os").homedir()`, "process.env.HOME", "process.env.USERPROFILE", "process.env['HOME']", `process.env["HOME"]`:
		return "~"
	}
	if l := strLit.FindString(e); l == e {
		s := strings.Trim(e, "\"'`")
		if s == "~" || strings.HasPrefix(s, "~/") {
			return jsNormPath(s)
		}
		if strings.HasPrefix(s, "/") {
			return jsNormPath(s)
		}
		return ""
	}
	if m := jsPathCall.FindStringSubmatch(e); m != nil {
		args := stmtArgs(e[len(m[0])-1:])
		p := ""
		for _, a := range args {
			a = strings.TrimSpace(a)
			var seg string
			if l := strLit.FindString(a); l == a {
				seg = strings.Trim(a, "\"'`")
			} else if bm := jsBasename.FindStringSubmatch(a); bm != nil {
				if jsEvalPath(c, bm[1], depth+1) != "~" {
					return ""
				}
				seg = "\x00home"
			} else {
				seg = jsEvalPath(c, a, depth+1)
				if seg == "" {
					return ""
				}
			}
			if (m[1] == "resolve" && (strings.HasPrefix(seg, "/") || strings.HasPrefix(seg, "~"))) || p == "" {
				p = seg
			} else {
				p += "/" + seg
			}
		}
		if p == "" || !(strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~")) {
			return ""
		}
		return jsNormPath(p)
	}
	if identRe.MatchString(e) {
		decl := regexp.MustCompile(`\b(?:const|let|var)\s+` + regexp.QuoteMeta(e) + `\s*=\s*([^;\n]+)`)
		for _, m := range decl.FindAllStringSubmatch(c, 4) {
			if p := jsEvalPath(c, m[1], depth+1); p != "" {
				return p
			}
		}
		return ""
	}
	if p := jsTableLookupPath(c, e, depth); p != "" {
		return p
	}
	if m := nullaryCall.FindStringSubmatch(e); m != nil {
		q := regexp.QuoteMeta(m[1])
		if am := regexp.MustCompile(`\b(?:const|let|var)\s+` + q + `\s*=\s*(?:async\s*)?\(\s*\)\s*=>\s*([^{\n;][^;\n]*)`).FindStringSubmatch(c); am != nil {
			return jsEvalPath(c, am[1], depth+1)
		}
		hm := regexp.MustCompile(`\bfunction\s+` + q + `\s*\(\s*\)\s*\{`).FindStringIndex(c)
		if hm == nil {
			return ""
		}
		body := balanced(c, hm[1]-1)
		for _, rm := range jsReturn.FindAllStringSubmatch(body, 4) {
			if p := jsEvalPath(c, rm[1], depth+1); p != "" {
				return p
			}
		}
	}
	return ""
}

// jsNormPath cleans a path of "." and "name/.." segments, reading
// "~/../<home's own name>" as "~"; "" when it climbs above the root.
func jsNormPath(p string) string {
	var out []string
	for i, s := range strings.Split(p, "/") {
		switch {
		case i == 0 && s == "":
			out = append(out, "")
		case s == "" || s == ".":
		case s == "..":
			if n := len(out); n > 0 && out[n-1] != "" && out[n-1] != "~" && out[n-1] != ".." {
				out = out[:n-1]
			} else if n > 0 && out[n-1] == "" {
				// .. of the root is the root
			} else {
				out = append(out, "..")
			}
		case s == "\x00home":
			if n := len(out); n >= 2 && out[n-1] == ".." && out[n-2] == "~" {
				out = out[:n-1]
			} else {
				return ""
			}
		default:
			out = append(out, s)
		}
	}
	r := strings.Join(out, "/")
	if r == "" {
		return "/"
	}
	return r
}

// splitTopOn splits s at the top-level occurrences of any of seps.
func splitTopOn(s string, seps ...string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; ch {
		case '\'', '"', '`':
			i = stringEnd(s, i, false)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		default:
			if depth != 0 {
				continue
			}
			for _, sep := range seps {
				if strings.HasPrefix(s[i:], sep) {
					out = append(out, s[start:i])
					start = i + len(sep)
					i += len(sep) - 1
					break
				}
			}
		}
	}
	return append(out, s[start:])
}

// indexOf returns the index of s in list, or -1.
func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

var (
	// jsEntryParam is a callback's parameter a over a list's entries
	// (.forEach(p => …), .map(async (p) => …)) or a for…of loop's
	// variable; the variable's name replaces VAR.
	jsEntryParam = `\.(?:forEach|map)\(\s*(?:async\s*)?\(?\s*VAR\s*\)?\s*=>|\bfor\s*\(\s*(?:const|let|var)\s+VAR\s+of\s+`
	// jsListing is a listing of a folder starting a chain: fs.readdirSync(
	jsListing = lazyRE(`^(?:await\s+)?(?:[\w.]+\.)?readdir(?:Sync)?\(`)
	// jsChainStep is one step of a chain on a listing: .filter(…) or .map(…).
	jsChainStep = lazyRE(`^\s*\.(filter|map)\(`)
	// jsMapJoin is a map of each entry v joined to a folder:
	// v => path.join(dir, v); the folder in group 2.
	jsMapJoin = lazyRE(`^\(\s*(?:\(\s*)?(\w+)\s*\)?\s*=>\s*path\.(?:join|resolve)\(\s*([\w.()'"~/ ]+?)\s*,\s*(\w+)\s*\)\s*\)$`)
)

// jsEntryParamDir returns the folder whose entries the variable a walks
// when it is a callback's parameter or a for…of variable over a listing
// of that folder joined to it (fs.readdirSync(d).map(n =>
// path.join(d, n)).forEach(p => …)), not filtered to names that pass a
// test, or "".
func jsEntryParamDir(c, a string, at int) string {
	re := regexp.MustCompile(strings.ReplaceAll(jsEntryParam, "VAR", regexp.QuoteMeta(a)))
	ms := re.FindAllStringIndex(c[:at], -1)
	if len(ms) == 0 {
		return ""
	}
	m := ms[len(ms)-1]
	var chain string
	if strings.HasPrefix(c[m[0]:], ".") {
		// the receiver: back to the start of the statement, over lines
		// that continue a chain (.filter(…) on a line of its own)
		start := strings.LastIndexByte(c[:m[0]], '\n') + 1
		for start > 0 && strings.HasPrefix(strings.TrimSpace(c[start:m[0]]), ".") {
			start = strings.LastIndexByte(c[:start-1], '\n') + 1
		}
		chain = c[start:m[0]]
	} else {
		chain = balanced("("+c[m[1]:], 0)
		chain = strings.TrimSuffix(strings.TrimPrefix(chain, "("), ")")
	}
	chain = strings.TrimSpace(regexp.MustCompile(`^\s*(?:(?:const|let|var)\s+\w+\s*=\s*|return\s+)`).ReplaceAllString(chain, ""))
	if identRe.MatchString(chain) {
		decl := regexp.MustCompile(`\b(?:const|let|var)\s+` + regexp.QuoteMeta(chain) + `\s*=\s*`)
		ds := decl.FindAllStringIndex(c[:at], -1)
		if len(ds) == 0 {
			return ""
		}
		rest := c[ds[len(ds)-1][1]:]
		chain = rest[:perlStmtEnd(rest)]
	}
	return jsChainDir(chain)
}

// jsChainDir returns the folder a chain on a listing (fs.readdirSync(d)
// then .filter and .map steps) joins each entry to, when it does and no
// filter keeps only names that pass a test, or "".
func jsChainDir(chain string) string {
	chain = strings.TrimSpace(chain)
	l := jsListing.FindString(chain)
	if l == "" {
		return ""
	}
	call := balanced(chain, len(l)-1)
	rest, dir := chain[len(l)-1+len(call):], ""
	for {
		st := jsChainStep.FindStringSubmatchIndex(rest)
		if st == nil {
			break
		}
		arg := balanced(rest, st[1]-1)
		if rest[st[2]:st[3]] == "filter" {
			if jsNameTest.MatchString(arg) && !strings.Contains(arg, "!") {
				return ""
			}
		} else if j := jsMapJoin.FindStringSubmatch(strings.TrimSpace(arg)); j != nil && j[1] == j[3] {
			dir = j[2]
		} else {
			return ""
		}
		rest = rest[st[1]-1+len(arg):]
	}
	return dir
}
