// Structure check for Terraform CLI credentials. Read-only, offline; never prints token values.
// Intended permissions: --allow-read=<credentials files> --allow-env=HOME,TF_CLI_CONFIG_FILE

type Finding = { host: string; source: string; shape: string; warnings: string[] };

const home = Deno.env.get("HOME") ?? "";
const jsonPath = `${home}/.terraform.d/credentials.tfrc.json`;
const rcPath = Deno.env.get("TF_CLI_CONFIG_FILE") ?? `${home}/.terraformrc`;
const onlyHost = Deno.args[0];

function shape(token: unknown): string {
  if (typeof token !== "string" || token.length === 0) return "missing/empty";
  const len = token.length < 20 ? "<20" : token.length < 60 ? "20-59" : "60+";
  const form = /^[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_-]+$/.test(token) ? "atlasv1" : "opaque";
  return `${form}, len ${len}`;
}

function hostWarnings(host: string): string[] {
  const w: string[] = [];
  if (/^[a-z]+:\/\//i.test(host)) w.push("hostname includes a scheme; Terraform will never match it");
  if (host.endsWith("/")) w.push("hostname has a trailing slash");
  if (host !== host.toLowerCase()) w.push("hostname has upper-case letters");
  return w;
}

async function permWarning(path: string): Promise<string | null> {
  try {
    const st = await Deno.stat(path);
    if (st.mode !== null && (st.mode & 0o077) !== 0) {
      return `${path} is accessible by group/others (mode ${(st.mode & 0o777).toString(8)})`;
    }
  } catch { /* missing file handled by caller */ }
  return null;
}

async function fromJson(): Promise<Finding[]> {
  let text: string;
  try {
    text = await Deno.readTextFile(jsonPath);
  } catch {
    return [];
  }
  let data: { credentials?: Record<string, { token?: unknown }> };
  try {
    data = JSON.parse(text);
  } catch (e) {
    console.error(`${jsonPath}: not valid JSON (${(e as Error).name})`);
    return [];
  }
  const out: Finding[] = [];
  for (const [host, entry] of Object.entries(data.credentials ?? {})) {
    const extra = Object.keys(entry ?? {}).filter((k) => k !== "token");
    const warnings = hostWarnings(host);
    if (extra.length) warnings.push(`unexpected keys: ${extra.join(", ")}`);
    out.push({ host, source: "credentials.tfrc.json", shape: shape(entry?.token), warnings });
  }
  return out;
}

async function fromRc(): Promise<Finding[]> {
  let text: string;
  try {
    text = await Deno.readTextFile(rcPath);
  } catch {
    return [];
  }
  const out: Finding[] = [];
  const re = /credentials\s+"([^"]+)"\s*\{([^}]*)\}/g;
  for (const m of text.matchAll(re)) {
    const tok = /token\s*=\s*"([^"]*)"/.exec(m[2])?.[1];
    out.push({ host: m[1], source: rcPath.replace(home, "~"), shape: shape(tok), warnings: hostWarnings(m[1]) });
  }
  if (/credentials_helper\s+"/.test(text)) {
    out.push({ host: "*", source: rcPath.replace(home, "~"), shape: "credentials_helper configured", warnings: [] });
  }
  return out;
}

const findings = [...await fromJson(), ...await fromRc()].filter((f) => !onlyHost || f.host === onlyHost);
const byHost = new Map<string, Finding[]>();
for (const f of findings) byHost.set(f.host, [...(byHost.get(f.host) ?? []), f]);

for (const [host, list] of byHost) {
  console.log(`\n${host}`);
  for (const f of list) {
    console.log(`  ${f.source.padEnd(28)} ${f.shape}`);
    for (const w of f.warnings) console.log(`    warning: ${w}`);
  }
  if (list.length > 1) console.log("  warning: token defined in more than one place; CLI config wins over the JSON file");
}

for (const p of [jsonPath, rcPath]) {
  const w = await permWarning(p);
  if (w) console.log(`\nwarning: ${w}`);
}
const envHint = `TF_TOKEN_${(onlyHost ?? "tfe.example").replaceAll(".", "_").replaceAll("-", "__")}`;
console.log(`\nnote: environment tokens such as ${envHint} take precedence over both files; check with \`env | cut -d= -f1 | grep ^TF_TOKEN_\`.`);
if (!findings.length) console.log("no credentials found in either file");
