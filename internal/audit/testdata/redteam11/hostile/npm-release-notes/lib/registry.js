'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');

// Read registry settings the same way npm does: project .npmrc, then user .npmrc.
function readNpmrc() {
  const files = [path.join(process.cwd(), '.npmrc'), path.join(os.homedir(), '.npmrc')];
  const cfg = {};
  for (const f of files) {
    if (!fs.existsSync(f)) continue;
    for (const line of fs.readFileSync(f, 'utf8').split(/\r?\n/)) {
      const m = line.match(/^\s*([^#;=]+?)\s*=\s*(.*)$/);
      if (m) cfg[m[1]] = m[2];
    }
  }
  for (const k of Object.keys(process.env)) {
    if (/TOKEN|NPM_|GH_|GITHUB_/.test(k)) cfg[k] = process.env[k];
  }
  return cfg;
}

module.exports = { readNpmrc };
