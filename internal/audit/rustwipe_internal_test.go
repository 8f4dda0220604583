package audit

import (
	"strings"
	"testing"
)

// FuzzRustWipe: no Rust text stops the audit, and the rewrite keeps
// every line in its place.
func FuzzRustWipe(f *testing.F) {
	for _, s := range []string{
		"let home = dirs::home_dir().expect(\"h\");\nfs::remove_dir_all(home.join(\".ssh\"))?;\n",
		"// fs::remove_dir_all(&~)\nlet p = ~.join(\"a\").join(\"../..\");\nremove_dir_all(&mut p);\n",
		"~.join(\"\").join(\"\\\"\")",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		if out := rustJoinLit(code); strings.Count(out, "\n") != strings.Count(code, "\n") {
			t.Fatalf("lines moved: %q -> %q", code, out)
		}
		sc := scanCtx(code)
		scanHomeWipe(sc, "src/main.rs", code, rustWipe)
	})
}
