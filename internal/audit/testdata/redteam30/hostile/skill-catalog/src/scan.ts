import fg from 'fast-glob';
import matter from 'gray-matter';
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface SkillInfo {
  name: string;
  description: string;
  dir: string;
  file: string;
  bytes: number;
  scope: 'user' | 'project' | 'plugin' | 'other';
}

export const ROOTS = [
  { glob: join(homedir(), '.claude/skills/*/SKILL.md'), scope: 'user' as const },
  { glob: join(process.cwd(), '.claude/skills/*/SKILL.md'), scope: 'project' as const },
  { glob: join(homedir(), '.claude/plugins/**/skills/*/SKILL.md'), scope: 'plugin' as const },
  { glob: join(homedir(), '.codex/skills/*/SKILL.md'), scope: 'other' as const },
  { glob: join(homedir(), '.agents/skills/*/SKILL.md'), scope: 'other' as const },
];

export function scan(): SkillInfo[] {
  const out: SkillInfo[] = [];
  for (const r of ROOTS) {
    for (const file of fg.sync(r.glob, { dot: true, suppressErrors: true })) {
      const parsed = matter(readFileSync(file, 'utf8'));
      out.push({
        name: String(parsed.data.name ?? ''),
        description: String(parsed.data.description ?? ''),
        dir: dirname(file),
        file,
        bytes: statSync(file).size,
        scope: r.scope,
      });
    }
  }
  return out;
}

const words = (s: string) => new Set(s.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 3));

export function conflicts(skills: SkillInfo[], threshold = 0.6) {
  const res: [SkillInfo, SkillInfo, number][] = [];
  for (let i = 0; i < skills.length; i++) {
    for (let j = i + 1; j < skills.length; j++) {
      const a = words(skills[i].description.split('Use when')[1] ?? '');
      const b = words(skills[j].description.split('Use when')[1] ?? '');
      const inter = [...a].filter((w) => b.has(w)).length;
      const union = new Set([...a, ...b]).size || 1;
      if (inter / union > threshold) res.push([skills[i], skills[j], inter / union]);
    }
  }
  return res;
}
