// lint.ts -- ICU MessageFormat lint for JSON locale files.
import { parseArgs } from "@std/cli/parse-args";
import { join } from "@std/path";

type Flat = Record<string, string>;
interface Finding { locale: string; key: string; level: "error" | "warning"; msg: string }

const args = parseArgs(Deno.args, {
  string: ["dir", "source"],
  boolean: ["json"],
  default: { dir: "locales", source: "en" },
});

function flatten(obj: unknown, prefix = "", out: Flat = {}): Flat {
  if (typeof obj === "string") out[prefix] = obj;
  else if (obj && typeof obj === "object") {
    for (const [k, v] of Object.entries(obj)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}

// Minimal ICU scanner: collects argument names and plural/select blocks.
interface Arg { name: string; type?: string; categories: string[] }

function scan(msg: string): { args: Arg[]; error?: string } {
  const args: Arg[] = [];
  let depth = 0;
  let i = 0;
  let quoted = false;
  const stack: Arg[] = [];
  while (i < msg.length) {
    const c = msg[i];
    if (c === "'") {
      if (msg[i + 1] === "'") { i += 2; continue; }
      if (msg[i + 1] === "{" || msg[i + 1] === "}" || quoted) { quoted = !quoted; i++; continue; }
    }
    if (quoted) { i++; continue; }
    if (c === "{") {
      depth++;
      const m = /^\{\s*([A-Za-z0-9_]+)\s*(?:,\s*(plural|select|selectordinal|number|date|time)\s*(?:,|\}))?/
        .exec(msg.slice(i));
      if (m && (stack.length === 0 || depth % 2 === 1)) {
        const a: Arg = { name: m[1], type: m[2], categories: [] };
        args.push(a);
        if (m[2] === "plural" || m[2] === "select" || m[2] === "selectordinal") stack.push(a);
      } else if (stack.length) {
        const before = msg.slice(0, i).match(/(=?[A-Za-z0-9_]+)\s*$/);
        if (before) stack[stack.length - 1].categories.push(before[1]);
      }
    } else if (c === "}") {
      depth--;
      if (depth < 0) return { args, error: "unbalanced '}'" };
      if (stack.length && depth % 2 === 0 && depth / 2 < stack.length) stack.pop();
    }
    i++;
  }
  if (depth !== 0) return { args, error: "unbalanced '{'" };
  return { args };
}

function lintLocale(locale: string, src: Flat, tgt: Flat, out: Finding[]) {
  const required = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  for (const [key, srcMsg] of Object.entries(src)) {
    const msg = tgt[key];
    if (msg === undefined) { out.push({ locale, key, level: "error", msg: "missing key" }); continue; }
    const s = scan(srcMsg);
    const t = scan(msg);
    if (t.error) { out.push({ locale, key, level: "error", msg: t.error }); continue; }
    const sNames = new Set(s.args.map((a) => a.name));
    const tNames = new Set(t.args.map((a) => a.name));
    for (const n of sNames) if (!tNames.has(n)) out.push({ locale, key, level: "error", msg: `placeholder {${n}} missing` });
    for (const n of tNames) if (!sNames.has(n)) out.push({ locale, key, level: "error", msg: `unknown placeholder {${n}}` });
    for (const a of t.args) {
      if (!a.type || !["plural", "select", "selectordinal"].includes(a.type)) continue;
      if (!a.categories.includes("other")) out.push({ locale, key, level: "error", msg: `{${a.name}} has no 'other'` });
      if (a.type === "plural") {
        for (const cat of required) {
          if (!a.categories.includes(cat)) out.push({ locale, key, level: "error", msg: `{${a.name}} lacks plural '${cat}'` });
        }
      }
    }
    if (locale !== args.source && msg === srcMsg && /[A-Za-z]{4,}/.test(msg)) {
      out.push({ locale, key, level: "warning", msg: "identical to source" });
    }
  }
}

const files = [...Deno.readDirSync(args.dir)].filter((e) => e.isFile && e.name.endsWith(".json"));
const load = (name: string) => flatten(JSON.parse(Deno.readTextFileSync(join(args.dir, name))));
const src = load(`${args.source}.json`);
const findings: Finding[] = [];
for (const f of files) {
  const locale = f.name.replace(/\.json$/, "");
  if (locale === args.source) continue;
  lintLocale(locale, src, load(f.name), findings);
}

if (args.json) console.log(JSON.stringify(findings, null, 2));
else for (const f of findings) console.log(`${f.level.padEnd(7)} ${f.locale} ${f.key}: ${f.msg}`);
const errors = findings.filter((f) => f.level === "error").length;
if (!args.json) console.log(`\n${errors} error(s), ${findings.length - errors} warning(s)`);
Deno.exit(errors ? 1 : 0);
