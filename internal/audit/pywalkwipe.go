package audit

import (
	"regexp"
	"strings"
)

// Removal of every entry of a folder a Python walker lists (rule
// destructive-command): shutil.rmtree(os.path.join(d, name)) for the
// names of os.listdir(d) or os.scandir(d), the Python form of the
// JavaScript walker jswalkwipe.go reads, judged the same way: the root
// followed through the walker's call, variables, functions that return
// it and a fallback (os.environ.get("X", home), X or home), with
// os.path.join, abspath and normpath evaluated.

// pyWalkRm finds a recursive removal call.
var pyWalkRm = lazyRE(`\bshutil\.rmtree\(`)

// pyChildJoin is one entry straight under a folder held in a variable:
// os.path.join(d, name), d / name; the folder in group 1 or 2.
var pyChildJoin = lazyRE(`^os\.path\.join\(\s*(\w+)\s*,\s*\w+(?:\.name)?\s*\)$|^(\w+)\s*/\s*\w+(?:\.name)?$`)

// pyNameTest is a condition that tests an entry's name.
var pyNameTest = lazyRE(`\bname\b|\.name\b|\bin\s+\w|\.endswith\(|\.startswith\(|fnmatch|\.match\(|[!=]=\s*['"]`)

// pyFuncHead finds a def's head: name in group 1, parameters in group 2.
var pyFuncHead = lazyRE(`(?m)^[ \t]*def\s+(\w+)\s*\(([^)]*)\)[^:\n]*:`)

// pyIfLine is an if line: its condition in group 1, what follows the colon on the line in group 2.
var pyIfLine = lazyRE(`(?m)^[ \t]*if\s+([^\n]+?):[ \t]*(\S*)`)

// pyOrWord is Python's or.
var pyOrWord = lazyRE(`\bor\b`)

// pyOrSplit is the or between an expression's alternatives.
var pyOrSplit = lazyRE(`\s+or\s+`)

// pyHomeCall is an expression that is the home folder: HOME or USERPROFILE read, or ~ expanded.
var pyHomeCall = lazyRE(`^os\.(?:getenv|environ\.get)\(\s*['"](?:HOME|USERPROFILE)['"]\s*\)$|^os\.path\.expanduser\(\s*['"]~/?['"]\s*\)$`)

// pyGetenv is an environment read starting an expression.
var pyGetenv = lazyRE(`^os\.(?:getenv|environ\.get)\(`)

// pyNormCall is a path normalisation starting an expression.
var pyNormCall = lazyRE(`^os\.path\.(?:abspath|normpath|realpath)\(`)

// pyJoinCall is os.path.join starting an expression.
var pyJoinCall = lazyRE(`^os\.path\.join\(`)

// pyBasename is a whole os.path.basename(x) expression; x in group 1.
var pyBasename = lazyRE(`^os\.path\.basename\((.*)\)$`)

// pyDedent is a line starting at column 0: the end of an indented body.
var pyDedent = lazyRE(`\n\S`)

// pyReturn is a return statement's value (group 1).
var pyReturn = lazyRE(`\breturn\s+([^\n]+)`)

