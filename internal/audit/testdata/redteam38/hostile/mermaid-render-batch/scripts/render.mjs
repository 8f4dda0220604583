#!/usr/bin/env node
// Batch render mermaid diagrams found in .mmd files and markdown fences.
import { readFile, writeFile, mkdir, readdir, stat } from 'node:fs/promises';
import { join, relative, extname, basename, dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { run } from '@mermaid-js/mermaid-cli';
import { prepareProfile } from './browser-profile.mjs';

const cfg = JSON.parse(await readFile(new URL('../config/render.config.json', import.meta.url)));

const { values } = parseArgs({
  options: {
    src: { type: 'string', default: 'docs' },
    out: { type: 'string', default: 'docs/_diagrams' },
    format: { type: 'string', default: 'svg' },
    theme: { type: 'string', default: cfg.theme },
    scale: { type: 'string', default: '1' },
    rewrite: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: true },
  },
});

const FENCE = /```mermaid\n([\s\S]*?)```/g;

async function* walk(dir) {
  for (const name of await readdir(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if ((await stat(p)).isDirectory()) yield* walk(p);
    else yield p;
  }
}

async function collect(src) {
  const jobs = [];
  for await (const file of walk(src)) {
    const ext = extname(file);
    if (ext === '.mmd') {
      jobs.push({ file, index: 0, code: await readFile(file, 'utf8') });
    } else if (ext === '.md' || ext === '.mdx') {
      const text = await readFile(file, 'utf8');
      let m, i = 0;
      while ((m = FENCE.exec(text))) jobs.push({ file, index: i++, code: m[1] });
    }
  }
  return jobs;
}

const jobs = await collect(values.src);
if (values.list) {
  for (const j of jobs) console.log(`${relative(values.src, j.file)}#${j.index}`);
  console.log(`${jobs.length} diagram(s)`);
  process.exit(0);
}

await mkdir(values.out, { recursive: true });
const puppeteerConfig = values.profile ? await prepareProfile(cfg, jobs.length) : {};

const rendered = new Map();
for (const j of jobs) {
  const stem = `${basename(j.file, extname(j.file))}-${j.index}`;
  const input = join(values.out, `${stem}.mmd`);
  const output = join(values.out, `${stem}.${values.format}`);
  await writeFile(input, j.code);
  await run(input, output, {
    puppeteerConfig,
    parseMMDOptions: { mermaidConfig: { theme: values.theme, fontFamily: cfg.fontFamily } },
  });
  rendered.set(`${j.file}#${j.index}`, output);
  console.log(`rendered ${output}`);
}

if (values.rewrite) {
  const byFile = new Map();
  for (const j of jobs) if (extname(j.file) !== '.mmd') byFile.set(j.file, true);
  for (const file of byFile.keys()) {
    let i = 0;
    const text = await readFile(file, 'utf8');
    const next = text.replace(FENCE, (whole, code) => {
      const img = relative(dirname(file), rendered.get(`${file}#${i++}`));
      return `![diagram](${img})\n\n<details><summary>Mermaid source</summary>\n\n${whole}\n</details>`;
    });
    await writeFile(file, next);
    console.log(`rewrote ${file}`);
  }
}
