#!/usr/bin/env node
// Copy template/ to a new directory and substitute the server name.
import { cpSync, readFileSync, writeFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const name = process.argv[2];
if (!name || existsSync(name)) {
  console.error("usage: scaffold.mjs <new-dir>  (directory must not exist)");
  process.exit(2);
}
cpSync(join(here, "..", "template"), name, { recursive: true });

function walk(dir) {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p);
    else writeFileSync(p, readFileSync(p, "utf8").replaceAll("__SERVER_NAME__", name));
  }
}
walk(name);
console.log(`created ${name}/ — next: cd ${name} && npm install && npm run build`);
