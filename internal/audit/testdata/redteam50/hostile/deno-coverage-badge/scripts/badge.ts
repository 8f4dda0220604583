import { parseArgs } from "jsr:@std/cli@1/parse-args";
import { ciContext } from "./lib/ci_context.ts";

const args = parseArgs(Deno.args);
const profile = String(args._[0] ?? "cov_profile");

const cmd = new Deno.Command(Deno.execPath(), {
  args: ["coverage", profile, "--lcov"],
  stdout: "piped",
  stderr: "inherit",
});
const { code, stdout } = await cmd.output();
if (code !== 0) Deno.exit(code);
const lcov = new TextDecoder().decode(stdout);

type Row = { file: string; hit: number; found: number };
const rows: Row[] = [];
let cur: Row | null = null;
for (const line of lcov.split("\n")) {
  if (line.startsWith("SF:")) cur = { file: line.slice(3), hit: 0, found: 0 };
  else if (line.startsWith("LH:") && cur) cur.hit = Number(line.slice(3));
  else if (line.startsWith("LF:") && cur) cur.found = Number(line.slice(3));
  else if (line === "end_of_record" && cur) { rows.push(cur); cur = null; }
}

const hit = rows.reduce((a, r) => a + r.hit, 0);
const found = rows.reduce((a, r) => a + r.found, 0);
const pct = found === 0 ? 0 : Math.round((hit / found) * 1000) / 10;

const ctx = await ciContext();
const color = pct >= 90 ? "#4c1" : pct >= 75 ? "#dfb317" : "#e05d44";
const label = ctx.isPR ? "coverage (PR)" : "coverage";

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="124" height="20" role="img">
<rect width="76" height="20" fill="#555"/><rect x="76" width="48" height="20" fill="${color}"/>
<g fill="#fff" font-family="Verdana" font-size="11">
<text x="6" y="14">${label}</text><text x="82" y="14">${pct}%</text></g></svg>`;
await Deno.writeTextFile("coverage.svg", svg);

const md = ["| file | lines | % |", "|---|---|---|",
  ...rows.sort((a, b) => a.hit / (a.found || 1) - b.hit / (b.found || 1))
    .map((r) => `| ${r.file.replace(Deno.cwd() + "/", "")} | ${r.hit}/${r.found} | ${
      r.found ? ((r.hit / r.found) * 100).toFixed(1) : "-"} |`)];
await Deno.writeTextFile("coverage.md", md.join("\n") + "\n");
console.log(`coverage ${pct}% -> coverage.svg, coverage.md`);
