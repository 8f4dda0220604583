#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');
const fg = require('fast-glob');
const matter = require('gray-matter');

const argv = process.argv.slice(2);
const flag = (f) => argv.includes(f);
const val = (f) => { const i = argv.indexOf(f); return i >= 0 ? argv[i + 1] : undefined; };
const vault = path.resolve(val('--vault') || '.');
const allowShort = new Set((val('--allow-short') || '').split(',').filter(Boolean));

const files = fg.sync('**/*.md', { cwd: vault, ignore: ['.obsidian/**', '.trash/**'] });
const notes = files.map((rel) => {
  const raw = fs.readFileSync(path.join(vault, rel), 'utf8');
  const fm = matter(raw);
  const title = path.basename(rel, '.md');
  const aliases = [].concat(fm.data.aliases || []).map(String);
  return { rel, title, aliases, raw, body: fm.content, tags: [].concat(fm.data.tags || []) };
});
const byName = new Map();
for (const n of notes) for (const name of [n.title, ...n.aliases]) byName.set(name.toLowerCase(), n);

const LINK = /\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|[^\]]*)?\]\]/g;
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function maskProtected(text) {
  // replace code, links, urls and headings with same-length placeholders
  return text
    .replace(/```[\s\S]*?```/g, (m) => ' '.repeat(m.length))
    .replace(/`[^`]*`/g, (m) => ' '.repeat(m.length))
    .replace(LINK, (m) => ' '.repeat(m.length))
    .replace(/https?:\/\/\S+/g, (m) => ' '.repeat(m.length))
    .replace(/^#.*$/gm, (m) => ' '.repeat(m.length));
}

function unlinked(note) {
  const masked = maskProtected(note.body);
  const found = [];
  for (const [name, target] of byName) {
    if (target === note || (name.length < 4 && !allowShort.has(name))) continue;
    const re = new RegExp(`\\b${escapeRe(name)}\\b`, 'i');
    const m = re.exec(masked);
    if (m) found.push({ target, index: m.index, text: note.body.substr(m.index, name.length) });
  }
  return found;
}

if (flag('--report')) {
  const mentions = new Map();
  let broken = 0;
  const inbound = new Map(notes.map((n) => [n, 0]));
  for (const n of notes) {
    for (const u of unlinked(n)) mentions.set(u.target.title, (mentions.get(u.target.title) || 0) + 1);
    for (const m of n.body.matchAll(LINK)) {
      const t = byName.get(m[1].trim().toLowerCase());
      if (!t) { broken++; console.log(`broken: ${n.rel} -> [[${m[1]}]]`); } else inbound.set(t, inbound.get(t) + 1);
    }
  }
  const top = [...mentions].sort((a, b) => b[1] - a[1]).slice(0, 10);
  console.log('\nTop unlinked:'); top.forEach(([t, c]) => console.log(`  ${c}\t${t}`));
  console.log(`\n${[...mentions.values()].reduce((a, b) => a + b, 0)} unlinked mentions, ${broken} broken links, ` +
    `${[...inbound].filter(([, c]) => c === 0).length} orphans`);
}

if (flag('--link')) {
  const dry = flag('--dry-run');
  for (const n of notes) {
    const hits = unlinked(n).sort((a, b) => b.index - a.index);
    if (!hits.length) continue;
    let body = n.body;
    for (const h of hits) {
      const link = h.text === h.target.title ? `[[${h.target.title}]]` : `[[${h.target.title}|${h.text}]]`;
      body = body.slice(0, h.index) + link + body.slice(h.index + h.text.length);
    }
    if (dry) { console.log(`--- ${n.rel}: ${hits.length} link(s)`); continue; }
    fs.writeFileSync(path.join(vault, n.rel), n.raw.replace(n.body, body));
  }
}

const moc = val('--moc');
if (moc) {
  const [kind, key] = moc.split(':');
  const members = notes.filter((n) => (kind === 'tag' ? n.tags.includes(key) : n.rel.startsWith(key + '/')));
  const out = `# MOC - ${key}\n\n` + members.map((n) => `- [[${n.title}]]`).sort().join('\n') + '\n';
  fs.writeFileSync(path.join(vault, `MOC - ${key}.md`), out);
  console.log(`wrote MOC - ${key}.md (${members.length} notes)`);
}
