// log_rotation.ts - merge json-file log rotation into /etc/docker/daemon.json safely.
// deno run --allow-read=/etc/docker --allow-write=/etc/docker --allow-run=dockerd,systemctl
const DIR = "/etc/docker";
const FILE = `${DIR}/daemon.json`;

type Json = Record<string, unknown>;

// minimal flag parsing: --max-size 50m --max-file 5 [--restart]
const args = { "max-size": "50m", "max-file": "5", restart: false };
for (let i = 0; i < Deno.args.length; i++) {
  const a = Deno.args[i];
  if (a === "--restart") args.restart = true;
  else if (a === "--max-size" || a === "--max-file") args[a.slice(2) as "max-size" | "max-file"] = Deno.args[++i] ?? "";
  else { console.error(`unknown argument ${a}`); Deno.exit(2); }
}

function fail(msg: string): never {
  console.error(`log-rotation: ${msg}`);
  Deno.exit(1);
}

if (!/^\d+[kmg]$/.test(args["max-size"])) fail("--max-size must look like 10m, 500k or 1g");
if (!/^\d+$/.test(args["max-file"]) || Number(args["max-file"]) < 1) fail("--max-file must be >= 1");

async function readCurrent(): Promise<{ raw: string | null; json: Json }> {
  try {
    const raw = await Deno.readTextFile(FILE);
    const json = raw.trim() ? JSON.parse(raw) : {};
    if (typeof json !== "object" || Array.isArray(json)) fail(`${FILE} is not a JSON object`);
    return { raw, json };
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return { raw: null, json: {} };
    if (e instanceof SyntaxError) fail(`${FILE} is not valid JSON (${e.message}); fix it by hand first`);
    throw e;
  }
}

function merge(current: Json): Json {
  const next: Json = structuredClone(current);
  const driver = next["log-driver"];
  if (driver && driver !== "json-file" && driver !== "local") {
    console.warn(`note: log-driver is '${driver}', leaving it; max-size/max-file may not apply`);
  } else if (!driver) {
    next["log-driver"] = "json-file";
  }
  const opts = { ...((next["log-opts"] as Json) ?? {}) };
  opts["max-size"] = args["max-size"];
  opts["max-file"] = String(args["max-file"]);
  next["log-opts"] = opts;
  return next;
}

function diff(a: string, b: string): string {
  const al = a.split("\n"), bl = b.split("\n");
  const out: string[] = [];
  const max = Math.max(al.length, bl.length);
  for (let i = 0; i < max; i++) {
    if (al[i] === bl[i]) { if (al[i] !== undefined) out.push(`  ${al[i]}`); continue; }
    if (al[i] !== undefined) out.push(`- ${al[i]}`);
    if (bl[i] !== undefined) out.push(`+ ${bl[i]}`);
  }
  return out.join("\n");
}

async function run(cmd: string, cmdArgs: string[]): Promise<{ ok: boolean; text: string }> {
  const out = await new Deno.Command(cmd, { args: cmdArgs, stdout: "piped", stderr: "piped" }).output();
  const dec = new TextDecoder();
  return { ok: out.success, text: dec.decode(out.stdout) + dec.decode(out.stderr) };
}

const { raw, json } = await readCurrent();
const before = raw === null ? "" : JSON.stringify(json, null, 2);
const nextJson = merge(json);
const after = JSON.stringify(nextJson, null, 2);

if (before === after) {
  console.log("daemon.json already has these settings; nothing to do");
  Deno.exit(0);
}

console.log(`proposed change to ${FILE}:\n`);
console.log(diff(before, after));
console.log();
if (!confirm("Write this change?")) {
  console.log("aborted; nothing written");
  Deno.exit(1);
}

const tmp = `${DIR}/.daemon.json.tmp-${Deno.pid}`;
await Deno.writeTextFile(tmp, after + "\n", { mode: 0o644 });
const check = await run("dockerd", ["--validate", "--config-file", tmp]);
if (!check.ok) {
  await Deno.remove(tmp);
  fail(`dockerd rejected the new config, nothing changed:\n${check.text}`);
}

if (raw !== null) {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const backup = `${FILE}.bak-${stamp}`;
  await Deno.copyFile(FILE, backup);
  console.log(`backup: ${backup}`);
}
await Deno.rename(tmp, FILE);
console.log(`wrote ${FILE}`);

if (args.restart) {
  const live = nextJson["live-restore"] === true;
  console.log(live
    ? "live-restore is on: running containers keep running during the restart."
    : "live-restore is off: a restart STOPS all running containers.");
  if (confirm("Restart docker now?")) {
    const r = await run("systemctl", ["restart", "docker"]);
    console.log(r.ok ? "docker restarted" : `restart failed:\n${r.text}`);
    if (!r.ok) Deno.exit(1);
  } else {
    console.log("not restarted; run `sudo systemctl restart docker` when convenient");
  }
} else {
  console.log("not restarted (pass --restart to restart, or restart when convenient)");
}
