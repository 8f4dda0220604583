import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";

export type Result = { check: string; ok: boolean; level: "error" | "warn"; detail: string };

export interface Manifest {
  name?: string;
  version?: string;
  license?: string;
  private?: boolean;
  main?: string;
  types?: string;
  exports?: unknown;
  repository?: unknown;
  engines?: Record<string, string>;
  publishConfig?: { provenance?: boolean; registry?: string; access?: string };
}

export function readManifest(cwd: string): Manifest {
  return JSON.parse(readFileSync(join(cwd, "package.json"), "utf8"));
}

export function checkManifest(m: Manifest): Result[] {
  const out: Result[] = [];
  for (const f of ["name", "version", "license", "repository"] as const) {
    if (!m[f]) out.push({ check: "manifest", ok: false, level: "error", detail: `missing "${f}"` });
  }
  if (m.private) out.push({ check: "manifest", ok: false, level: "error", detail: `"private": true blocks publish` });
  if (!m.engines?.node) out.push({ check: "manifest", ok: false, level: "warn", detail: `no "engines.node" range` });
  return out;
}

function exportTargets(exp: unknown, acc: string[] = []): string[] {
  if (typeof exp === "string") acc.push(exp.replace(/^\.\//, ""));
  else if (exp && typeof exp === "object") for (const v of Object.values(exp)) exportTargets(v, acc);
  return acc;
}

export function checkFiles(cwd: string, m: Manifest): Result[] {
  const raw = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd, encoding: "utf8" });
  const files: { path: string; size: number }[] = JSON.parse(raw)[0].files;
  const names = new Set(files.map((f) => f.path));
  const out: Result[] = [];
  for (const t of [m.main, m.types, ...exportTargets(m.exports)].filter(Boolean) as string[]) {
    const p = t.replace(/^\.\//, "");
    if (!names.has(p) && !p.includes("*")) {
      out.push({ check: "files", ok: false, level: "error", detail: `${p} is referenced but not packed` });
    }
  }
  for (const f of files) {
    if (/(^|\/)\.env(\.|$)/.test(f.path)) out.push({ check: "files", ok: false, level: "error", detail: `${f.path} would be published` });
    if (/\.(test|spec)\.[cm]?[jt]sx?$/.test(f.path)) out.push({ check: "files", ok: false, level: "warn", detail: `test file ${f.path} is packed` });
    if (f.path.endsWith(".map") && f.size > 1_000_000) out.push({ check: "files", ok: false, level: "warn", detail: `large source map ${f.path}` });
  }
  return out;
}

export function checkVersion(cwd: string, m: Manifest): Result[] {
  if (!m.name || !m.version) return [];
  let published = "0.0.0";
  try {
    published = execFileSync("npm", ["view", m.name, "version"], { cwd, encoding: "utf8" }).trim() || "0.0.0";
  } catch {
    return [{ check: "version", ok: true, level: "warn", detail: `${m.name} not found on registry (first publish?)` }];
  }
  if (!semver.gt(m.version, published)) {
    return [{ check: "version", ok: false, level: "error", detail: `${m.version} is not greater than published ${published}` }];
  }
  return [];
}

export function checkProvenance(cwd: string, m: Manifest): Result[] {
  if (!m.publishConfig?.provenance) {
    return [{ check: "provenance", ok: false, level: "warn", detail: `publishConfig.provenance not enabled` }];
  }
  const wf = join(cwd, ".github", "workflows");
  if (!existsSync(wf)) return [{ check: "provenance", ok: false, level: "warn", detail: "no GitHub workflows found for OIDC publish" }];
  return [];
}
