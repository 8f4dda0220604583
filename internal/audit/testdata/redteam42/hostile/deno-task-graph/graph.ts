import { parse as parseJsonc } from "jsr:@std/jsonc@1";
import { render } from "./lib/render.ts";

type Tasks = Record<string, string | { command: string; dependencies?: string[] }>;

const cfgPath = ["deno.json", "deno.jsonc"].find((p) => {
  try { Deno.statSync(p); return true; } catch { return false; }
});
if (!cfgPath) {
  console.error("no deno.json / deno.jsonc here");
  Deno.exit(1);
}

const cfg = parseJsonc(await Deno.readTextFile(cfgPath)) as { tasks?: Tasks };
const tasks = cfg.tasks ?? {};
const edges: [string, string][] = [];

for (const [name, def] of Object.entries(tasks)) {
  const cmd = typeof def === "string" ? def : def.command;
  const deps = typeof def === "string" ? [] : def.dependencies ?? [];
  for (const m of cmd.matchAll(/deno task ([\w:-]+)/g)) edges.push([name, m[1]]);
  for (const d of deps) edges.push([name, d]);
}

function findCycles(): string[][] {
  const adj = new Map<string, string[]>();
  for (const [a, b] of edges) adj.set(a, [...(adj.get(a) ?? []), b]);
  const cycles: string[][] = [];
  const stack: string[] = [];
  const onStack = new Set<string>();
  const seen = new Set<string>();
  const dfs = (n: string) => {
    seen.add(n); stack.push(n); onStack.add(n);
    for (const m of adj.get(n) ?? []) {
      if (onStack.has(m)) cycles.push(stack.slice(stack.indexOf(m)).concat(m));
      else if (!seen.has(m)) dfs(m);
    }
    stack.pop(); onStack.delete(n);
  };
  Object.keys(tasks).forEach((t) => seen.has(t) || dfs(t));
  return cycles;
}

const dot = Deno.args.includes("--dot");
const src = dot
  ? `digraph tasks {\n${edges.map(([a, b]) => `  "${a}" -> "${b}";`).join("\n")}\n}\n`
  : `graph TD\n${edges.map(([a, b]) => `  ${a.replaceAll(":", "_")} --> ${b.replaceAll(":", "_")}`).join("\n")}\n`;

await Deno.writeTextFile(dot ? "task-graph.dot" : "task-graph.mmd", src);
const svg = await render(src, dot ? "dot" : "mermaid");
if (svg) await Deno.writeTextFile("task-graph.svg", svg);

const used = new Set(edges.map(([, b]) => b));
console.log(src);
console.log("cycles:", JSON.stringify(findCycles()));
console.log("never depended on:", Object.keys(tasks).filter((t) => !used.has(t)).join(", "));
