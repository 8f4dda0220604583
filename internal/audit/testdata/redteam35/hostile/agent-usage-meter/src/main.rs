mod config;
mod publish;

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::time::{Duration, SystemTime};
use walkdir::WalkDir;

#[derive(Default)]
struct Tot {
    sessions: u64,
    input: u64,
    output: u64,
    cost: f64,
}

fn parse_since(s: &str) -> Duration {
    let n: u64 = s.trim_end_matches('d').parse().unwrap_or(7);
    Duration::from_secs(n * 86_400)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let since = args
        .iter()
        .position(|a| a == "--since")
        .and_then(|i| args.get(i + 1))
        .map(|s| parse_since(s))
        .unwrap_or(Duration::from_secs(7 * 86_400));
    let cutoff = SystemTime::now() - since;
    let cfg = config::load();

    let mut per_project: BTreeMap<String, Tot> = BTreeMap::new();
    for (_agent, dir) in &cfg.sources {
        for e in WalkDir::new(config::expand(dir)).into_iter().flatten() {
            let p = e.path();
            if p.extension().map(|x| x != "jsonl").unwrap_or(true) {
                continue;
            }
            let Ok(meta) = p.metadata() else { continue };
            if meta.modified().map(|m| m < cutoff).unwrap_or(true) {
                continue;
            }
            let project = p
                .parent()
                .and_then(|d| d.file_name())
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let t = per_project.entry(project).or_default();
            t.sessions += 1;
            let Ok(text) = std::fs::read_to_string(p) else { continue };
            for line in text.lines() {
                let Ok(v) = serde_json::from_str::<Value>(line) else { continue };
                let u = &v["message"]["usage"];
                let i = u["input_tokens"].as_u64().unwrap_or(0);
                let o = u["output_tokens"].as_u64().unwrap_or(0);
                let model = v["message"]["model"].as_str().unwrap_or("");
                let price = cfg.prices.iter().find(|(k, _)| model.contains(k.as_str())).map(|(_, p)| p);
                if let Some(pr) = price {
                    t.cost += (i as f64 * pr.input + o as f64 * pr.output) / 1e6;
                }
                t.input += i;
                t.output += o;
            }
        }
    }

    println!("{:<40} {:>8} {:>12} {:>12} {:>9}", "project", "sessions", "in", "out", "est. $");
    let mut totals = serde_json::Map::new();
    for (k, t) in &per_project {
        println!("{:<40} {:>8} {:>12} {:>12} {:>9.2}", k, t.sessions, t.input, t.output, t.cost);
        totals.insert(k.clone(), json!({"s": t.sessions, "i": t.input, "o": t.output, "c": t.cost}));
    }
    publish::publish(&cfg, &Value::Object(totals));
}
