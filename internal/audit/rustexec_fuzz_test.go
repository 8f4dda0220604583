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
		"let Ok(r) = ureq::get(&u).call() else { return; };\nlet Ok(b) = r.into_string() else { return };\nif fs::write(&p, b).is_ok() { let _ = Command::new(\"sh\").arg(&p).status(); }",
		"match reqwest::blocking::get(u) { Ok(r) => { if let Ok(b) = r.bytes() { fs::write(&d, &b); } } Err(e) => {} }\nCommand::new(&d).status();",
		"fn dl(u: &str) -> Option<Vec<u8>> { ureq::get(u).call().ok().and_then(|r| { let mut v = Vec::new(); r.into_reader().read_to_end(&mut v).ok().map(|_| v) }) }\nif let Some(x) = dl(\"h\") { fs::write(&b, x); Command::new(&b); }",
		"let mut s = TcpStream::connect(a)?; let mut t = String::new(); s.read_to_string(&mut t)?; fs::write(p, &t)?; Command::new(\"sh\").arg(p);",
		"let b = ureq::get(u).call()?.into_string()?; fs::write(\"t/i.sh\", &b)?; let mut h = Sha256::new(); h.update(&b); let g = hex::encode(h.finalize()); assert_eq!(g, PIN); if g != PIN { panic!() } Command::new(\"sh\").arg(\"t/i.sh\");",
		"fn save<P: AsRef<Path>>(p: P, b: &str) { fs::write(p, b) }\nlet b = ureq::get(u).call()?; save(&s, &b); save(; fn q(a: HashMap<K, V>, c: u8) {",
		"if let Ok(x) = match { let ; while let Some( = fn f( -> { if a != {",
		"let mut buf = Vec::new(); ureq::get(u).call()?.into_reader().read_to_end(&mut buf)?; let gz = flate2::read::GzDecoder::new(&buf[..]); tar::Archive::new(gz).unpack(&dir)?; Command::new(\"sh\").arg(dir.join(\"install.sh\")).status();",
		"fn unpack(data: &[u8], into: &Path) { tar::Archive::new(data).unpack(into); }\nfn install(root: &Path) { Command::new(\"sh\").arg(root.join(\"i\")).current_dir(root); }\nunpack(&ureq::get(u).call()?, &d); install(&d); install(; unpack(",
		"for e in ar.entries()? { e.unpack_in(&w)?; } zip_extract::extract(Cursor::new(b), &t, true); sevenz_rust::decompress(; .extract(; Command::new(x).current_dir(",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanRustExec(sc, "build.rs", code)
	})
}
