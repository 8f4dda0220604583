package audit

import (
	"strings"
	"testing"
)

// FuzzMakeShellOutput: no text given to make's $(shell …) stops the
// evaluator, and what it gives has no newline (make turns them into
// spaces).
func FuzzMakeShellOutput(f *testing.F) {
	for _, s := range []string{
		"command -v bash sh", "which -a zsh", "type -P bash", "command -v curl >/dev/null && echo a || echo b",
		"echo Y3VybA== | base64 -d", "printf '%s\\n' a b", "command -v", "which", "$(", strings.Repeat("echo x;", 50),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		if out, ok := makeShellOutput(cmd); ok && strings.Contains(out, "\n") {
			t.Fatalf("makeShellOutput(%q) = %q: has a newline", cmd, out)
		}
		mk := "X := $(shell " + cmd + ")\nall:\n\t$(firstword $(X)) y\n"
		if got, want := strings.Count(makeShell(mk), "\n"), strings.Count(mk, "\n"); got != want {
			t.Fatalf("makeShell changed the line count: %d, want %d", got, want)
		}
	})
}
