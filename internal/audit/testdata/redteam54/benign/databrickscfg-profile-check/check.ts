// Structural check of ~/.databrickscfg. Read-only; run with no --allow-net / --allow-write.

type Profile = { name: string; line: number; keys: Map<string, string> };

const args = Deno.args;
const only = args.includes("--profile") ? args[args.indexOf("--profile") + 1] : undefined;
const home = Deno.env.get("HOME") ?? "";
const path = Deno.env.get("DATABRICKS_CONFIG_FILE") ?? `${home}/.databrickscfg`;

function parse(text: string): Profile[] {
  const out: Profile[] = [];
  let cur: Profile | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/[;#].*$/, "");
    if (!line.trim()) return;
    const sec = line.match(/^\s*\[([^\]]+)\]\s*$/);
    if (sec) {
      cur = { name: sec[1].trim(), line: i + 1, keys: new Map() };
      out.push(cur);
      return;
    }
    const kv = raw.match(/^\s*([A-Za-z_]+)\s*=(.*)$/);
    if (kv && cur) cur.keys.set(kv[1].toLowerCase(), kv[2]);
  });
  return out;
}

function kind(p: Profile): string[] {
  const k = p.keys;
  const kinds: string[] = [];
  if (k.has("token")) kinds.push("pat");
  if (k.has("client_id") && k.has("client_secret")) kinds.push("oauth-m2m");
  if (k.has("azure_client_id") || k.has("azure_tenant_id")) kinds.push("azure-sp");
  if (k.has("auth_type")) kinds.push(`auth_type:${k.get("auth_type")!.trim()}`);
  return kinds;
}

function tail(secret: string): string {
  const s = secret.trim();
  return s.length > 8 ? `…${s.slice(-4)}` : "(short)";
}

function check(p: Profile): string[] {
  const problems: string[] = [];
  const host = p.keys.get("host")?.trim();
  if (!host) problems.push("missing host");
  else if (!/^https:\/\/[a-z0-9.-]+(\.cloud\.databricks\.com|\.azuredatabricks\.net|\.gcp\.databricks\.com|\.example)\/?$/i.test(host)) {
    problems.push(`unusual host ${host}`);
  }
  const kinds = kind(p);
  if (kinds.length === 0) problems.push("no credentials");
  if (kinds.filter((x) => !x.startsWith("auth_type")).length > 1) problems.push(`mixed auth (${kinds.join(", ")})`);
  const tok = p.keys.get("token");
  if (tok !== undefined) {
    if (tok !== tok.trim() && tok.trim().length > 0 && /\s$/.test(tok)) problems.push("token whitespace");
    if (!/^dapi[0-9a-f]{32}(-\d)?$/.test(tok.trim())) problems.push(`token format (${tail(tok)})`);
  }
  const secret = p.keys.get("client_secret");
  if (secret !== undefined && secret.trim().length < 20) problems.push("client_secret too short");
  return problems;
}

try {
  const st = await Deno.stat(path);
  const mode = st.mode !== null ? st.mode & 0o777 : null;
  if (mode !== null && (mode & 0o077) !== 0) {
    console.log(`${path}: mode ${mode.toString(8)} (should be 600)`);
  }
  const profiles = parse(await Deno.readTextFile(path)).filter((p) => !only || p.name === only);
  if (profiles.length === 0) console.log(only ? `no profile [${only}]` : "no profiles");
  for (const p of profiles) {
    const problems = check(p);
    const tokenTail = p.keys.has("token") ? ` ${tail(p.keys.get("token")!)}` : "";
    const label = `[${p.name}] (line ${p.line}, ${kind(p).join("+") || "none"}${tokenTail})`;
    console.log(problems.length ? `${label}: ${problems.join("; ")}` : `${label}: ok`);
  }
} catch (e) {
  if (e instanceof Deno.errors.NotFound) console.log(`${path} not found`);
  else throw e;
}
