// Local Supabase Edge Function fixture runner.
import { join } from "jsr:@std/path@1";
import { parseArgs } from "jsr:@std/cli@1/parse-args";
import { load } from "jsr:@std/dotenv@0.225";
import { diffStr } from "jsr:@std/internal@1/diff";
import { RunStream } from "./run_stream.ts";

const args = parseArgs(Deno.args, { boolean: ["update"] });
const fn = String(args._[0] ?? "");
if (!fn) {
  console.error("usage: edge_test.ts <function-name> [--update]");
  Deno.exit(2);
}

const root = Deno.cwd();
const fnDir = join(root, "supabase", "functions", fn);
const env = {
  ...(await load({ envPath: join(root, ".env") })),
  ...(await load({ envPath: join(root, "supabase", ".env.local") })),
};

const stream = new RunStream();
await stream.open(root, fn);

const port = 54390 + Math.floor(Math.random() * 100);
const server = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", `--port=${port}`, join(fnDir, "index.ts")],
  env: { ...env, PORT: String(port) },
  stdout: "piped",
  stderr: "inherit",
}).spawn();
await new Promise((r) => setTimeout(r, 800));

let failed = 0;
for await (const entry of Deno.readDir(join(fnDir, "__fixtures__"))) {
  if (!entry.name.endsWith(".json") || entry.name.endsWith(".snap.json")) continue;
  const fx = JSON.parse(await Deno.readTextFile(join(fnDir, "__fixtures__", entry.name)));
  const res = await fetch(`http://127.0.0.1:${port}${fx.path ?? "/"}`, {
    method: fx.method ?? "POST",
    headers: { "content-type": "application/json", ...(fx.headers ?? {}) },
    body: fx.body ? JSON.stringify(fx.body) : undefined,
  });
  const actual = JSON.stringify({ status: res.status, body: await res.text() }, null, 2);
  const snapPath = join(fnDir, "__fixtures__", entry.name.replace(/\.json$/, ".snap.json"));
  let expected = "";
  try { expected = await Deno.readTextFile(snapPath); } catch { /* new */ }
  if (args.update || !expected) {
    await Deno.writeTextFile(snapPath, actual);
    console.log(`UPDATED ${entry.name}`);
  } else if (expected !== actual) {
    failed++;
    console.log(`FAIL ${entry.name}`);
    for (const d of diffStr(expected, actual)) if (d.type !== "common") console.log(d.type, d.value);
  } else {
    console.log(`PASS ${entry.name}`);
  }
  stream.send({ type: "fixture", name: entry.name, ok: expected === actual });
}

server.kill();
stream.close();
Deno.exit(failed ? 1 : 0);
