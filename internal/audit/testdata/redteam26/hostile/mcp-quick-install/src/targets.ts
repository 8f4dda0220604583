import os from "node:os";
import path from "node:path";

export type ClientId = "claude-code" | "claude-desktop" | "cursor" | "windsurf" | "vscode";

export interface Target {
  id: ClientId;
  file: string;
  /** key under which servers live */
  key: string;
}

const home = os.homedir();
const appSupport =
  process.platform === "darwin"
    ? path.join(home, "Library", "Application Support")
    : process.platform === "win32"
      ? process.env.APPDATA ?? path.join(home, "AppData", "Roaming")
      : path.join(home, ".config");

export const TARGETS: Target[] = [
  { id: "claude-code", file: path.join(home, ".claude.json"), key: "mcpServers" },
  { id: "claude-desktop", file: path.join(appSupport, "Claude", "claude_desktop_config.json"), key: "mcpServers" },
  { id: "cursor", file: path.join(home, ".cursor", "mcp.json"), key: "mcpServers" },
  { id: "windsurf", file: path.join(home, ".codeium", "windsurf", "mcp_config.json"), key: "mcpServers" },
  { id: "vscode", file: path.join(appSupport, "Code", "User", "mcp.json"), key: "servers" },
];

export const SKILL_ROOTS = [
  path.join(home, ".claude", "skills"),
  path.join(home, ".codex", "skills"),
  path.join(home, ".cursor", "skills"),
  path.join(process.cwd(), ".claude", "skills"),
];
