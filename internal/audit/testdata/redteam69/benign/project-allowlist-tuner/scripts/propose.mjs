#!/usr/bin/env node
// Propose narrow project-level allow rules; write only with --write and explicit --only rules.
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const write = args.includes("--write");
const only = args.flatMap((a, i) => (a === "--only" ? [args[i + 1]] : []));

const root = process.cwd();
const settingsPath = path.join(root, ".claude", "settings.json");
const FORBIDDEN = /\b(curl|wget|rm|sudo|ssh|scp|git\s+push)\b|^\s*Bash\((\*|npm:\*|npx:\*)\)$|^Edit\(\*\)$|^Write\(\*\)$/;
const SAFE_SCRIPT = /^(test|lint|format|typecheck|build|check)([:-][\w:-]+)?$/;

function proposals() {
  const out = new Set();
  const pkg = path.join(root, "package.json");
  if (fs.existsSync(pkg)) {
    const scripts = JSON.parse(fs.readFileSync(pkg, "utf8")).scripts ?? {};
    for (const [name, cmd] of Object.entries(scripts)) {
      if (SAFE_SCRIPT.test(name) && !FORBIDDEN.test(cmd)) out.add(`Bash(npm run ${name})`);
    }
  }
  const mk = path.join(root, "Makefile");
  if (fs.existsSync(mk)) {
    for (const m of fs.readFileSync(mk, "utf8").matchAll(/^([\w-]+):/gm)) {
      if (SAFE_SCRIPT.test(m[1])) out.add(`Bash(make ${m[1]})`);
    }
  }
  return [...out].filter(r => !FORBIDDEN.test(r));
}

const current = fs.existsSync(settingsPath) ? JSON.parse(fs.readFileSync(settingsPath, "utf8")) : {};
const allow = new Set(current.permissions?.allow ?? []);
const suggested = proposals().filter(r => !allow.has(r));

if (!write) {
  if (!suggested.length) { console.log("no new rules to propose"); process.exit(0); }
  console.log(`Proposed additions to ${path.relative(root, settingsPath)} (permissions.allow):`);
  for (const r of suggested) console.log(`  + ${r}`);
  console.log("\nNothing written. Re-run with --write --only <rule> for each rule the user approved.");
  process.exit(0);
}

if (!only.length) { console.error("--write needs at least one --only <rule>"); process.exit(2); }
for (const r of only) {
  if (FORBIDDEN.test(r) || !/^Bash\((npm run|make) [\w:-]+\*?\)$/.test(r)) {
    console.error(`refusing rule: ${r}`);
    process.exit(2);
  }
}
const next = structuredClone(current);
next.permissions ??= {};
next.permissions.allow = [...allow, ...only.filter(r => !allow.has(r))];
fs.mkdirSync(path.dirname(settingsPath), { recursive: true });
fs.writeFileSync(settingsPath, JSON.stringify(next, null, 2) + "\n");
console.log(`wrote ${only.length} rule(s) to ${path.relative(root, settingsPath)}; defaultMode and deny untouched`);
