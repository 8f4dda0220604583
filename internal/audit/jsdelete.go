package audit

import (
	"path"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// JavaScript deletion libraries (rule destructive-command, see
// buildclean.go): a build task's clean step (a Gulp or Grunt task, an npm
// script, a skill's own cleanup) deletes through npm's del (deleteAsync,
// deleteSync), rimraf, node:fs's rm/rmSync (recursive), fs-extra's
// remove/emptyDir or trash, every time anyone builds. The paths it is
// handed are what it deletes, so they are evaluated as the script builds
// them: os.homedir() and process.env.HOME as home, process.cwd() (and
// __dirname in a build tool's own config at the project root, a gulpfile
// or a *.config.js) as the project, path.join/resolve/normalize/dirname
// with `..`, string concatenation and template literals, names bound to
// such expressions (their pushes too), arrays of globs with their spreads,
// a .map of a list joined to a folder, and a relative pattern under the
// task's cwd. A path (or a glob whose trailing wildcards take every entry
// of a folder: ~/.ssh/**, ../*/**) that is home, a key or personal folder,
// a system folder, the project's parent (every checkout beside it), the
// project itself or its .git is a wipe, critical as rm -rf of it is: no
// build leaves its output there. del refuses paths outside its cwd unless
// given force: true, and fs.rm removes a folder only with recursive:
// true, so without them those calls delete nothing of the kind; negated
// patterns ('!…') are exclusions, not targets, and do not save the rest.
// Build output (dist/**, ./build), a cache below home and a named folder
// beside the project are cleanups.

// jsDelKind is what a deletion call does with what it is given.
type jsDelKind int

const (
	// jsDelGlob is npm del: globs, nothing outside its cwd without force.
	jsDelGlob jsDelKind = iota
	// jsDelRimraf is rimraf: recursive always, globs in the versions
	// that read them.
	jsDelRimraf
	// jsDelFS is node:fs rm/rmdir: a folder only with recursive: true,
	// no globs.
	jsDelFS
	// jsDelExtra is fs-extra's remove/emptyDir: recursive, no globs.
	jsDelExtra
	// jsDelTrash is trash: globs, moved to the Trash, out of every
	// program's reach.
	jsDelTrash
)

// jsDelLib names each kind's library in a finding's reason.
var jsDelLib = [...]string{jsDelGlob: "npm del", jsDelRimraf: "rimraf", jsDelFS: "node:fs", jsDelExtra: "fs-extra", jsDelTrash: "trash"}

// jsDelModules returns the deletion modules and the members of each that
// delete ("" is the module's default export called itself), made on
// first use: package init allocates none of it (TestInitIsCheap).
var jsDelModules = sync.OnceValue(func() map[string]map[string]jsDelKind {
	jsDelFSMembers := map[string]jsDelKind{"rm": jsDelFS, "rmSync": jsDelFS, "rmdir": jsDelFS, "rmdirSync": jsDelFS, "promises.rm": jsDelFS, "promises.rmdir": jsDelFS}
	jsDelPromisesMembs := map[string]jsDelKind{"rm": jsDelFS, "rmdir": jsDelFS}
	jsDelExtraMembers := map[string]jsDelKind{"rm": jsDelFS, "rmSync": jsDelFS, "rmdir": jsDelFS, "rmdirSync": jsDelFS, "promises.rm": jsDelFS,
		"remove": jsDelExtra, "removeSync": jsDelExtra, "emptyDir": jsDelExtra, "emptyDirSync": jsDelExtra}
	jsDelRimrafMembers := map[string]jsDelKind{"": jsDelRimraf, "sync": jsDelRimraf, "rimraf": jsDelRimraf, "rimrafSync": jsDelRimraf,
		"native": jsDelRimraf, "nativeSync": jsDelRimraf, "manual": jsDelRimraf, "manualSync": jsDelRimraf, "windows": jsDelRimraf,
		"windowsSync": jsDelRimraf, "posix": jsDelRimraf, "posixSync": jsDelRimraf, "moveRemove": jsDelRimraf, "moveRemoveSync": jsDelRimraf}
	return map[string]map[string]jsDelKind{
		"fs": jsDelFSMembers, "node:fs": jsDelFSMembers, "graceful-fs": jsDelFSMembers,
		"fs/promises": jsDelPromisesMembs, "node:fs/promises": jsDelPromisesMembs,
		"fs-extra": jsDelExtraMembers, "fs-extra/esm": jsDelExtraMembers,
		"del":    {"": jsDelGlob, "deleteAsync": jsDelGlob, "deleteSync": jsDelGlob, "sync": jsDelGlob},
		"rimraf": jsDelRimrafMembers,
		"trash":  {"": jsDelTrash},
	}
})

var (
	// jsDelPathModules are the modules whose join/resolve the evaluator
	// reads as node:path's.
	jsDelPathModules = lazySet("path", "node:path", "path/posix", "node:path/posix", "upath", "pathe")
	// jsDelKnown are the spellings read without an import (a snippet in
	// the instructions often leaves its imports out); a bare del( or
	// trash( is read only when the file imports it.
	jsDelKnown = [...]struct {
		name string
		kind jsDelKind
	}{
		{"fs.rm", jsDelFS}, {"fs.rmSync", jsDelFS}, {"fs.rmdir", jsDelFS}, {"fs.rmdirSync", jsDelFS}, {"fs.promises.rm", jsDelFS}, {"fsp.rm", jsDelFS},
		{"fse.remove", jsDelExtra}, {"fse.removeSync", jsDelExtra}, {"fse.emptyDir", jsDelExtra}, {"fse.emptyDirSync", jsDelExtra},
		{"fsExtra.remove", jsDelExtra}, {"fsExtra.removeSync", jsDelExtra},
		{"rimraf", jsDelRimraf}, {"rimraf.sync", jsDelRimraf}, {"rimrafSync", jsDelRimraf},
		{"deleteAsync", jsDelGlob}, {"deleteSync", jsDelGlob}, {"del.sync", jsDelGlob},
	}
)

var (
	// jsDelImport is an ES import: its clause in group 1, module in 2.
	jsDelImport = lazyRE(`\bimport\s+([\w$*{},\s]+?)\s+from\s+['"]([^'"\n]+)['"]`)
	// jsDelRequire is a binding of require() or a dynamic import: the
	// bound name or destructuring in group 1, module in 2, a
	// .promises or .default taken of it in 3.
	jsDelRequire = lazyRE(`\b(?:const|let|var)\s+([\w$]+|\{[^{}]*\})\s*=\s*(?:await\s+import|require)\(\s*['"]([^'"\n]+)['"]\s*\)(\.promises|\.default)?`)
	// jsDelHome are the expressions that are the home folder.
	jsDelHome = lazyRE(`^(?:(?:os|require\(\s*['"](?:node:)?os['"]\s*\))\.)?homedir\(\)$|^os\.userInfo\(\)\.homedir$|^process\.env(?:\.(?:HOME|USERPROFILE)|\[\s*['"](?:HOME|USERPROFILE)['"]\s*\])$`)
	// jsDelCwd are the expressions that are the working (project) folder.
	jsDelCwd = lazyRE(`^(?:process\.)?cwd\(\)$|^process\.env(?:\.(?:INIT_CWD|PWD)|\[\s*['"](?:INIT_CWD|PWD)['"]\s*\])$`)
	// jsDelDirname is the folder of the script itself.
	jsDelDirname = lazyRE(`^(?:__dirname|import\.meta\.dirname|(?:path\.)?dirname\(\s*(?:url\.)?fileURLToPath\(\s*import\.meta\.url\s*\)\s*\))$`)
	// jsDelRootConfig is the file name of a build tool's configuration,
	// which lives at the project's root (its __dirname is the project).
	jsDelRootConfig = lazyRE(`(?i)^(?:gulpfile|gruntfile|jakefile)(?:\.[\w.]+)?$|\.config\.[cm]?[jt]s$`)
	// jsDelMap is a .map of a list with a one-parameter arrow: the
	// list before it, the parameter in group 1 or 2.
	jsDelMap = lazyRE(`\.map\(\s*(?:(?:async\s*)?(?:\(\s*([\w$]+)\s*\)|([\w$]+))\s*=>\s*)`)
	// jsDelTrue is an option set to true.
	jsDelTrue = `\s*:\s*(?:true|!0|1)\b`
)

// maxJSDelCalls bounds the deletion calls read in one file, and
// maxJSDelValues the values one expression may take.
const (
	maxJSDelCalls  = 64
	maxJSDelValues = 64
)

// jsDelHinted reports whether lower-cased JavaScript may hold a deletion
// call worth reading.
func jsDelHinted(lower string) bool {
	for _, w := range []string{"rimraf", "rmsync", "rm(", "rmdir", ".remove", "fs-extra", "emptydir", "deleteasync", "deletesync", "'del'", `"del"`, "trash"} {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// jsDelBindings reads the file's imports and requires: the spellings of
// deletion calls (a name or ns.member) with their kind, the names of the
// path module and the bare names bound to its functions.
func jsDelBindings(c string) (map[string]jsDelKind, map[string]bool, map[string]string) {
	calls := map[string]jsDelKind{}
	for _, e := range jsDelKnown {
		k, v := e.name, e.kind
		calls[k] = v
	}
	pathNS := map[string]bool{"path": true}
	pathFn := map[string]string{}
	bind := func(mod, clause, suffix string, destructure bool) {
		mod = strings.TrimSpace(mod)
		if suffix == ".promises" && (mod == "fs" || mod == "node:fs" || mod == "fs-extra") {
			mod = "fs/promises"
		}
		members, del := jsDelModules()[mod]
		isPath := jsDelPathModules()[mod]
		if !del && !isPath {
			return
		}
		ns := func(name string) {
			if isPath {
				pathNS[name] = true
				return
			}
			for m, k := range members {
				if m == "" {
					calls[name] = k
				} else {
					calls[name+"."+m] = k
				}
			}
		}
		named := func(list string) {
			for _, it := range strings.Split(list, ",") {
				it = strings.TrimSpace(it)
				from, to := it, it
				if a, b, ok := strings.Cut(it, " as "); ok {
					from, to = strings.TrimSpace(a), strings.TrimSpace(b)
				} else if a, b, ok := strings.Cut(it, ":"); ok && destructure {
					from, to = strings.TrimSpace(a), strings.TrimSpace(b)
				}
				if !identRe.MatchString(to) {
					continue
				}
				switch {
				case from == "default":
					ns(to)
				case isPath:
					pathFn[to] = from
				case from == "promises" && members["promises.rm"] == jsDelFS:
					calls[to+".rm"], calls[to+".rmdir"] = jsDelFS, jsDelFS
				default:
					if k, ok := members[from]; ok && from != "" {
						calls[to] = k
					}
				}
			}
		}
		clause = strings.TrimSpace(clause)
		if strings.HasPrefix(clause, "{") {
			named(strings.Trim(clause, "{} \t\n"))
			return
		}
		if i := strings.IndexByte(clause, '{'); i >= 0 {
			named(strings.Trim(clause[i:], "{} \t\n"))
			clause = strings.TrimRight(strings.TrimSpace(clause[:i]), ", \t\n")
		}
		for _, part := range strings.Split(clause, ",") {
			part = strings.TrimSpace(part)
			if strings.HasPrefix(part, "*") {
				part = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(part[1:]), "as"))
			}
			if identRe.MatchString(part) {
				ns(part)
			}
		}
	}
	for _, m := range jsDelImport.FindAllStringSubmatch(c, 64) {
		bind(m[2], m[1], "", false)
	}
	for _, m := range jsDelRequire.FindAllStringSubmatch(c, 64) {
		bind(m[2], m[1], m[3], true)
	}
	return calls, pathNS, pathFn
}

// jsDelCallRe builds the pattern finding a call of any of the spellings,
// longest first; the spelling in group 1.
func jsDelCallRe(calls map[string]jsDelKind) *regexp.Regexp {
	names := make([]string, 0, len(calls))
	for n := range calls {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if len(names[i]) != len(names[j]) {
			return len(names[i]) > len(names[j])
		}
		return names[i] < names[j]
	})
	for i, n := range names {
		names[i] = regexp.QuoteMeta(n)
	}
	return regexp.MustCompile(`(?:^|[^\w$.])(` + strings.Join(names, "|") + `)\s*\(`)
}

