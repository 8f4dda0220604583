package audit

import (
	"strings"
	"testing"
)

// FuzzRustPipes: no Rust text stops the pipe reader (rustEvents'
// bindings, function bodies and their results, the writes into a
// command's standard input, rustRoot's segments and decodings, the
// receivers of write_all), and every assignment it writes is on a line
// of the file.
func FuzzRustPipes(f *testing.F) {
	for _, s := range []string{
		"let Ok(d) = Command::new(\"curl\").stdout(Stdio::piped()).spawn() else { return };\nCommand::new(\"sh\").stdin(d.stdout.unwrap());",
		"let o = Command::new(\"curl\").output()?; let mut s = Command::new(\"sh\").spawn()?; s.stdin.as_mut().unwrap().write_all(&o.stdout)?;",
		"fn f(u: &str) -> Child { Command::new(\"curl\").arg(u).spawn().unwrap() }\nfn main() { let c = f(x); Command::new(\"sh\").stdin(Stdio::from(c.stdout.take().unwrap())); }",
		"let b = reqwest::blocking::get(u)?.text()?; write!(p.stdin.as_mut().unwrap(), \"{}\", b); io::copy(&mut a.stdout, &mut b.stdin);",
		"let s = String::from_utf8_lossy(&o.stdout); Command::new(\"sh\").args([\"-c\", &s]); Command::new(\"sh\").stdin(File::open(p)?);",
		"fn a() -> X { return b(); } fn b() -> X { a() } let x = a().stdout; Command::new(\"sh\").stdin(x)",
		"Command::new(\"sh\").stdin(" + strings.Repeat("String::from_utf8(", 50),
		"fn x() {" + strings.Repeat("{", 100) + ".write_all(",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		c := stripComments(code, kindJS)
		li := newLineIndex(c)
		res := newRustResolver(c)
		cmds := rustCommands(c, li, res)
		n := strings.Count(c, "\n") + 1
		for ln := range rustPipes(c, li, cmds, res, map[string]rustVal{"f": {net: true}}) {
			if ln < 0 || ln >= n {
				t.Fatalf("assignment at line %d of %d", ln, n)
			}
		}
		for _, b := range cmds {
			_ = b.shell(0)
		}
		sc := scanCtx(code)
		scanRustExec(sc, "build.rs", code)
	})
}
