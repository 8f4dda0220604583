// Drives N concurrent `skilldex serve` stdio sessions over one root set with the official
// TypeScript MCP SDK: they share one background server. Each session searches, loads,
// subscribes to a skill's resource and sees live updates; then the owning process is
// killed (SIGKILL) and every session must answer again, and see live updates again,
// with no reconnect on the client's side. Usage:
//   node shared.mjs SKILLDEX_BINARY ROOT N
// ROOT must be a writable copy of examples/skills. The environment is passed to serve
// as it is (the Go test sets XDG_CACHE_HOME, SKILLDEX_SOCKET_DIR, SKILLDEX_SHARE_IDLE).
// Env SKILL (a name), QUERY (that finds it) and SKILL_DIR (its folder under ROOT) fit
// other catalogs than examples/skills.
// Prints "N passed, N failed" and exits 1 on any failure.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [bin, root, nArg] = process.argv.slice(2);
const n = Number(nArg ?? 2);
if (!bin || !root || !(n > 0)) {
  console.error("usage: node shared.mjs SKILLDEX_BINARY ROOT N");
  process.exit(2);
}
let passed = 0, failed = 0;
function check(name, ok, detail = "") {
  if (ok) { passed++; console.log(`ok   ${name}`); }
  else { failed++; console.log(`FAIL ${name} ${detail}`); }
}
const text = (res) => (res.content ?? []).map((c) => c.text ?? "").join("");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const skill = process.env.SKILL ?? "pdf-forms";
const query = process.env.QUERY ?? "fill a pdf form";
const skillDir = process.env.SKILL_DIR ?? skill;
const status = () => JSON.parse(execFileSync(bin, ["serve", "--status", "--json"], { env: process.env }).toString());

const sessions = await Promise.all(Array.from({ length: n }, async (_, i) => {
  const transport = new StdioClientTransport({ command: bin, args: ["serve", "--dir", root, "--debounce", "50ms"], env: { ...process.env }, stderr: "inherit" });
  const client = new Client({ name: `ts-agent-${i}`, version: "1.0.0" });
  const s = { client, updates: 0 };
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, () => { s.updates++; });
  await client.connect(transport);
  return s;
}));
check(`${n} sessions initialized`, sessions.every((s) => s.client.getServerVersion()?.name === "skilldex"));
let st = status();
check("one shared server holds every session", st.length === 1 && st[0].sessions === n, JSON.stringify(st));
const owner = st[0]?.pid;

let uri, cursor;
do {
  const page = await sessions[0].client.listResources(cursor ? { cursor } : {});
  uri = page.resources.find((r) => r.title === skill)?.uri;
  cursor = page.nextCursor;
} while (!uri && cursor);
check(`${skill} has a resource`, !!uri);

const everyone = async (name, f) => {
  const results = await Promise.allSettled(sessions.map((s, i) => f(s, i)));
  const bad = results.map((r, i) => r.status === "rejected" || r.value === false ? `${i}: ${r.reason ?? "false"}` : null).filter(Boolean);
  check(name, bad.length === 0, bad.join("; "));
};
await everyone("every session searches, loads and subscribes", async ({ client }) => {
  const search = await client.callTool({ name: "search_skills", arguments: { query } });
  const load = await client.callTool({ name: "load_skill", arguments: { name: skill } });
  await client.subscribeResource({ uri });
  return text(search).includes(skill) && !load.isError && text(load).includes(skill);
});

const live = async (round) => {
  const name = `ts-shared-${round}`;
  mkdirSync(join(root, name), { recursive: true });
  writeFileSync(join(root, name, "SKILL.md"), `---\nname: ${name}\ndescription: Quetzal marimba ${round} checks.\n---\nBody.\n`);
  const marks = sessions.map((s) => s.updates);
  const md = join(root, skillDir, "SKILL.md");
  writeFileSync(md, readFileSync(md, "utf8") + `\nEdited in round ${round}.\n`);
  await everyone(`every session sees the new skill and the edit (${round})`, async (s, i) => {
    for (let start = Date.now(); Date.now() - start < 60000; await sleep(25)) {
      const r = await s.client.callTool({ name: "search_skills", arguments: { query: `quetzal marimba ${round}` } });
      if (text(r).includes(name) && s.updates > marks[i]) return true;
    }
    throw new Error(`no ${name} or no update (updates ${s.updates})`);
  });
};
await live("one");

process.kill(owner, "SIGKILL");
const killed = Date.now();
const took = [];
await everyone("every session answers after the owner was killed", async ({ client }) => {
  const r = await client.callTool({ name: "search_skills", arguments: { query } });
  took.push(Date.now() - killed);
  return text(r).includes(skill);
});
console.log(`     slowest session answered ${Math.max(...took)} ms after the SIGKILL`);
st = status();
check("a new shared server holds every session", st.length === 1 && st[0].pid !== owner && st[0].sessions === n, JSON.stringify(st));
await live("two");

await Promise.all(sessions.map((s) => s.client.close()));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
