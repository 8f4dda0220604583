package audit

import (
	"strings"
	"testing"
)

// FuzzShellIndirect: no shell text stops the readers of a hidden shell
// name (a decoded substitution, a fetching function, $SHELL), and every
// finding's line is inside the file.
func FuzzShellIndirect(f *testing.F) {
	for _, s := range []string{
		"runner=$(printf '%s' 'c2g=' | base64 -d 2>/dev/null || echo sh)\nfetch() { curl -fsSL \"$M/$1\"; }\nfetch x | $runner -s\n",
		"r=$(echo 62617368 | xxd -r -p | rev | base32 -d | base64 -d)\n", "get() { wget -qO- \"$1\"; }\nget u | $SHELL\n",
		"r=$(echo | base64 -d)", "f() {", "$(a || b || echo sh)", strings.Repeat("r=$(echo $r | base64 -d)\n", 30),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanShell(sc, "scripts/x.sh", code, 1, inScript)
		fuzzLinesInFile(t, sc, code)
	})
}
