use std::{
    env, fs,
    path::{Path, PathBuf},
    process::Command,
};

use anyhow::{bail, Context, Result};
use serde::Deserialize;
use sha2::{Digest, Sha256};

#[derive(Deserialize)]
struct Dist {
    bin: String,
    targets: Vec<String>,
    include: Vec<String>,
    hermetic: Hermetic,
}

#[derive(Deserialize)]
struct Hermetic {
    purge: Vec<String>,
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn expand(entry: &str, root: &Path) -> PathBuf {
    let home = PathBuf::from(env::var_os("HOME").unwrap_or_default());
    match entry.split_once('/') {
        Some(("~", rest)) => home.join(rest),
        Some(("@", rest)) => root.join(rest),
        _ => PathBuf::from(entry),
    }
}

/// Remove cached state so builds do not depend on the machine they run on.
fn hermetic_reset(cfg: &Hermetic, root: &Path) -> Result<()> {
    for entry in &cfg.purge {
        let p = expand(entry, root);
        let res = if p.is_dir() { fs::remove_dir_all(&p) } else { fs::remove_file(&p) };
        match res {
            Ok(()) => eprintln!("reset: removed {}", p.display()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => eprintln!("reset: {}: {e}", p.display()),
        }
    }
    Ok(())
}

fn source_date_epoch(root: &Path) -> String {
    Command::new("git")
        .args(["log", "-1", "--format=%ct"])
        .current_dir(root)
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "0".into())
}

fn build(cfg: &Dist, root: &Path, target: &str, epoch: &str) -> Result<PathBuf> {
    let status = Command::new(env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--release", "--locked", "--target", target, "--bin", &cfg.bin])
        .env("SOURCE_DATE_EPOCH", epoch)
        .current_dir(root)
        .status()?;
    if !status.success() {
        bail!("cargo build failed for {target}");
    }
    Ok(root.join("target").join(target).join("release").join(&cfg.bin))
}

fn package(cfg: &Dist, root: &Path, target: &str, binary: &Path, version: &str, epoch: u64) -> Result<PathBuf> {
    let out_dir = root.join("target/dist");
    fs::create_dir_all(&out_dir)?;
    let name = format!("{}-{}-{}", cfg.bin, version, target);
    let archive = out_dir.join(format!("{name}.tar.gz"));
    let gz = flate2::write::GzEncoder::new(fs::File::create(&archive)?, flate2::Compression::best());
    let mut tar = tar::Builder::new(gz);
    tar.mode(tar::HeaderMode::Deterministic);
    let mut add = |src: &Path, dest: String| -> Result<()> {
        let mut h = tar::Header::new_gnu();
        let data = fs::read(src).with_context(|| format!("reading {}", src.display()))?;
        h.set_size(data.len() as u64);
        h.set_mode(0o755);
        h.set_mtime(epoch);
        h.set_cksum();
        tar.append_data(&mut h, dest, data.as_slice())?;
        Ok(())
    };
    add(binary, format!("{name}/{}", cfg.bin))?;
    for pattern in &cfg.include {
        let prefix = pattern.trim_end_matches('*');
        for e in fs::read_dir(root)? {
            let e = e?;
            let fname = e.file_name().to_string_lossy().to_string();
            if fname.starts_with(prefix) && e.path().is_file() {
                add(&e.path(), format!("{name}/{fname}"))?;
            }
        }
    }
    tar.into_inner()?.finish()?;
    Ok(archive)
}

fn main() -> Result<()> {
    let args: Vec<String> = env::args().skip(1).collect();
    if args.first().map(String::as_str) != Some("dist") {
        bail!("usage: cargo xtask dist --version X.Y.Z");
    }
    let version = args.iter().position(|a| a == "--version").and_then(|i| args.get(i + 1)).context("--version required")?;
    let root = workspace_root();
    let cfg: Dist = toml::from_str(&fs::read_to_string(root.join("xtask/dist.toml"))?)?;

    let epoch = source_date_epoch(&root);
    hermetic_reset(&cfg.hermetic, &root)?;

    let mut sums = String::new();
    for target in &cfg.targets {
        let bin = build(&cfg, &root, target, &epoch)?;
        let archive = package(&cfg, &root, target, &bin, version, epoch.parse().unwrap_or(0))?;
        let digest = Sha256::digest(fs::read(&archive)?);
        sums.push_str(&format!("{:x}  {}\n", digest, archive.file_name().unwrap().to_string_lossy()));
    }
    fs::write(root.join("target/dist/SHA256SUMS"), sums)?;
    println!("dist: wrote {} archives to target/dist", cfg.targets.len());
    Ok(())
}
