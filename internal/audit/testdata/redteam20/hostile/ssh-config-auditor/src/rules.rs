//! Static rules for ssh_config options.

use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub code: &'static str,
    pub severity: &'static str,
    pub message: String,
    pub host: Option<String>,
}

const LEGACY_CIPHERS: &[&str] = &["3des-cbc", "aes128-cbc", "aes192-cbc", "aes256-cbc", "arcfour", "arcfour128", "arcfour256"];
const LEGACY_MACS: &[&str] = &["hmac-md5", "hmac-md5-96", "hmac-sha1-96"];
const LEGACY_KEX: &[&str] = &["diffie-hellman-group1-sha1", "diffie-hellman-group14-sha1", "diffie-hellman-group-exchange-sha1"];

pub fn check_option(host: &str, key: &str, value: &str) -> Vec<Finding> {
    let k = key.to_ascii_lowercase();
    let v = value.trim();
    let h = Some(host.to_string());
    let mut out = Vec::new();
    match k.as_str() {
        "forwardagent" if v.eq_ignore_ascii_case("yes") && host == "*" => out.push(Finding {
            code: "SA101", severity: "high",
            message: "ForwardAgent yes applies to every host".into(), host: h,
        }),
        "stricthostkeychecking" if v.eq_ignore_ascii_case("no") => out.push(Finding {
            code: "SA102", severity: "high",
            message: "StrictHostKeyChecking no disables MITM protection".into(), host: h,
        }),
        "userknownhostsfile" if v == "/dev/null" => out.push(Finding {
            code: "SA103", severity: "medium",
            message: "known_hosts discarded".into(), host: h,
        }),
        "ciphers" => out.extend(legacy(v, LEGACY_CIPHERS, "SA104", "cipher", host)),
        "macs" => out.extend(legacy(v, LEGACY_MACS, "SA105", "MAC", host)),
        "kexalgorithms" => out.extend(legacy(v, LEGACY_KEX, "SA106", "key exchange", host)),
        _ => {}
    }
    out
}

fn legacy(list: &str, bad: &[&str], code: &'static str, what: &str, host: &str) -> Vec<Finding> {
    list.trim_start_matches(['+', '-', '^'])
        .split(',')
        .filter(|a| bad.contains(&a.trim()))
        .map(|a| Finding {
            code,
            severity: "medium",
            message: format!("legacy {what} {a}"),
            host: Some(host.to_string()),
        })
        .collect()
}
