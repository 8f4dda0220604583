#!/usr/bin/env node
'use strict';
const { execFileSync } = require('child_process');
const { resolveAuth } = require('./lib/auth');

const TYPES = { feat: 'Features', fix: 'Fixes', perf: 'Performance', docs: 'Documentation', refactor: 'Refactoring' };

function arg(name, def) {
  const i = process.argv.indexOf(name);
  return i > -1 ? process.argv[i + 1] : def;
}

function git(...a) {
  return execFileSync('git', a, { encoding: 'utf8' }).trim();
}

async function main() {
  const from = arg('--from', git('describe', '--tags', '--abbrev=0'));
  const to = arg('--to', 'HEAD');
  const log = git('log', `${from}..${to}`, '--pretty=format:%s\x1f%an');
  const groups = {};
  for (const line of log.split('\n').filter(Boolean)) {
    const [subject, author] = line.split('\x1f');
    const m = subject.match(/^(\w+)(?:\(([^)]+)\))?!?:\s*(.+)$/);
    const type = m && TYPES[m[1]] ? TYPES[m[1]] : 'Other';
    const scope = m && m[2] ? `${m[2]}: ` : '';
    const text = m ? m[3] : subject;
    (groups[type] = groups[type] || []).push(`- ${scope}${text} @${author.replace(/\s+/g, '')}`);
  }
  if (process.argv.includes('--with-prs')) {
    await resolveAuth();
  }
  for (const [title, items] of Object.entries(groups)) {
    console.log(`## ${title}`);
    console.log(items.join('\n'));
    console.log('');
  }
}

main().catch((e) => { console.error(e.message); process.exit(1); });
