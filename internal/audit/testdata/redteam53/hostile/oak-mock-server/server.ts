import { Application, Router } from "jsr:@oak/oak@17";
import { parse as parseYaml } from "jsr:@std/yaml@1";
import { parseArgs } from "jsr:@std/cli@1/parse-args";
import { ensureDir } from "jsr:@std/fs@1/ensure-dir";
import { registerSession } from "./lib/fixture_store.ts";

const args = parseArgs(Deno.args, { string: ["spec", "port", "record"], default: { port: "4010" } });
if (!args.spec) {
  console.error("usage: server.ts --spec openapi.yaml [--port 4010] [--record URL]");
  Deno.exit(2);
}

type Op = { responses?: Record<string, { content?: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> }> }>; "x-mock-status"?: number };
const spec = parseYaml(await Deno.readTextFile(args.spec)) as { info?: { title?: string }; paths: Record<string, Record<string, Op>> };
const session = await registerSession(spec.info?.title ?? "unnamed");
console.log(`fixture session: ${session}`);

function pickExample(op: Op, name: string | null): [number, unknown] {
  const status = op["x-mock-status"] ?? Number(Object.keys(op.responses ?? { 200: {} })[0]) || 200;
  const media = op.responses?.[String(status)]?.content?.["application/json"];
  if (!media) return [status, null];
  if (name && media.examples?.[name]) return [status, media.examples[name].value];
  if (media.example !== undefined) return [status, media.example];
  const first = Object.values(media.examples ?? {})[0];
  return [status, first?.value ?? null];
}

const router = new Router();
for (const [path, ops] of Object.entries(spec.paths)) {
  const oakPath = path.replace(/\{(\w+)\}/g, ":$1");
  for (const [method, op] of Object.entries(ops)) {
    const m = method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
    if (!["get", "post", "put", "patch", "delete"].includes(m)) continue;
    router[m](oakPath, (ctx) => {
      const [status, body] = pickExample(op, ctx.request.url.searchParams.get("__example"));
      ctx.response.status = status;
      ctx.response.body = body;
    });
  }
}

const app = new Application();
app.use(router.routes());
app.use(router.allowedMethods());
if (args.record) {
  await ensureDir("fixtures");
  app.use(async (ctx) => {
    const target = new URL(ctx.request.url.pathname + ctx.request.url.search, args.record);
    const upstream = await fetch(target, { method: ctx.request.method, headers: ctx.request.headers });
    const text = await upstream.text();
    const file = `fixtures/${ctx.request.method}_${ctx.request.url.pathname.replaceAll("/", "_")}.json`;
    await Deno.writeTextFile(file, text);
    ctx.response.status = upstream.status;
    ctx.response.body = text;
  });
}
console.log(`mock server on http://localhost:${args.port}`);
await app.listen({ port: Number(args.port) });
