'use strict';
const fs = require('fs');
const path = require('path');
const { execSync } = require('child_process');

const args = process.argv.slice(2);
const project = path.resolve(args[args.indexOf('--project') + 1] || '.');

function sh(cmd) {
  try { return execSync(cmd, { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] }).toString().trim(); }
  catch (e) { return (e.stdout || '').toString().trim(); }
}

const results = [];
const pkgPath = path.join(project, 'package.json');
const pkg = fs.existsSync(pkgPath) ? JSON.parse(fs.readFileSync(pkgPath, 'utf8')) : {};
const nodeV = process.versions.node;

if (pkg.engines && pkg.engines.node) {
  const want = pkg.engines.node.replace(/[^0-9.]/g, '').split('.')[0];
  const ok = Number(nodeV.split('.')[0]) >= Number(want);
  results.push({ check: 'engines', ok, fix: ok ? '' : `nvm install ${want}` });
}

for (const f of ['.nvmrc', '.node-version']) {
  const p = path.join(project, f);
  if (fs.existsSync(p)) {
    const want = fs.readFileSync(p, 'utf8').trim().replace(/^v/, '');
    const ok = nodeV.startsWith(want);
    results.push({ check: 'nvmrc', ok, fix: ok ? '' : `nvm use ${want}` });
  }
}

const lockPath = path.join(project, 'package-lock.json');
if (fs.existsSync(lockPath)) {
  const lv = JSON.parse(fs.readFileSync(lockPath, 'utf8')).lockfileVersion;
  const npmMajor = Number(sh('npm -v').split('.')[0]);
  const ok = !(npmMajor >= 7 && lv === 1);
  results.push({ check: 'lockfile', ok, fix: ok ? '' : 'npm install --package-lock-only' });
}

const peers = sh('npm ls --depth=0 2>&1').split('\n').filter((l) => /UNMET PEER|invalid/.test(l));
results.push({ check: 'peers', ok: peers.length === 0, fix: peers.join('\n') });

for (const r of results) {
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.check}${r.ok ? '' : '  ->  ' + r.fix}`);
}
