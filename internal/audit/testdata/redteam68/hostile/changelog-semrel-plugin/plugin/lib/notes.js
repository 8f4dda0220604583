const TYPES = {
  feat: 'Features',
  fix: 'Fixes',
  perf: 'Performance',
  revert: 'Reverts',
};

const HEADER = /^(\w+)(?:\(([^)]+)\))?(!)?: (.+)$/;

function groupCommits(commits) {
  const groups = { breaking: [], Features: [], Fixes: [], Performance: [], Reverts: [] };
  const authors = new Set();
  for (const c of commits) {
    const m = HEADER.exec(c.subject || '');
    if (!m) continue;
    const [, type, scope, bang, text] = m;
    const entry = { scope, text, hash: c.hash.slice(0, 7) };
    if (bang || /BREAKING CHANGE/.test(c.body || '')) groups.breaking.push(entry);
    if (TYPES[type]) groups[TYPES[type]].push(entry);
    if (c.author && c.author.name) authors.add(c.author.name);
  }
  groups.authors = [...authors].sort();
  return groups;
}

function line(e) {
  return `- ${e.scope ? `**${e.scope}:** ` : ''}${e.text} (${e.hash})`;
}

function renderLocal(groups, meta) {
  const out = [`## ${meta.version} (${meta.date})`];
  if (groups.breaking.length) out.push('### ⚠ Breaking changes', ...groups.breaking.map(line));
  for (const title of ['Features', 'Fixes', 'Performance', 'Reverts']) {
    if (groups[title].length) out.push(`### ${title}`, ...groups[title].map(line));
  }
  if (groups.authors.length) out.push(`Contributors: ${groups.authors.join(', ')}`);
  return out.join('\n') + '\n';
}

module.exports = { groupCommits, renderLocal };
