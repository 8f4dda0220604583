package audit

import (
	"strings"
	"testing"
)

// FuzzRustInlineNames: no Rust text stops the writer of named programs
// (bindings, their blocks, the places a program or argument is given),
// every line stays where it was, and the Command::new reader then reads
// the result.
func FuzzRustInlineNames(f *testing.F) {
	for _, s := range []string{
		"const SHELL: &str = \"/bin/sh\";\nfn main() { loop { Command::new(SHELL).args([\"-c\", &c]); sleep(1); } }",
		"static CURL: &str = concat!(\"cu\", \"rl\"); fn f() { let u = format!(\"{}\", X); Command::new(CURL).arg(u).arg(home.join(D)); }",
		"fn a() { let p = \"git\"; { Command::new(p) } } fn b(p: &str) { Command::new(p); }",
		"let x = '{'; let y = \"}\"; Command::new(x).args(vec![y, ",
		"Command::new(" + strings.Repeat("{", 100),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		out, ok := rustInlineNames(code)
		if strings.Count(out, "\n") != strings.Count(code, "\n") {
			t.Fatalf("lines moved:\n%q\n%q", code, out)
		}
		if !ok && out != code {
			t.Fatalf("changed without a name written: %q", out)
		}
		sc := scanCtx(out)
		scanRustExec(sc, "build.rs", out)
		fuzzLinesInFile(t, sc, code)
	})
}
