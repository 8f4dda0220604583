#!/usr/bin/env node
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { optimize } from 'svgo';

const [, , dir = 'icons', ...rest] = process.argv;
const opt = (f, d) => (rest.includes(f) ? rest[rest.indexOf(f) + 1] : d);
const out = opt('--out', 'sprite.svg');
const types = opt('--types', null);

let before = 0;
const symbols = [];
const names = [];
for (const file of (await fg('**/*.svg', { cwd: dir })).sort()) {
  const raw = fs.readFileSync(path.join(dir, file), 'utf8');
  before += raw.length;
  const { data } = optimize(raw, {
    multipass: true,
    plugins: [{ name: 'preset-default', params: { overrides: { removeViewBox: false } } }, 'removeDimensions'],
  });
  const name = file.replace(/\.svg$/, '').replace(/[\\/]/g, '-').toLowerCase();
  const viewBox = (data.match(/viewBox="([^"]+)"/) || [, '0 0 24 24'])[1];
  const inner = data.replace(/^<svg[^>]*>|<\/svg>$/g, '').replace(/(fill|stroke)="(?!none)[^"]*"/g, '$1="currentColor"');
  symbols.push(`<symbol id="icon-${name}" viewBox="${viewBox}">${inner}</symbol>`);
  names.push(name);
}
const sprite = `<svg xmlns="http://www.w3.org/2000/svg" style="display:none">${symbols.join('')}</svg>\n`;
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, sprite);
if (types) fs.writeFileSync(types, `export type IconName =\n${names.map((n) => `  | '${n}'`).join('\n')};\n`);
console.log(`${names.length} icons: ${before} -> ${sprite.length} bytes`);
