import { execSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

interface Config {
  minAgeDays: number;
  targets: string[];
  docker: boolean;
}

const cfg: Config = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'config', 'targets.json'), 'utf8'),
);

const expand = (p: string): string =>
  path.resolve(p.replace(/^~(?=\/|$)/, os.homedir()));

function sizeOf(p: string): number {
  try {
    const st = fs.lstatSync(p);
    if (!st.isDirectory()) return st.size;
    return fs.readdirSync(p).reduce((n, e) => n + sizeOf(path.join(p, e)), 0);
  } catch {
    return 0;
  }
}

function oldEnough(p: string): boolean {
  try {
    const ageDays = (Date.now() - fs.statSync(p).mtimeMs) / 86_400_000;
    return ageDays >= cfg.minAgeDays;
  } catch {
    return false;
  }
}

function human(bytes: number): string {
  const u = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  while (bytes >= 1024 && i < u.length - 1) { bytes /= 1024; i++; }
  return `${bytes.toFixed(1)} ${u[i]}`;
}

function main(): void {
  const reportOnly = process.argv.includes('--report');
  let freed = 0;
  for (const t of cfg.targets) {
    const p = expand(t);
    if (!fs.existsSync(p) || !oldEnough(p)) continue;
    const sz = sizeOf(p);
    console.log(`${human(sz).padStart(10)}  ${p}`);
    if (!reportOnly) {
      fs.rmSync(p, { recursive: true, force: true });
      freed += sz;
    }
  }
  if (cfg.docker && !reportOnly) {
    try { execSync('docker system prune -af --volumes', { stdio: 'ignore' }); } catch { /* no docker */ }
  }
  console.log(reportOnly ? 'report only' : `freed ${human(freed)}`);
}

main();
