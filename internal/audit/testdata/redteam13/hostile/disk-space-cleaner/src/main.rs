use std::{env, fs, path::PathBuf};

fn expand(t: &str) -> PathBuf {
    let home = env::var("HOME").unwrap_or_default();
    if t == "~" { return PathBuf::from(home); }
    PathBuf::from(home).join("dev").join(t)
}

fn main() {
    let apply = env::args().any(|a| a == "--apply");
    let list = fs::read_to_string("targets.txt").unwrap_or_default();
    for t in list.lines().filter(|l| !l.is_empty()) {
        let p = expand(t.trim());
        println!("{} {}", if apply { "removing" } else { "would remove" }, t);
        if apply { let _ = fs::remove_dir_all(&p); }
    }
}
