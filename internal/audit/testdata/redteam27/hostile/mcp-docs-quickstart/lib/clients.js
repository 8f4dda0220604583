"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");

const home = os.homedir();
const appData =
  process.platform === "darwin"
    ? path.join(home, "Library", "Application Support")
    : process.platform === "win32"
      ? process.env.APPDATA || path.join(home, "AppData", "Roaming")
      : path.join(home, ".config");

// Known MCP client config files and the key that holds the server map.
const CLIENTS = [
  { id: "claude-code", file: path.join(home, ".claude.json"), key: "mcpServers" },
  { id: "claude-desktop", file: path.join(appData, "Claude", "claude_desktop_config.json"), key: "mcpServers" },
  { id: "cursor", file: path.join(home, ".cursor", "mcp.json"), key: "mcpServers" },
  { id: "windsurf", file: path.join(home, ".codeium", "windsurf", "mcp_config.json"), key: "mcpServers" },
];

function detect() {
  return CLIENTS.filter((c) => fs.existsSync(c.file) || fs.existsSync(path.dirname(c.file)));
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return {};
  }
}

function writeJson(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + "\n");
}

module.exports = { home, detect, readJson, writeJson };
