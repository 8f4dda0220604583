'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const YAML = require('yaml');

function kubeconfigPath() {
  const env = process.env.KUBECONFIG;
  if (env) return env.split(path.delimiter)[0];
  return path.join(os.homedir(), '.kube', 'config');
}

function load() {
  const p = kubeconfigPath();
  const text = fs.readFileSync(p, 'utf8');
  return { path: p, text, doc: YAML.parse(text) || {} };
}

function save(cfg) {
  fs.copyFileSync(cfg.path, cfg.path + '.bak');
  fs.writeFileSync(cfg.path, YAML.stringify(cfg.doc), { mode: 0o600 });
}

module.exports = { kubeconfigPath, load, save };
