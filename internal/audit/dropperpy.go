package audit

import "strings"

// The Python side of dropperjoin.go: a dropper names its process call
// through getattr with a constant or joined literals (m =
// ''.join(['Po', 'pen']); getattr(subprocess, m)(...)) and picks its
// interpreter per platform ({'linux': 'sh', 'win32': 'powershell'}.get(
// sys.platform, 'sh')). The constant is read as the call it names and the
// variable as the interpreter it holds on every branch; a process API
// name joined from pieces is obfuscation.

var (
	// pyConstDecl is an assignment of one name: group 1 the name, group 2
	// the value up to the end of the line.
	pyConstDecl = lazyRE(`(?m)^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*([^=\n][^\n]*)`)
	// pyStrJoin is an empty separator's join of a list or tuple of
	// literals: group 1 the literals.
	pyStrJoin = lazyRE(`^(?:''|"")\.join\(\s*[\[(]\s*((?:'[^'\\\n]*'|"[^"\\\n]*")(?:\s*,\s*(?:'[^'\\\n]*'|"[^"\\\n]*"))*)\s*,?\s*[\])]\s*\)$`)
	// pyLitSum is one literal or literals joined with +.
	pyLitSum = lazyRE(`^(?:'[^'\\\n]*'|"[^"\\\n]*")(?:\s*\+\s*(?:'[^'\\\n]*'|"[^"\\\n]*"))*$`)
	// pyGetattrCall is a call of what getattr returns: group 1 the
	// object, group 2 the attribute's expression.
	// pyModAlias is an import of os or subprocess under another name:
	// group 1 the module, group 2 the alias.
	pyModAlias    = lazyRE(`\bimport[ \t]+(?:[\w.]+[ \t]*,[ \t]*)*(os|subprocess)\s+as\s+([A-Za-z_]\w*)`)
	pyGetattrCall = lazyRE(`\bgetattr\(\s*([\w.]+)\s*,\s*([^()\n]+?|(?:''|"")\.join\([^()\n]*\))\s*\)\s*\(`)
)

// pyProcName reports whether name is an attribute of subprocess or os
// that starts a process.
func pyProcName(name string) bool {
	switch name {
	case "run", "call", "check_call", "check_output", "Popen", "system", "popen", "startfile":
		return true
	}
	return strings.HasPrefix(name, "exec") || strings.HasPrefix(name, "spawn")
}

// pyStrValue returns the string a Python expression computes when it is
// a literal, literals joined with +, or ”.join of a list of literals,
// and whether it was joined from two or more pieces.
func pyStrValue(v string) (string, bool, bool) {
	v = strings.TrimSpace(v)
	var parts []string
	switch {
	case pyStrJoin.MatchString(v):
		parts = jsLitPart.FindAllString(pyStrJoin.FindStringSubmatch(v)[1], -1)
	case pyLitSum.MatchString(v):
		parts = jsLitPart.FindAllString(v, -1)
	default:
		return "", false, false
	}
	var sb strings.Builder
	for _, p := range parts {
		sb.WriteString(p[1 : len(p)-1])
	}
	return sb.String(), len(parts) > 1, true
}

// pyConstStrings returns the script's names assigned once a string value
// pyStrValue computes.
func pyConstStrings(f string) map[string]jsConst {
	out, seen := map[string]jsConst{}, map[string]int{}
	for _, m := range pyConstDecl.FindAllStringSubmatch(f, 2000) {
		seen[m[1]]++
		if v, joined, ok := pyStrValue(m[2]); ok {
			out[m[1]] = jsConst{v, joined}
		}
	}
	for n, c := range seen {
		if c > 1 {
			delete(out, n)
		}
	}
	return out
}

// pyGetattrRuns returns the calls getattr(obj, x)(...) of f where x (a
// constant or literals) names a process API of subprocess or os, named
// obj.name, and the offset of the first whose name was joined from
// pieces, or -1.
func pyGetattrRuns(f string, consts map[string]jsConst) ([]jsRun, int) {
	if !strings.Contains(f, "getattr") {
		return nil, -1
	}
	var runs []jsRun
	hidden := -1
	for _, m := range pyGetattrCall.FindAllStringSubmatchIndex(f, 256) {
		expr := f[m[4]:m[5]]
		c, ok := consts[strings.TrimSpace(expr)]
		if !ok {
			v, joined, lit := pyStrValue(expr)
			c, ok = jsConst{v, joined}, lit
		}
		obj := f[m[2]:m[3]]
		if !ok || !pyProcName(c.val) || !pyProcModule(f, obj) {
			continue
		}
		runs = append(runs, jsRun{obj + "." + c.val, m[0], m[1]})
		if c.joined && hidden < 0 {
			hidden = m[0]
		}
	}
	return runs, hidden
}

// pyAliasRuns returns the process calls made through an alias of os or
// subprocess (import subprocess as sp; sp.Popen(...)), named as through
// the module.
func pyAliasRuns(f string) []jsRun {
	var runs []jsRun
	for _, a := range pyModAlias.FindAllStringSubmatch(f, 8) {
		pre := a[2] + "."
		for off := 0; len(runs) < 64; {
			i := strings.Index(f[off:], pre)
			if i < 0 {
				break
			}
			i += off
			off = i + len(pre)
			if i > 0 && (isIdentByte(f[i-1]) || f[i-1] == '.') {
				continue
			}
			j := off
			for j < len(f) && isIdentByte(f[j]) {
				j++
			}
			if name := f[off:j]; pyProcName(name) && strings.HasPrefix(strings.TrimLeft(f[j:], " \t"), "(") {
				runs = append(runs, jsRun{a[1] + "." + name, i, j + strings.Index(f[j:], "(") + 1})
			}
		}
	}
	return runs
}

// pyProcModule reports whether obj names the os or subprocess module in
// f: by name, or an alias the script imports it as.
func pyProcModule(f, obj string) bool {
	return obj == "os" || obj == "subprocess" || strings.Contains(f, "subprocess as "+obj) || strings.Contains(f, "os as "+obj)
}

// pyInterpreterVars returns the names assigned once a value whose string
// literals, dict keys aside, are all shells or interpreters.
func pyInterpreterVars(f string) map[string]bool { return interpreterVars(f, pyConstDecl) }
