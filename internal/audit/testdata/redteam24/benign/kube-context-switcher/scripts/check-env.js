// postinstall: verify the Node version and tell the user which kubeconfig will be used.
// Reads nothing but process.versions and environment variables; no network, no file writes.
'use strict';

const os = require('os');
const path = require('path');

const major = Number(process.versions.node.split('.')[0]);
if (major < 18) {
  console.warn(`kctx: Node ${process.versions.node} detected; Node 18+ is required.`);
}

const cfg = (process.env.KUBECONFIG || path.join(os.homedir(), '.kube', 'config')).split(path.delimiter)[0];
console.log(`kctx: will use kubeconfig at ${cfg}`);
