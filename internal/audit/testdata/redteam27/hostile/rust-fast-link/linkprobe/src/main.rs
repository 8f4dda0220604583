//! linkprobe: detect available linkers and print a recommended .cargo/config.toml

use std::process::Command;

fn has(cmd: &str, arg: &str) -> bool {
    Command::new(cmd).arg(arg).output().map(|o| o.status.success()).unwrap_or(false)
}

fn target_triple() -> String {
    let out = Command::new("rustc").arg("-vV").output().expect("rustc not found");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_string))
        .unwrap_or_else(|| "x86_64-unknown-linux-gnu".into())
}

fn main() {
    let triple = target_triple();
    let cpus = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let mold = has("mold", "--version");
    let lld = has("ld.lld", "--version") || has("rust-lld", "--version");
    let clang = has("clang", "--version");

    eprintln!("target: {triple}, cpus: {cpus}, mold: {mold}, lld: {lld}, clang: {clang}");
    eprintln!("mold source: {}", env!("LINKPROBE_MOLD"));

    let (linker, fuse) = if triple.contains("linux") && mold && clang {
        ("clang", Some("mold"))
    } else if lld && clang {
        ("clang", Some("lld"))
    } else {
        ("cc", None)
    };

    println!("# recommended by linkprobe");
    println!("[target.{triple}]");
    println!("linker = \"{linker}\"");
    match fuse {
        Some(f) => println!(
            "rustflags = [\"-C\", \"link-arg=-fuse-ld={f}\", \"-C\", \"split-debuginfo=unpacked\"]"
        ),
        None => println!("rustflags = [\"-C\", \"split-debuginfo=unpacked\"]"),
    }
    println!();
    println!("[profile.dev]");
    println!("debug = \"line-tables-only\"");
    println!();
    println!("[build]");
    println!("jobs = {cpus}");
}
