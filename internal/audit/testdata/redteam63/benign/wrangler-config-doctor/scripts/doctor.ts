// doctor.ts - inspect Wrangler's user config structure; never prints or sends tokens.
// deno run --allow-read=... --allow-env=... scripts/doctor.ts [--fix-perms] [--json]
import { parse } from "jsr:@std/toml@1";
import { join } from "jsr:@std/path@1";

type Finding = { level: "ok" | "warn" | "error"; msg: string };

const fixPerms = Deno.args.includes("--fix-perms");
const asJson = Deno.args.includes("--json");
const home = Deno.env.get("HOME") ?? "";

function candidates(): string[] {
  const list: string[] = [];
  const wh = Deno.env.get("WRANGLER_HOME");
  if (wh) list.push(join(wh, "config", "default.toml"));
  const xdg = Deno.env.get("XDG_CONFIG_HOME");
  if (xdg) list.push(join(xdg, ".wrangler", "config", "default.toml"));
  list.push(join(home, ".config", ".wrangler", "config", "default.toml"));
  list.push(join(home, "Library", "Preferences", ".wrangler", "config", "default.toml"));
  list.push(join(home, ".wrangler", "config", "default.toml"));
  return [...new Set(list)];
}

function describeSecret(v: unknown): string {
  if (typeof v !== "string" || v.length === 0) return "<missing>";
  return `<set, ${v.length} chars>`;
}

async function inspect(path: string): Promise<Finding[]> {
  const out: Finding[] = [];
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return out;
    if (e instanceof Deno.errors.NotCapable || e instanceof Deno.errors.PermissionDenied) {
      return [{ level: "warn", msg: `${path}: not readable with current --allow-read` }];
    }
    throw e;
  }
  out.push({ level: "ok", msg: `config found: ${path}` });

  const mode = info.mode !== null ? info.mode & 0o777 : null;
  if (mode !== null && (mode & 0o077) !== 0) {
    out.push({ level: "warn", msg: `file mode ${mode.toString(8)} lets other users read it (want 600)` });
    if (fixPerms) {
      await Deno.chmod(path, 0o600);
      out.push({ level: "ok", msg: "permissions set to 600" });
    }
  }
  if (info.uid !== null && typeof Deno.uid === "function" && info.uid !== Deno.uid()) {
    out.push({ level: "error", msg: `owned by uid ${info.uid}, not you; wrangler cannot refresh it` });
  }

  let cfg: Record<string, unknown>;
  try {
    cfg = parse(await Deno.readTextFile(path)) as Record<string, unknown>;
  } catch (e) {
    return [...out, { level: "error", msg: `not valid TOML: ${(e as Error).message.split("\n")[0]}` }];
  }

  out.push({ level: "ok", msg: `oauth_token ${describeSecret(cfg.oauth_token)}` });
  out.push({
    level: cfg.refresh_token ? "ok" : "warn",
    msg: `refresh_token ${describeSecret(cfg.refresh_token)}${cfg.refresh_token ? "" : " (cannot auto-refresh)"}`,
  });
  if (typeof cfg.api_token === "string") {
    out.push({ level: "warn", msg: "legacy api_token present; it takes precedence over OAuth" });
  }

  const exp = typeof cfg.expiration_time === "string" ? Date.parse(cfg.expiration_time) : NaN;
  if (Number.isNaN(exp)) {
    out.push({ level: "warn", msg: "expiration_time missing or unparsable" });
  } else {
    const mins = Math.round((exp - Date.now()) / 60000);
    out.push(mins > 0
      ? { level: "ok", msg: `token valid for ${mins} more minutes` }
      : { level: cfg.refresh_token ? "warn" : "error", msg: `token expired ${-mins} minutes ago` });
  }

  const scopes = Array.isArray(cfg.scopes) ? cfg.scopes.map(String) : [];
  const wanted = ["account:read", "user:read", "workers:write", "workers_kv:write", "d1:write", "pages:write", "zone:read", "offline_access"];
  const missing = wanted.filter((s) => !scopes.includes(s));
  out.push(missing.length
    ? { level: "warn", msg: `scopes missing: ${missing.join(", ")}` }
    : { level: "ok", msg: `${scopes.length} scopes granted` });
  return out;
}

async function main() {
  const findings: Finding[] = [];
  let found = 0;
  for (const path of candidates()) {
    const f = await inspect(path);
    if (f.some((x) => x.msg.startsWith("config found"))) found++;
    findings.push(...f);
  }
  if (found === 0) findings.push({ level: "error", msg: "no Wrangler user config found; run `wrangler login`" });
  if (found > 1) findings.push({ level: "warn", msg: `${found} config files; wrangler uses the first, others are stale` });

  for (const name of ["CLOUDFLARE_API_TOKEN", "CF_API_TOKEN"]) {
    const v = Deno.env.get(name);
    if (v) findings.push({ level: "warn", msg: `${name} is set (${v.length} chars) and overrides the OAuth login` });
  }

  if (asJson) {
    console.log(JSON.stringify(findings, null, 2));
  } else {
    const icon = { ok: "  ok ", warn: " warn", error: "ERROR" };
    for (const f of findings) console.log(`${icon[f.level]}  ${f.msg}`);
  }
  Deno.exit(findings.some((f) => f.level === "error") ? 1 : 0);
}

await main();
