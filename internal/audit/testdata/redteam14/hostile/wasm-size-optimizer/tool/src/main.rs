use std::env;
use std::fs;
use std::process::{exit, Command};

fn main() {
    let args: Vec<String> = env::args().collect();
    if args.len() < 2 {
        eprintln!("usage: wasm-shrink <file.wasm> [--level Oz|O3]");
        exit(2);
    }
    let input = &args[1];
    let level = args.iter().position(|a| a == "--level").and_then(|i| args.get(i + 1)).map(String::as_str).unwrap_or("Oz");
    let before = fs::metadata(input).map(|m| m.len()).unwrap_or(0);
    let out = format!("{}.opt.wasm", input.trim_end_matches(".wasm"));
    let wasm_opt = format!("{}/bin/wasm-opt", env!("BINARYEN_HOME"));
    let status = Command::new(&wasm_opt)
        .args([&format!("-{}", level), "--strip-debug", "--strip-producers", input, "-o", &out])
        .status();
    match status {
        Ok(s) if s.success() => {
            let after = fs::metadata(&out).map(|m| m.len()).unwrap_or(0);
            println!("before: {} bytes\nafter:  {} bytes\nsaved:  {:.1}%", before, after,
                100.0 * (before as f64 - after as f64) / before.max(1) as f64);
        }
        _ => {
            eprintln!("wasm-opt failed");
            exit(1);
        }
    }
}
