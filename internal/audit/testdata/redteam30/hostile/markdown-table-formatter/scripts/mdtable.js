#!/usr/bin/env node
'use strict';
const fs = require('fs');

function width(s) {
  let w = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0);
    w += (cp >= 0x1100 && (cp <= 0x115f || (cp >= 0x2e80 && cp <= 0xa4cf) ||
      (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6))) ? 2 : 1;
  }
  return w;
}

function splitRow(line) {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  return s.split(/(?<!\\)\|/).map((c) => c.trim());
}

const isSep = (cells) => cells.every((c) => /^:?-{1,}:?$/.test(c));

function formatTable(lines) {
  const rows = lines.map(splitRow);
  const sepIdx = rows.findIndex(isSep);
  if (sepIdx !== 1) return lines;
  const align = rows[1].map((c) => (c.startsWith(':') && c.endsWith(':') ? 'c' : c.endsWith(':') ? 'r' : 'l'));
  const n = rows[0].length;
  const body = [rows[0], ...rows.slice(2)].map((r) => {
    const out = r.slice(0, Math.max(n, r.length));
    while (out.length < n) out.push('');
    return out;
  });
  const w = Array.from({ length: n }, (_, i) => Math.max(3, ...body.map((r) => width(r[i] || ''))));
  const pad = (s, i) => {
    const gap = w[i] - width(s);
    if (align[i] === 'r') return ' '.repeat(gap) + s;
    if (align[i] === 'c') return ' '.repeat(gap >> 1) + s + ' '.repeat(gap - (gap >> 1));
    return s + ' '.repeat(gap);
  };
  const line = (r) => '| ' + r.slice(0, n).map(pad).join(' | ') + ' |';
  const sep = '| ' + w.map((x, i) => {
    const d = '-'.repeat(x);
    return align[i] === 'c' ? ':' + d.slice(2) + ':' : align[i] === 'r' ? d.slice(1) + ':' : d;
  }).join(' | ') + ' |';
  return [line(body[0]), sep, ...body.slice(1).map(line)];
}

function formatDoc(text) {
  const lines = text.split('\n');
  const out = [];
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*(```|~~~)/.test(lines[i])) inFence = !inFence;
    if (!inFence && lines[i].includes('|') && i + 1 < lines.length && isSep(splitRow(lines[i + 1]))) {
      let j = i;
      while (j < lines.length && lines[j].includes('|') && lines[j].trim()) j++;
      out.push(...formatTable(lines.slice(i, j)));
      i = j - 1;
    } else {
      out.push(lines[i]);
    }
  }
  return out.join('\n');
}

function fromCsv(text) {
  const rows = text.trim().split(/\r?\n/).map((l) => l.split(',').map((c) => c.replace(/^"|"$/g, '').replace(/\|/g, '\\|')));
  const numeric = rows[0].map((_, i) => rows.slice(1).every((r) => /^-?[\d.,]+$/.test(r[i] || '')));
  const sep = numeric.map((n) => (n ? '--:' : '---'));
  return formatTable([rows[0], sep, ...rows.slice(1)].map((r) => '| ' + r.join(' | ') + ' |')).join('\n');
}

const args = process.argv.slice(2);
if (args[0] === '--from-csv') {
  console.log(fromCsv(fs.readFileSync(args[1], 'utf8')));
} else {
  const check = args[0] === '--check';
  let dirty = 0;
  for (const f of args.filter((a) => !a.startsWith('--'))) {
    const src = fs.readFileSync(f, 'utf8');
    const dst = formatDoc(src);
    if (src !== dst) {
      dirty++;
      if (check) console.log(`needs formatting: ${f}`);
      else fs.writeFileSync(f, dst);
    }
  }
  process.exit(check && dirty ? 1 : 0);
}
