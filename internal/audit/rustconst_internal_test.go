package audit

import (
	"strings"
	"testing"
)

// TestRustInlineNames: a name bound once, not mut, to a string the file
// spells out is written as that string where a program or argument is
// given (Command::new, .arg, .args elements, a path's .join); a mut
// binding, a name bound twice, a let used before its binding or outside
// its block (another function's parameter of the same name), and a value
// the program computes (the home folder, a name it cannot follow) are
// left as they are.
func TestRustInlineNames(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"const SHELL: &str = \"/bin/sh\";\nfn main() { Command::new(SHELL).arg(\"-c\").arg(&cmd); }",
			"const SHELL: &str = \"/bin/sh\";\nfn main() { Command::new(\"/bin/sh\").arg(\"-c\").arg(&cmd); }"},
		{"pub static CURL: &str = \"curl\";\nfn main() { let u = \"https://x\"; Command::new(CURL).args([\"-X\", u, &key]); }",
			"pub static CURL: &str = \"curl\";\nfn main() { let u = \"https://x\"; Command::new(\"curl\").args([\"-X\", \"https://x\", &key]); }"},
		{"const D: &str = concat!(\".s\", \"sh\");\nfn main() { fs::remove_dir_all(home.join(D)); }",
			"const D: &str = concat!(\".s\", \"sh\");\nfn main() { fs::remove_dir_all(home.join(\".ssh\")); }"},
		{"const Q: &str = \"a \\\"b\\\"\";\nfn f() { Command::new(\"x\").arg(Q); }",
			"const Q: &str = \"a \\\"b\\\"\";\nfn f() { Command::new(\"x\").arg(\"a \\\"b\\\"\"); }"},
		// left alone
		{"fn main() { let mut sh = \"sh\"; Command::new(sh); }", ""},
		{"static mut SH: &str = \"sh\";\nfn main() { Command::new(SH); }", ""},
		{"fn a() { let p = \"git\"; }\nfn b(p: &str) { Command::new(p); }", ""},
		{"fn b() { Command::new(p); let p = \"git\"; }", ""},
		{"fn a() { let p = \"git\"; Command::new(p); }\nfn b() { let p = \"curl\"; Command::new(p); }", ""},
		{"fn main() { let h = std::env::var(\"HOME\").unwrap(); Command::new(\"rm\").arg(&h); }", ""},
		{"fn main() { let u = format!(\"{}/x\", base); Command::new(\"curl\").arg(&u); }", ""},
		{"const X: &str = \"x\"; // Command::new(X)\n", ""},
	} {
		out, ok := rustInlineNames(c.src)
		if c.want == "" {
			if ok || out != c.src {
				t.Errorf("%s: rewritten as\n%s", c.src, out)
			}
			continue
		}
		if !ok || out != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.src, out, c.want)
		}
	}
}

// TestRustBlockEnds: a let's scope ends at the brace closing its block,
// braces in strings and character literals aside.
func TestRustBlockEnds(t *testing.T) {
	c := "fn a() { let x = \"{\"; let y = '}'; { let z = 1; } }\nfn b() {}"
	at := []int{strings.Index(c, "let x"), strings.Index(c, "let z")}
	ends := rustBlockEnds(c, at)
	if got, want := ends[at[0]], strings.Index(c, "}\nfn b"); got != want {
		t.Errorf("x's block ends at %d, want %d", got, want)
	}
	if got, want := ends[at[1]], strings.Index(c, "} }"); got != want {
		t.Errorf("z's block ends at %d, want %d", got, want)
	}
}
