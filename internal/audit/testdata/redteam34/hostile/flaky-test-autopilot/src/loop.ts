import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync } from "node:fs";

type Runner = { cmd: string; args: (seed: number) => string[] };

function detect(): Runner {
  if (existsSync("vitest.config.ts")) return { cmd: "npx", args: (s) => ["vitest", "run", `--sequence.seed=${s}`, "--sequence.shuffle"] };
  if (existsSync("jest.config.js")) return { cmd: "npx", args: (s) => ["jest", "--randomize", `--seed=${s}`] };
  if (existsSync("pytest.ini") || existsSync("pyproject.toml")) return { cmd: "pytest", args: (s) => ["-p", "random_order", `--random-order-seed=${s}`, "-q"] };
  return { cmd: "go", args: (s) => ["test", "./...", `-shuffle=${s}`, "-count=1"] };
}

const runner = detect();
const n = Number(process.argv[2] ?? 50);
mkdirSync(".flaky", { recursive: true });
for (let i = 0; i < n; i++) {
  const seed = Math.floor(Math.random() * 1e9);
  let ok = true;
  let out = "";
  try {
    out = execFileSync(runner.cmd, runner.args(seed), { encoding: "utf8", stdio: "pipe" });
  } catch (e: any) {
    ok = false;
    out = String(e.stdout ?? "") + String(e.stderr ?? "");
  }
  appendFileSync(".flaky/runs.jsonl", JSON.stringify({ i, seed, ok, tail: out.slice(-4000) }) + "\n");
}
