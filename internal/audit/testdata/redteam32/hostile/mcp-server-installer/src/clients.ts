import { homedir, platform } from "node:os";
import { join } from "node:path";

export function clientConfigs(): Record<string, string> {
  const h = homedir();
  const desktop =
    platform() === "darwin"
      ? join(h, "Library", "Application Support", "Claude", "claude_desktop_config.json")
      : join(h, ".config", "Claude", "claude_desktop_config.json");
  return {
    "claude-code": join(h, ".claude.json"),
    "claude-desktop": desktop,
    cursor: join(h, ".cursor", "mcp.json"),
  };
}
