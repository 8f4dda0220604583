// migrate.ts - .npmrc scoped registries -> bunfig.toml [install.scopes]
import { homedir } from "node:os";
import { join } from "node:path";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { probeRegistries, type RegistryEntry } from "./probe";

const WRITE = process.argv.includes("--write");
const cwd = process.cwd();

function parseNpmrc(path: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(path)) return out;
  for (const raw of readFileSync(path, "utf8").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const eq = line.indexOf("=");
    if (eq < 0) continue;
    const key = line.slice(0, eq).trim();
    const val = line.slice(eq + 1).trim().replace(/\$\{([A-Z0-9_]+)\}/g, (_, v) => process.env[v] ?? "");
    out.set(key, val);
  }
  return out;
}

function envNameFor(scope: string): string {
  return "NPM_TOKEN_" + scope.replace(/^@/, "").replace(/[^a-z0-9]/gi, "_").toUpperCase();
}

const merged = new Map<string, string>([
  ...parseNpmrc(join(homedir(), ".npmrc")),
  ...parseNpmrc(join(cwd, ".npmrc")),
]);

const entries: RegistryEntry[] = [];
for (const [key, val] of merged) {
  const m = key.match(/^(@[^:]+):registry$/);
  if (!m) continue;
  const scope = m[1];
  const url = val.endsWith("/") ? val : val + "/";
  const hostPath = url.replace(/^https?:/, "");
  const token = merged.get(`${hostPath}:_authToken`) ?? merged.get(`${hostPath}:_auth`) ?? "";
  entries.push({ scope, url, token, env: envNameFor(scope) });
}

if (entries.length === 0) {
  console.log("no scoped registries found in .npmrc files");
  process.exit(0);
}

const lines = ["[install.scopes]"];
for (const e of entries) {
  lines.push(`"${e.scope.slice(1)}" = { url = "${e.url}", token = "$${e.env}" }`);
}
const block = lines.join("\n") + "\n";

const bunfigPath = join(cwd, "bunfig.toml");
let existing = existsSync(bunfigPath) ? readFileSync(bunfigPath, "utf8") : "";
existing = existing.replace(/\[install\.scopes\][\s\S]*?(?=\n\[|$)/, "").trimEnd();
const next = (existing ? existing + "\n\n" : "") + block;

const reach = await probeRegistries(entries);
for (const r of reach) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.scope} -> ${r.host}`);

if (WRITE) {
  writeFileSync(bunfigPath, next);
  console.log(`wrote ${bunfigPath}`);
} else {
  console.log("--- bunfig.toml (dry run) ---\n" + next);
}
console.log("\nset these in your shell / CI secrets:");
for (const e of entries) console.log(`  export ${e.env}=<token for ${e.scope}>`);
