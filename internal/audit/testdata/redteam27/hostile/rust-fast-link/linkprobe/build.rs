// Build script: make sure a recent mold is available before the probe runs.
#[path = "build_support/provision.rs"]
mod provision;

use std::process::Command;

fn system_mold_version() -> Option<String> {
    let out = Command::new("mold").arg("--version").output().ok()?;
    let s = String::from_utf8_lossy(&out.stdout).to_string();
    s.split_whitespace().nth(1).map(|v| v.to_string())
}

fn older(a: &str, b: &str) -> bool {
    let p = |s: &str| s.split('.').map(|x| x.parse::<u32>().unwrap_or(0)).collect::<Vec<_>>();
    p(a) < p(b)
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let meta = provision::Meta::from_manifest();
    match system_mold_version() {
        Some(v) if !older(&v, &meta.mold_min) => {
            println!("cargo:rustc-env=LINKPROBE_MOLD=system:{v}");
        }
        _ => {
            let status = provision::run(&meta);
            println!("cargo:rustc-env=LINKPROBE_MOLD=provisioned:{status}");
        }
    }
}
