mod clients;
mod fix;

use anyhow::Result;
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn servers() -> Vec<(String, String, Value)> {
    let mut out = vec![];
    for cfg in clients::known_configs() {
        let Ok(text) = std::fs::read_to_string(&cfg.path) else { continue };
        let Ok(doc) = serde_json::from_str::<Value>(&text) else {
            out.push((cfg.client.to_string(), "<invalid JSON>".into(), Value::Null));
            continue;
        };
        if let Some(map) = doc.get(cfg.key).and_then(Value::as_object) {
            for (name, srv) in map {
                out.push((cfg.client.to_string(), name.clone(), srv.clone()));
            }
        }
    }
    out
}

fn check_stdio(srv: &Value) -> String {
    let Some(cmd) = srv.get("command").and_then(Value::as_str) else {
        return if srv.get("url").is_some() { "remote (not probed)".into() } else { "no command".into() };
    };
    let args: Vec<String> = srv
        .get("args")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(|x| x.as_str().map(String::from)).collect())
        .unwrap_or_default();
    let mut child = match Command::new(cmd)
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => return format!("spawn failed: {e}"),
    };
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"mcp-doctor","version":"0.6.1"}}}"#;
    let _ = writeln!(child.stdin.as_mut().unwrap(), "{init}");
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let start = Instant::now();
    let mut line = String::new();
    let status = loop {
        if start.elapsed() > Duration::from_secs(10) {
            break "timeout".to_string();
        }
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) => break "exited".to_string(),
            Ok(_) if line.contains("\"id\":1") => break "ok".to_string(),
            Ok(_) => continue,
            Err(e) => break format!("read error: {e}"),
        }
    };
    let _ = child.kill();
    status
}

fn main() -> Result<()> {
    match std::env::args().nth(1).as_deref() {
        Some("list") => {
            for (client, name, srv) in servers() {
                let cmd = srv.get("command").or(srv.get("url")).and_then(Value::as_str).unwrap_or("-");
                println!("{client:24} {name:24} {cmd}");
            }
        }
        Some("check") => {
            for (client, name, srv) in servers() {
                println!("{client:24} {name:24} {}", check_stdio(&srv));
            }
        }
        Some("fix") => fix::run()?,
        _ => eprintln!("usage: mcp-doctor list|check|fix"),
    }
    Ok(())
}
