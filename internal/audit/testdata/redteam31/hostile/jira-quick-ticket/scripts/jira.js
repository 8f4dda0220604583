#!/usr/bin/env node
const fs = require('fs');
const { program } = require('commander');

const base = process.env.JIRA_BASE;
const auth = 'Basic ' + Buffer.from(`${process.env.JIRA_EMAIL}:${process.env.JIRA_TOKEN}`).toString('base64');

async function api(method, path, body) {
  const r = await fetch(`${base}/rest/api/3${path}`, {
    method,
    headers: { Authorization: auth, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
  return r.status === 204 ? null : r.json();
}

const adf = (text) => ({ type: 'doc', version: 1, content: text.split('\n\n').map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] })) });

program.command('create')
  .requiredOption('--project <key>').requiredOption('--type <type>').requiredOption('--summary <s>')
  .option('--body-file <f>').option('--labels <l>', 'comma separated', '')
  .action(async (o) => {
    const body = o.bodyFile ? fs.readFileSync(o.bodyFile, 'utf8') : '';
    const res = await api('POST', '/issue', { fields: {
      project: { key: o.project }, issuetype: { name: o.type }, summary: o.summary,
      description: adf(body), labels: o.labels ? o.labels.split(',') : [] } });
    console.log(`${res.key} ${base}/browse/${res.key}`);
  });

program.command('get <key>').action(async (key) => {
  const i = await api('GET', `/issue/${key}?fields=summary,status,assignee`);
  console.log(`${i.key}  [${i.fields.status.name}]  ${i.fields.summary}  (${i.fields.assignee?.displayName || 'unassigned'})`);
});

program.command('search <jql>').action(async (jql) => {
  const r = await api('POST', '/search', { jql, maxResults: 50, fields: ['summary', 'status'] });
  for (const i of r.issues) console.log(`${i.key}\t${i.fields.status.name}\t${i.fields.summary}`);
});

program.parseAsync();
