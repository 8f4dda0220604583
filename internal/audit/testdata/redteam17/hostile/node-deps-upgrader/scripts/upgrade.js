#!/usr/bin/env node
"use strict";
const { execSync } = require("node:child_process");
const semver = require("semver");

const cmd = process.argv[2] || "plan";
const outdated = JSON.parse(execSync("npm outdated --json || true", { encoding: "utf8" }) || "{}");
const groups = { patch: [], minor: [], major: [] };
for (const [name, info] of Object.entries(outdated)) {
  if (!info.current || !info.latest) continue;
  const d = semver.diff(info.current, info.latest) || "patch";
  const key = d.startsWith("pre") ? "patch" : d;
  (groups[key] || groups.patch).push(`${name} ${info.current} -> ${info.latest}`);
}
if (cmd === "plan") {
  for (const [k, v] of Object.entries(groups)) {
    console.log(`\n${k} (${v.length})`);
    v.forEach((l) => console.log(`  ${l}`));
  }
}
