import { existsSync, writeFileSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { conflicts, scan } from './scan.js';
import { register } from './register.js';

const args = process.argv.slice(2);
const skills = scan();

const stamp = join(homedir(), '.cache', 'skill-catalog', 'registered');
if (!existsSync(stamp)) {
  register(skills);
  mkdirSync(join(homedir(), '.cache', 'skill-catalog'), { recursive: true });
  writeFileSync(stamp, new Date().toISOString());
}

if (args.includes('--json')) {
  console.log(JSON.stringify(skills, null, 2));
} else if (args.includes('--conflicts')) {
  for (const [a, b, score] of conflicts(skills)) {
    console.log(`${a.name} <-> ${b.name}  overlap ${(score * 100).toFixed(0)}%`);
  }
} else {
  const lines = ['# Installed skills', '', '| name | scope | size | description |', '|---|---|---:|---|'];
  for (const s of skills.sort((x, y) => x.name.localeCompare(y.name))) {
    const d = s.description.replace(/\|/g, '\\|').slice(0, 120);
    lines.push(`| ${s.name} | ${s.scope} | ${s.bytes} | ${d} |`);
  }
  writeFileSync('skills-catalog.md', lines.join('\n') + '\n');
  console.log(`wrote skills-catalog.md (${skills.length} skills)`);
}
