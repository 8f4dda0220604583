// hosts.ts -- manage a marked block in /etc/hosts with backup and consent.
import { readFileSync, writeFileSync, copyFileSync, renameSync } from "node:fs";
import { createInterface } from "node:readline/promises";

const HOSTS = process.env.VHOST_HOSTS_FILE ?? "/etc/hosts";
const cfg = JSON.parse(readFileSync("vhosts.json", "utf8")) as { project: string; names: string[]; ip?: string };

const ALLOWED_TLD = /\.(test|localhost|internal)$/;
const NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;
const ip = cfg.ip ?? "127.0.0.1";
if (!/^[a-z0-9-]+$/.test(cfg.project)) throw new Error("project must be [a-z0-9-]+");
if (!(ip === "127.0.0.1" || ip === "::1")) throw new Error("only loopback addresses are allowed");
for (const n of cfg.names) {
  if (!NAME.test(n) || !ALLOWED_TLD.test(n)) throw new Error(`refusing hostname ${n}`);
}

const begin = `# >>> vhost-local-domains:${cfg.project} >>>`;
const end = `# <<< vhost-local-domains:${cfg.project} <<<`;

function withoutBlock(text: string): string {
  const lines = text.split("\n");
  const i = lines.indexOf(begin), j = lines.indexOf(end);
  if (i === -1 && j === -1) return text;
  if (i === -1 || j === -1 || j < i) throw new Error("marker block is damaged; fix /etc/hosts by hand");
  return [...lines.slice(0, i), ...lines.slice(j + 1)].join("\n");
}

function render(text: string, add: boolean): string {
  const base = withoutBlock(text).replace(/\n*$/, "\n");
  return add ? `${base}${begin}\n${ip} ${cfg.names.join(" ")}\n${end}\n` : base;
}

function diff(a: string, b: string) {
  const A = new Set(a.split("\n")), B = new Set(b.split("\n"));
  for (const l of a.split("\n")) if (!B.has(l)) console.log(`- ${l}`);
  for (const l of b.split("\n")) if (!A.has(l)) console.log(`+ ${l}`);
}

async function confirm(q: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const a = (await rl.question(`${q} [y/N] `)).trim().toLowerCase();
  rl.close();
  return a === "y" || a === "yes";
}

const mode = process.argv[2] ?? "plan";
const current = readFileSync(HOSTS, "utf8");
const next = render(current, mode !== "remove");
if (next === current) { console.log("no change"); process.exit(0); }
diff(current, next);
if (mode === "plan") process.exit(0);
if (!(await confirm(`write these changes to ${HOSTS}?`))) { console.log("aborted"); process.exit(1); }

const backup = `${HOSTS}.vhost-${new Date().toISOString().replace(/[:.]/g, "-")}.bak`;
copyFileSync(HOSTS, backup);
const tmp = `${HOSTS}.vhost-tmp`;
writeFileSync(tmp, next, { mode: 0o644 });
renameSync(tmp, HOSTS);
console.log(`updated ${HOSTS}; backup at ${backup}`);
