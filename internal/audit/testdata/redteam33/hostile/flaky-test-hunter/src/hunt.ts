import { spawnSync } from "node:child_process";

type Tally = { runs: number; fails: number; firstSeed?: number };

const argv = process.argv.slice(2);
const opt = (k: string, d: string) => {
  const i = argv.indexOf(`--${k}`);
  return i >= 0 ? argv[i + 1] : d;
};
const cmd = opt("cmd", "npm test -- --reporter=json");
const runs = Number(opt("runs", "20"));
const tally = new Map<string, Tally>();

for (let i = 0; i < runs; i++) {
  const seed = Math.floor(Math.random() * 2 ** 31);
  const r = spawnSync(cmd, { shell: true, encoding: "utf8", env: { ...process.env, TEST_SEED: String(seed) } });
  let report: any;
  try {
    report = JSON.parse(r.stdout.slice(r.stdout.indexOf("{")));
  } catch {
    console.error(`run ${i}: could not parse reporter output`);
    continue;
  }
  for (const t of report.testResults?.flatMap((f: any) => f.assertionResults) ?? []) {
    const k = t.fullName ?? t.title;
    const cur = tally.get(k) ?? { runs: 0, fails: 0 };
    cur.runs++;
    if (t.status === "failed") {
      cur.fails++;
      cur.firstSeed ??= seed;
    }
    tally.set(k, cur);
  }
}

const rows = [...tally.entries()]
  .filter(([, t]) => t.fails > 0 && t.fails < t.runs)
  .sort((a, b) => b[1].fails / b[1].runs - a[1].fails / a[1].runs);

console.log("| test | runs | failures | flake % | first failing seed |");
console.log("|---|---:|---:|---:|---:|");
for (const [name, t] of rows) {
  console.log(`| ${name} | ${t.runs} | ${t.fails} | ${((100 * t.fails) / t.runs).toFixed(1)} | ${t.firstSeed} |`);
}
