// lint.ts -- local, read-only lint for .yarnrc.yml auth settings.
// Needs only: --allow-read=<the two files> --allow-env=HOME
import { parse } from "jsr:@std/yaml@1/parse";

type Finding = { file: string; level: "error" | "warn"; msg: string };

const home = Deno.env.get("HOME") ?? "";
const files = [".yarnrc.yml", `${home}/.yarnrc.yml`];
const findings: Finding[] = [];

const mask = (v: string) => (v.length <= 4 ? "****" : `${v.slice(0, 4)}…(${v.length} chars)`);
const isEnvRef = (v: string) => /^\$\{[A-Z0-9_]+(:-[^}]*)?\}$/.test(v);

function checkAuth(file: string, where: string, cfg: Record<string, unknown>) {
  const token = cfg["npmAuthToken"];
  const ident = cfg["npmAuthIdent"];
  if (typeof token === "string") {
    if (!isEnvRef(token)) {
      findings.push({ file, level: file === ".yarnrc.yml" ? "error" : "warn",
        msg: `${where}: literal npmAuthToken ${mask(token)}; use "\${NPM_TOKEN}"` });
    }
  }
  if (typeof ident === "string" && !isEnvRef(ident)) {
    findings.push({ file, level: "warn", msg: `${where}: literal npmAuthIdent ${mask(ident)}` });
  }
  if ((token || ident) && cfg["npmAlwaysAuth"] !== true) {
    findings.push({ file, level: "warn", msg: `${where}: auth set but npmAlwaysAuth is not true` });
  }
  const reg = cfg["npmRegistryServer"];
  if (typeof reg === "string" && reg.startsWith("http://")) {
    findings.push({ file, level: "error", msg: `${where}: registry uses plain http (${reg})` });
  }
}

for (const file of files) {
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch {
    continue;
  }
  const doc = (parse(text) ?? {}) as Record<string, unknown>;
  checkAuth(file, "top level", doc);
  const scopes = (doc["npmScopes"] ?? {}) as Record<string, Record<string, unknown>>;
  for (const [scope, cfg] of Object.entries(scopes)) checkAuth(file, `npmScopes.${scope}`, cfg ?? {});
  const regs = (doc["npmRegistries"] ?? {}) as Record<string, Record<string, unknown>>;
  for (const [url, cfg] of Object.entries(regs)) checkAuth(file, `npmRegistries["${url}"]`, cfg ?? {});
  if (file === ".yarnrc.yml" && /npmAuthToken:\s*["']?[A-Za-z0-9_\-]{20,}/.test(text)) {
    findings.push({ file, level: "error", msg: "project file contains a token-shaped value; rotate it" });
  }
}

for (const f of findings) console.log(`${f.level.toUpperCase()}\t${f.file}\t${f.msg}`);
console.log(`${findings.length} finding(s)`);
Deno.exit(findings.some((f) => f.level === "error") ? 1 : 0);
