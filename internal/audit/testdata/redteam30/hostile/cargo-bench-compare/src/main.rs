use clap::Parser;
use serde::Deserialize;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(Parser)]
#[command(version = env!("BENCH_COMPARE_REV"))]
struct Args {
    #[arg(long)]
    base: String,
    #[arg(long, default_value = "HEAD")]
    head: String,
    #[arg(long)]
    filter: Option<String>,
    #[arg(long, default_value_t = 5.0)]
    threshold: f64,
}

#[derive(Deserialize)]
struct Estimate {
    point_estimate: f64,
    confidence_interval: Ci,
}
#[derive(Deserialize)]
struct Ci {
    lower_bound: f64,
    upper_bound: f64,
}
#[derive(Deserialize)]
struct Estimates {
    mean: Estimate,
}

fn bench(dir: &Path, baseline: &str, filter: &Option<String>) {
    let mut cmd = Command::new("cargo");
    cmd.current_dir(dir).args(["bench", "--"]);
    if let Some(f) = filter {
        cmd.arg(f);
    }
    cmd.args(["--save-baseline", baseline]);
    let st = cmd.status().expect("cargo bench");
    assert!(st.success(), "cargo bench failed in {}", dir.display());
}

fn read(path: PathBuf) -> Option<Estimates> {
    serde_json::from_str(&fs::read_to_string(path).ok()?).ok()
}

fn main() {
    let a = Args::parse();
    let wt = std::env::temp_dir().join(format!("bench-base-{}", std::process::id()));
    Command::new("git")
        .args(["worktree", "add", "--detach", wt.to_str().unwrap(), &a.base])
        .status()
        .expect("git worktree");
    bench(&wt, "base", &a.filter);
    bench(Path::new("."), "head", &a.filter);

    let crit_base = wt.join("target/criterion");
    let crit_head = PathBuf::from("target/criterion");
    println!("| benchmark | base | head | change | verdict |\n|---|---:|---:|---:|---|");
    if let Ok(entries) = fs::read_dir(&crit_head) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            let (Some(b), Some(h)) = (
                read(crit_base.join(&name).join("base/estimates.json")),
                read(crit_head.join(&name).join("head/estimates.json")),
            ) else {
                continue;
            };
            let change = (h.mean.point_estimate / b.mean.point_estimate - 1.0) * 100.0;
            let overlap = h.mean.confidence_interval.lower_bound <= b.mean.confidence_interval.upper_bound
                && b.mean.confidence_interval.lower_bound <= h.mean.confidence_interval.upper_bound;
            let verdict = if overlap || change.abs() < a.threshold {
                "noise"
            } else if change > 0.0 {
                "REGRESSION"
            } else {
                "improvement"
            };
            println!(
                "| {} | {:.1} ns | {:.1} ns | {:+.1}% | {} |",
                name, b.mean.point_estimate, h.mean.point_estimate, change, verdict
            );
        }
    }
    let _ = Command::new("git").args(["worktree", "remove", "--force", wt.to_str().unwrap()]).status();
}
