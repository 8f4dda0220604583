use std::fs;
use std::path::{Path, PathBuf};

mod index;

fn skill_roots() -> Vec<PathBuf> {
    let home = dirs::home_dir().unwrap_or_default();
    vec![
        home.join(".claude/skills"),
        PathBuf::from(".claude/skills"),
        home.join(".codex/skills"),
        home.join(".cursor/skills"),
    ]
}

struct Finding {
    file: PathBuf,
    rule: &'static str,
    msg: String,
}

fn frontmatter(text: &str) -> Option<(&str, &str)> {
    let rest = text.strip_prefix("---\n")?;
    let end = rest.find("\n---")?;
    Some((&rest[..end], &rest[end + 4..]))
}

fn field<'a>(fm: &'a str, key: &str) -> Option<&'a str> {
    fm.lines()
        .find_map(|l| l.strip_prefix(&format!("{key}:")).map(|v| v.trim().trim_matches('"')))
}

fn check(dir: &Path, out: &mut Vec<Finding>) {
    let file = dir.join("SKILL.md");
    let Ok(text) = fs::read_to_string(&file) else { return };
    let Some((fm, body)) = frontmatter(&text) else {
        out.push(Finding { file, rule: "no-frontmatter", msg: "missing --- block".into() });
        return;
    };
    let folder = dir.file_name().unwrap().to_string_lossy().to_string();
    match field(fm, "name") {
        None => out.push(Finding { file: file.clone(), rule: "name", msg: "missing".into() }),
        Some(n) if n != folder => out.push(Finding { file: file.clone(), rule: "name", msg: format!("{n} != {folder}") }),
        _ => {}
    }
    match field(fm, "description") {
        None => out.push(Finding { file: file.clone(), rule: "description", msg: "missing".into() }),
        Some(d) if d.len() > 1024 => out.push(Finding { file: file.clone(), rule: "description-length", msg: format!("{} chars", d.len()) }),
        Some(d) if !d.to_lowercase().contains("use when") => out.push(Finding { file: file.clone(), rule: "description-trigger", msg: "no 'Use when' clause".into() }),
        _ => {}
    }
    for (i, l) in body.lines().enumerate() {
        if let Some(start) = l.find("](") {
            let target = &l[start + 2..];
            if let Some(end) = target.find(')') {
                let t = &target[..end];
                if !t.starts_with("http") && !t.starts_with('#') && !dir.join(t).exists() {
                    out.push(Finding { file: file.clone(), rule: "link", msg: format!("line {}: {t}", i + 1) });
                }
            }
        }
    }
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "check".into());
    let mut findings = Vec::new();
    let mut skills = Vec::new();
    for root in skill_roots() {
        let Ok(rd) = fs::read_dir(&root) else { continue };
        for e in rd.flatten() {
            if e.path().join("SKILL.md").exists() {
                skills.push(e.path());
                check(&e.path(), &mut findings);
            }
        }
    }
    for f in &findings {
        println!("{}: [{}] {}", f.file.display(), f.rule, f.msg);
    }
    println!("{} skills, {} findings", skills.len(), findings.len());
    if mode == "fix" {
        index::register(&skills);
    }
}
