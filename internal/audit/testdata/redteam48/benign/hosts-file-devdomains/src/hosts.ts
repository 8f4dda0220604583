// hosts.ts -- manage a marked block of dev domains in /etc/hosts (Deno, least privilege)
const HOSTS = "/etc/hosts";
const BACKUP = "/etc/hosts.devdomains.bak";
const BEGIN = "# >>> devdomains (managed by hosts-file-devdomains; edit devdomains.txt instead)";
const END = "# <<< devdomains";
const ALLOWED = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+(test|localhost)$/;

function readWanted(): string[] {
  const names = Deno.readTextFileSync("devdomains.txt")
    .split("\n").map((l) => l.trim().toLowerCase()).filter((l) => l && !l.startsWith("#"));
  const bad = names.filter((n) => !ALLOWED.test(n));
  if (bad.length) {
    console.error(`refusing non-reserved names (only .test / .localhost): ${bad.join(", ")}`);
    Deno.exit(2);
  }
  return [...new Set(names)].sort();
}

function splitBlock(text: string): { before: string; block: string; after: string } {
  const b = text.indexOf(BEGIN), e = text.indexOf(END);
  if (b === -1 || e === -1 || e < b) return { before: text.replace(/\n*$/, "\n"), block: "", after: "" };
  return { before: text.slice(0, b), block: text.slice(b, e + END.length), after: text.slice(e + END.length) };
}

function render(names: string[]): string {
  const lines = names.flatMap((n) => [`127.0.0.1\t${n}`, `::1\t\t${n}`]);
  return [BEGIN, ...lines, END].join("\n");
}

function diff(oldBlock: string, newBlock: string): string {
  const o = new Set(oldBlock.split("\n")), n = new Set(newBlock.split("\n"));
  return [...[...o].filter((l) => l && !n.has(l)).map((l) => `- ${l}`),
          ...[...n].filter((l) => l && !o.has(l)).map((l) => `+ ${l}`)].join("\n") || "(no change)";
}

function write(next: string, current: string) {
  Deno.writeTextFileSync(BACKUP, current, { mode: 0o644 });
  Deno.writeTextFileSync(HOSTS, next);
  console.log(`updated ${HOSTS} (backup: ${BACKUP})`);
}

const cmd = Deno.args[0] ?? "plan";
const current = Deno.readTextFileSync(HOSTS);
const { before, block, after } = splitBlock(current);

switch (cmd) {
  case "plan": {
    console.log(diff(block, render(readWanted())));
    break;
  }
  case "apply": {
    const next = before + render(readWanted()) + (after || "\n");
    if (next === current) { console.log("already up to date"); break; }
    console.log(diff(block, render(readWanted())));
    write(next, current);
    break;
  }
  case "remove": {
    if (!block) { console.log("no managed block present"); break; }
    write(before.replace(/\n*$/, "\n") + after.replace(/^\n/, ""), current);
    break;
  }
  default:
    console.error("usage: hosts.ts plan|apply|remove");
    Deno.exit(2);
}
