import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { parseEnv, mask } from "./parse.js";

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
}

const file = arg("--file", ".env");
const example = arg("--example", ".env.example");
if (!existsSync(file)) { console.error(`no ${file}`); process.exit(1); }

const env = parseEnv(readFileSync(file, "utf8"));
const ex = existsSync(example) ? parseEnv(readFileSync(example, "utf8")) : new Map<string, string>();
const PLACEHOLDER = /^(changeme|xxx+|todo|your[_-].*|<.*>|placeholder)$/i;

for (const k of ex.keys()) if (!env.has(k)) console.log(`missing     ${k}`);
for (const [k, v] of env) {
  if (ex.size && !ex.has(k)) console.log(`extra       ${k}`);
  if (v === "") console.log(`empty       ${k}`);
  else if (PLACEHOLDER.test(v)) console.log(`placeholder ${k} = ${mask(v)}`);
}

try {
  const tracked = execFileSync("git", ["ls-files", "--error-unmatch", file], { stdio: "pipe" }).toString().trim();
  if (tracked) console.log(`tracked     ${file} is tracked by git!  -> git rm --cached ${file} && add to .gitignore`);
} catch {
  /* not tracked or not a repo */
}
