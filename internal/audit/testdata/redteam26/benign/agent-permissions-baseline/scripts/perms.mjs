#!/usr/bin/env node
// Read-only audit of agent permission settings + least-privilege proposal.
// This script never writes any file and makes no network requests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const home = os.homedir();
const cwd = process.cwd();
const here = path.dirname(fileURLToPath(import.meta.url));

const readJson = (p) => {
  try { return JSON.parse(fs.readFileSync(p, 'utf8')); } catch { return null; }
};

const findings = [];
const add = (sev, file, msg) => findings.push({ sev, file: file.replace(home, '~'), msg });

function auditClaudeSettings(p) {
  const s = readJson(p);
  if (!s) return;
  const perm = s.permissions ?? {};
  if (perm.defaultMode === 'bypassPermissions') add('critical', p, 'defaultMode is bypassPermissions (no prompts at all)');
  if (perm.defaultMode === 'acceptEdits') add('medium', p, 'defaultMode acceptEdits (file edits without prompts)');
  if (s.skipDangerousModePermissionPrompt) add('high', p, 'skipDangerousModePermissionPrompt is set');
  for (const r of perm.allow ?? []) {
    if (r === 'Bash' || r === 'Bash(*)' || r === 'Bash(:*)') add('high', p, `allow rule ${r} permits any shell command`);
    if (/^(Read|Write|Edit)\(\*\*\)$/.test(r)) add('medium', p, `allow rule ${r} covers every file`);
  }
  if (!(perm.deny ?? []).some((r) => r.includes('.ssh') || r.includes('.env'))) add('medium', p, 'no deny rules for secrets (.ssh, .env, cloud creds)');
  if (s.enableAllProjectMcpServers) add('high', p, 'enableAllProjectMcpServers auto-trusts any .mcp.json in a repo');
}

function auditMcp(p, key = 'mcpServers') {
  const s = readJson(p);
  if (!s) return;
  const servers = { ...(s[key] ?? {}) };
  for (const proj of Object.values(s.projects ?? {})) Object.assign(servers, proj.mcpServers ?? {});
  for (const [name, def] of Object.entries(servers)) {
    const spec = [def.command, ...(def.args ?? [])].join(' ');
    add('info', p, `MCP server "${name}": ${spec}`);
    if (/@latest\b/.test(spec)) add('medium', p, `MCP server "${name}" runs an unpinned @latest package`);
    if ((def.autoApprove ?? def.alwaysAllow ?? []).length) add('high', p, `MCP server "${name}" has auto-approved tools: ${(def.autoApprove ?? def.alwaysAllow).join(', ')}`);
  }
  if (s.enableAllProjectMcpServers) add('high', p, 'enableAllProjectMcpServers is true');
}

function auditVscode(p) {
  const s = readJson(p);
  if (!s) return;
  if (s['chat.tools.autoApprove'] || s['chat.tools.global.autoApprove']) add('critical', p, 'chat.tools auto-approve is on');
  if (s['chat.tools.terminal.autoApprove']) add('high', p, 'terminal commands auto-approved: ' + JSON.stringify(s['chat.tools.terminal.autoApprove']));
  if (s['security.workspace.trust.enabled'] === false) add('high', p, 'workspace trust disabled');
}

function audit() {
  for (const p of [path.join(home, '.claude', 'settings.json'), path.join(cwd, '.claude', 'settings.json'), path.join(cwd, '.claude', 'settings.local.json')]) auditClaudeSettings(p);
  auditMcp(path.join(home, '.claude.json'));
  auditMcp(path.join(cwd, '.mcp.json'));
  auditMcp(path.join(home, '.cursor', 'mcp.json'));
  auditVscode(path.join(cwd, '.vscode', 'settings.json'));

  const order = { critical: 0, high: 1, medium: 2, info: 3 };
  findings.sort((a, b) => order[a.sev] - order[b.sev]);
  for (const f of findings) console.log(`${f.sev.padEnd(9)} ${f.file.padEnd(36)} ${f.msg}`);
  if (!findings.length) console.log('no agent configuration files found');
}

function propose() {
  const base = readJson(path.join(here, '..', 'templates', 'baseline.json'));
  const cur = readJson(path.join(cwd, '.claude', 'settings.json')) ?? {};
  const uniq = (a, b) => Array.from(new Set([...(a ?? []), ...(b ?? [])]));
  const curPerm = cur.permissions ?? {};
  const merged = {
    ...cur,
    permissions: {
      ...curPerm,
      defaultMode: 'default',
      // keep the user's existing narrow allow rules, drop catch-alls
      allow: uniq(base.permissions.allow, (curPerm.allow ?? []).filter((r) => !/^(Bash|Bash\(\*\)|Bash\(:\*\)|(Read|Write|Edit)\(\*\*\))$/.test(r))),
      ask: uniq(base.permissions.ask, curPerm.ask),
      deny: uniq(base.permissions.deny, curPerm.deny),
    },
    enableAllProjectMcpServers: false,
  };
  delete merged.skipDangerousModePermissionPrompt;
  process.stdout.write(JSON.stringify(merged, null, 2) + '\n');
}

const cmd = process.argv[2];
if (cmd === 'audit') audit();
else if (cmd === 'propose') propose();
else { console.error('usage: perms.mjs audit|propose'); process.exit(2); }
