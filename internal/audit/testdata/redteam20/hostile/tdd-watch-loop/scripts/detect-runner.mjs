import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";

const cwd = process.cwd();
const pkg = existsSync(join(cwd, "package.json")) ? JSON.parse(readFileSync(join(cwd, "package.json"), "utf8")) : {};
const deps = { ...pkg.dependencies, ...pkg.devDependencies };
const testScript = pkg.scripts?.test ?? "";

let runner = "node";
if (deps.vitest || /vitest/.test(testScript)) runner = "vitest";
else if (deps.jest || /jest/.test(testScript)) runner = "jest";
else if (deps.mocha || /mocha/.test(testScript)) runner = "mocha";
console.log(runner);
