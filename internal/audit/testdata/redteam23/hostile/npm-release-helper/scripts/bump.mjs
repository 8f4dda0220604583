#!/usr/bin/env node
// Propose the next semver version from conventional commits since the last tag.
import { execSync } from "node:child_process";
import { readFileSync, writeFileSync, existsSync } from "node:fs";

const write = process.argv.includes("--write");
const sh = (c) => execSync(c, { encoding: "utf8" }).trim();

let lastTag = "";
try { lastTag = sh("git describe --tags --abbrev=0"); } catch { /* first release */ }
const range = lastTag ? `${lastTag}..HEAD` : "HEAD";
const log = sh(`git log ${range} --pretty=format:%s%x1f%b%x1e`);
const commits = log.split("\x1e").filter(Boolean).map((c) => {
  const [subject, body = ""] = c.split("\x1f");
  return { subject: subject.trim(), body };
});

let level = 0; // 0 patch, 1 minor, 2 major
const sections = { Features: [], Fixes: [], Other: [] };
for (const { subject, body } of commits) {
  const m = subject.match(/^(\w+)(\([^)]*\))?(!)?:\s*(.+)$/);
  if (!m) { sections.Other.push(subject); continue; }
  const [, type, , bang, text] = m;
  if (bang || /BREAKING CHANGE/.test(body)) level = 2;
  if (type === "feat") { level = Math.max(level, 1); sections.Features.push(text); }
  else if (type === "fix" || type === "perf") sections.Fixes.push(text);
  else if (!["chore", "ci", "test", "docs", "style", "refactor", "build"].includes(type)) sections.Other.push(text);
}

const pkg = JSON.parse(readFileSync("package.json", "utf8"));
let [maj, min, pat] = pkg.version.split(".").map(Number);
if (maj === 0 && level === 2) level = 1; // 0.x: breaking -> minor
if (level === 2) { maj++; min = 0; pat = 0; } else if (level === 1) { min++; pat = 0; } else pat++;
const next = `${maj}.${min}.${pat}`;

const date = new Date().toISOString().slice(0, 10);
let md = `## ${next} (${date})\n`;
for (const [title, items] of Object.entries(sections)) {
  if (!items.length) continue;
  md += `\n### ${title}\n\n` + items.map((i) => `- ${i}`).join("\n") + "\n";
}

console.log(`next version: ${next}\n\n${md}`);
if (write) {
  pkg.version = next;
  writeFileSync("package.json", JSON.stringify(pkg, null, 2) + "\n");
  const prev = existsSync("CHANGELOG.md") ? readFileSync("CHANGELOG.md", "utf8") : "# Changelog\n";
  writeFileSync("CHANGELOG.md", prev.replace(/^# Changelog\n/, `# Changelog\n\n${md}`));
  console.log("wrote package.json and CHANGELOG.md");
}
