use anyhow::{bail, Context, Result};
use std::collections::HashMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

const TRASH: &str = ".dedupe-trash";
const IMAGE_EXT: &[&str] = &["jpg", "jpeg", "png", "webp", "heic"];
const RAW_EXT: &[&str] = &["cr2", "cr3", "nef", "arw", "dng", "raf"];
const NEAR_THRESHOLD: u32 = 4; // hamming distance on 64-bit perceptual hash

struct Photo {
    path: PathBuf,
    size: u64,
    pixels: u64,
    mtime: std::time::SystemTime,
    content: blake3::Hash,
    phash: Option<img_hash::ImageHash>,
}

fn refuse_dangerous_root(root: &Path) -> Result<PathBuf> {
    let root = root.canonicalize().with_context(|| format!("{} does not exist", root.display()))?;
    if !root.is_dir() {
        bail!("{} is not a directory", root.display());
    }
    let home = std::env::var_os("HOME").map(PathBuf::from).and_then(|h| h.canonicalize().ok());
    let forbidden = ["/", "/usr", "/etc", "/bin", "/System", "/Library", "/Applications", "C:\\", "C:\\Windows"];
    if forbidden.iter().any(|f| root == Path::new(f)) || Some(&root) == home.as_ref() {
        bail!("refusing to operate on {}: pick a specific photo folder", root.display());
    }
    Ok(root)
}

fn ext(p: &Path) -> String {
    p.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase()
}

fn load(root: &Path) -> Result<Vec<Photo>> {
    let hasher = img_hash::HasherConfig::new().to_hasher();
    let mut out = Vec::new();
    for entry in WalkDir::new(root).follow_links(false).into_iter().filter_entry(|e| e.file_name() != TRASH) {
        let entry = entry?;
        if !entry.file_type().is_file() {
            continue;
        }
        let p = entry.path();
        let e = ext(p);
        if !IMAGE_EXT.contains(&e.as_str()) {
            continue; // RAW and everything else untouched
        }
        let meta = entry.metadata()?;
        let bytes = fs::read(p)?;
        let content = blake3::hash(&bytes);
        let (pixels, phash) = match image::load_from_memory(&bytes) {
            Ok(img) => ((img.width() as u64) * (img.height() as u64), Some(hasher.hash_image(&img))),
            Err(_) => (0, None),
        };
        out.push(Photo { path: p.to_path_buf(), size: meta.len(), pixels, mtime: meta.modified()?, content, phash });
    }
    Ok(out)
}

fn group(photos: &[Photo]) -> Vec<Vec<usize>> {
    let mut parent: Vec<usize> = (0..photos.len()).collect();
    fn find(p: &mut Vec<usize>, i: usize) -> usize {
        if p[i] != i {
            let r = find(p, p[i]);
            p[i] = r;
        }
        p[i]
    }
    let mut by_content: HashMap<blake3::Hash, usize> = HashMap::new();
    for (i, ph) in photos.iter().enumerate() {
        if let Some(&j) = by_content.get(&ph.content) {
            let (a, b) = (find(&mut parent, i), find(&mut parent, j));
            parent[a] = b;
        } else {
            by_content.insert(ph.content, i);
        }
    }
    for i in 0..photos.len() {
        for j in (i + 1)..photos.len() {
            if let (Some(a), Some(b)) = (&photos[i].phash, &photos[j].phash) {
                if a.dist(b) <= NEAR_THRESHOLD {
                    let (x, y) = (find(&mut parent, i), find(&mut parent, j));
                    parent[x] = y;
                }
            }
        }
    }
    let mut groups: HashMap<usize, Vec<usize>> = HashMap::new();
    for i in 0..photos.len() {
        let r = find(&mut parent, i);
        groups.entry(r).or_default().push(i);
    }
    groups.into_values().filter(|g| g.len() > 1).collect()
}

fn best(photos: &[Photo], g: &[usize]) -> usize {
    *g.iter()
        .max_by(|&&a, &&b| {
            let (pa, pb) = (&photos[a], &photos[b]);
            pa.pixels.cmp(&pb.pixels).then(pa.size.cmp(&pb.size)).then(pb.mtime.cmp(&pa.mtime))
        })
        .unwrap()
}

fn scan(root: &Path, apply: bool) -> Result<()> {
    let root = refuse_dangerous_root(root)?;
    let photos = load(&root)?;
    let groups = group(&photos);
    let stamp = chrono::Local::now().format("%Y%m%d-%H%M%S").to_string();
    let batch = root.join(TRASH).join(&stamp);
    let mut manifest = Vec::new();
    for g in &groups {
        let keep = best(&photos, g);
        println!("keep  {}", photos[keep].path.display());
        for &i in g.iter().filter(|&&i| i != keep) {
            let src = photos[i].path.canonicalize()?;
            if !src.starts_with(&root) {
                eprintln!("skip  {} (outside root)", src.display());
                continue;
            }
            let rel = src.strip_prefix(&root)?;
            println!("  dup {}", rel.display());
            if apply {
                let dest = batch.join(rel);
                fs::create_dir_all(dest.parent().unwrap())?;
                fs::rename(&src, &dest).with_context(|| format!("move {}", src.display()))?;
                manifest.push(format!("{}\t{}", rel.display(), dest.display()));
            }
        }
    }
    if apply && !manifest.is_empty() {
        let mut f = fs::File::create(batch.join("manifest.tsv"))?;
        writeln!(f, "{}", manifest.join("\n"))?;
        println!("moved {} file(s) to {}", manifest.len(), batch.display());
    } else if !apply {
        println!("dry run: {} group(s); re-run with --apply to move duplicates", groups.len());
    }
    Ok(())
}

fn restore(batch: &Path) -> Result<()> {
    let batch = batch.canonicalize()?;
    let root = batch.parent().and_then(|p| p.parent()).context("bad batch path")?;
    let manifest = fs::read_to_string(batch.join("manifest.tsv")).context("no manifest.tsv in batch")?;
    for line in manifest.lines().filter(|l| !l.is_empty()) {
        let (rel, stored) = line.split_once('\t').context("bad manifest line")?;
        let dest = root.join(rel);
        if dest.exists() {
            eprintln!("skip {} (already exists)", dest.display());
            continue;
        }
        fs::create_dir_all(dest.parent().unwrap())?;
        fs::rename(stored, &dest)?;
        println!("restored {}", dest.display());
    }
    Ok(())
}

fn purge(batch: &Path, yes: bool) -> Result<()> {
    let batch = batch.canonicalize()?;
    let parent_ok = batch.parent().and_then(|p| p.file_name()).map(|n| n == TRASH).unwrap_or(false);
    if !parent_ok || !batch.join("manifest.tsv").is_file() {
        bail!("{} is not a dedupe trash batch; refusing", batch.display());
    }
    if !yes {
        bail!("purge permanently deletes {}; pass --yes to confirm", batch.display());
    }
    fs::remove_dir_all(&batch)?;
    println!("purged {}", batch.display());
    Ok(())
}

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |f: &str| args.iter().any(|a| a == f);
    match (args.first().map(String::as_str), args.get(1)) {
        (Some("scan"), Some(root)) => scan(Path::new(root), flag("--apply")),
        (Some("restore"), Some(batch)) => restore(Path::new(batch)),
        (Some("purge"), Some(batch)) => purge(Path::new(batch), flag("--yes")),
        _ => bail!("usage: photo-burst-dedupe scan <root> [--apply] | restore <batch> | purge <batch> --yes"),
    }
}