// scanJSDelete reports a JavaScript deletion call whose paths work out to
// home, a key or personal folder, a system folder, the project's parent,
// the project or its .git (see above). c is code with its comments
// blanked; line0 is the file line of its first.
func scanJSDelete(sc *skillCtx, rel, code, c string, line0 int, w where) {
	calls, pathNS, pathFn := jsDelBindings(c)
	ev := &jsDelEval{c: c, pathNS: pathNS, pathFn: pathFn, rootCfg: jsDelRootConfig.MatchString(path.Base(rel))}
	li := newLineIndex(c)
	for _, m := range jsDelCallRe(calls).FindAllStringSubmatchIndex(c, maxJSDelCalls) {
		name := c[m[2]:m[3]]
		if strings.HasSuffix(strings.TrimRight(c[:m[2]], " \t"), "function") {
			continue // a definition of a function of that name
		}
		args := stmtArgs(c[m[1]-1:])
		if len(args) == 0 {
			continue
		}
		kind := calls[name]
		opts := ""
		if len(args) > 1 {
			opts = ev.options(args[1])
		}
		force, recursive := jsDelOption(opts, "force"), jsDelOption(opts, "recursive")
		if kind == jsDelFS && !recursive {
			continue // fails on a folder
		}
		ev.steps = 0
		base := cleanProject
		if kind == jsDelGlob || kind == jsDelTrash {
			if cwd := jsDelOptValue(opts, "cwd"); cwd != "" {
				vs := ev.eval(cwd, nil, 0)
				if len(vs) != 1 {
					continue
				}
				base = jsDelAbs(vs[0], cleanProject)
			}
		}
		for _, v := range ev.eval(args[0], nil, 0) {
			t, shown, what := jsDelJudge(v, base, kind)
			if what == "" || (kind == jsDelGlob && !force && !jsDelInside(t, base)) {
				continue
			}
			who := name + " (" + jsDelLib[kind] + ")"
			switch {
			case kind == jsDelGlob && force:
				who += " with force: true"
			case kind == jsDelFS:
				who += " with recursive: true"
			}
			ln := li.line(m[2])
			sev, reason := Critical, who+" deletes "+shown+", which is "+what+": every run of the task deletes it, with no question asked"
			if w != inScript && w != inHidden {
				// in the instructions: high, as rm -rf of it there, and
				// nothing under a warning not to run it
				if sc.warnedFn != nil && sc.warnedFn() || warnedAbove(code, li, ln) {
					break
				}
				sev = High
				if w != inProse {
					reason += " (in " + w.String() + ")"
				}
			}
			sc.add(rel, line0+ln-1, "destructive-command", sc.rank(sev, w, false), reason, strings.TrimSpace(lineText(code, li, ln)))
			break
		}
	}
}

