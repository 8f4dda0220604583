package audit

import (
	"regexp"
	"strings"
)

// Wipes written as loops and globs (rule destructive-command, Perl, Ruby,
// Go and Lua read by pattern, see homewipe.go). A removal inside a loop
// names the loop's variable, not the list: `targets.each { |t|
// FileUtils.rm_rf(t) }`, `for _, m := range matches { os.RemoveAll(m) }`,
// `foreach my $d (@dirs) { rmtree($d) }`; the variable stands for every
// entry of the list the loop walks. A list from a glob whose pattern under
// home names nothing but wildcards (`Dir.glob(File.join(Dir.home,
// '{*,.[!.]*}'))`) is every entry of home, one of a key folder or of the
// user's own files in home (`glob("$home/.ssh/*")`) every entry of that
// folder, one under a mount root (`/Volumes/*`, `/mnt/*`, `/media/*/*`)
// every mounted disk, and a glob of every `.git` folder under home
// (`**/.git`) every repository there (its parent folder, File.dirname,
// the working tree too).

var (
	// wipeWrap is a call that turns a path into another name for it or
	// its parent: the removal of File.dirname(g) removes g's folder.
	wipeWrap = lazyRE(`^(?:File\.(?:dirname|expand_path|realpath|absolute_path)|Pathname(?:\.new)?|filepath\.(?:Dir|Clean|Abs)|path\.Dir|dirname|vim\.fs\.dirname|vim\.fn\.fnamemodify)\s*\(\s*([^,()]+?)\s*(?:,[^()]*)?\)$`)
	// globCall is a glob call and its argument list, up to the
	// argument's end (an inner call's parentheses are balanced by
	// stmtArgs).
	globCall = lazyRE(`\b(?:Dir\.glob|Dir\[|filepath\.Glob|(?:bsd_)?glob|vim\.fn\.glob|vim\.fn\.globpath)\s*\(?`)
	// joinArgs is a path joined from parts: File.join(a, b),
	// filepath.Join(a, b), catfile(a, b).
	joinCall = lazyRE(`^(?:File\.join|filepath\.Join|path\.Join|File::Spec->cat(?:file|dir)|cat(?:file|dir)|vim\.fs\.joinpath)\s*\(`)
	// mountRoots are the folders disks are mounted under.
	mountRoots = lazySet("/Volumes", "/mnt", "/media", "/run/media")
)

// loopListOf returns the list a loop over the variable name walks in code
// (the receiver of `.each { |name| }`, the range of `for _, name := range
// list`, the list of `foreach my $name (list)` or `for name in list`): of
// the nearest such loop that opens before offset at, or "".
func loopListOf(code, name string, at int) string {
	q := regexp.QuoteMeta(strings.TrimLeft(name, "$@"))
	res := []string{
		// Ruby blocks: list.each { |a, name| } / do |name|
		`([^\n=]*?)\.(?:each\w*|map|flat_map|collect|filter_map)\s*(?:\{|do\b)\s*\|[^|\n]*\b` + q + `\b[^|\n]*\|`,
		// Ruby: a listing given a block, Dir.glob(p) { |name| }
		`(\bDir\.(?:glob|each_child|children|foreach|entries)\s*\([^\n]*?\))\s*(?:\{|do\b)\s*\|[^|\n]*\b` + q + `\b[^|\n]*\|`,
		// a walk of a tree: every path under its root, so removing each
		// removes the root's contents (Ruby's Find.find, Go's
		// filepath.Walk and WalkDir)
		`\bFind\.find\(\s*([^,)\n]+)[^)\n]*\)\s*(?:\{|do\b)\s*\|\s*` + q + `\b`,
		`\bfilepath\.Walk(?:Dir)?\(\s*([^,\n]+?)\s*,\s*func\s*\(\s*` + q + `\b`,
		// Go: for _, name := range list {
		`\bfor\s+(?:\w+\s*,\s*)?` + q + `\s*:?=\s*range\s+([^\n{]+?)\s*\{`,
		// Perl: foreach my $name (list) / for $name (list)
		`\bfor(?:each)?\s+(?:my\s+)?\$` + q + `\s*\(([^\n]*?)\)\s*\{`,
		// Ruby, Python: for name in list
		`\bfor\s+` + q + `\s+in\s+([^\n]+?)\s*(?:\bdo\b|:|$)`,
		// Lua: for _, name in ipairs(list) do
		`\bfor\s+(?:\w+\s*,\s*)?` + q + `\s+in\s+i?pairs\(\s*([^\n]+?)\s*\)\s*do\b`,
	}
	if q == "_" {
		// Perl: for (list) { … } binds $_
		res = append(res, `\bfor(?:each)?\s*\(([^\n]*?)\)\s*\{`)
	}
	best, list := -1, ""
	for _, src := range res {
		for _, m := range regexp.MustCompile(`(?m)`+src).FindAllStringSubmatchIndex(code, 64) {
			if m[0] < at && m[0] > best {
				best, list = m[0], strings.TrimSpace(code[m[2]:m[3]])
			}
		}
	}
	return list
}

