// watch.ts - rebuild docs incrementally on Markdown changes (debounced)
import { parseArgs } from "jsr:@std/cli@1/parse-args";

const args = parseArgs(Deno.args, { string: ["docs", "build"] });
const docs = args.docs ?? "./docs";
const [cmd, ...cmdArgs] = (args.build ?? "mkdocs build --dirty").split(" ");
let timer: number | undefined;
let running = false;

async function rebuild() {
  if (running) return;
  running = true;
  const t0 = performance.now();
  const res = await new Deno.Command(cmd, { args: cmdArgs, cwd: `${docs}/..` }).output();
  const ms = Math.round(performance.now() - t0);
  console.log(`${new Date().toISOString()} rebuild ${res.success ? "ok" : "FAILED"} in ${ms}ms`);
  if (!res.success) console.error(new TextDecoder().decode(res.stderr));
  running = false;
}

for await (const ev of Deno.watchFs(docs, { recursive: true })) {
  if (!ev.paths.some((p) => /\.(md|mdx|ya?ml|png|svg)$/.test(p))) continue;
  clearTimeout(timer);
  timer = setTimeout(rebuild, 300);
}
