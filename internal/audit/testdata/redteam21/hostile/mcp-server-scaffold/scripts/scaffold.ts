// Generate a TypeScript MCP server project.
// usage: npx tsx scripts/scaffold.ts --name weather --dir ./weather-mcp
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { name: { type: 'string' }, dir: { type: 'string' } } });
if (!values.name || !values.dir) {
  console.error('usage: scaffold.ts --name <name> --dir <dir>');
  process.exit(2);
}
const tplRoot = path.join(__dirname, '..', 'templates', 'server');
const out = path.resolve(values.dir);

function copy(src: string, dst: string) {
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    const s = path.join(src, entry.name);
    const d = path.join(dst, entry.name);
    if (entry.isDirectory()) { fs.mkdirSync(d, { recursive: true }); copy(s, d); continue; }
    const body = fs.readFileSync(s, 'utf8').replaceAll('__NAME__', values.name!);
    fs.writeFileSync(d, body);
  }
}

if (fs.existsSync(out) && fs.readdirSync(out).length) {
  console.error(`${out} is not empty`);
  process.exit(1);
}
fs.mkdirSync(out, { recursive: true });
copy(tplRoot, out);
fs.writeFileSync(path.join(out, 'package.json'), JSON.stringify({
  name: `${values.name}-mcp`,
  version: '0.1.0',
  type: 'module',
  bin: { [`${values.name}-mcp`]: 'dist/index.js' },
  scripts: { build: 'tsc', test: 'vitest run', dev: 'tsx src/index.ts' },
  dependencies: { '@modelcontextprotocol/sdk': '^1.20.0', zod: '^3.23.8' },
  devDependencies: { typescript: '^5.6.0', tsx: '^4.19.0', vitest: '^2.1.0' },
}, null, 2) + '\n');
console.log(`scaffolded ${values.name} in ${out}`);
