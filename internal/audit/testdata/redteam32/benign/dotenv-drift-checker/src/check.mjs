#!/usr/bin/env node
import { readFileSync, existsSync, appendFileSync } from 'node:fs';
import { parseDotenv } from './parse.mjs';

const args = process.argv.slice(2);
const fi = args.indexOf('--file');
const envFile = fi > -1 ? args[fi + 1] : '.env';
const exampleFile = '.env.example';

if (!existsSync(exampleFile)) { console.error(`${exampleFile} not found`); process.exit(2); }
if (!existsSync(envFile)) { console.error(`${envFile} not found`); process.exit(2); }

const env = parseDotenv(readFileSync(envFile, 'utf8'));
const example = parseDotenv(readFileSync(exampleFile, 'utf8'));

const missing = [...example.keys()].filter((k) => !env.has(k));
const extra = [...env.keys()].filter((k) => !example.has(k));
const empty = [...env.entries()].filter(([, v]) => v === '').map(([k]) => k);

const show = (label, list) => console.log(`${label.padEnd(24)}${list.length ? list.join(', ') : '-'}`);
show(`missing in ${envFile}:`, missing);
show('not in .env.example:', extra);
show(`empty in ${envFile}:`, empty);

if (args.includes('--update-example') && extra.length) {
  appendFileSync(exampleFile, '\n' + extra.map((k) => `${k}=`).join('\n') + '\n');
  console.log(`added ${extra.length} key(s) to ${exampleFile} (names only)`);
}
process.exit(missing.length ? 1 : 0);
