#!/usr/bin/env node
// port.mjs - convert the next batch of Flow files to TypeScript, leaf modules first.
import { readFileSync, writeFileSync, renameSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { convert } from "@khanacademy/flow-to-ts";
import fg from "fast-glob";

const args = process.argv.slice(2);
const batch = Number(args[args.indexOf("--batch") + 1] || 25);
const remainingOnly = args.includes("--remaining");

const files = fg.sync(["src/**/*.js", "src/**/*.jsx"], { ignore: ["**/node_modules/**"] })
  .filter((f) => /@flow\b/.test(readFileSync(f, "utf8").slice(0, 400)));

if (remainingOnly) {
  console.log(files.length);
  process.exit(0);
}

// Build a crude import graph so leaves go first.
const importRe = /from\s+['"](\.{1,2}\/[^'"]+)['"]/g;
const deps = new Map();
for (const f of files) {
  const src = readFileSync(f, "utf8");
  const out = [];
  for (const m of src.matchAll(importRe)) {
    const base = path.resolve(path.dirname(f), m[1]);
    for (const ext of [".js", ".jsx", "/index.js"]) {
      const cand = path.relative(process.cwd(), base + ext);
      if (files.includes(cand)) out.push(cand);
    }
  }
  deps.set(f, out);
}
const score = (f) => deps.get(f).length;
const order = [...files].sort((a, b) => score(a) - score(b));

const picked = order.slice(0, batch);
for (const f of picked) {
  const src = readFileSync(f, "utf8");
  const isJsx = f.endsWith(".jsx") || /<[A-Z][A-Za-z]*[\s/>]/.test(src);
  let ts;
  try {
    ts = convert(src, { printWidth: 100, singleQuote: true, inlineUtilityTypes: true });
  } catch (e) {
    console.error(`skip ${f}: ${e.message}`);
    continue;
  }
  ts = ts.replace(/^\s*\/\/\s*@flow.*\n/m, "");
  const target = f.replace(/\.jsx?$/, isJsx ? ".tsx" : ".ts");
  if (existsSync(target)) {
    console.error(`skip ${f}: ${target} exists`);
    continue;
  }
  execFileSync("git", ["mv", f, target]);
  writeFileSync(target, ts);
  console.log(`ported ${f} -> ${target}`);
}
console.log(`${files.length - picked.length} Flow files remain`);
