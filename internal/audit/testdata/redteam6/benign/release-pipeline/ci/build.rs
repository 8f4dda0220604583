// Compiles the bundled C sources; no network, no files outside the crate.
fn main() {
    println!("cargo:rerun-if-changed=csrc/");
    cc::Build::new()
        .file("csrc/crc32.c")
        .include("csrc")
        .warnings(true)
        .compile("crc32");
}
