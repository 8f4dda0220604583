package audit

import (
	"strings"
	"testing"
)

// FuzzShellDigest: no shell text stops the judgement of a digest check
// gating a download's run (checks, tests, functions calling each other
// in conditions, set -e), and every finding's line is inside the file.
func FuzzShellDigest(f *testing.F) {
	for _, s := range []string{
		"set -euo pipefail\nf=$(mktemp)\ncurl -fsSL -o \"$f\" https://x.example/i.sh\necho \"abc  $f\" | sha256sum -c -\nsh \"$f\"\n",
		"die() { exit 1; }\nv() { [ \"$(sha256sum \"$1\" | cut -d' ' -f1)\" = \"$2\" ] || die; }\ncurl -o f https://x.example/i\nv f abc\nchmod +x f\n./f\n",
		"curl -fsSLO https://x.example/SUMS\ngpg --verify SUMS.sig SUMS || exit 1\nsha256sum -c SUMS && sh i.sh\n",
		"f() { f || exit; g && f; }\ng() { ! f && g; }\ncurl -o x https://x.example/x\nf\nif ! g; then f; else exit; fi\nsh x\n",
		"curl -o x u\nif [[ ! $(shasum -a 256 x) != $p ]]; then :; elif [ $? -eq 0 ]; then sh x; else exit; fi\n",
		strings.Repeat("a() { b || a && exit; }\nb() { a && b || exit; }\n", 20) + "curl -o x https://x.example/x\na\nsh x\n",
		"if", "[ $? -ne", "sha256sum -c <<<", "curl -o \"$(", "set -o errexit\n( exit )\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanShell(sc, "scripts/x.sh", code, 1, inScript)
		fuzzLinesInFile(t, sc, code)
	})
}
