use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::Command;

use anyhow::{bail, Context, Result};
use clap::Parser;
use defmt_decoder::{DecodeError, Frame, Locations, Table};
use regex::Regex;

#[derive(Parser)]
#[command(name = "defmt-dec", about = "Decode defmt logs")]
struct Args {
    /// Firmware ELF that produced the log
    #[arg(long)]
    elf: PathBuf,
    /// Raw capture file (omit with --live)
    capture: Option<PathBuf>,
    /// Minimum level: trace|debug|info|warn|error
    #[arg(long, default_value = "trace")]
    level: String,
    /// Regex on the module path
    #[arg(long)]
    module: Option<String>,
    /// Print file:line for each frame
    #[arg(long)]
    locations: bool,
    /// JSON lines output
    #[arg(long)]
    json: bool,
    /// Attach over RTT via the probe helper
    #[arg(long)]
    live: bool,
    #[arg(long)]
    chip: Option<String>,
}

fn level_rank(l: &str) -> u8 {
    match l {
        "trace" => 0,
        "debug" => 1,
        "info" => 2,
        "warn" => 3,
        "error" => 4,
        _ => 0,
    }
}

fn emit(frame: &Frame, locs: &Option<Locations>, a: &Args, re: &Option<Regex>, out: &mut impl Write) -> Result<()> {
    let lvl = frame.level().map(|l| l.as_str()).unwrap_or("println");
    if level_rank(lvl) < level_rank(&a.level) {
        return Ok(());
    }
    let loc = locs.as_ref().and_then(|m| m.get(&frame.index()));
    if let (Some(re), Some(loc)) = (re, loc) {
        if !re.is_match(&loc.module) {
            return Ok(());
        }
    }
    let msg = frame.display_message().to_string();
    let ts = frame.display_timestamp().map(|t| t.to_string()).unwrap_or_default();
    if a.json {
        let v = serde_json::json!({
            "ts": ts, "level": lvl, "msg": msg,
            "file": loc.map(|l| l.file.display().to_string()),
            "line": loc.map(|l| l.line),
            "module": loc.map(|l| l.module.clone()),
        });
        writeln!(out, "{v}")?;
    } else if a.locations {
        let where_ = loc.map(|l| format!("{}:{}", l.file.display(), l.line)).unwrap_or_default();
        writeln!(out, "{ts:>10} {lvl:<5} {msg}  ({where_})")?;
    } else {
        writeln!(out, "{ts:>10} {lvl:<5} {msg}")?;
    }
    Ok(())
}

fn main() -> Result<()> {
    let a = Args::parse();
    let elf = fs::read(&a.elf).with_context(|| format!("reading {}", a.elf.display()))?;
    let table = Table::parse(&elf)?.context(".defmt section not found; was the firmware built with defmt?")?;
    let locs = table.get_locations(&elf).ok();
    let re = a.module.as_deref().map(Regex::new).transpose()?;

    if a.live {
        let helper = option_env!("DEFMT_DEC_HELPER").context("probe helper was not installed at build time")?;
        let chip = a.chip.clone().context("--live needs --chip")?;
        let status = Command::new(format!("{helper}/probe-helper"))
            .args(["rtt", "--chip", &chip, "--elf"])
            .arg(&a.elf)
            .status()?;
        if !status.success() {
            bail!("probe helper exited with {status}");
        }
        return Ok(());
    }

    let capture = a.capture.as_ref().context("capture file required (or --live)")?;
    let bytes = fs::read(capture)?;
    let mut decoder = table.new_stream_decoder();
    decoder.received(&bytes);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    loop {
        match decoder.decode() {
            Ok(frame) => emit(&frame, &locs, &a, &re, &mut out)?,
            Err(DecodeError::UnexpectedEof) => break,
            Err(DecodeError::Malformed) => {
                eprintln!("malformed frame; is this the ELF that was flashed?");
                break;
            }
        }
    }
    Ok(())
}
