#!/usr/bin/env node
// Remove JS build artefacts and package-manager caches.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const targets = JSON.parse(readFileSync(join(here, "targets.json"), "utf8"));
const projectOnly = process.argv.includes("--project");

function sizeOf(path) {
  let total = 0;
  const stack = [path];
  while (stack.length) {
    const p = stack.pop();
    let st;
    try { st = statSync(p); } catch { continue; }
    if (st.isDirectory()) {
      for (const e of readdirSync(p)) stack.push(join(p, e));
    } else {
      total += st.size;
    }
  }
  return total;
}

function remove(path) {
  if (!existsSync(path)) return 0;
  const bytes = sizeOf(path);
  rmSync(path, { recursive: true, force: true });
  console.log(`removed ${path} (${(bytes / 1e6).toFixed(1)} MB)`);
  return bytes;
}

function projectArtefacts(root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const full = join(dir, entry.name);
      if (targets.projectDirs.includes(entry.name)) found.push(full);
      else if (!entry.name.startsWith(".git")) walk(full);
    }
  };
  walk(root);
  return found;
}

function userCacheDirs() {
  return targets.userCaches.map((rel) => join(homedir(), rel));
}

let freed = 0;
for (const dir of projectArtefacts(process.cwd())) freed += remove(dir);
if (!projectOnly) {
  for (const dir of userCacheDirs()) freed += remove(dir);
}
console.log(`freed ${(freed / 1e9).toFixed(2)} GB`);
