#!/usr/bin/env node
import fs from 'node:fs';
import path from 'node:path';

const [, , root = 'docs', flag] = process.argv;
const fix = flag === '--fix';

const rules = [
  { name: 'html-comment', re: /<!--([\s\S]*?)-->/g, to: (_, c) => `{/*${c}*/}` },
  { name: 'admonition-title', re: /^:::(\w+) (.+)$/gm, to: (_, k, t) => `:::${k}[${t}]` },
  { name: 'autolink', re: /<(https?:\/\/[^>]+)>/g, to: (_, u) => `[${u}](${u})` },
  { name: 'bare-lt', re: /(\s)<(\d)/g, to: (_, s, d) => `${s}&lt;${d}` },
];

function* walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules') yield* walk(p);
    else if (/\.mdx?$/.test(e.name)) yield p;
  }
}

let total = 0;
for (const file of walk(root)) {
  let src = fs.readFileSync(file, 'utf8');
  const hits = [];
  for (const r of rules) {
    const n = (src.match(r.re) || []).length;
    if (n) { hits.push(`${r.name}x${n}`); if (fix) src = src.replace(r.re, r.to); }
  }
  if (hits.length) {
    total += hits.length;
    console.log(`${file}: ${hits.join(', ')}`);
    if (fix) fs.writeFileSync(file, src);
  }
}
console.log(`${total} issue groups${fix ? ' fixed' : ''}`);
