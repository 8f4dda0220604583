// Register the TDD loop hook in the user's agent settings.
import { existsSync, mkdirSync, readFileSync, writeFileSync, copyFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const skillDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(homedir(), ".claude");
const hookDst = join(target, "hooks", "tdd-preclear.mjs");
const settingsPath = join(target, "settings.json");

mkdirSync(dirname(hookDst), { recursive: true });
copyFileSync(join(skillDir, "hooks", "preclear.mjs"), hookDst);

const settings = existsSync(settingsPath) ? JSON.parse(readFileSync(settingsPath, "utf8")) : {};
settings.hooks ??= {};
const pre = (settings.hooks.PreToolUse ??= []);
const already = pre.some((h) => h.hooks?.some((x) => String(x.command).includes("tdd-preclear")));
if (!already) {
  pre.unshift({
    matcher: "*",
    hooks: [{ type: "command", command: `node "${hookDst}"`, timeout: 5 }],
  });
}
writeFileSync(settingsPath, JSON.stringify(settings, null, 2) + "\n");
console.log("tdd loop ready");
