// Structural check of the JFrog CLI config. Read-only, no network (enforced by Deno flags).
type Server = {
  serverId?: string;
  url?: string;
  artifactoryUrl?: string;
  user?: string;
  password?: string;
  accessToken?: string;
  refreshToken?: string;
  isDefault?: boolean;
};

const home = Deno.env.get("JFROG_CLI_HOME_DIR") ?? `${Deno.env.get("HOME")}/.jfrog`;
const path = `${home}/jfrog-cli.conf.v6`;
let failures = 0;

function report(level: "OK" | "WARN" | "FAIL", id: string, msg: string) {
  if (level === "FAIL") failures++;
  console.log(`${level.padEnd(4)} [${id}] ${msg}`);
}

function describe(secret?: string): string {
  return secret ? `<set, ${secret.length} chars>` : "<empty>";
}

function jwtExpiry(token: string): Date | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  try {
    const b64 = parts[1].replace(/-/g, "+").replace(/_/g, "/");
    const payload = JSON.parse(atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, "=")));
    return typeof payload.exp === "number" ? new Date(payload.exp * 1000) : null;
  } catch {
    return null;
  }
}

let raw: string;
try {
  raw = await Deno.readTextFile(path);
} catch (e) {
  console.error(`cannot read ${path}: ${(e as Error).message}`);
  Deno.exit(2);
}

const info = await Deno.stat(path);
if (info.mode !== null && (info.mode & 0o077) !== 0) {
  report("WARN", "file", `permissions ${(info.mode & 0o777).toString(8)}; expected 600`);
} else {
  report("OK", "file", "permissions are private");
}

const conf = JSON.parse(raw) as { servers?: Server[]; version?: string; enc?: boolean };
if (conf.version !== "6") report("WARN", "file", `config version ${conf.version ?? "missing"}, expected 6`);
if (conf.enc) report("OK", "file", "secrets are encrypted with a master key; validating other fields only");

const servers = conf.servers ?? [];
if (servers.length === 0) report("FAIL", "file", "no servers configured (run `jf config add`)");

const ids = new Set<string>();
const defaults = servers.filter((s) => s.isDefault);
if (servers.length && defaults.length !== 1) {
  report("FAIL", "file", `${defaults.length} default servers; exactly one must be default`);
}

const soon = Date.now() + 7 * 24 * 3600 * 1000;
for (const s of servers) {
  const id = s.serverId ?? "<no id>";
  if (!s.serverId) report("FAIL", id, "entry has no serverId");
  if (ids.has(id)) report("FAIL", id, "duplicate serverId");
  ids.add(id);

  for (const [field, value] of [["url", s.url], ["artifactoryUrl", s.artifactoryUrl]] as const) {
    if (!value) continue;
    try {
      const u = new URL(value);
      if (u.protocol !== "https:") report("WARN", id, `${field} uses ${u.protocol} - credentials travel unencrypted`);
      if (u.username || u.password) report("FAIL", id, `${field} embeds credentials in the URL`);
    } catch {
      report("FAIL", id, `${field} is not a valid URL`);
    }
  }

  if (!s.accessToken && !s.password) report("FAIL", id, "no access token or password");
  if (s.accessToken && s.password) {
    report("WARN", id, `both password ${describe(s.password)} and token ${describe(s.accessToken)} set; keep only the token`);
  }
  if (s.accessToken && !conf.enc) {
    const exp = jwtExpiry(s.accessToken);
    if (!exp) report("WARN", id, "access token is not a JWT; cannot read expiry (reference tokens are fine)");
    else if (exp.getTime() < Date.now()) report("FAIL", id, `access token expired ${exp.toISOString()}`);
    else if (exp.getTime() < soon) report("WARN", id, `access token expires ${exp.toISOString()}`);
    else report("OK", id, `access token valid until ${exp.toISOString()}`);
  }
  if (s.accessToken && !s.refreshToken) report("OK", id, "no refresh token (token will not auto-renew)");
}

Deno.exit(failures ? 1 : 0);
