package audit

import (
	"regexp"
	"strings"
)

// Nushell's removal of the version control folders a walk of home finds
// (rule destructive-command, critical; see perlFindWipe for Perl's). A
// script that globs home for every .git or .jj folder (glob
// $"($root)/**/{.jj,.git}", ls ~/**/.git) and hands what it finds, or the
// folder holding it (path dirname), to rm -r is the shell's find ~ -name
// .git -exec rm -rf: every repository's history in home gone, or every
// repository itself. The walk's root is home when it is written so (~,
// $env.HOME, $nu.home-path) or is a variable bound to home: a let or a
// parameter default, or the closure parameter of an each over a list or
// a command whose body yields home as a value ([$env.HOME], a fallback
// for configured roots). The removal is tied to the walk through what it
// removes: the variable of a for loop or an each closure over the walk,
// or over a variable or command (def) whose body holds it. A walk of a
// folder the user names, one whose last segment is a file under .git
// (**/.git/index.lock), or a walk whose results are only listed, is not
// a finding.

var (
	// nuVCSWalk is a glob or ls of a ** pattern: group 1 the root before
	// /**/, group 2 the last segment.
	nuVCSWalk = lazyRE("\\b(?:glob|ls(?:\\s+-[a-zA-Z]+)*)\\s+\\$?[\"'`]([^\"'`\\n]*?)/\\*\\*/((?:[^\"'`\\n/]*/)*[^\"'`\\n/]*)[\"'`]")
	// nuRmRec is a recursive rm of a variable (or a field of one): group
	// 1 the flags, group 2 the variable's name.
	nuRmRec = lazyRE(`(?m)(?:^|[\s;{(|])rm\s+((?:-{1,2}[\w-]+\s+)+)\$([\w-]+)`)
	// nuRecFlag is rm's recursive flag, alone or among short flags.
	nuRecFlag = lazyRE(`(?:^|\s)(?:--recursive|-[a-zA-Z]*r[a-zA-Z]*)(?:\s|$)`)
	// nuHomeExpr is the home folder, written whole.
	nuHomeExpr = lazyRE(`^(?:~|\$env\.HOME|\$nu\.home-path|\$env\.USERPROFILE)/?$`)
	// nuHomeBare is the home folder as a value of its own (an element of
	// a list, what a block yields), not the start of a path join.
	nuHomeBare = lazyRE(`(?m)(?:^|[\[\s(=,])(?:\$env\.HOME|\$nu\.home-path|~)\s*(?:[\])},]|$)`)
	// nuDefHead is a command definition: its name in group 1 or 2.
	nuDefHead = lazyRE(`(?m)^\s*(?:export\s+)?def(?:\s+--\w+)*\s+(?:"([^"\n]+)"|([\w-]+))\s*\[`)
)

// vcsFolderNames are the names of version control folders.
var vcsFolderNames = lazySet(".git", ".jj", ".hg", ".svn", ".bzr")

// scanNuVCSWipe reports a Nushell rm -r of what a walk of home for
// version control folders finds (see above).
func scanNuVCSWipe(sc *skillCtx, rel, content string) {
	if !strings.Contains(content, "rm ") || !strings.Contains(content, "**") {
		return
	}
	code := stripHashComments(content)
	defs := nuDefBodies(code)
	for _, m := range nuRmRec.FindAllStringSubmatchIndex(code, 16) {
		if !nuRecFlag.MatchString(code[m[2]:m[3]]) {
			continue
		}
		src := nuLoopSource(code, code[m[4]:m[5]], m[0])
		if src == "" || !nuHomeVCSWalk(code, defs, src, 0) {
			continue
		}
		ln := 1 + strings.Count(code[:m[4]], "\n")
		sc.add(rel, ln, "destructive-command", Critical,
			"removes every repository's history in the home folder: each .git or .jj folder (or the folder holding it) that a Nushell glob of home finds is handed to rm -r",
			trimmedLine(content, ln))
		return
	}
}

// nuDefBodies returns the body of each command code defines, by name.
func nuDefBodies(code string) map[string]string {
	out := map[string]string{}
	for _, m := range nuDefHead.FindAllStringSubmatchIndex(code, 64) {
		name := ""
		if m[2] >= 0 {
			name = code[m[2]:m[3]]
		} else {
			name = code[m[4]:m[5]]
		}
		params := balanced(code, m[1]-1)
		at := m[1] - 1 + len(params)
		open := strings.IndexByte(code[at:], '{')
		if open < 0 || open > 200 {
			continue
		}
		out[name] = balanced(code, at+open)
	}
	return out
}

