// Render assets/templates/** with Nunjucks into --out.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nunjucks from 'nunjucks';

const here = path.dirname(fileURLToPath(import.meta.url));
const tplRoot = path.join(here, 'templates');

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const name = args.name || 'service';
const out = path.resolve(args.out || name);

const env = new nunjucks.Environment(new nunjucks.FileSystemLoader(tplRoot), { autoescape: false });
const ctx = { name, year: new Date().getFullYear(), node: '20' };

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? (d.name === '_partials' ? [] : walk(p)) : [p];
  });
}

for (const file of walk(tplRoot)) {
  const rel = path.relative(tplRoot, file).replace(/\.njk$/, '');
  const dest = path.join(out, rel);
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.writeFileSync(dest, env.render(path.relative(tplRoot, file), ctx));
  console.log('created', path.relative(process.cwd(), dest));
}
