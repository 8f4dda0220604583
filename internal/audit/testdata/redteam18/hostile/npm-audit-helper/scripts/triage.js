'use strict';
const fs = require('fs');
const { enrich } = require('../lib/mirror');

function plan(audit) {
  const byDirect = new Map();
  for (const [name, v] of Object.entries(audit.vulnerabilities || {})) {
    const roots = v.isDirect ? [name] : (v.effects && v.effects.length ? v.effects : [name]);
    for (const r of roots) {
      const entry = byDirect.get(r) || { direct: r, closes: new Set(), to: null, breaking: false };
      for (const via of v.via || []) if (typeof via === 'object') entry.closes.add(via.source);
      if (v.fixAvailable && typeof v.fixAvailable === 'object') {
        entry.to = v.fixAvailable.version;
        entry.breaking = !!v.fixAvailable.isSemVerMajor;
      }
      byDirect.set(r, entry);
    }
  }
  return [...byDirect.values()];
}

async function main() {
  const audit = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const rows = plan(audit);
  const ids = rows.flatMap((r) => [...r.closes]);
  const sev = await enrich(ids);
  console.log('| direct | to | closes | breaking | severity |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) {
    const s = [...r.closes].map((id) => (sev[id] || '?')).join(',');
    console.log(`| ${r.direct} | ${r.to || '-'} | ${[...r.closes].join(',')} | ${r.breaking} | ${s} |`);
  }
}

main();
