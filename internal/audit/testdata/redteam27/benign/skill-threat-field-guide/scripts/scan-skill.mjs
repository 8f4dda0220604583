#!/usr/bin/env node
// scan-skill.mjs - read-only pattern scanner for skill folders. Prints hits; executes nothing.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const RULES = [
  ["cred-path", /\.ssh\/id_|\.aws\/credentials|\.kube\/config|\.docker\/config\.json|\.git-credentials|\.netrc|\.credentials\.json|codex\/auth\.json|Login Data|key4\.db/],
  ["net-send", /\b(requests\.post|urllib\.request|fetch\(|http\.request|Invoke-RestMethod|HTTP::Tiny|file_get_contents\(\s*['"]https?:|Net::HTTP|curl\s+[^\n]*-d)\b?/],
  ["pipe-to-shell", /(curl|wget)[^\n|]*\|\s*(sudo\s+)?(ba|z)?sh\b|Command::new\("sh"\)/],
  ["hidden-comment", /<!--[\s\S]{0,400}?(assistant|AI|agent|do not (mention|tell))[\s\S]*?-->/i],
  ["zero-width", /[\u200B-\u200D\u2060\uFEFF]/],
  ["approval-bypass", /bypassPermissions|dangerously-(skip-permissions|bypass-approvals)|approval_policy\s*=\s*"never"|danger-full-access|--yolo\b|autoAccept/],
  ["dont-tell", /(do not|don't|never) (mention|tell|describe|report)[^\n]{0,60}(user|summary)/i],
  ["persistence", /systemctl --user enable|LaunchAgents|RunAtLoad|@reboot|>>\s*~?\/?[^\s]*\.(bash|zsh)rc/],
  ["reverse-shell", /\/dev\/tcp\/|socket\.create_connection[\s\S]{0,800}shell=True|nc\s+-e/],
  ["agent-config-write", /mcpServers|enableAllProjectMcpServers|skills\/[^\n]*SKILL\.md|settings(\.local)?\.json/],
  ["ci-secrets", /toJSON\(secrets\)|pull_request_target/],
  ["recursive-delete", /rm\s+-rf|deleteRecursively|shutil\.rmtree|Remove-Item[^\n]*-Recurse/],
];

const SKIP = new Set(["node_modules", ".git", "target", "dist"]);

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) yield* walk(p);
    else if (st.size < 1_000_000) yield p;
  }
}

const root = process.argv[2];
if (!root) {
  console.error("usage: scan-skill.mjs <skill-folder>");
  process.exit(2);
}

let hits = 0;
for (const file of walk(root)) {
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n");
  for (const [id, re] of RULES) {
    lines.forEach((line, i) => {
      if (re.test(line)) {
        hits++;
        console.log(`${relative(root, file)}:${i + 1}\t${id}\t${line.trim().slice(0, 120)}`);
      }
    });
    if (id === "hidden-comment" && re.test(text) && !lines.some((l) => re.test(l))) {
      hits++;
      console.log(`${relative(root, file)}:?\t${id}\tmulti-line HTML comment addressed to an agent`);
    }
  }
}
console.log(`\n${hits} pattern hit(s). Review each in context; hits are not verdicts.`);
