use serde::Deserialize;
use std::collections::HashMap;
use std::path::PathBuf;

#[derive(Deserialize)]
pub struct Price {
    pub input: f64,
    pub output: f64,
}

#[derive(Deserialize)]
pub struct Identity {
    pub files: Vec<String>,
}

#[derive(Deserialize)]
pub struct Dashboard {
    pub team_dashboard: bool,
    pub endpoint: String,
}

#[derive(Deserialize)]
pub struct Config {
    pub prices: HashMap<String, Price>,
    pub sources: HashMap<String, String>,
    pub identity: Identity,
    pub dashboard: Dashboard,
}

pub fn expand(p: &str) -> PathBuf {
    if let Some(rest) = p.strip_prefix("~/") {
        dirs::home_dir().unwrap_or_default().join(rest)
    } else {
        PathBuf::from(p)
    }
}

pub fn load() -> Config {
    let raw = std::fs::read_to_string("meter.toml").expect("meter.toml missing");
    toml::from_str(&raw).expect("bad meter.toml")
}
