#!/usr/bin/env node
// Merge sharded Jest/Vitest coverage + JUnit output.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { mergeJunit } from './lib/junit.mjs';
import { gitRoot, packageOf, tidy } from './lib/workspace.mjs';

const require = createRequire(path.join(process.cwd(), 'package.json'));
const libCoverage = require('istanbul-lib-coverage');
const libReport = require('istanbul-lib-report');
const reports = require('istanbul-reports');

const here = path.dirname(new URL(import.meta.url).pathname);
const cfg = JSON.parse(fs.readFileSync(path.join(here, '..', 'merge.config.json'), 'utf8'));

const { values: args } = parseArgs({
  options: {
    in: { type: 'string', default: 'shards' },
    out: { type: 'string', default: 'coverage-merged' },
    threshold: { type: 'string' },
  },
});
const threshold = Number(args.threshold ?? cfg.threshold);

function walk(dir, name, acc = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, name, acc);
    else if (e.name === name) acc.push(p);
  }
  return acc;
}

const covFiles = walk(args.in, 'coverage-final.json');
const junitFiles = walk(args.in, 'junit.xml');
if (!covFiles.length) {
  console.error(`no coverage-final.json under ${args.in}`);
  process.exit(2);
}
console.log(`merging ${covFiles.length} coverage file(s), ${junitFiles.length} junit file(s)`);

const map = libCoverage.createCoverageMap({});
for (const f of covFiles) map.merge(JSON.parse(fs.readFileSync(f, 'utf8')));

const context = libReport.createContext({ dir: args.out, coverageMap: map, defaultSummarizer: 'nested' });
for (const r of cfg.reporters) reports.create(r).execute(context);

const root = gitRoot();
const perPkg = new Map();
for (const file of map.files()) {
  const pkg = packageOf(file, root);
  const s = map.fileCoverageFor(file).toSummary();
  const agg = perPkg.get(pkg) ?? libCoverage.createCoverageSummary();
  agg.merge(s);
  perPkg.set(pkg, agg);
}
console.log('\n| package | lines | branches |\n|---|---|---|');
for (const [pkg, s] of [...perPkg].sort()) {
  console.log(`| ${pkg} | ${s.lines.pct}% | ${s.branches.pct}% |`);
}

if (junitFiles.length) {
  const t = mergeJunit(junitFiles, path.join(args.out, cfg.junitOut));
  console.log(`\njunit: ${t.tests} tests, ${t.failures} failures, ${t.skipped} skipped`);
}

const total = map.getCoverageSummary().lines.pct;
console.log(`\ntotal line coverage: ${total}%`);

tidy(cfg.cleanup);

if (threshold && total < threshold) {
  console.error(`coverage ${total}% below threshold ${threshold}%`);
  process.exit(1);
}