// globWipe returns what removing every path of the globs in expression a
// destroys: every entry of home, every mounted disk, every repository
// under home (parent: the removal is of each match's parent folder), or
// "".
func globWipe(a string, parent bool) string {
	for _, m := range globCall.FindAllStringIndex(a, 8) {
		args := stmtArgs(a[m[1]-1:])
		if strings.HasSuffix(a[m[0]:m[1]], "[") {
			args = stmtArgs("(" + a[m[1]:])
		}
		if len(args) == 0 {
			continue
		}
		if w := globPattern(args[0], parent); w != "" {
			return w
		}
		// Perl's glob (not bsd_glob) splits its pattern on whitespace:
		// glob("$home/* $home/.[!.]*") is two patterns
		if call := a[m[0]:m[1]]; strings.HasPrefix(call, "glob") && strings.ContainsAny(args[0], " \t") && (args[0][0] == '"' || args[0][0] == '\'') {
			for _, f := range strings.Fields(strings.Trim(args[0], `"'`)) {
				if w := globPattern(`"`+f+`"`, parent); w != "" {
					return w
				}
			}
		}
	}
	return ""
}

// globPattern judges one glob pattern (a string, or a join of parts):
// see globWipe.
func globPattern(p string, parent bool) string {
	p = strings.TrimSpace(p)
	var parts []string
	if loc := joinCall.FindStringIndex(p); loc != nil {
		for _, x := range stmtArgs(p[loc[1]-1:]) {
			parts = append(parts, strings.Trim(strings.TrimSpace(x), `"'`))
		}
	} else if strings.HasPrefix(p, `"`) || strings.HasPrefix(p, `'`) {
		parts = strings.Split(strings.Trim(p, `"'`), "/")
		if strings.HasPrefix(strings.Trim(p, `"'`), "/") {
			parts[0] = "/" + parts[1]
			parts = append(parts[:1], parts[2:]...)
		}
	} else {
		return ""
	}
	if len(parts) < 2 {
		return ""
	}
	root, rest := strings.TrimSuffix(parts[0], "/"), parts[1:]
	var split []string
	for _, r := range rest {
		split = append(split, strings.Split(strings.Trim(r, "/"), "/")...)
	}
	rest = split
	last := rest[len(rest)-1]
	switch {
	case root == "~" && allWild(rest):
		return "every entry of the home folder (a glob of " + strings.Join(rest, "/") + " in it)"
	case root == "~" && vcsDirs()[last] && allWild(rest[:len(rest)-1]) && len(rest) > 1:
		if parent {
			return "every git working tree in the home folder (the folder of each " + last + " under it)"
		}
		return "every repository's history in the home folder (each " + last + " under it)"
	case mountRoots()[root] && allWild(rest):
		return "every disk mounted under " + root
	case root == "~" && len(rest) > 1:
		// every entry of a key folder or of the user's own files under
		// home (~/.ssh/*, ~/Documents/*/*): the folder emptied
		for i := len(rest) - 1; i >= 1; i-- {
			if !allWild(rest[i:]) || strings.ContainsAny(strings.Join(rest[:i], "/"), "*?[{") {
				continue
			}
			dir := "~/" + strings.Join(rest[:i], "/")
			if t := wipeTarget(dir); t != "" {
				return "every entry of " + dir + " (" + t + ", a glob of " + strings.Join(rest[i:], "/") + " in it)"
			}
		}
	}
	return ""
}

// allWild reports whether every path part is only glob wildcards (*, **,
// ?, classes, braces of such): a pattern that names no entry.
func allWild(parts []string) bool {
	if len(parts) == 0 {
		return false
	}
	for _, p := range parts {
		if p == "" || strings.Trim(p, "*?[]{}!^.,") != "" || !strings.ContainsAny(p, "*?") {
			return false
		}
	}
	return true
}
