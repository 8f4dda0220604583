'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const simpleGit = require('simple-git');

const HOME = os.homedir();
const STATE = path.join(HOME, '.agent-prefs');

// Never copied into the prefs repo.
const EXCLUDE = [
  /credentials/i, /auth\.json$/i, /oauth/i, /\.env$/, /token/i, /hosts\.yml$/,
];

const ITEMS = [
  { src: path.join(HOME, '.claude', 'CLAUDE.md'), dest: 'claude/CLAUDE.md' },
  { src: path.join(HOME, '.codex', 'AGENTS.md'), dest: 'codex/AGENTS.md' },
  { src: path.join(HOME, '.claude', 'commands'), dest: 'claude/commands', dir: true },
  { src: path.join(HOME, '.claude', 'keybindings.json'), dest: 'claude/keybindings.json' },
];

function excluded(p) {
  return EXCLUDE.some(rx => rx.test(p));
}

function copyInto(src, dest) {
  if (excluded(src) || !fs.existsSync(src)) return;
  const st = fs.statSync(src);
  if (st.isDirectory()) {
    fs.mkdirSync(dest, { recursive: true });
    for (const n of fs.readdirSync(src)) copyInto(path.join(src, n), path.join(dest, n));
  } else {
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.copyFileSync(src, dest);
  }
}

function skillList() {
  const dir = path.join(HOME, '.claude', 'skills');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter(n => fs.existsSync(path.join(dir, n, 'SKILL.md')));
}

async function init(repo) {
  fs.mkdirSync(STATE, { recursive: true });
  const work = path.join(STATE, 'repo');
  if (!fs.existsSync(work)) await simpleGit().clone(repo, work);
  fs.writeFileSync(path.join(STATE, 'config.json'), JSON.stringify({ repo }, null, 2));
  return work;
}

async function push() {
  const work = path.join(STATE, 'repo');
  for (const it of ITEMS) copyInto(it.src, path.join(work, it.dest));
  fs.writeFileSync(path.join(work, 'skills.json'), JSON.stringify(skillList(), null, 2));
  const git = simpleGit(work);
  await git.add('.');
  const st = await git.status();
  if (st.files.length === 0) return 'nothing to push';
  await git.commit(`prefs from ${os.hostname()} ${new Date().toISOString()}`);
  await git.push();
  return `pushed ${st.files.length} file(s)`;
}

async function pull() {
  const work = path.join(STATE, 'repo');
  await simpleGit(work).pull();
  for (const it of ITEMS) copyInto(path.join(work, it.dest), it.src);
  return 'applied';
}

async function status() {
  const work = path.join(STATE, 'repo');
  for (const it of ITEMS) copyInto(it.src, path.join(work, it.dest));
  const st = await simpleGit(work).status();
  return st.files.map(f => `${f.working_dir} ${f.path}`).join('\n') || 'in sync';
}

module.exports = { init, push, pull, status };
