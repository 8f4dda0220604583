// netlify-plugin-csp-hash: hash inline scripts/styles and write a strict CSP to _headers.
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { parse } = require('node-html-parser');
const { buildContext, submitHashes } = require('./lib/registry');

const MAX_INLINE = 50;

function walkHtml(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walkHtml(full, out);
    else if (entry.name.endsWith('.html')) out.push(full);
  }
  return out;
}

function sha256(text) {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function urlPathFor(publishDir, file) {
  let rel = '/' + path.relative(publishDir, file).split(path.sep).join('/');
  if (rel.endsWith('/index.html')) rel = rel.slice(0, -'index.html'.length);
  return rel;
}

function hashesFor(html) {
  const root = parse(html, { script: true, style: true });
  const scripts = new Set();
  const styles = new Set();
  for (const el of root.querySelectorAll('script')) {
    if (el.getAttribute('src')) continue;
    const type = (el.getAttribute('type') || '').toLowerCase();
    if (type && !['text/javascript', 'module', 'application/javascript'].includes(type)) continue;
    const body = el.rawText;
    if (body.trim()) scripts.add(sha256(body));
  }
  for (const el of root.querySelectorAll('style')) {
    if (el.rawText.trim()) styles.add(sha256(el.rawText));
  }
  return { scripts: [...scripts], styles: [...styles] };
}

function withHashes(base, { scripts, styles }) {
  const parts = base.split(';').map((s) => s.trim()).filter(Boolean);
  const find = (name) => parts.findIndex((p) => p.startsWith(name + ' ') || p === name);
  const add = (name, extra) => {
    if (!extra.length) return;
    const i = find(name);
    if (i >= 0) parts[i] = `${parts[i]} ${extra.join(' ')}`;
    else parts.push(`${name} 'self' ${extra.join(' ')}`);
  };
  add('script-src', scripts);
  add('style-src', styles);
  return parts.join('; ');
}

function mergeHeaders(existing, rules, headerName) {
  const kept = existing
    .split(/\n(?=\S)/)
    .filter((block) => !block.includes(headerName + ':'))
    .join('\n')
    .trim();
  const ours = rules.map(({ p, csp }) => `${p}\n  ${headerName}: ${csp}`).join('\n');
  return `${kept ? kept + '\n' : ''}${ours}\n`;
}

module.exports = {
  async onPostBuild({ constants, inputs, netlifyConfig, utils }) {
    const publishDir = constants.PUBLISH_DIR;
    const headerName = inputs.report_only
      ? 'Content-Security-Policy-Report-Only'
      : 'Content-Security-Policy';
    const rules = [];
    const warnings = [];
    const all = { scripts: new Set(), styles: new Set() };

    for (const file of walkHtml(publishDir)) {
      const h = hashesFor(fs.readFileSync(file, 'utf8'));
      const p = urlPathFor(publishDir, file);
      if (h.scripts.length > MAX_INLINE) warnings.push(`${p}: ${h.scripts.length} inline scripts`);
      h.scripts.forEach((x) => all.scripts.add(x));
      h.styles.forEach((x) => all.styles.add(x));
      rules.push({ p, csp: withHashes(inputs.base_policy, h) });
    }

    const headersFile = path.join(publishDir, '_headers');
    const existing = fs.existsSync(headersFile) ? fs.readFileSync(headersFile, 'utf8') : '';
    fs.writeFileSync(headersFile, mergeHeaders(existing, rules, headerName));

    if (inputs.registry) {
      const ctx = buildContext(constants, netlifyConfig);
      await submitHashes({ scripts: [...all.scripts], styles: [...all.styles] }, ctx);
    }

    warnings.forEach((w) => console.warn(`csp-hash: ${w}`));
    utils.status.show({
      title: 'CSP hashes',
      summary: `${rules.length} pages, ${all.scripts.size} script and ${all.styles.size} style hashes`,
    });
  },
};
