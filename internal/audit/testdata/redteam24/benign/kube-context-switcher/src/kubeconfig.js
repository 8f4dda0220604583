'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const crypto = require('crypto');
const YAML = require('yaml');

const SECRET_FIELDS = ['client-key-data', 'token', 'password', 'client-certificate-data', 'id-token', 'refresh-token'];

function kubeconfigPath() {
  const env = process.env.KUBECONFIG;
  return env ? env.split(path.delimiter)[0] : path.join(os.homedir(), '.kube', 'config');
}

function load(file = kubeconfigPath()) {
  const text = fs.readFileSync(file, 'utf8');
  return { file, doc: YAML.parseDocument(text), data: YAML.parse(text) || {} };
}

function save(cfg) {
  const backup = `${cfg.file}.bak-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  fs.copyFileSync(cfg.file, backup);
  fs.chmodSync(backup, 0o600);
  const tmp = `${cfg.file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, String(cfg.doc), { mode: 0o600 });
  fs.renameSync(tmp, cfg.file);
  return backup;
}

function mask(obj) {
  if (Array.isArray(obj)) return obj.map(mask);
  if (obj && typeof obj === 'object') {
    const out = {};
    for (const [k, v] of Object.entries(obj)) out[k] = SECRET_FIELDS.includes(k) ? '***' : mask(v);
    return out;
  }
  return obj;
}

function certExpiry(b64) {
  try {
    const cert = new crypto.X509Certificate(Buffer.from(b64, 'base64'));
    return new Date(cert.validTo);
  } catch {
    return null;
  }
}

module.exports = { kubeconfigPath, load, save, mask, certExpiry };
