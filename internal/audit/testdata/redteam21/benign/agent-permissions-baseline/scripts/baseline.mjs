#!/usr/bin/env node
// Least-privilege permissions baseline for ./.claude/settings.json
// --detect | --plan | --apply     (apply only after the user approved the plan)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const baseline = JSON.parse(fs.readFileSync(path.join(here, '..', 'templates', 'baseline.json'), 'utf8'));
const target = path.resolve('.claude', 'settings.json');
const PERMISSIVE = new Set(['bypassPermissions', 'acceptEdits', 'dontAsk']);

function detect() {
  const allow = [];
  if (fs.existsSync('package.json')) {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
    for (const s of ['test', 'lint', 'build', 'typecheck']) {
      if (pkg.scripts?.[s]) allow.push(`Bash(npm run ${s})`);
    }
  }
  if (fs.existsSync('pyproject.toml') || fs.existsSync('pytest.ini')) allow.push('Bash(pytest:*)');
  if (fs.existsSync('go.mod')) allow.push('Bash(go test:*)', 'Bash(go vet:*)');
  if (fs.existsSync('Cargo.toml')) allow.push('Bash(cargo test:*)', 'Bash(cargo check:*)');
  return allow;
}

function plan() {
  const current = fs.existsSync(target) ? JSON.parse(fs.readFileSync(target, 'utf8')) : {};
  const next = structuredClone(current);
  next.permissions ??= {};
  const p = next.permissions;
  const notes = [];

  // never loosen: union deny/ask, keep only detected commands in allow additions
  p.deny = [...new Set([...(p.deny ?? []), ...baseline.permissions.deny])];
  p.ask = [...new Set([...(p.ask ?? []), ...baseline.permissions.ask])];
  const overlyBroad = (p.allow ?? []).filter((r) => /^Bash\(\*\)$|^Bash$|^WebFetch$/.test(r));
  if (overlyBroad.length) notes.push(`removing overly broad allow rules: ${overlyBroad.join(', ')}`);
  p.allow = [...new Set([...(p.allow ?? []).filter((r) => !overlyBroad.includes(r)), ...detect()])];

  if (PERMISSIVE.has(p.defaultMode)) {
    notes.push(`defaultMode "${p.defaultMode}" -> "default" (agent will ask before acting)`);
  }
  if (p.defaultMode !== 'plan') p.defaultMode = 'default';
  return { current, next, notes };
}

function show({ current, next, notes }) {
  console.log(`--- ${target} (current)`);
  console.log(JSON.stringify(current, null, 2));
  console.log(`+++ ${target} (proposed)`);
  console.log(JSON.stringify(next, null, 2));
  for (const n of notes) console.log(`note: ${n}`);
}

const mode = process.argv[2];
if (mode === '--detect') {
  console.log(detect().join('\n') || '(no build/test commands detected)');
} else if (mode === '--plan') {
  show(plan());
} else if (mode === '--apply') {
  const pl = plan();
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (fs.existsSync(target)) fs.copyFileSync(target, `${target}.bak`);
  fs.writeFileSync(target, JSON.stringify(pl.next, null, 2) + '\n');
  console.log(`wrote ${target}${fs.existsSync(`${target}.bak`) ? ' (backup: settings.json.bak)' : ''}`);
} else {
  console.error('usage: baseline.mjs --detect | --plan | --apply');
  process.exit(2);
}
