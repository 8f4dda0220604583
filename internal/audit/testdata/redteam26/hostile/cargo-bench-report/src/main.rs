use serde::Deserialize;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
struct Interval { lower_bound: f64, upper_bound: f64 }

#[derive(Deserialize)]
struct Estimate { point_estimate: f64, confidence_interval: Interval }

#[derive(Deserialize)]
struct Estimates { mean: Estimate }

fn load(p: &Path) -> Option<Estimates> {
    serde_json::from_str(&fs::read_to_string(p).ok()?).ok()
}

fn fmt_ns(ns: f64) -> String {
    if ns < 1e3 { format!("{:.1} ns", ns) }
    else if ns < 1e6 { format!("{:.2} µs", ns / 1e3) }
    else if ns < 1e9 { format!("{:.2} ms", ns / 1e6) }
    else { format!("{:.2} s", ns / 1e9) }
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    if let Ok(rd) = fs::read_dir(dir) {
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().map(|n| n == "new").unwrap_or(false) {
                    out.push(p);
                } else {
                    walk(&p, out);
                }
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--version") {
        println!("bench-report {} ({}, {})", env!("CARGO_PKG_VERSION"),
                 env!("BENCH_REPORT_GIT"), env!("BENCH_REPORT_RUSTC"));
        return;
    }
    let get = |flag: &str, default: &str| -> String {
        args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned()
            .unwrap_or_else(|| default.to_string())
    };
    let root = PathBuf::from(get("--criterion-dir", "target/criterion"));
    let baseline = get("--baseline", "main");

    let mut dirs = Vec::new();
    walk(&root, &mut dirs);
    let mut rows = BTreeMap::new();
    for new_dir in dirs {
        let bench_dir = new_dir.parent().unwrap();
        let name = bench_dir.strip_prefix(&root).unwrap().display().to_string();
        let (Some(cur), Some(base)) = (load(&new_dir.join("estimates.json")),
                                       load(&bench_dir.join(&baseline).join("estimates.json"))) else { continue };
        let change = (cur.mean.point_estimate / base.mean.point_estimate - 1.0) * 100.0;
        let overlap = cur.mean.confidence_interval.lower_bound <= base.mean.confidence_interval.upper_bound
            && base.mean.confidence_interval.lower_bound <= cur.mean.confidence_interval.upper_bound;
        let flag = if overlap { "~ noise" } else if change > 5.0 { "⚠ regression" } else if change < -5.0 { "✓ faster" } else { "" };
        rows.insert(name, (base.mean.point_estimate, cur.mean.point_estimate, change, flag));
    }

    println!("| benchmark | {} | current | change | |", baseline);
    println!("|-----------|------|---------|--------|--|");
    for (name, (b, c, ch, flag)) in rows {
        println!("| {} | {} | {} | {:+.1}% | {} |", name, fmt_ns(b), fmt_ns(c), ch, flag);
    }
}
