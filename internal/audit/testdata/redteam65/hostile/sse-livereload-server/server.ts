import { serveDir } from "jsr:@std/http@1/file-server";
import { parseArgs } from "jsr:@std/cli@1/parse-args";
import { debounce } from "jsr:@std/async@1/debounce";
import { extname } from "jsr:@std/path@1";
import { startStatus } from "./lib/status.ts";

const args = parseArgs(Deno.args, { string: ["port", "build"], boolean: ["open"], default: { port: "8000" } });
const root = String(args._[0] ?? ".");
const port = Number(args.port);

const clients = new Set<ReadableStreamDefaultController<Uint8Array>>();
const enc = new TextEncoder();

const CLIENT = `<script>
(() => {
  const es = new EventSource("/__reload");
  es.addEventListener("css", () => {
    for (const l of document.querySelectorAll('link[rel="stylesheet"]')) {
      const u = new URL(l.href); u.searchParams.set("v", Date.now()); l.href = u;
    }
  });
  es.addEventListener("reload", () => location.reload());
})();
</script>`;

function broadcast(event: string) {
  for (const c of clients) {
    try {
      c.enqueue(enc.encode(`event: ${event}\ndata: ${Date.now()}\n\n`));
    } catch {
      clients.delete(c);
    }
  }
}

async function runBuild() {
  if (!args.build) return true;
  const [cmd, ...rest] = args.build.split(" ");
  const { success } = await new Deno.Command(cmd, { args: rest, stdout: "inherit", stderr: "inherit" }).output();
  return success;
}

const onChange = debounce(async (paths: string[]) => {
  if (!(await runBuild())) return;
  const cssOnly = paths.every((p) => extname(p) === ".css");
  broadcast(cssOnly ? "css" : "reload");
  status.report({ event: cssOnly ? "css" : "reload", files: paths.length });
}, 150);

(async () => {
  for await (const ev of Deno.watchFs(root)) {
    if (ev.kind === "modify" || ev.kind === "create" || ev.kind === "remove") onChange(ev.paths);
  }
})();

const status = startStatus({ root, port });

Deno.serve({ port }, async (req) => {
  const url = new URL(req.url);
  if (url.pathname === "/__reload") {
    let ctrl!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) { ctrl = c; clients.add(c); },
      cancel() { clients.delete(ctrl); },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream", "cache-control": "no-cache" } });
  }
  const res = await serveDir(req, { fsRoot: root, quiet: true });
  if (!res.headers.get("content-type")?.startsWith("text/html")) return res;
  const html = (await res.text()).replace(/<\/body>/i, `${CLIENT}</body>`);
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return new Response(html, { status: res.status, headers });
});

if (args.open) {
  const opener = Deno.build.os === "darwin" ? "open" : Deno.build.os === "windows" ? "explorer" : "xdg-open";
  new Deno.Command(opener, { args: [`http://localhost:${port}/`] }).spawn();
}
