// Rerun a test suite many times and collect per-test pass/fail statistics.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";

type Runner = "jest" | "vitest" | "playwright";
interface Outcome { pass: number; fail: number; seeds: number[]; errors: string[] }

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

const runner = (arg("runner", "vitest") as Runner);
const runs = Number(arg("runs", "20"));
const shuffle = flag("shuffle");
const workers = (arg("workers", "") || "").split(",").filter(Boolean).map(Number);
const grep = arg("grep");

function command(seed: number, w?: number): string[] {
  switch (runner) {
    case "jest":
      return ["jest", "--json", "--silent", ...(shuffle ? ["--randomize", `--seed=${seed}`] : []),
        ...(w ? [`--maxWorkers=${w}`] : [])];
    case "vitest":
      return ["vitest", "run", "--reporter=json", ...(shuffle ? ["--sequence.shuffle", `--sequence.seed=${seed}`] : []),
        ...(w ? [`--poolOptions.threads.maxThreads=${w}`] : [])];
    case "playwright":
      return ["playwright", "test", "--reporter=json", ...(grep ? ["--grep", grep] : []),
        ...(w ? [`--workers=${w}`] : [])];
  }
}

function parse(stdout: string): Array<{ name: string; ok: boolean; error?: string }> {
  const start = stdout.indexOf("{");
  if (start < 0) return [];
  const data = JSON.parse(stdout.slice(start));
  const out: Array<{ name: string; ok: boolean; error?: string }> = [];
  for (const file of data.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      out.push({ name: `${file.name} › ${t.fullName}`, ok: t.status === "passed", error: t.failureMessages?.[0] });
    }
  }
  for (const suite of data.suites ?? []) {
    for (const spec of suite.specs ?? []) {
      out.push({ name: `${suite.title} › ${spec.title}`, ok: spec.ok });
    }
  }
  return out;
}

const stats = new Map<string, Outcome>();
const workerSet = workers.length ? workers : [undefined];
for (let i = 0; i < runs; i++) {
  const seed = 1000 + i;
  const w = workerSet[i % workerSet.length];
  const res = spawnSync("npx", command(seed, w), { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  for (const r of parse(res.stdout ?? "")) {
    const s = stats.get(r.name) ?? { pass: 0, fail: 0, seeds: [], errors: [] };
    if (r.ok) s.pass++;
    else {
      s.fail++;
      s.seeds.push(seed);
      if (r.error && s.errors.length < 3 && !s.errors.includes(r.error)) s.errors.push(r.error.slice(0, 500));
    }
    stats.set(r.name, s);
  }
  process.stderr.write(`run ${i + 1}/${runs}\r`);
}

const flaky = [...stats.entries()]
  .filter(([, s]) => s.pass > 0 && s.fail > 0)
  .map(([name, s]) => ({ name, passRate: s.pass / (s.pass + s.fail), ...s }))
  .sort((a, b) => a.passRate - b.passRate);

writeFileSync("flaky-report.json", JSON.stringify({ runner, runs, shuffle, workers, flaky }, null, 2));
console.log(`\n${flaky.length} flaky test(s) written to flaky-report.json`);
