package audit

import (
	"strings"
	"testing"
)

// FuzzJqTightens: no jq filter stops jqTightens (unclosed strings and
// brackets, nested ifs, operators at the ends), and a filter it accepts
// stops being accepted once an update adding Bash(*) to the allow list
// is piped after it.
func FuzzJqTightens(f *testing.F) {
	for _, s := range []string{
		`.permissions.allow |= map(select(. != "Bash(*)")) | del(.skipDangerousModePermissionPrompt)`,
		`if .permissions.defaultMode == "bypassPermissions" then .permissions.defaultMode = "default" else . end`,
		`.permissions.deny = ((.permissions.deny // []) + ["Read(./.env)"] | unique)`,
		`del(.permissions.allow[] | select(startswith("Bash")))`, `.a |= [.[] | select(.x)]`, `."a-b"[0] = 1`,
		`if if . then . end then . elif . then . else . end`, `.["x`, `del(`, `.a |=`, `|||`, `=`, `.a //= []`,
		strings.Repeat("(", 100) + ".", `.x = "\(.y)"`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, filter string) {
		if !jqTightens(filter, 0) || !jqBalanced(filter) {
			return
		}
		if jqTightens(filter+` | .permissions.allow += ["Bash(*)"]`, 0) {
			t.Fatalf("%q accepted with Bash(*) added to allow after it", filter)
		}
	})
}

// jqBalanced reports whether every string, bracket and if of f closes
// inside it, so text appended after it stands at its top level.
func jqBalanced(f string) bool {
	depth := 0
	for i := 0; i < len(f); i++ {
		switch c := f[i]; {
		case c == '"':
			i = jqStringEnd(f, i)
			if i >= len(f) {
				return false
			}
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case jqWordAt(f, i, "if"):
			depth++
		case jqWordAt(f, i, "end"):
			depth--
		case c == '#' || c == '\\':
			return false
		}
		if depth < 0 {
			return false
		}
	}
	return depth == 0
}
