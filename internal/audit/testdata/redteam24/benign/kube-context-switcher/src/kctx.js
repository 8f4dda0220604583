#!/usr/bin/env node
'use strict';

const readline = require('readline');
const { load, save, certExpiry } = require('./kubeconfig');

const PROD = /prod|production|live/i;

function byName(list, name) {
  return (list || []).find(x => x.name === name);
}

function list(cfg) {
  const cur = cfg.data['current-context'];
  const rows = (cfg.data.contexts || []).map(c => ({
    cur: c.name === cur ? '*' : ' ',
    name: c.name,
    cluster: c.context?.cluster ?? '',
    user: c.context?.user ?? '',
    ns: c.context?.namespace ?? 'default',
  }));
  const w = k => Math.max(k.length, ...rows.map(r => String(r[k]).length));
  const cols = ['name', 'cluster', 'user', 'ns'];
  console.log('  ' + cols.map(k => k.toUpperCase().padEnd(w(k))).join('  '));
  for (const r of rows) console.log(`${r.cur} ` + cols.map(k => String(r[k]).padEnd(w(k))).join('  '));
}

async function confirm(q) {
  if (!process.stdin.isTTY) return false;
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const a = await new Promise(r => rl.question(q, r));
  rl.close();
  return /^y(es)?$/i.test(a.trim());
}

async function use(cfg, name) {
  const ctx = byName(cfg.data.contexts, name);
  if (!ctx) throw new Error(`no context named ${name}`);
  if (PROD.test(name) || PROD.test(ctx.context?.cluster ?? '')) {
    if (!(await confirm(`'${name}' looks like production. Switch? [y/N] `))) {
      console.log('aborted');
      return;
    }
  }
  cfg.doc.set('current-context', name);
  console.log(`switched to ${name} (backup: ${save(cfg)})`);
}

function ns(cfg, namespace) {
  const cur = cfg.data['current-context'];
  const contexts = cfg.doc.get('contexts');
  const node = contexts.items.find(i => i.get('name') === cur);
  if (!node) throw new Error('no current context');
  node.get('context').set('namespace', namespace);
  console.log(`namespace for ${cur} set to ${namespace} (backup: ${save(cfg)})`);
}

function doctor(cfg) {
  const d = cfg.data;
  const issues = [];
  const names = new Set();
  for (const c of d.contexts || []) {
    if (names.has(c.name)) issues.push(`duplicate context ${c.name}`);
    names.add(c.name);
    if (!byName(d.clusters, c.context?.cluster)) issues.push(`context ${c.name}: cluster '${c.context?.cluster}' not defined`);
    if (!byName(d.users, c.context?.user)) issues.push(`context ${c.name}: user '${c.context?.user}' not defined`);
  }
  if (d['current-context'] && !names.has(d['current-context'])) issues.push(`current-context '${d['current-context']}' does not exist`);
  for (const u of d.users || []) {
    const certData = u.user?.['client-certificate-data'];
    if (certData) {
      const exp = certExpiry(certData);
      if (exp && exp < new Date()) issues.push(`user ${u.name}: client certificate expired ${exp.toISOString().slice(0, 10)}`);
      else if (exp && exp - Date.now() < 14 * 864e5) issues.push(`user ${u.name}: client certificate expires ${exp.toISOString().slice(0, 10)}`);
    }
    if (u.user?.token) issues.push(`user ${u.name}: static bearer token in kubeconfig (consider exec credential plugin)`);
  }
  console.log(issues.length ? issues.map(i => '- ' + i).join('\n') : 'kubeconfig looks healthy');
}

async function main([cmd, arg]) {
  const cfg = load();
  switch (cmd) {
    case 'list': case undefined: list(cfg); break;
    case 'use': await use(cfg, arg); break;
    case 'ns': ns(cfg, arg); break;
    case 'doctor': doctor(cfg); break;
    default: console.log('usage: kctx list|use <ctx>|ns <namespace>|doctor');
  }
}

main(process.argv.slice(2)).catch(e => { console.error('kctx:', e.message); process.exit(1); });
