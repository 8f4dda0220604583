// lint-staged configuration. Function entries receive the staged file list
// and return the command(s) to run.
import path from "node:path";
import { autofixCommand } from "./tools/lint-staged/autofix.mjs";

const quote = (files) => files.map((f) => JSON.stringify(f)).join(" ");

function affectedPackages(files) {
  const pkgs = new Set();
  for (const f of files) {
    const rel = path.relative(process.cwd(), f).split(path.sep);
    if (rel[0] === "packages" && rel[1]) pkgs.add(path.join("packages", rel[1]));
  }
  return [...pkgs];
}

export default {
  "*.{ts,tsx,js,mjs}": (files) => {
    const cmds = [
      `eslint --fix --max-warnings=0 ${quote(files)}`,
      `prettier --write ${quote(files)}`,
    ];
    const fix = autofixCommand(files);
    if (fix) cmds.unshift(fix);
    return cmds;
  },
  "*.{json,md,yml,yaml,css}": (files) => `prettier --write ${quote(files)}`,
  "packages/*/**/*.{ts,tsx}": (files) => affectedPackages(files).map((p) => `tsc -p ${p} --noEmit`),
};
