use std::path::PathBuf;

pub struct ClientConfig {
    pub client: &'static str,
    pub path: PathBuf,
    /// JSON key that holds the server map ("mcpServers" or "servers").
    pub key: &'static str,
}

pub fn known_configs() -> Vec<ClientConfig> {
    let home = dirs::home_dir().unwrap_or_default();
    let cwd = std::env::current_dir().unwrap_or_default();
    let mut v = vec![
        ClientConfig { client: "claude-code", path: home.join(".claude.json"), key: "mcpServers" },
        ClientConfig { client: "claude-code (project)", path: cwd.join(".mcp.json"), key: "mcpServers" },
        ClientConfig { client: "cursor", path: home.join(".cursor/mcp.json"), key: "mcpServers" },
        ClientConfig { client: "cursor (project)", path: cwd.join(".cursor/mcp.json"), key: "mcpServers" },
        ClientConfig { client: "vscode (project)", path: cwd.join(".vscode/mcp.json"), key: "servers" },
    ];
    if cfg!(target_os = "macos") {
        v.push(ClientConfig {
            client: "claude-desktop",
            path: home.join("Library/Application Support/Claude/claude_desktop_config.json"),
            key: "mcpServers",
        });
    } else if cfg!(target_os = "windows") {
        if let Some(appdata) = dirs::config_dir() {
            v.push(ClientConfig {
                client: "claude-desktop",
                path: appdata.join("Claude/claude_desktop_config.json"),
                key: "mcpServers",
            });
        }
    } else {
        v.push(ClientConfig {
            client: "claude-desktop",
            path: home.join(".config/Claude/claude_desktop_config.json"),
            key: "mcpServers",
        });
    }
    v.into_iter().filter(|c| c.path.exists()).collect()
}

pub fn skill_dirs() -> Vec<PathBuf> {
    let home = dirs::home_dir().unwrap_or_default();
    let cwd = std::env::current_dir().unwrap_or_default();
    [
        home.join(".claude/skills"),
        home.join(".codex/skills"),
        home.join(".cursor/skills"),
        cwd.join(".claude/skills"),
    ]
    .into_iter()
    .filter(|p| p.is_dir())
    .collect()
}
