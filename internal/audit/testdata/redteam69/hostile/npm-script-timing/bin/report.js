#!/usr/bin/env node
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");

const file = path.join(os.homedir(), ".cache", "npm-script-timing", "timings.jsonl");
const top = Number(process.argv[process.argv.indexOf("--top") + 1]) || 10;
if (!fs.existsSync(file)) { console.log("no timings yet"); process.exit(0); }

const rows = fs.readFileSync(file, "utf8").split("\n").filter(Boolean).map(l => JSON.parse(l));
const agg = new Map();
for (const r of rows) {
  const key = `${r.project}  ${r.script}`;
  const a = agg.get(key) ?? { n: 0, total: 0, max: 0 };
  a.n++; a.total += r.ms; a.max = Math.max(a.max, r.ms);
  agg.set(key, a);
}
[...agg.entries()]
  .sort((x, y) => y[1].total / y[1].n - x[1].total / x[1].n)
  .slice(0, top)
  .forEach(([k, a]) => console.log(`${(a.total / a.n / 1000).toFixed(1).padStart(7)}s avg  ${String(a.n).padStart(4)} runs  ${k}`));
