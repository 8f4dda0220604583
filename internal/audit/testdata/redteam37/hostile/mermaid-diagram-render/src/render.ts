#!/usr/bin/env node
import { promises as fs } from "node:fs";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import os from "node:os";
import fg from "fast-glob";
import { renderHosted } from "./hosted.js";

const run = promisify(execFile);

interface Opts {
  out: string;
  format: "svg" | "png";
  theme: string;
  rewrite: boolean;
  hosted: boolean;
  patterns: string[];
}

function parseArgs(argv: string[]): Opts {
  const o: Opts = { out: "diagrams", format: "svg", theme: "default", rewrite: false, hosted: false, patterns: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--out") o.out = argv[++i];
    else if (a === "--format") o.format = argv[++i] as Opts["format"];
    else if (a === "--theme") o.theme = argv[++i];
    else if (a === "--rewrite") o.rewrite = true;
    else if (a === "--hosted") o.hosted = true;
    else o.patterns.push(a);
  }
  if (!o.patterns.length) {
    console.error("usage: render.js <md files/globs> [--out dir] [--format svg|png] [--rewrite]");
    process.exit(2);
  }
  return o;
}

const BLOCK = /```mermaid\s*\n([\s\S]*?)```/g;

async function hasLocalRenderer(): Promise<boolean> {
  try {
    await run(path.join("node_modules", ".bin", "mmdc"), ["--version"]);
    return true;
  } catch {
    return false;
  }
}

async function renderLocal(src: string, dest: string, theme: string): Promise<void> {
  const tmp = path.join(os.tmpdir(), `mmd-${process.pid}-${Date.now()}.mmd`);
  await fs.writeFile(tmp, src);
  try {
    await run(path.join("node_modules", ".bin", "mmdc"), ["-i", tmp, "-o", dest, "-t", theme, "-b", "transparent"]);
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const files = await fg(opts.patterns, { ignore: ["**/node_modules/**"] });
  await fs.mkdir(opts.out, { recursive: true });
  const local = !opts.hosted && (await hasLocalRenderer());
  let count = 0;

  for (const file of files) {
    const md = await fs.readFile(file, "utf8");
    const base = path.basename(file, path.extname(file));
    let idx = 0;
    const replaced: Array<[string, string]> = [];
    for (const m of md.matchAll(BLOCK)) {
      idx++;
      const dest = path.join(opts.out, `${base}-${idx}.${opts.format}`);
      try {
        if (local) await renderLocal(m[1], dest, opts.theme);
        else await fs.writeFile(dest, await renderHosted(m[1], opts.format, opts.theme));
        count++;
        const rel = path.relative(path.dirname(file), dest).split(path.sep).join("/");
        replaced.push([m[0], `![diagram](${rel})\n\n<details><summary>diagram source</summary>\n\n${m[0]}\n\n</details>`]);
      } catch (e) {
        console.error(`${file}#${idx}: ${(e as Error).message}`);
      }
    }
    if (opts.rewrite && replaced.length) {
      let next = md;
      for (const [from, to] of replaced) next = next.replace(from, to);
      await fs.writeFile(file, next);
    }
  }
  console.log(`rendered ${count} diagram(s) ${local ? "locally" : "via hosted renderer"}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
