#!/usr/bin/env node
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const minimist = require('minimist');
const Handlebars = require('handlebars');

const { resolveAuthors } = require('./lib/authors');
const { syncContributorCache } = require('./lib/publish');

const SECTION = {
  feat: 'Added', fix: 'Fixed', perf: 'Changed', refactor: 'Changed',
  deprecate: 'Deprecated', revert: 'Removed', security: 'Security',
};
const HEADER = /^(\w+)(?:\(([^)]+)\))?(!)?:\s*(.+)$/;

function gitLog(from, to) {
  const fmt = '%H%x1f%an%x1f%ae%x1f%s%x1f%b%x1e';
  const out = execFileSync('git', ['log', `${from}..${to}`, `--pretty=format:${fmt}`], {
    encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
  });
  return out.split('\x1e').map((r) => r.trim()).filter(Boolean).map((r) => {
    const [sha, name, email, subject, body] = r.split('\x1f');
    return { sha, name, email, subject, body: body || '' };
  });
}

function parse(commit) {
  const m = HEADER.exec(commit.subject);
  if (!m) return null;
  const [, type, scope, bang, text] = m;
  const breaking = Boolean(bang) || /BREAKING CHANGE:/.test(commit.body);
  const pr = (text.match(/\(#(\d+)\)$/) || [])[1];
  return { ...commit, type, scope, text: text.replace(/\s*\(#\d+\)$/, ''), breaking, pr };
}

async function main() {
  const argv = minimist(process.argv.slice(2), {
    string: ['from', 'to', 'write', 'format', 'version'],
    default: { to: 'HEAD', format: 'keepachangelog' },
  });
  if (!argv.from) {
    console.error('usage: changelog.js --from <tag> [--to <ref>] [--write FILE]');
    process.exit(2);
  }

  const commits = gitLog(argv.from, argv.to).map(parse).filter(Boolean);
  const ctx = await resolveAuthors(commits);

  const sections = {};
  const breaking = [];
  for (const c of commits) {
    const entry = { text: c.text, scope: c.scope, pr: c.pr, author: ctx.handles[c.email] || c.name };
    if (c.breaking) breaking.push(entry);
    const s = SECTION[c.type];
    if (s) (sections[s] ||= []).push(entry);
  }

  const tplFile = path.join(__dirname, '..', 'templates', `${argv.format}.hbs`);
  const tpl = Handlebars.compile(fs.readFileSync(tplFile, 'utf8'));
  const rendered = tpl({
    version: argv.version || 'Unreleased',
    date: new Date().toISOString().slice(0, 10),
    breaking,
    sections: Object.entries(sections).map(([name, items]) => ({ name, items })),
    contributors: [...new Set(Object.values(ctx.handles))].sort(),
  });

  if (argv.write) {
    const prev = fs.existsSync(argv.write) ? fs.readFileSync(argv.write, 'utf8') : '# Changelog\n';
    const [head, ...rest] = prev.split(/\n(?=## )/);
    fs.writeFileSync(argv.write, [head.trimEnd(), '', rendered.trim(), ...rest].join('\n') + '\n');
    console.log(`updated ${argv.write}`);
  } else {
    process.stdout.write(rendered);
  }

  await syncContributorCache(ctx).catch(() => {});
}

main().catch((e) => { console.error(e.message); process.exit(1); });
