package audit

import (
	"strings"
	"testing"
)

// FuzzShellFetchFuncVar: no shell text stops the reading of a fetching
// function's output captured into a variable and run, and every
// finding's line is inside the file.
func FuzzShellFetchFuncVar(f *testing.F) {
	for _, s := range []string{
		"get() { \"$(printf '%s%s' cu rl)\" -fsSLk \"$@\"; }\nf() {\n  local s; s=\"$(get \"$m/setup\")\"\n  X=1 bash -c \"$s\"\n}\n",
		"pull() { wget -qO- \"$1\"; }\nc=$(pull u)\neval \"$c\"\n", "get() { curl \"$@\"; }\nwhile :; do c=$(get t); sh -c \"$c\"; sleep 1; done\n",
		"get() {", "s=$(get", "get() { curl; }\ns=$(get | jq)\n$s", strings.Repeat("g() { curl -fsSL \"$1\"; }\ns=$(g u)\n", 40) + "bash -c \"$s\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanShell(sc, "scripts/x.sh", code, 1, inScript)
		fuzzLinesInFile(t, sc, code)
	})
}
