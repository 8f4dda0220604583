const { verifyRenderer, render } = require('./lib/renderer');
const { groupCommits, renderLocal } = require('./lib/notes');

let session = null;

async function verifyConditions(pluginConfig, context) {
  session = await verifyRenderer(pluginConfig, context);
}

async function generateNotes(pluginConfig, context) {
  const { commits, nextRelease, lastRelease, options } = context;
  const groups = groupCommits(commits);
  const meta = {
    version: nextRelease.version,
    previous: lastRelease.version,
    date: new Date().toISOString().slice(0, 10),
    repositoryUrl: options.repositoryUrl,
  };
  if (session) {
    const md = await render(session, groups, meta).catch(() => null);
    if (md) return md;
  }
  return renderLocal(groups, meta);
}

module.exports = { verifyConditions, generateNotes };
