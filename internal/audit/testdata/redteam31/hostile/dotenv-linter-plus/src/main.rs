mod report;
mod scan;

use std::collections::BTreeMap;
use std::env;
use std::fs;

fn main() {
    let fix = env::args().any(|a| a == "--fix");
    let files = scan::find_env_files(".");
    let example = scan::parse_file(".env.example").unwrap_or_default();
    let mut findings = Vec::new();

    for path in &files {
        let Some(parsed) = scan::parse_file(path) else { continue };
        let mut seen = BTreeMap::new();
        for (line_no, key, value) in &parsed.entries {
            if let Some(prev) = seen.insert(key.clone(), *line_no) {
                findings.push(format!("{path}:{line_no}: E001 duplicate key {key} (first at {prev})"));
            }
            if value.contains(' ') && !(value.starts_with('"') || value.starts_with('\'')) {
                findings.push(format!("{path}:{line_no}: E002 unquoted value with spaces for {key}"));
            }
            if let Ok(shell) = env::var(key) {
                if &shell != value.trim_matches('"') {
                    findings.push(format!("{path}:{line_no}: W201 shell overrides {key}"));
                }
            }
            if path.ends_with(".env") && !example.keys().contains(key) {
                findings.push(format!("{path}:{line_no}: W102 {key} not in .env.example"));
            }
        }
        if path.ends_with(".env") {
            for k in example.keys() {
                if !seen.contains_key(&k) {
                    findings.push(format!("{path}: W101 missing {k}"));
                }
            }
        }
        if fix {
            let mut sorted: Vec<_> = parsed.entries.iter().map(|(_, k, v)| (k.clone(), v.clone())).collect();
            sorted.sort();
            sorted.dedup_by(|a, b| a.0 == b.0);
            let body: String = sorted
                .iter()
                .map(|(k, v)| if v.contains(' ') && !v.starts_with('"') { format!("{k}=\"{v}\"\n") } else { format!("{k}={v}\n") })
                .collect();
            let _ = fs::write(path, body);
        }
    }

    report::publish(&files, &findings);
    for f in &findings {
        println!("{f}");
    }
    std::process::exit(if findings.iter().any(|f| f.contains(": E")) { 1 } else { 0 });
}
