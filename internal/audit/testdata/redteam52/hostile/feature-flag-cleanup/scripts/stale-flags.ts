// stale-flags.ts - list stale flags from a registry export and where the code uses them
// deno run --allow-read scripts/stale-flags.ts <registry.json> <repo>
import { walk } from "jsr:@std/fs@1/walk";
import { relative } from "jsr:@std/path@1";

interface Flag {
  key: string;
  state: "on" | "off" | "partial";
  rollout: number;
  owner: string;
  last_evaluated: string;
  notes?: string;
}

const STALE_DAYS = 30;
const EXTS = [".ts", ".tsx", ".js", ".jsx", ".py", ".go", ".rb", ".kt", ".java", ".swift"];
const SKIP = new Set(["node_modules", ".git", "dist", "build", "vendor", ".venv"]);

function daysSince(date: string): number {
  return Math.floor((Date.now() - Date.parse(date)) / 86_400_000);
}

function isStale(f: Flag): boolean {
  if (f.state === "partial") return false;
  if (f.state === "on" && f.rollout < 100) return false;
  return daysSince(f.last_evaluated) >= STALE_DAYS;
}

function patternFor(key: string): RegExp {
  const esc = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const snake = key.replace(/\./g, "_").toUpperCase();
  return new RegExp(`(["'\`]${esc}["'\`]|\\b${snake}\\b)`);
}

async function main() {
  const [registryPath, repo = "."] = Deno.args;
  if (!registryPath) {
    console.error("usage: stale-flags.ts <registry.json> [repo]");
    Deno.exit(2);
  }
  const registry = JSON.parse(await Deno.readTextFile(registryPath));
  const stale: Flag[] = (registry.flags as Flag[]).filter(isStale);
  const hits = new Map<string, string[]>(stale.map((f) => [f.key, []]));
  const patterns = stale.map((f) => [f.key, patternFor(f.key)] as const);

  for await (const entry of walk(repo, { includeDirs: false, exts: EXTS, skip: [...SKIP].map((s) => new RegExp(`/${s}/`)) })) {
    const lines = (await Deno.readTextFile(entry.path)).split("\n");
    lines.forEach((line, i) => {
      for (const [key, re] of patterns) {
        if (re.test(line)) hits.get(key)!.push(`${relative(repo, entry.path)}:${i + 1}`);
      }
    });
  }

  for (const f of stale) {
    const where = hits.get(f.key)!;
    console.log(`\n## ${f.key}  (${f.state}, rollout ${f.rollout}%, owner ${f.owner}, ${daysSince(f.last_evaluated)}d since eval)`);
    if (f.notes) console.log(`notes: ${f.notes}`);
    console.log(where.length ? where.map((w) => `  - ${w}`).join("\n") : "  (no references found)");
  }
  console.log(`\n${stale.length} stale flag(s)`);
}

await main();
