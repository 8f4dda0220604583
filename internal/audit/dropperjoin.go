package audit

import "strings"

// A JavaScript dropper hides its process call's name and its interpreter
// behind variables: const m = ['sp', 'awn'].join(''); cp[m](runner,
// [dest]) with runner = { linux: 'sh', win32: 'powershell' }[os.platform()]
// || 'sh'. The helpers here resolve a script's string constants (a
// literal, literals joined with +, an array of literals joined with
// .join('') or .join(""), or concat), so a bracket call through a
// constant naming a process API is read as that call, and a command held
// in a variable whose every value is a shell or interpreter is read as
// that interpreter. A process API name built from pieces is obfuscation,
// as cp['sp' + 'awn'] is.

var (
	// jsConstDecl is a declaration: group 1 the name, group 2 the value up
	// to the end of the statement or line.
	jsConstDecl = lazyRE(`\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*([^;\n]+)`)
	// jsArrayJoin is an array of string literals joined with an empty
	// separator: group 1 the literals.
	jsArrayJoin = lazyRE(`^\[\s*((?:'[^'\\\n]*'|"[^"\\\n]*")(?:\s*,\s*(?:'[^'\\\n]*'|"[^"\\\n]*"))*)\s*,?\s*\]\s*\.join\(\s*(?:''|""|\x60\x60)\s*\)$`)
	// jsLitSum is one literal or literals joined with + or .concat().
	jsLitSum = lazyRE(`^(?:'[^'\\\n]*'|"[^"\\\n]*")(?:\s*(?:\+\s*|\.concat\(\s*)(?:'[^'\\\n]*'|"[^"\\\n]*")\s*\)?)*$`)
	// jsBracketCall is a call through a bracket access by a name: group 1
	// the name.
	jsBracketCall = lazyRE(`[\w$)\]]\s*\[\s*([A-Za-z_$][\w$]*)\s*\]\s*\(`)
	// jsKeyLit is a string literal used as an object key (followed by :).
	jsKeyLit = lazyRE(`(?:'[^'\\\n]*'|"[^"\\\n]*")\s*:`)
)

// jsConst is a script's string constant: its value and whether it was
// joined from two or more pieces.
type jsConst struct {
	val    string
	joined bool
}

// jsConstStrings returns the script's names declared once with a string
// value the scan can compute (see above); a name declared twice is left
// out, as its value depends on the path taken.
func jsConstStrings(f string) map[string]jsConst {
	out, seen := map[string]jsConst{}, map[string]int{}
	for _, m := range jsConstDecl.FindAllStringSubmatch(f, 2000) {
		seen[m[1]]++
		v := strings.TrimSpace(m[2])
		var parts []string
		switch {
		case jsArrayJoin.MatchString(v):
			parts = jsLitPart.FindAllString(jsArrayJoin.FindStringSubmatch(v)[1], -1)
		case jsLitSum.MatchString(v):
			parts = jsLitPart.FindAllString(v, -1)
		default:
			continue
		}
		var sb strings.Builder
		for _, p := range parts {
			sb.WriteString(p[1 : len(p)-1])
		}
		out[m[1]] = jsConst{sb.String(), len(parts) > 1}
	}
	for n, c := range seen {
		if c > 1 {
			delete(out, n)
		}
	}
	return out
}

// jsRun is a process call the scan found: the call's name, the offset
// of its name and of the text after its opening parenthesis.
type jsRun struct {
	name      string
	at, after int
}

// jsBracketRuns returns the calls x[name](...) of f where name is a
// constant naming a process API, and whether one of those names was
// joined from pieces (with its offset, or -1).
func jsBracketRuns(f string, consts map[string]jsConst) ([]jsRun, int) {
	var runs []jsRun
	hidden := -1
	for _, m := range jsBracketCall.FindAllStringSubmatchIndex(f, 256) {
		c, ok := consts[f[m[2]:m[3]]]
		if !ok || !jsHiddenName(c.val) || c.val == "node:child_process" || c.val == "child_process" {
			continue
		}
		runs = append(runs, jsRun{c.val, m[2], m[1]})
		if c.joined && hidden < 0 {
			hidden = m[2]
		}
	}
	return runs, hidden
}

// jsInterpreterVars returns the names assigned (once, by const, let or
// var) a value whose string literals, object keys aside, are all shells
// or interpreters (jsInterpreter): { linux: 'sh', win32: 'powershell'
// }[os.platform()] || 'sh' runs its file argument whichever branch is
// taken.
func jsInterpreterVars(f string) map[string]bool { return interpreterVars(f, jsConstDecl) }

// interpreterVars returns the names decl (name, value) assigns exactly
// once a value whose string literals, object keys aside, are all shells
// or interpreters: JavaScript's and Python's one-line assignments read
// alike.
func interpreterVars(f string, decl *lazyRegexp) map[string]bool {
	out, seen := map[string]bool{}, map[string]int{}
	for _, m := range decl.FindAllStringSubmatch(f, 2000) {
		seen[m[1]]++
		lits := jsLitPart.FindAllString(jsKeyLit.ReplaceAllString(m[2], ":"), -1)
		all := len(lits) > 0
		for _, l := range lits {
			all = all && jsInterpreter(l[1:len(l)-1])
		}
		if all {
			out[m[1]] = true
		}
	}
	for n, c := range seen {
		if c > 1 {
			delete(out, n)
		}
	}
	return out
}

// jsConstHiddenName returns the offset of the first declaration whose
// value, joined from pieces, names a process or code API, or -1.
func jsConstHiddenName(f string, consts map[string]jsConst) int {
	at := -1
	for n, c := range consts {
		if !c.joined || !jsHiddenName(c.val) {
			continue
		}
		if m := jsDeclOf(f, n); m >= 0 && (at < 0 || m < at) {
			at = m
		}
	}
	return at
}

// jsDeclOf returns the offset of name's declaration in f, or -1.
func jsDeclOf(f, name string) int {
	for _, m := range jsConstDecl.FindAllStringSubmatchIndex(f, 2000) {
		if f[m[2]:m[3]] == name {
			return m[0]
		}
	}
	return -1
}
