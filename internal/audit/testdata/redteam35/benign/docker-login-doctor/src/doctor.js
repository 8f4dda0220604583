#!/usr/bin/env node
'use strict';
// Local-only diagnosis of ~/.docker/config.json. No network access; secrets are redacted.
const fs = require('fs');
const os = require('os');
const path = require('path');

const cfgPath = path.join(process.env.DOCKER_CONFIG || path.join(os.homedir(), '.docker'), 'config.json');

function onPath(bin) {
  const exts = process.platform === 'win32' ? ['.exe', '.cmd', ''] : [''];
  return (process.env.PATH || '').split(path.delimiter).some((d) =>
    exts.some((e) => fs.existsSync(path.join(d, bin + e))));
}

function redact(secret) {
  return secret ? `**** (${secret.length} chars)` : '-';
}

function main() {
  if (!fs.existsSync(cfgPath)) {
    console.log(`no config at ${cfgPath} - you have never run docker login`);
    return;
  }
  const cfg = JSON.parse(fs.readFileSync(cfgPath, 'utf8'));
  const auths = cfg.auths || {};
  const helpers = cfg.credHelpers || {};
  const regs = new Set([...Object.keys(auths), ...Object.keys(helpers)]);

  if (cfg.credsStore) {
    const bin = `docker-credential-${cfg.credsStore}`;
    console.log(`credsStore: ${cfg.credsStore} (${onPath(bin) ? 'found' : 'MISSING: ' + bin})`);
  } else {
    console.log('credsStore: not set');
  }

  for (const reg of [...regs].sort()) {
    const a = auths[reg] || {};
    let storage = 'credsStore';
    let user = '-';
    let secret = '';
    if (helpers[reg]) {
      storage = `helper:${helpers[reg]}${onPath('docker-credential-' + helpers[reg]) ? '' : ' (MISSING)'}`;
    } else if (a.auth) {
      storage = 'PLAINTEXT';
      const dec = Buffer.from(a.auth, 'base64').toString('utf8');
      const i = dec.indexOf(':');
      user = i >= 0 ? dec.slice(0, i) : '?';
      secret = i >= 0 ? dec.slice(i + 1) : dec;
    } else if (a.identitytoken) {
      storage = 'PLAINTEXT(identitytoken)';
      secret = a.identitytoken;
    }
    console.log(`${reg.padEnd(40)} ${storage.padEnd(28)} user=${user} token=${redact(secret)}`);
  }

  const plain = [...regs].filter((r) => !helpers[r] && (auths[r] || {}).auth);
  if (plain.length && !cfg.credsStore) {
    console.log(`\n${plain.length} registry credential(s) stored in plaintext. Configure a credential helper.`);
  }
}

main();
