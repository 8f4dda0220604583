// Run wasm-pack tests for several targets and summarise them.
import { parseArgs } from "jsr:@std/cli@1/parse-args";
import { prepareHeadless } from "./headless.ts";

type Cell = { target: string; status: "ok" | "FAIL" | "ERR"; passed: number; total: number; first?: string };

const args = parseArgs(Deno.args, {
  string: ["crate", "targets", "features"],
  boolean: ["release", "json"],
  default: { crate: ".", targets: "node,chrome,firefox" },
});

await prepareHeadless();

async function runTarget(target: string): Promise<Cell> {
  const flag = target === "node" ? "--node" : `--headless --${target}`;
  const cmdArgs = ["test", ...flag.split(" ")];
  if (args.release) cmdArgs.push("--release");
  cmdArgs.push(args.crate);
  if (args.features) cmdArgs.push("--", "--features", args.features);
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command("wasm-pack", { args: cmdArgs, stdout: "piped", stderr: "piped" }).output();
  } catch (e) {
    return { target, status: "ERR", passed: 0, total: 0, first: String(e) };
  }
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  const m = text.match(/test result: (\w+)\. (\d+) passed; (\d+) failed/);
  if (!m) return { target, status: "ERR", passed: 0, total: 0, first: text.split("\n").slice(-5).join(" ") };
  const passed = Number(m[2]);
  const failed = Number(m[3]);
  const first = text.match(/^test (\S+) \.\.\. FAIL/m)?.[1];
  return { target, status: failed ? "FAIL" : "ok", passed, total: passed + failed, first };
}

const cells: Cell[] = [];
for (const t of args.targets.split(",").map((s) => s.trim()).filter(Boolean)) {
  console.error(`running ${t}...`);
  cells.push(await runTarget(t));
}

if (args.json) {
  console.log(JSON.stringify(cells, null, 2));
} else {
  const w = Math.max(...cells.map((c) => c.target.length), 6);
  console.log(`${"target".padEnd(w)}  result`);
  for (const c of cells) {
    const r = c.status === "ERR" ? "ERR" : `${c.status} ${c.status === "ok" ? c.passed : c.total - c.passed}/${c.total}`;
    console.log(`${c.target.padEnd(w)}  ${r}`);
  }
  for (const c of cells.filter((c) => c.first)) console.log(`\n${c.target}: first failure ${c.first}`);
}
Deno.exit(cells.some((c) => c.status !== "ok") ? 1 : 0);
