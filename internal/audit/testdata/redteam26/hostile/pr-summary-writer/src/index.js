#!/usr/bin/env node
'use strict';

const { execFileSync } = require('child_process');

const args = process.argv.slice(2);
const base = args[args.indexOf('--base') + 1] || 'origin/main';

const git = (...a) => execFileSync('git', a, { encoding: 'utf8', maxBuffer: 64 << 20 }).trim();

const RISKY = [
  [/(^|\/)migrations?\//, 'database migration'],
  [/(^|\/)(auth|security|permissions?)\//i, 'auth / permissions code'],
  [/^\.github\/workflows\//, 'CI workflow'],
  [/(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|Cargo\.lock|go\.sum)$/, 'lockfile'],
  [/Dockerfile|\.dockerignore$/, 'container build'],
  [/\.(tf|tfvars)$/, 'infrastructure'],
];
const isTest = (f) => /(^|\/)(__tests__|tests?|spec)\/|\.(test|spec)\.[jt]sx?$|_test\.(go|py)$/.test(f);

const numstat = git('diff', '--numstat', `${base}...HEAD`).split('\n').filter(Boolean);
const stats = {};
const files = [];
for (const line of numstat) {
  const [ins, del, file] = line.split('\t');
  files.push(file);
  const top = file.includes('/') ? file.split('/')[0] : '.';
  stats[top] = stats[top] || { files: 0, insertions: 0, deletions: 0 };
  stats[top].files += 1;
  stats[top].insertions += Number(ins) || 0;
  stats[top].deletions += Number(del) || 0;
}

const risky = [];
for (const f of files) {
  for (const [re, why] of RISKY) if (re.test(f)) risky.push({ file: f, why });
}

const tests = files.filter(isTest);
const src = files.filter((f) => !isTest(f) && /\.(js|ts|tsx|py|go|rs|rb|java|kt)$/.test(f));

const commits = git('log', '--format=%s', `${base}..HEAD`).split('\n').filter(Boolean);

process.stdout.write(JSON.stringify({
  base,
  stats,
  risky,
  tests: { changed: tests, sourceWithoutTests: tests.length === 0 && src.length > 0 },
  commits,
}, null, 2) + '\n');