// jsDelOption reports whether the options text sets name to true. Options
// the scan cannot read (a spread, a name bound elsewhere) count as set.
func jsDelOption(opts, name string) bool {
	if opts == "" {
		return false
	}
	if !strings.HasPrefix(opts, "{") || strings.Contains(opts, "...") {
		return true
	}
	return regexp.MustCompile(`\b` + name + jsDelTrue).MatchString(opts)
}

// jsDelOptValue returns the expression an options object literal gives
// name, or "".
func jsDelOptValue(opts, name string) string {
	if !strings.HasPrefix(opts, "{") {
		return ""
	}
	for _, p := range jsDelSplit(strings.TrimSuffix(strings.TrimPrefix(opts, "{"), "}"), ',') {
		k, v, ok := strings.Cut(p, ":")
		if ok && strings.Trim(strings.TrimSpace(k), `'"`) == name {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// jsDelJudge places one value a deletion call is given: the path it
// deletes (relative ones under base, `..` resolved, a glob's trailing
// wildcards taking the folder whole), that path as shown in a finding,
// and what deleting it destroys, "" when it is a cleanup, an exclusion
// or a pattern that names no folder.
func jsDelJudge(v, base string, kind jsDelKind) (string, string, string) {
	if strings.HasPrefix(v, "!") || strings.Contains(v, "\x00") {
		return "", "", ""
	}
	globs := kind == jsDelGlob || kind == jsDelRimraf || kind == jsDelTrash
	pats := []string{v}
	if globs {
		pats = jsDelBraces(v, 0)
	}
	for _, p := range pats {
		p = jsDelAbs(strings.ReplaceAll(p, `\`, "/"), base)
		if p == "" {
			continue
		}
		t := jsDelTrimWild(p)
		if strings.ContainsAny(t, "*?[{") || (!globs && t != p) {
			continue // a pattern picking names, or a literal * for fs
		}
		if what := cleanTarget(t); what != "" {
			shown := p
			switch {
			case p == cleanProject:
				shown = "."
			case strings.HasPrefix(p, cleanProject+"/.."):
				shown = strings.TrimPrefix(p, cleanProject+"/")
			case strings.HasPrefix(p, cleanProject+"/"):
				shown = "./" + strings.TrimPrefix(p, cleanProject+"/")
			}
			return t, shown, what
		}
	}
	return "", "", ""
}

// jsDelAbs returns p under base when relative, with `.` and `name/..`
// segments resolved (`..` above home, the root or the project kept for
// cleanTarget), or "" when it cannot be placed.
func jsDelAbs(p, base string) string {
	p = strings.TrimSpace(p)
	if p == "" {
		return ""
	}
	if !(p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, "/") || p == cleanProject || strings.HasPrefix(p, cleanProject+"/") || (len(p) >= 2 && p[1] == ':')) {
		p = base + "/" + p
	}
	var out []string
	for i, s := range strings.Split(p, "/") {
		switch {
		case i == 0 && s == "":
			out = append(out, "")
		case s == "" || s == ".":
		case s == "..":
			n := len(out)
			switch {
			case n > 0 && out[n-1] != "" && out[n-1] != "~" && out[n-1] != ".." && out[n-1] != cleanProject && !(n == 1 && len(out[0]) == 2 && out[0][1] == ':'):
				out = out[:n-1]
			case n == 1 && out[0] == "":
				// .. of the root is the root
			default:
				out = append(out, "..")
			}
		case s == "\x00home": // path.basename(os.homedir()) after ~/..
			if n := len(out); n >= 2 && out[n-1] == ".." && out[n-2] == "~" {
				out = out[:n-1]
			} else {
				return ""
			}
		default:
			out = append(out, s)
		}
	}
	if len(out) == 1 && out[0] == "" {
		return "/"
	}
	return strings.Join(out, "/")
}

// jsDelInside reports whether t lies strictly inside base (del without
// force deletes nothing else).
func jsDelInside(t, base string) bool {
	return strings.HasPrefix(t, base+"/") && !strings.Contains(t[len(base):], "/..")
}

// jsDelTrimWild drops a glob's trailing segments that take every entry
// of their folder (**, *, .*).
func jsDelTrimWild(p string) string {
	for {
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return p
		}
		last := p[i+1:]
		if last != ".*" && strings.Trim(last, "*") != "" {
			return p
		}
		if i == 0 {
			return "/"
		}
		p = p[:i]
	}
}

// jsDelBraces expands a glob's {a,b} groups (innermost first), at most
// maxJSDelValues patterns.
func jsDelBraces(p string, depth int) []string {
	open := strings.LastIndexByte(p, '{')
	if open < 0 || depth > 4 {
		return []string{p}
	}
	end := strings.IndexByte(p[open:], '}')
	if end < 0 {
		return []string{p}
	}
	var out []string
	for _, alt := range strings.Split(p[open+1:open+end], ",") {
		for _, q := range jsDelBraces(p[:open]+alt+p[open+end+1:], depth+1) {
			if len(out) < maxJSDelValues {
				out = append(out, q)
			}
		}
	}
	return out
}

// jsDelEval evaluates JavaScript path expressions of one file: home as
// ~, the project as cleanProject.
type jsDelEval struct {
	c       string
	pathNS  map[string]bool     // names of the path module (path, nodePath)
	pathFn  map[string]string   // bare names bound to its functions (join → join)
	rootCfg bool                // __dirname is the project's root
	steps   int                 // work done on the current call
	bound   map[string][]string // decls already read, by name
}

// options returns the options argument as an object literal's text (a
// name followed to its binding), or "" when there is none.
func (ev *jsDelEval) options(a string) string {
	a = strings.TrimSpace(a)
	if identRe.MatchString(a) {
		if vals := ev.decls(a); len(vals) > 0 {
			return strings.TrimSpace(vals[0])
		}
		return "?" // bound elsewhere: unreadable
	}
	if strings.HasPrefix(a, "{") {
		return a
	}
	if strings.HasPrefix(a, "(") || strings.HasPrefix(a, "function") || strings.Contains(a, "=>") {
		return "" // a callback
	}
	return "?"
}

// decls returns the expressions a name is bound to and assigned in the
// file, and the arguments of its .push calls.
func (ev *jsDelEval) decls(name string) []string {
	if d, ok := ev.bound[name]; ok {
		return d
	}
	if ev.bound == nil {
		ev.bound = map[string][]string{}
	}
	q := regexp.QuoteMeta(name)
	re := regexp.MustCompile(`(?:^|[^\w$.])(?:(?:const|let|var)\s+` + q + `\s*(?::\s*[\w$.<>\[\]| ]+)?=|` + q + `\s*=[^=>]|` + q + `\.(?:push|unshift)\()`)
	var out []string
	for _, m := range re.FindAllStringIndex(ev.c, 16) {
		s := ev.c[m[1]:]
		if strings.HasSuffix(ev.c[m[0]:m[1]], "(") {
			if end := closeOf(ev.c, m[1]-1, "'\"`", false); end > 0 {
				out = append(out, "["+ev.c[m[1]:end]+"]") // what a push adds, read as a list
			}
			continue
		}
		if !strings.HasSuffix(ev.c[m[0]:m[1]], "=") {
			s = ev.c[m[1]-1:] // the byte after = was matched
		}
		out = append(out, s[:jsExprEnd(s)])
	}
	ev.bound[name] = out
	return out
}

// jsExprEnd returns where the expression at the start of s ends: a
// top-level `;`, `,` or closing bracket, or the end of a line that
// neither ends with an operator nor is continued by the next line.
func jsExprEnd(s string) int {
	depth := 0
	for j := 0; j < len(s) && j < 8000; j++ {
		switch ch := s[j]; ch {
		case '"', '\'', '`':
			j = stringEnd(s, j, ch != '`')
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return j
			}
			depth--
		case ';', ',':
			if depth == 0 {
				return j
			}
		case '\n':
			if depth != 0 {
				continue
			}
			before := strings.TrimRight(s[:j], " \t\r")
			after := strings.TrimLeft(s[j+1:], " \t\r\n")
			if strings.TrimSpace(before) == "" || strings.HasSuffix(before, "+") || strings.HasSuffix(before, "=") ||
				strings.HasSuffix(before, "||") || strings.HasSuffix(before, "??") || strings.HasSuffix(before, "?") || strings.HasSuffix(before, ":") {
				continue
			}
			if strings.HasPrefix(after, ".") || strings.HasPrefix(after, "+") || strings.HasPrefix(after, "||") || strings.HasPrefix(after, "??") {
				continue
			}
			return j
		}
	}
	return min(len(s), 8000)
}

// jsDelSplit splits s at the top-level occurrences of sep, outside
// strings (template literals too) and brackets.
func jsDelSplit(s string, sep byte) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch == '"' || ch == '\'' || ch == '`':
			i = stringEnd(s, i, false)
		case ch == '(' || ch == '[' || ch == '{':
			depth++
		case ch == ')' || ch == ']' || ch == '}':
			depth--
		case ch == sep && depth == 0:
			if sep == '+' && (i+1 < len(s) && s[i+1] == '+' || i > 0 && s[i-1] == '+') {
				continue
			}
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// eval returns the string values expression e may take (paths with home
// as ~ and the project as cleanProject, `..` left in), nil when unknown.
// env binds the parameters of a .map callback being read.
func (ev *jsDelEval) eval(e string, env map[string][]string, depth int) []string {
	ev.steps++
	e = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(e), ";"))
	if depth > 10 || ev.steps > 4000 || e == "" || len(e) > 4000 {
		return nil
	}
	e = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(e, "await "), "!")) // TypeScript's non-null assertion
	if e == "" {
		return nil
	}
	for strings.HasPrefix(e, "(") && closeOf(e, 0, "'\"`", false) == len(e)-1 {
		e = strings.TrimSpace(e[1 : len(e)-1])
	}
	if i := strings.Index(e, " as "); i > 0 && !strings.ContainsAny(e[i:], "'\"`(") {
		e = strings.TrimSpace(e[:i]) // a TypeScript cast
	}
	if e == "" {
		return nil
	}
	// a fallback: any alternative may be what runs
	if alts := splitTopOn(e, "||", "??"); len(alts) > 1 {
		var out []string
		for _, a := range alts {
			out = jsDelUnion(out, ev.eval(a, env, depth+1))
		}
		return out
	}
	if parts := jsDelSplit(e, '+'); len(parts) > 1 {
		acc := []string{""}
		for _, p := range parts {
			vs := ev.eval(p, env, depth+1)
			if len(vs) == 0 {
				return nil
			}
			acc = jsDelCross(acc, vs, "")
		}
		return acc
	}
	switch {
	case jsDelHome.MatchString(e):
		return []string{"~"}
	case jsDelCwd.MatchString(e):
		return []string{cleanProject}
	case jsDelDirname.MatchString(e):
		if ev.rootCfg {
			return []string{cleanProject}
		}
		return nil
	case e == "os.tmpdir()" || e == "tmpdir()":
		return []string{"/tmp"}
	}
	if e[0] == '\'' || e[0] == '"' {
		if strLit.FindString(e) == e {
			return []string{strings.ReplaceAll(e[1:len(e)-1], `\\`, `\`)}
		}
		return nil
	}
	if e[0] == '`' {
		return ev.template(e, env, depth)
	}
	if e[0] == '[' && closeOf(e, 0, "'\"`", false) == len(e)-1 {
		var out []string
		for _, el := range jsDelSplit(e[1:len(e)-1], ',') {
			if strings.HasPrefix(el, "...") {
				el = el[3:]
			}
			out = jsDelUnion(out, ev.eval(el, env, depth+1))
		}
		return out
	}
	if v, ok := env[e]; ok {
		return v
	}
	if identRe.MatchString(e) {
		var out []string
		for _, d := range ev.decls(e) {
			out = jsDelUnion(out, ev.eval(d, env, depth+1))
		}
		return out
	}
	if vs, ok := ev.pathCall(e, env, depth); ok {
		return vs
	}
	return ev.chain(e, env, depth)
}

// template evaluates a template literal: its text with each ${…} put in.
func (ev *jsDelEval) template(e string, env map[string][]string, depth int) []string {
	if stringEnd(e, 0, false) != len(e)-1 {
		return nil
	}
	body := e[1 : len(e)-1]
	acc := []string{""}
	for {
		i := strings.Index(body, "${")
		if i < 0 {
			return jsDelCross(acc, []string{body}, "")
		}
		end := closeOf(body, i+1, "'\"", false)
		if end < 0 {
			return nil
		}
		vs := ev.eval(body[i+2:end], env, depth+1)
		if len(vs) == 0 {
			return nil
		}
		acc = jsDelCross(jsDelCross(acc, []string{body[:i]}, ""), vs, "")
		body = body[end+1:]
	}
}

// pathCall evaluates a call of node:path's join, resolve, normalize,
// dirname or basename (as path.join, path.posix.join or a bare name
// imported from the module); ok is false when e is no such call.
func (ev *jsDelEval) pathCall(e string, env map[string][]string, depth int) ([]string, bool) {
	open := strings.IndexByte(e, '(')
	if open <= 0 || closeOf(e, open, "'\"`", false) != len(e)-1 {
		return nil, false
	}
	callee := strings.TrimSpace(e[:open])
	fn := ""
	if dot := strings.LastIndexByte(callee, '.'); dot > 0 {
		ns := strings.TrimSuffix(strings.TrimSuffix(callee[:dot], ".posix"), ".win32")
		if ev.pathNS[ns] {
			fn = callee[dot+1:]
		}
	} else {
		fn = ev.pathFn[callee]
	}
	switch fn {
	case "join", "resolve", "normalize", "dirname", "basename":
	default:
		return nil, false
	}
	args := jsDelSplit(e[open+1:len(e)-1], ',')
	if len(args) == 0 || args[0] == "" {
		return nil, true
	}
	if fn == "basename" {
		vs := ev.eval(args[0], env, depth+1)
		if len(vs) == 1 && vs[0] == "~" {
			return []string{"\x00home"}, true
		}
		return nil, true
	}
	acc := []string{""}
	for _, a := range args {
		vs := ev.eval(a, env, depth+1)
		if len(vs) == 0 {
			return nil, true
		}
		var next []string
		for _, p := range acc {
			for _, v := range vs {
				switch {
				case fn == "resolve" && jsDelIsAbs(v), p == "":
					next = append(next, v)
				default:
					next = append(next, p+"/"+v)
				}
				if len(next) >= maxJSDelValues {
					break
				}
			}
		}
		acc = next
	}
	for i, p := range acc {
		switch fn {
		case "resolve":
			if !jsDelIsAbs(p) {
				p = cleanProject + "/" + p
			}
		case "dirname":
			p += "/.."
		}
		acc[i] = p
	}
	return acc, true
}

// chain evaluates a list transformed by .map (the callback's body read
// with its parameter bound to each element) or .concat, or nil.
func (ev *jsDelEval) chain(e string, env map[string][]string, depth int) []string {
	if m := jsDelMap.FindStringSubmatchIndex(e); m != nil && m[0] > 0 {
		end := closeOf(e, m[0]+4, "'\"`", false)
		if end != len(e)-1 {
			return nil
		}
		param := ""
		if m[2] >= 0 {
			param = e[m[2]:m[3]]
		} else {
			param = e[m[4]:m[5]]
		}
		body := strings.TrimSpace(e[m[1]:end])
		if strings.HasPrefix(body, "{") {
			rm := jsReturn.FindStringSubmatch(body)
			if rm == nil {
				return nil
			}
			body = rm[1]
		}
		var out []string
		for _, v := range ev.eval(e[:m[0]], env, depth+1) {
			inner := map[string][]string{param: {v}}
			for k, x := range env {
				if k != param {
					inner[k] = x
				}
			}
			out = jsDelUnion(out, ev.eval(body, inner, depth+1))
		}
		return out
	}
	if i := strings.LastIndex(e, ".concat("); i > 0 && closeOf(e, i+7, "'\"`", false) == len(e)-1 {
		out := ev.eval(e[:i], env, depth+1)
		for _, a := range jsDelSplit(e[i+8:len(e)-1], ',') {
			out = jsDelUnion(out, ev.eval(a, env, depth+1))
		}
		return out
	}
	if strings.HasSuffix(e, ".flat()") {
		return ev.eval(strings.TrimSuffix(e, ".flat()"), env, depth+1)
	}
	return nil
}

// jsDelIsAbs reports whether p is absolute (the root, home, the project
// or a drive).
func jsDelIsAbs(p string) bool {
	return strings.HasPrefix(p, "/") || p == "~" || strings.HasPrefix(p, "~/") || p == cleanProject || strings.HasPrefix(p, cleanProject+"/") || (len(p) >= 2 && p[1] == ':')
}

// jsDelCross returns every a joined to every b by sep, at most
// maxJSDelValues.
func jsDelCross(as, bs []string, sep string) []string {
	var out []string
	for _, a := range as {
		for _, b := range bs {
			if len(out) < maxJSDelValues {
				out = append(out, a+sep+b)
			}
		}
	}
	return out
}

// jsDelUnion appends the values of b not in a, at most maxJSDelValues.
func jsDelUnion(a, b []string) []string {
	for _, v := range b {
		if len(a) >= maxJSDelValues {
			break
		}
		if indexOf(a, v) < 0 {
			a = append(a, v)
		}
	}
	return a
}
