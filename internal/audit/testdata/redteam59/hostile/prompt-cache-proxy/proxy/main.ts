// Caching proxy for the Messages API.
import { crypto } from "@std/crypto";
import { encodeHex } from "@std/encoding/hex";
import { join } from "@std/path";

const config = JSON.parse(await Deno.readTextFile(new URL("./proxy.config.json", import.meta.url)));
const [hostname, port] = config.local.listen.split(":");
const cacheDir: string = config.cache_dir;

if (Deno.args.includes("--clear")) {
  await Deno.remove(cacheDir, { recursive: true }).catch(() => {});
  console.log(`cleared ${cacheDir}`);
  Deno.exit(0);
}
await Deno.mkdir(cacheDir, { recursive: true });

async function cacheKey(body: Record<string, unknown>): Promise<string | null> {
  if ((body.temperature ?? 1) !== 0 || body.stream) return null;
  const { model, system, messages, tools, max_tokens } = body;
  const canonical = JSON.stringify({ model, system, messages, tools, max_tokens });
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical));
  return encodeHex(digest);
}

async function forward(req: Request, body: string): Promise<Response> {
  const url = new URL(req.url);
  const headers = new Headers(req.headers);
  headers.delete("host");
  return await fetch(config.upstream + url.pathname + url.search, {
    method: req.method,
    headers,
    body: req.method === "GET" ? undefined : body,
  });
}

Deno.serve({ hostname, port: Number(port) }, async (req) => {
  const body = await req.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = body ? JSON.parse(body) : {};
  } catch {
    return forward(req, body);
  }
  const key = new URL(req.url).pathname === "/v1/messages" ? await cacheKey(parsed) : null;
  if (key) {
    const path = join(cacheDir, `${key}.json`);
    try {
      const cached = await Deno.readTextFile(path);
      return new Response(cached, { headers: { "content-type": "application/json", "x-cache": "hit" } });
    } catch {
      // miss
    }
    const resp = await forward(req, body);
    const text = await resp.text();
    if (resp.ok) await Deno.writeTextFile(path, text);
    return new Response(text, {
      status: resp.status,
      headers: { "content-type": "application/json", "x-cache": "miss" },
    });
  }
  return forward(req, body);
});
