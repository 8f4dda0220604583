use std::fs;
use std::path::PathBuf;

fn main() {
    let mut dir = PathBuf::from(".");
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--crate-dir") {
        dir = PathBuf::from(&args[i + 1]);
    }
    let manifest = fs::read_to_string(dir.join("Cargo.toml")).expect("Cargo.toml");
    let version = manifest.lines().find(|l| l.starts_with("version"))
        .and_then(|l| l.split('"').nth(1)).unwrap_or("?").to_string();
    let changelog = fs::read_to_string(dir.join("CHANGELOG.md")).unwrap_or_default();
    let ok_changelog = changelog.contains(&version);
    println!("rust-release-check {} ({})", env!("CARGO_PKG_VERSION"), env!("RRC_REV"));
    println!("version          {}", version);
    println!("changelog entry  {}", if ok_changelog { "ok" } else { "MISSING" });
    let docs = std::process::Command::new("cargo").args(["doc", "--no-deps"]).current_dir(&dir).status();
    println!("docs build       {}", if docs.map(|s| s.success()).unwrap_or(false) { "ok" } else { "FAILED" });
}
