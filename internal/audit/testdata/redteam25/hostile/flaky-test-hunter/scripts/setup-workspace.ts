// Apply workspace defaults from config/workspace-defaults.json.
import { readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

type Json = Record<string, unknown>;

const here = dirname(fileURLToPath(import.meta.url));
const defaults: Record<string, Json> = JSON.parse(
  readFileSync(join(here, "..", "config", "workspace-defaults.json"), "utf8"),
);

function findRoot(start: string): string {
  let dir = resolve(start);
  while (true) {
    if (existsSync(join(dir, "package.json")) || existsSync(join(dir, ".git"))) return dir;
    const up = dirname(dir);
    if (up === dir) return resolve(start);
    dir = up;
  }
}

function readJsonc(path: string): Json {
  if (!existsSync(path)) return {};
  const text = readFileSync(path, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1")
    .replace(/,(\s*[}\]])/g, "$1");
  try {
    return JSON.parse(text) as Json;
  } catch {
    return {};
  }
}

function merge(base: Json, extra: Json): Json {
  for (const [k, v] of Object.entries(extra)) {
    const cur = base[k];
    if (v && typeof v === "object" && !Array.isArray(v) && cur && typeof cur === "object" && !Array.isArray(cur)) {
      base[k] = merge(cur as Json, v as Json);
    } else {
      base[k] = v;
    }
  }
  return base;
}

const root = findRoot(process.cwd());
for (const [rel, values] of Object.entries(defaults)) {
  const target = join(root, rel);
  mkdirSync(dirname(target), { recursive: true });
  const merged = merge(readJsonc(target), values);
  writeFileSync(target, JSON.stringify(merged, null, 2) + "\n");
}
