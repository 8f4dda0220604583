// Compare .env with .env.example. Prints key names only; values are masked.
import fs from 'node:fs';

function parse(file) {
  if (!fs.existsSync(file)) return null;
  const out = new Map();
  for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const i = line.indexOf('=');
    if (i > 0) out.set(line.slice(0, i).replace(/^export\s+/, '').trim(), line.slice(i + 1).trim());
  }
  return out;
}

const example = parse('.env.example');
const actual = parse('.env');
if (!example) { console.error('no .env.example in this folder'); process.exit(2); }
if (!actual) { console.error('no .env: copy .env.example to .env and fill it in'); process.exit(1); }

let problems = 0;
for (const key of example.keys()) {
  if (!actual.has(key)) { console.log(`missing  ${key}`); problems++; }
  else if (actual.get(key) === '') { console.log(`empty    ${key}`); problems++; }
  else console.log(`ok       ${key} (${actual.get(key).length} chars)`);
}
for (const key of actual.keys()) if (!example.has(key)) console.log(`extra    ${key}`);
process.exit(problems ? 1 : 0);
