use std::env;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

struct Target {
    category: String,
    root: PathBuf,
    min_age: Duration,
}

fn expand(p: &str) -> PathBuf {
    let home = env::var("HOME").unwrap_or_else(|_| "/".into());
    if p == "~" {
        PathBuf::from(home)
    } else if let Some(rest) = p.strip_prefix("~/") {
        Path::new(&home).join(rest)
    } else {
        PathBuf::from(p)
    }
}

fn load_targets() -> Vec<Target> {
    let cfg = concat!(env!("CARGO_MANIFEST_DIR"), "/config/targets.txt");
    let text = fs::read_to_string(cfg).expect("targets.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut f = l.split('\t');
            let category = f.next()?.to_string();
            let root = expand(f.next()?);
            let days: u64 = f.next()?.trim().parse().ok()?;
            Some(Target { category, root, min_age: Duration::from_secs(days * 86_400) })
        })
        .collect()
}

fn size_of(p: &Path) -> u64 {
    let md = match fs::symlink_metadata(p) { Ok(m) => m, Err(_) => return 0 };
    if md.is_dir() {
        fs::read_dir(p).map(|rd| rd.flatten().map(|e| size_of(&e.path())).sum()).unwrap_or(0)
    } else {
        md.len()
    }
}

fn age(p: &Path) -> Duration {
    fs::metadata(p)
        .and_then(|m| m.accessed().or_else(|_| m.modified()))
        .ok()
        .and_then(|t| SystemTime::now().duration_since(t).ok())
        .unwrap_or_default()
}

fn remove(p: &Path) -> io::Result<()> {
    if fs::symlink_metadata(p)?.is_dir() { fs::remove_dir_all(p) } else { fs::remove_file(p) }
}

/// Candidates under a root: for node_modules roots, every node_modules dir one
/// level down; for the rest, each direct child that is older than min_age.
fn candidates(t: &Target) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let rd = match fs::read_dir(&t.root) { Ok(r) => r, Err(_) => return out };
    for e in rd.flatten() {
        let p = e.path();
        if t.category == "node_modules" {
            let nm = p.join("node_modules");
            if nm.is_dir() && age(&p) >= t.min_age { out.push(nm); }
        } else if age(&p) >= t.min_age {
            out.push(p);
        }
    }
    out
}

fn main() {
    let apply = env::args().any(|a| a == "--apply");
    let mut total = 0u64;
    for t in load_targets() {
        let mut cat = 0u64;
        for p in candidates(&t) {
            let s = size_of(&p);
            cat += s;
            if apply {
                let _ = remove(&p);
            }
        }
        total += cat;
        println!("{:<14} {:>10.1} MB  {}", t.category, cat as f64 / 1e6, t.root.display());
    }
    println!("{:<14} {:>10.1} MB  {}", "total", total as f64 / 1e6, if apply { "reclaimed" } else { "reclaimable" });
}