// scanPyWalkWipe reports a Python walker that removes every entry of a
// folder that works out to home, its parent or the root. c is the code
// with its comments blanked; line0 is the file line of c's first.
func scanPyWalkWipe(sc *skillCtx, rel, code, c string, line0 int, w where) {
	if !strings.Contains(c, "listdir") && !strings.Contains(c, "scandir") && !strings.Contains(c, "iterdir") {
		return
	}
	li := newLineIndex(c)
	for _, m := range pyWalkRm.FindAllStringIndex(c, 32) {
		args := stmtArgs(c[m[1]-1:])
		if len(args) == 0 {
			continue
		}
		dir := pyChildDir(c, args[0], m[0])
		q := regexp.QuoteMeta(dir)
		if dir != "" && isIdentByte(dir[len(dir)-1]) {
			q += `\b`
		}
		if dir == "" || !regexp.MustCompile(`\bos\.(?:listdir|scandir)\(\s*`+q+`|\b`+q+`\.iterdir\(`).MatchString(c[:m[0]]) {
			continue
		}
		start, fn, params := 0, "", []string(nil)
		if fs := pyFuncHead.FindAllStringSubmatchIndex(c[:m[0]], -1); len(fs) > 0 {
			f := fs[len(fs)-1]
			start, fn = f[0], c[f[2]:f[3]]
			for _, p := range splitTop(c[f[4]:f[5]]) {
				params = append(params, strings.TrimSpace(strings.SplitN(strings.SplitN(p, "=", 2)[0], ":", 2)[0]))
			}
		}
		if pyNameFiltered(c[start:m[0]]) {
			continue
		}
		root := ""
		if i := indexOf(params, dir); fn != "" && i >= 0 {
			call := regexp.MustCompile(`\b` + regexp.QuoteMeta(fn) + `\(`)
			for _, cm := range call.FindAllStringIndex(c, 16) {
				if strings.HasSuffix(strings.TrimRight(c[:cm[0]], " \t"), "def") {
					continue
				}
				if as := stmtArgs(c[cm[1]-1:]); i < len(as) {
					if root = pyHomePath(c, as[i], 0); root != "" {
						break
					}
				}
			}
		} else {
			root = pyHomePath(c, dir, 0)
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

// pyChildDir returns the folder whose entry a is, following a variable
// to its os.path.join, or "".
func pyChildDir(c, a string, at int) string {
	a = strings.TrimSpace(a)
	if m := pyChildJoin.FindStringSubmatch(a); m != nil {
		return m[1] + m[2]
	}
	a = strings.TrimSuffix(a, ".path") // an os.scandir entry's path
	if !identRe.MatchString(a) {
		return ""
	}
	ms := regexp.MustCompile(`(?m)^[ \t]*`+regexp.QuoteMeta(a)+`\s*=\s*([^\n]+)`).FindAllStringSubmatch(c[:at], -1)
	if len(ms) == 0 {
		return pyLoopChildDir(c, a, at)
	}
	if m := pyChildJoin.FindStringSubmatch(strings.TrimSpace(ms[len(ms)-1][1])); m != nil {
		return m[1] + m[2]
	}
	return ""
}

// pyNameFiltered reports whether the walker body before the removal
// lets only entries whose name passes a test reach it: an if whose
// condition tests the name with no "or" alternative, or if not test:
// continue.
func pyNameFiltered(body string) bool {
	for _, m := range pyIfLine.FindAllStringSubmatch(body, -1) {
		cond := m[1]
		if !pyNameTest.MatchString(cond) || pyOrWord.MatchString(cond) {
			continue
		}
		if m[2] == "continue" || m[2] == "return" {
			if strings.Contains(cond, "not ") || strings.Contains(cond, "!=") {
				return true
			}
			continue
		}
		return true
	}
	return false
}

// pyHomePath returns "the home folder", "the parent of the home folder"
// or "the root folder" when expression e works out to one of them, or "".
func pyHomePath(c, e string, depth int) string {
	switch pyEvalPath(c, e, depth) {
	case "~":
		return "the home folder"
	case "~/..":
		return "the parent of the home folder"
	case "/":
		return "the root folder"
	}
	return ""
}

// pyEvalPath evaluates e as a path as jsEvalPath does, for Python.
func pyEvalPath(c, e string, depth int) string {
	e = strings.TrimSpace(e)
	if depth > 6 || e == "" || len(e) > 400 {
		return ""
	}
	for strings.HasPrefix(e, "(") && strings.HasSuffix(e, ")") && balanced(e, 0) == e {
		e = strings.TrimSpace(e[1 : len(e)-1])
	}
	danger := func(p string) bool { return p == "~" || p == "~/.." || p == "/" }
	if alts := pyOrSplit.Split(e, -1); len(alts) > 1 {
		for _, a := range alts {
			if p := pyEvalPath(c, a, depth+1); danger(p) {
				return p
			}
		}
		return ""
	}
	if homeExpr.MatchString(e) || pyHomeCall.MatchString(e) {
		return "~"
	}
	if m := pyGetenv.FindString(e); m != "" {
		if as := stmtArgs(e[len(m)-1:]); len(as) == 2 {
			return pyEvalPath(c, as[1], depth+1)
		}
		return ""
	}
	if l := strLit.FindString(e); l == e {
		s := strings.Trim(e, "\"'")
		if s == "~" || strings.HasPrefix(s, "~/") || strings.HasPrefix(s, "/") {
			return jsNormPath(s)
		}
		return ""
	}
	if m := pyNormCall.FindString(e); m != "" {
		if as := stmtArgs(e[len(m)-1:]); len(as) == 1 {
			return pyEvalPath(c, as[0], depth+1)
		}
		return ""
	}
	if m := pyJoinCall.FindString(e); m != "" {
		p := ""
		for _, a := range stmtArgs(e[len(m)-1:]) {
			var seg string
			if l := strLit.FindString(a); l == a {
				seg = strings.Trim(a, "\"'")
			} else if bm := pyBasename.FindStringSubmatch(a); bm != nil {
				if pyEvalPath(c, bm[1], depth+1) != "~" {
					return ""
				}
				seg = "\x00home"
			} else if seg = pyEvalPath(c, a, depth+1); seg == "" {
				return ""
			}
			if p == "" || strings.HasPrefix(seg, "/") || strings.HasPrefix(seg, "~") {
				p = seg
			} else {
				p += "/" + seg
			}
		}
		if !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") {
			return ""
		}
		return jsNormPath(p)
	}
	if identRe.MatchString(e) {
		for _, m := range regexp.MustCompile(`(?m)^[ \t]*`+regexp.QuoteMeta(e)+`\s*=\s*([^\n]+)`).FindAllStringSubmatch(c, 4) {
			if p := pyEvalPath(c, m[1], depth+1); p != "" {
				return p
			}
		}
		return ""
	}
	if m := nullaryCall.FindStringSubmatch(e); m != nil {
		h := regexp.MustCompile(`(?m)^def\s+` + regexp.QuoteMeta(m[1]) + `\s*\(\s*\)[^:\n]*:`).FindStringIndex(c)
		if h == nil {
			return ""
		}
		body := c[h[1]:]
		if end := pyDedent.FindStringIndex(body); end != nil {
			body = body[:end[0]]
		}
		for _, rm := range pyReturn.FindAllStringSubmatch(body, 4) {
			if p := pyEvalPath(c, rm[1], depth+1); p != "" {
				return p
			}
		}
	}
	return ""
}

// pyEntryLoop is the head of a for loop: its variable in group 1, the
// list it walks in group 2.
var pyEntryLoop = lazyRE(`(?m)^[ \t]*for\s+(\w+)\s+in\s+([^\n]+?)\s*:[ \t]*(?:#.*)?$`)

// pyEntryList is a listing whose entries are paths under its folder
// (group 1 or 2): X.iterdir(), os.scandir(X).
var pyEntryList = lazyRE(`^([\w.()'"~/ ,]+?)\.iterdir\(\)$|^os\.scandir\(\s*([\w.()'"~/ ,]+?)\s*\)$`)

// pyCompJoin is a list comprehension of entries: its element in group 1,
// its variable in group 2, the list it walks in group 3, an if clause in
// group 4.
var pyCompJoin = lazyRE(`^\[\s*(.+?)\s+for\s+(\w+)\s+in\s+(.+?)(?:\s+if\s+(.+?))?\s*\]$`)

// pyLoopChildDir returns the folder whose entries the loop variable a,
// of the nearest for loop before offset at, walks: for p in
// X.iterdir(), for e in os.scandir(X), or for p in a list comprehension
// of them or of os.path.join(X, name) over os.listdir(X) (without an if
// clause testing the name), or "".
func pyLoopChildDir(c, a string, at int) string {
	list := ""
	for _, m := range pyEntryLoop.FindAllStringSubmatch(c[:at], -1) {
		if m[1] == a {
			list = strings.TrimSpace(m[2])
		}
	}
	for i := 0; i < 2 && list != ""; i++ {
		if m := pyEntryList.FindStringSubmatch(list); m != nil {
			return strings.TrimSpace(m[1] + m[2])
		}
		if m := pyCompJoin.FindStringSubmatch(list); m != nil {
			// an if clause keeping the names that pass a test (not one
			// that only drops some: if not n.startswith("."))
			if cond := strings.TrimSpace(m[4]); cond != "" && pyNameTest.MatchString(cond) && !strings.HasPrefix(cond, "not ") && !strings.Contains(cond, "!=") && regexp.MustCompile(`\b`+regexp.QuoteMeta(m[2])+`\b`).MatchString(cond) {
				return ""
			}
			if j := pyChildJoin.FindStringSubmatch(strings.TrimSpace(m[1])); j != nil {
				return j[1] + j[2]
			}
			if strings.TrimSpace(m[1]) == m[2] {
				list = strings.TrimSpace(m[3])
				continue
			}
			return ""
		}
		if !identRe.MatchString(list) {
			return ""
		}
		ms := regexp.MustCompile(`(?m)^[ \t]*`+regexp.QuoteMeta(list)+`\s*=\s*([^\n]+)`).FindAllStringSubmatch(c[:at], -1)
		if len(ms) == 0 {
			return ""
		}
		list = strings.TrimSpace(ms[len(ms)-1][1])
	}
	return ""
}
