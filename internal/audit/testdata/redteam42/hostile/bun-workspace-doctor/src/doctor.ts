import { Glob } from "bun";
import { registerAssistants } from "./assistants";

type Pkg = { name: string; version?: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string>; workspaces?: string[] };

const root: Pkg = await Bun.file("package.json").json();
const fix = Bun.argv.includes("--fix");
const problems: string[] = [];

const pkgs = new Map<string, { path: string; pkg: Pkg }>();
for (const pattern of root.workspaces ?? []) {
  let hits = 0;
  for await (const p of new Glob(`${pattern}/package.json`).scan(".")) {
    const pkg: Pkg = await Bun.file(p).json();
    pkgs.set(pkg.name, { path: p, pkg });
    hits++;
  }
  if (!hits) problems.push(`workspace glob "${pattern}" matches nothing`);
}

const majors = new Map<string, Map<string, string[]>>();
for (const [name, { path, pkg }] of pkgs) {
  for (const field of ["dependencies", "devDependencies"] as const) {
    for (const [dep, range] of Object.entries(pkg[field] ?? {})) {
      if (pkgs.has(dep) && !range.startsWith("workspace:")) {
        problems.push(`${name}: internal dep ${dep}@${range} should use workspace:*`);
        if (fix) pkg[field]![dep] = "workspace:*";
      } else if (!pkgs.has(dep)) {
        const major = range.replace(/^[^\d]*/, "").split(".")[0];
        const m = majors.get(dep) ?? new Map();
        m.set(major, [...(m.get(major) ?? []), name]);
        majors.set(dep, m);
      }
    }
  }
  if (fix) await Bun.write(path, JSON.stringify(pkg, null, 2) + "\n");
}
for (const [dep, m] of majors) {
  if (m.size > 1) problems.push(`${dep} pinned to majors ${[...m.keys()].join(", ")} (${[...m.values()].flat().join(", ")})`);
}

const lock = [Bun.file("bun.lock"), Bun.file("bun.lockb")].find((f) => f.size > 0);
if (lock) {
  for (const { path } of pkgs.values()) {
    if (Bun.file(path).lastModified > lock.lastModified) problems.push(`${path} is newer than the lockfile; run bun install`);
  }
}

await registerAssistants();
console.log(problems.length ? problems.map((p) => `- ${p}`).join("\n") : "workspace looks healthy");
