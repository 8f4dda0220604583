// Drives `skilldex serve` over stdio with the official TypeScript MCP SDK and checks the
// native profile end to end on a real catalog. Usage:
//   node client.mjs SKILLDEX_BINARY CATALOG_DIR
// Env: QUERY, SKILL (a name to load), FILE (a reference file of SKILL) override the defaults
// that fit examples/skills. Prints "N passed, N failed" and exits 1 on any failure.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [bin, dir] = process.argv.slice(2);
if (!bin || !dir) {
  console.error("usage: node client.mjs SKILLDEX_BINARY CATALOG_DIR");
  process.exit(2);
}
const query = process.env.QUERY ?? "fill a pdf form";
const skill = process.env.SKILL ?? "pdf-forms";
const file = process.env.FILE ?? "references/forms.md";

let passed = 0, failed = 0;
function check(name, ok, detail = "") {
  if (ok) { passed++; console.log(`ok   ${name}`); }
  else { failed++; console.log(`FAIL ${name} ${detail}`); }
}
const text = (res) => (res.content ?? []).map((c) => c.text ?? "").join("");

const transport = new StdioClientTransport({ command: bin, args: ["serve", "--mem", "--dir", dir], stderr: "inherit" });
const client = new Client({ name: "skilldex-ts-check", version: "1.0.0" });
const t0 = Date.now();
await client.connect(transport);
check("initialize", client.getServerVersion()?.name === "skilldex", JSON.stringify(client.getServerVersion()));
console.log(`     initialized in ${Date.now() - t0} ms`);

const { tools } = await client.listTools();
const names = tools.map((t) => t.name).sort();
check("tools/list has the native tools", ["list_skills", "load_skill", "read_skill_file", "search_skills"].every((n) => names.includes(n)), names.join(","));
check("every tool has an input schema", tools.every((t) => t.inputSchema?.type === "object"));

const search = await client.callTool({ name: "search_skills", arguments: { query, limit: 5 } });
const hits = search.structuredContent?.hits ?? [];
check("search_skills returns hits", !search.isError && hits.length > 0, text(search));
check("search_skills ranks the expected skill first", hits[0]?.name === skill, hits.map((h) => h.name).join(","));

const load = await client.callTool({ name: "load_skill", arguments: { name: skill.toUpperCase() } });
check("load_skill is case-insensitive and returns SKILL.md", !load.isError && text(load).includes(`Loading: ${skill}`), text(load).slice(0, 200));
const files = load.structuredContent?.files ?? [];
check("load_skill lists the skill's files", files.includes(file), files.join(","));

const read = await client.callTool({ name: "read_skill_file", arguments: { skill, path: file } });
check("read_skill_file returns the reference file", !read.isError && text(read).length > 0, text(read).slice(0, 200));

const { resources } = await client.listResources();
const res = resources.find((r) => r.title === skill);
check("resources/list has the skill's SKILL.md", !!res, `${resources.length} resources`);
if (res) {
  const rr = await client.readResource({ uri: res.uri });
  check("resources/read returns SKILL.md", (rr.contents?.[0]?.text ?? "").includes(`name: ${skill}`));
}

for (const bad of ["../../../etc/passwd", "/etc/passwd", "..%2f..%2fetc/passwd", "references/../../../etc/passwd"]) {
  const r = await client.callTool({ name: "read_skill_file", arguments: { skill, path: bad } });
  check(`traversal refused: ${bad}`, r.isError === true && !text(r).includes("root:"), text(r));
}
const badName = await client.callTool({ name: "load_skill", arguments: { name: "../../etc/passwd" } });
check("traversal in a skill name refused", badName.isError === true, text(badName));
const missing = await client.callTool({ name: "load_skill", arguments: { name: "no-such-skill-anywhere" } });
check("unknown skill is a tool error, not a crash", missing.isError === true && /not found/.test(text(missing)), text(missing));
const empty = await client.callTool({ name: "search_skills", arguments: { query: "   " } });
check("empty query is a clear tool error", empty.isError === true, text(empty));
let refused = false;
try { await client.readResource({ uri: "skill://../../etc/passwd" }); } catch { refused = true; }
check("traversal in a resource URI refused", refused);

await client.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
