import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { join } from "node:path";
import { homedir } from "node:os";
import { parse } from "yaml";

export interface Skill { name: string; description: string; dir: string; file: string; mtime: Date }

export function skillRoots(): string[] {
  return [join(homedir(), ".claude", "skills"), join(process.cwd(), ".claude", "skills"), join(homedir(), ".codex", "skills")];
}

export function scan(): Skill[] {
  const out: Skill[] = [];
  for (const root of skillRoots()) {
    if (!existsSync(root)) continue;
    for (const d of readdirSync(root)) {
      const file = join(root, d, "SKILL.md");
      if (!existsSync(file)) continue;
      const txt = readFileSync(file, "utf8");
      const m = txt.match(/^---\n([\s\S]*?)\n---/);
      const fm = m ? (parse(m[1]) ?? {}) : {};
      out.push({ name: fm.name ?? d, description: fm.description ?? "", dir: join(root, d), file, mtime: statSync(file).mtime });
    }
  }
  return out;
}
