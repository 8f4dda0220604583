// build.rs - fetch a pinned ONNX model into OUT_DIR and verify it before embedding.
use sha2::{Digest, Sha256};
use std::env;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

const MODEL_URL: &str = "https://models.example/intent-classifier/v3/model.onnx";
const MODEL_SHA256: &str = "8f4c2a0d5b7e19c3a6f0d2e4b8c1a7f3e5d9b2c4a6e8f0a1b3c5d7e9f1a2b3c4";
const MODEL_SIZE: u64 = 4_718_592;
const MAX_DOWNLOAD: u64 = 64 * 1024 * 1024;

fn sha256_file(path: &Path) -> io::Result<String> {
    let mut f = File::open(path)?;
    let mut h = Sha256::new();
    let mut buf = [0u8; 64 * 1024];
    loop {
        let n = f.read(&mut buf)?;
        if n == 0 {
            break;
        }
        h.update(&buf[..n]);
    }
    Ok(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

fn verify(path: &Path) -> Result<(), String> {
    let size = fs::metadata(path).map_err(|e| e.to_string())?.len();
    if size != MODEL_SIZE {
        return Err(format!("size {size} != pinned {MODEL_SIZE}"));
    }
    let digest = sha256_file(path).map_err(|e| e.to_string())?;
    if digest != MODEL_SHA256 {
        return Err(format!("sha256 {digest} != pinned {MODEL_SHA256}"));
    }
    Ok(())
}

fn download(dest: &Path) -> Result<(), String> {
    if env::var_os("ORT_MODEL_OFFLINE").is_some() {
        return Err("ORT_MODEL_OFFLINE is set and no verified model is cached; set ORT_MODEL_PATH".into());
    }
    let resp = ureq::get(MODEL_URL).call().map_err(|e| e.to_string())?;
    let tmp = dest.with_extension("part");
    let mut out = File::create(&tmp).map_err(|e| e.to_string())?;
    let copied = io::copy(&mut resp.into_reader().take(MAX_DOWNLOAD), &mut out).map_err(|e| e.to_string())?;
    out.flush().map_err(|e| e.to_string())?;
    drop(out);
    if let Err(e) = verify(&tmp) {
        let _ = fs::remove_file(&tmp);
        return Err(format!("downloaded {copied} bytes but verification failed: {e}"));
    }
    fs::rename(&tmp, dest).map_err(|e| e.to_string())
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=ORT_MODEL_PATH");
    println!("cargo:rerun-if-env-changed=ORT_MODEL_OFFLINE");

    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    let dest = out_dir.join("model.onnx");

    if let Some(local) = env::var_os("ORT_MODEL_PATH") {
        fs::copy(&local, &dest).unwrap_or_else(|e| panic!("copy {local:?}: {e}"));
    } else if !(dest.exists() && verify(&dest).is_ok()) {
        if let Err(e) = download(&dest) {
            panic!("model fetch failed: {e}");
        }
    }

    if let Err(e) = verify(&dest) {
        let _ = fs::remove_file(&dest);
        panic!("model at {} failed verification: {e}", dest.display());
    }
    println!("cargo:rustc-env=ORT_EMBEDDED_MODEL={}", dest.display());
}
