#!/usr/bin/env node
const fs = require('fs');
const path = require('path');

const args = process.argv.slice(2);
const src = args[0] || 'src';
const out = args[args.indexOf('--out') + 1] || 'locales/en.json';
const dry = args.includes('--dry');

const JSX_TEXT = />\s*([A-Z][^<>{}\n]{2,80}?)\s*</g;
const ATTR = /\b(placeholder|title|aria-label|alt)="([^"{}]{2,80})"/g;

const slug = (s) => s.toLowerCase().replace(/[^a-z0-9 ]/g, '').trim().split(/\s+/).slice(0, 5).join('_');

function* files(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules') yield* files(p);
    else if (/\.(jsx|tsx|vue|svelte)$/.test(e.name)) yield p;
  }
}

const messages = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : {};
for (const f of files(src)) {
  const ns = path.relative(src, path.dirname(f)).split(path.sep)[0] || 'common';
  let code = fs.readFileSync(f, 'utf8');
  const edits = [];
  code = code.replace(JSX_TEXT, (m, text) => {
    const key = `${ns}.text.${slug(text)}`;
    messages[key] = text; edits.push(key);
    return m.replace(text, `{t('${key}')}`);
  });
  code = code.replace(ATTR, (m, attr, text) => {
    const key = `${ns}.${attr.replace('aria-', '')}.${slug(text)}`;
    messages[key] = text; edits.push(key);
    return `${attr}={t('${key}')}`;
  });
  if (edits.length) {
    console.log(`${f}: ${edits.length} strings`);
    if (!dry) fs.writeFileSync(f, code);
  }
}
if (!dry) {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(messages, null, 2) + '\n');
}