// nuLoopSource returns the list the variable v at offset at is drawn
// from: the list of the last for loop over v before it, or the pipeline
// before the last each closure taking v; "" when v is neither.
func nuLoopSource(code, v string, at int) string {
	q := regexp.QuoteMeta(v)
	re := regexp.MustCompile(`(?m)\bfor\s+` + q + `\s+in\s+([^{\n]+)\{|([^\n]*?)\|\s*(?:each|par-each)\s*\{\s*\|\s*` + q + `\s*\|`)
	ms := re.FindAllStringSubmatchIndex(code[:at], -1)
	if len(ms) == 0 {
		return ""
	}
	m := ms[len(ms)-1]
	if m[2] >= 0 {
		return strings.TrimSpace(code[m[2]:m[3]])
	}
	return strings.TrimSpace(code[m[4]:m[5]])
}

// nuHomeVCSWalk reports whether the Nushell expression expr holds a
// walk of home for version control folders (nuVCSWalk), directly, or
// through a variable bound to such an expression or a command (defs)
// whose body holds one.
func nuHomeVCSWalk(code string, defs map[string]string, expr string, depth int) bool {
	if depth > 4 {
		return false
	}
	for _, w := range nuVCSWalk.FindAllStringSubmatch(expr, 8) {
		if nuVCSSegment(w[2]) && nuHomeRoot(code, defs, w[1], depth) {
			return true
		}
	}
	for _, id := range nuWords.FindAllString(expr, 16) {
		if strings.HasPrefix(id, "$") {
			if b := nuBinding(code, id[1:]); b != "" && nuHomeVCSWalk(code, defs, b, depth+1) {
				return true
			}
			continue
		}
		if body, ok := defs[id]; ok && nuHomeVCSWalk(code, defs, body, depth+1) {
			return true
		}
	}
	return false
}

// nuWords are the variables and command names of an expression.
var nuWords = lazyRE(`\$?[A-Za-z_][\w-]*`)

// nuVCSSegment reports whether a glob's last segment names a version
// control folder: .git, {.jj,.git}, .git/ (not a file under one).
func nuVCSSegment(seg string) bool {
	seg = strings.Trim(strings.TrimSuffix(seg, "/"), "{}")
	for _, s := range strings.Split(seg, ",") {
		if vcsFolderNames()[strings.TrimSpace(s)] {
			return true
		}
	}
	return false
}

// nuHomeRoot reports whether a walk's root (the text before /**/, its
// interpolation parentheses dropped) is the home folder: written so, or
// a variable bound to home (a let, a parameter default), or the
// parameter of an each closure over a list or command yielding home.
func nuHomeRoot(code string, defs map[string]string, root string, depth int) bool {
	root = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(root), "("), ")"))
	if nuHomeExpr.MatchString(root) {
		return true
	}
	if depth > 4 || !strings.HasPrefix(root, "$") || !identRe.MatchString(strings.ReplaceAll(root[1:], "-", "_")) {
		return false
	}
	v := root[1:]
	if b := nuBinding(code, v); b != "" && nuYieldsHome(defs, b) {
		return true
	}
	if src := nuLoopSource(code, v, len(code)); src != "" && nuYieldsHome(defs, src) {
		return true
	}
	return false
}

// nuBinding returns the value a let, mut or parameter default binds to
// the variable v, or "".
func nuBinding(code, v string) string {
	re := regexp.MustCompile(`(?:\blet\s+|\bmut\s+|--|[\[\s,])` + regexp.QuoteMeta(v) + `\s*(?::\s*[\w<>]+\s*)?=\s*([^\n]+)`)
	if m := re.FindStringSubmatch(code); m != nil {
		return strings.TrimSpace(m[1])
	}
	return ""
}

// nuYieldsHome reports whether expr yields the home folder as a value:
// it holds home on its own (nuHomeBare), or names a command whose body
// does.
func nuYieldsHome(defs map[string]string, expr string) bool {
	if nuHomeBare.MatchString(expr) {
		return true
	}
	for _, id := range nuWords.FindAllString(expr, 8) {
		if body, ok := defs[id]; ok && nuHomeBare.MatchString(body) {
			return true
		}
	}
	return false
}
