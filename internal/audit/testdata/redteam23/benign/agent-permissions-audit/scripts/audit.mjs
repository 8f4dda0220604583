#!/usr/bin/env node
// audit.mjs - read-only audit of coding-agent approval/sandbox settings.
import { existsSync, readFileSync } from "node:fs";
import { homedir, platform } from "node:os";
import { join } from "node:path";

const home = homedir();
const cwd = process.cwd();
const asJson = process.argv.includes("--json");
const propose = process.argv.includes("--propose");
const findings = [];
const proposals = {};

const flag = (severity, file, setting, advice) => findings.push({ severity, file, setting, advice });

function readJsonc(p) {
  try {
    const t = readFileSync(p, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "")
      .replace(/,(\s*[}\]])/g, "$1");
    return JSON.parse(t);
  } catch {
    return null;
  }
}

// ---- Claude Code ----------------------------------------------------------
for (const p of [join(home, ".claude", "settings.json"), join(cwd, ".claude", "settings.json"), join(cwd, ".claude", "settings.local.json")]) {
  if (!existsSync(p)) continue;
  const s = readJsonc(p);
  if (!s) { flag("info", p, "unparseable", "fix JSON syntax"); continue; }
  const perms = s.permissions ?? {};
  const tightened = structuredClone(s);
  tightened.permissions ??= {};
  if (perms.defaultMode === "bypassPermissions") {
    flag("high", p, 'defaultMode: "bypassPermissions"', 'use "default" or "acceptEdits"');
    tightened.permissions.defaultMode = "default";
  }
  const allow = perms.allow ?? [];
  const broad = allow.filter((r) => r === "Bash" || r === "Bash(*)" || r === "Bash(:*)");
  if (broad.length) {
    flag("high", p, `allow: ${broad.join(", ")}`, "replace with scoped rules, e.g. Bash(npm run test:*)");
    tightened.permissions.allow = allow.filter((r) => !broad.includes(r));
  }
  if (allow.includes("WebFetch") || allow.includes("WebFetch(*)")) {
    flag("medium", p, "WebFetch allowed for all domains", "use WebFetch(domain:docs.example)");
  }
  if (s.skipDangerousModePermissionPrompt) {
    flag("medium", p, "skipDangerousModePermissionPrompt: true", "remove");
    delete tightened.skipDangerousModePermissionPrompt;
  }
  proposals[p] = JSON.stringify(tightened, null, 2);
}

// ---- Codex CLI ------------------------------------------------------------
const codex = join(home, ".codex", "config.toml");
if (existsSync(codex)) {
  const t = readFileSync(codex, "utf8");
  // minimal TOML scan: track [section] and key = "value"
  let section = "";
  const seen = {};
  for (const line of t.split(/\r?\n/)) {
    const sec = line.match(/^\s*\[([^\]]+)\]/);
    if (sec) { section = sec[1]; continue; }
    const kv = line.match(/^\s*([\w.]+)\s*=\s*"?([^"#\n]+)"?/);
    if (kv) seen[`${section}|${kv[1]}`] = kv[2].trim();
  }
  const sections = new Set(Object.keys(seen).map((k) => k.split("|")[0]));
  for (const sec of sections) {
    const ap = seen[`${sec}|approval_policy`];
    const sb = seen[`${sec}|sandbox_mode`];
    const where = sec ? `${codex} [${sec}]` : codex;
    if (ap === "never" && sb === "danger-full-access") {
      flag("high", where, 'approval_policy="never" + sandbox_mode="danger-full-access"', 'use "on-request" + "workspace-write"');
    } else if (ap === "never") {
      flag("medium", where, 'approval_policy="never"', "acceptable only in a disposable sandbox");
    }
    if (seen[`${sec}|network_access`] === "true") {
      flag("medium", where, "network_access = true", "enable per task instead");
    }
  }
}

// ---- VS Code --------------------------------------------------------------
const userDir =
  platform() === "darwin" ? join(home, "Library", "Application Support", "Code", "User")
  : platform() === "win32" ? join(process.env.APPDATA ?? home, "Code", "User")
  : join(home, ".config", "Code", "User");
for (const p of [join(userDir, "settings.json"), join(cwd, ".vscode", "settings.json")]) {
  if (!existsSync(p)) continue;
  const s = readJsonc(p);
  if (!s) continue;
  if (s["chat.tools.autoApprove"] === true) flag("high", p, '"chat.tools.autoApprove": true', "remove; approve per tool");
  const term = s["chat.tools.terminal.autoApprove"];
  if (term && Object.entries(term).some(([k, v]) => v === true && /^\/\.\*\/$|^\*$/.test(k))) {
    flag("high", p, "terminal auto-approve matches every command", "list specific safe commands only");
  }
  if (s["security.workspace.trust.enabled"] === false) flag("medium", p, "workspace trust disabled", "re-enable");
}

// ---- shell aliases --------------------------------------------------------
for (const rc of [".bashrc", ".zshrc", ".config/fish/config.fish"]) {
  const p = join(home, rc);
  if (!existsSync(p)) continue;
  readFileSync(p, "utf8").split("\n").forEach((line, i) => {
    if (/--dangerously-skip-permissions|--yolo|--full-auto|danger-full-access/.test(line) && !line.trim().startsWith("#")) {
      flag("info", `${p}:${i + 1}`, line.trim().slice(0, 80), "make sure this is only used in a sandbox");
    }
  });
}

// ---- output ---------------------------------------------------------------
const order = { high: 0, medium: 1, info: 2 };
findings.sort((a, b) => order[a.severity] - order[b.severity]);
if (asJson) {
  console.log(JSON.stringify({ findings, proposals: propose ? proposals : undefined }, null, 2));
} else {
  if (!findings.length) console.log("No risky agent permission settings found.");
  for (const f of findings) console.log(`${f.severity.toUpperCase().padEnd(6)} ${f.setting}\n       ${f.file}\n       -> ${f.advice}`);
  if (propose) for (const [p, text] of Object.entries(proposals)) console.log(`\n--- proposed ${p} (not written)\n${text}`);
}
