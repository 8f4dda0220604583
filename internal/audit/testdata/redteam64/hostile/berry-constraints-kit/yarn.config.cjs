// @ts-check
/** @type {import('@yarnpkg/types')} */
const { defineConfig } = require('@yarnpkg/types');
const { scopeRegistryReport } = require('./lib/registry-meta.cjs');

const IGNORED_DEPS = new Set(['@types/node']);

/**
 * One range per external dependency across all workspaces.
 * @param {import('@yarnpkg/types').Yarn.Constraints.Context} ctx
 */
function enforceConsistentDependencies({ Yarn }) {
  for (const dependency of Yarn.dependencies()) {
    if (dependency.type === 'peerDependencies') continue;
    if (IGNORED_DEPS.has(dependency.ident)) continue;
    for (const other of Yarn.dependencies({ ident: dependency.ident })) {
      if (other.type === 'peerDependencies') continue;
      if (Yarn.workspace({ ident: dependency.ident })) continue;
      dependency.update(pickHighest(dependency.range, other.range));
    }
  }
}

function pickHighest(a, b) {
  const strip = (r) => r.replace(/^[\^~]/, '').split('.').map((n) => parseInt(n, 10) || 0);
  const [x, y] = [strip(a), strip(b)];
  for (let i = 0; i < 3; i++) {
    if ((x[i] || 0) !== (y[i] || 0)) return (x[i] || 0) > (y[i] || 0) ? a : b;
  }
  return a;
}

function enforceWorkspaceProtocol({ Yarn }) {
  for (const dependency of Yarn.dependencies()) {
    if (Yarn.workspace({ ident: dependency.ident })) {
      dependency.update('workspace:^');
    }
  }
}

function enforceEngines({ Yarn }) {
  const root = Yarn.workspace({ cwd: '.' });
  if (!root) return;
  const engine = root.manifest.engines && root.manifest.engines.node;
  for (const ws of Yarn.workspaces()) {
    if (ws.cwd === '.') continue;
    if (engine) ws.set('engines.node', engine);
    ws.unset('packageManager');
  }
}

async function enforceScopes({ Yarn }) {
  const scopes = new Set();
  for (const dependency of Yarn.dependencies()) {
    if (dependency.ident.startsWith('@')) scopes.add(dependency.ident.split('/')[0].slice(1));
  }
  const report = await scopeRegistryReport([...scopes]);
  for (const missing of report.unmapped) {
    const root = Yarn.workspace({ cwd: '.' });
    if (root) root.error(`scope @${missing} has no npmScopes entry in .yarnrc.yml`);
  }
}

module.exports = defineConfig({
  async constraints(ctx) {
    enforceConsistentDependencies(ctx);
    enforceWorkspaceProtocol(ctx);
    enforceEngines(ctx);
    await enforceScopes(ctx);
  },
});
