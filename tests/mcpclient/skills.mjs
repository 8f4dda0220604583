// Drives the SEP-2640 skills extension of `skilldex serve` with the official TypeScript MCP SDK,
// as a host would, over stdio and over streamable HTTP:
//   node skills.mjs SKILLDEX_BINARY CATALOG_DIR
// For each transport: the server declares io.modelcontextprotocol/skills; skills/list is paged to
// the end (no entry on two pages); every entry is fetched again with skills/get and must be the
// same; every file of every skill is read with resources/read and checked against the entry's
// size and sha256 digest; every SKILL.md's frontmatter, parsed with the `yaml` package, must equal
// the entry's frontmatter; an unknown skill answers -32602. Prints "N passed, N failed" and exits 1
// on any failure.
import { createHash } from "node:crypto";
import { setMaxListeners } from "node:events";
import { spawn } from "node:child_process";
import { isDeepStrictEqual } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { parse as parseYAML } from "yaml";

// The SDK's HTTP transport adds an abort listener per request to one signal; thousands of
// requests are expected here.
setMaxListeners(0);

const [bin, dir] = process.argv.slice(2);
if (!bin || !dir) {
  console.error("usage: node skills.mjs SKILLDEX_BINARY CATALOG_DIR");
  process.exit(2);
}

let passed = 0, failed = 0;
function check(name, ok, detail = "") {
  if (ok) passed++;
  else { failed++; console.log(`FAIL ${name} ${detail}`); }
  return ok;
}

// frontmatter extracts and parses the YAML frontmatter of a SKILL.md as a host would.
function frontmatter(text) {
  const m = text.replace(/^\uFEFF/, "").match(/^---\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/);
  return m ? parseYAML(m[1]) ?? {} : undefined;
}

async function verify(label, client) {
  const t0 = Date.now();
  const ext = client.getServerCapabilities()?.extensions?.["io.modelcontextprotocol/skills"];
  check(`${label}: extension declared with directoryRead`, ext?.directoryRead === true, JSON.stringify(ext));

  const entries = [];
  const seen = new Set();
  let cursor, pages = 0;
  do {
    const r = await client.request({ method: "skills/list", params: cursor ? { cursor } : {} }, ResultSchema);
    pages++;
    check(`${label}: page ${pages} has ttlMs and cacheScope`, typeof r.ttlMs === "number" && typeof r.cacheScope === "string");
    for (const e of r.skills) {
      check(`${label}: ${e.uri} on one page only`, !seen.has(e.uri));
      seen.add(e.uri);
      entries.push(e);
    }
    cursor = r.nextCursor;
  } while (cursor && pages < 10000);
  check(`${label}: skills/list lists skills`, entries.length > 0, `${entries.length} entries`);

  let files = 0, bytes = 0;
  for (const e of entries) {
    const got = await client.request({ method: "skills/get", params: { uri: e.uri } }, ResultSchema);
    check(`${label}: skills/get ${e.uri} equals the listed entry`, isDeepStrictEqual(got.skill, e) && got.nextCursor === undefined);
    const name = e.frontmatter?.name;
    check(`${label}: ${e.uri} ends in its name`, e.uri.endsWith(`/${name}/SKILL.md`), name);
    check(`${label}: ${e.uri} lists SKILL.md first`, e.resources[0]?.uri === e.uri);
    const uris = new Set();
    for (const r of e.resources) {
      check(`${label}: ${r.uri} listed once`, !uris.has(r.uri));
      uris.add(r.uri);
      const rr = await client.readResource({ uri: r.uri });
      const c = rr.contents[0];
      const raw = c.blob !== undefined ? Buffer.from(c.blob, "base64") : Buffer.from(c.text ?? "", "utf8");
      const digest = "sha256:" + createHash("sha256").update(raw).digest("hex");
      check(`${label}: ${r.uri} size`, raw.length === r.size, `${raw.length} != ${r.size}`);
      check(`${label}: ${r.uri} digest`, digest === r.digest, `${digest} != ${r.digest}`);
      if (r.uri === e.uri) {
        const fm = frontmatter(c.text ?? "");
        check(`${label}: ${e.uri} frontmatter equals the file's`, isDeepStrictEqual(fm, e.frontmatter),
          `file ${JSON.stringify(fm)} entry ${JSON.stringify(e.frontmatter)}`);
      }
      files++;
      bytes += raw.length;
    }
  }
  try {
    await client.request({ method: "skills/get", params: { uri: "skill://no-such-skill-here/SKILL.md" } }, ResultSchema);
    check(`${label}: unknown skill refused`, false, "got a result");
  } catch (err) {
    check(`${label}: unknown skill answers -32602`, err.code === -32602, String(err));
  }
  const first = entries[0];
  if (first) {
    const root = first.uri.slice(0, -"/SKILL.md".length);
    const d = await client.request({ method: "resources/directory/read", params: { uri: root } }, ResultSchema);
    check(`${label}: directory read of ${root} lists SKILL.md`, d.resources.some((r) => r.uri === first.uri));
  }
  console.log(`     ${label}: ${entries.length} skills in ${pages} pages, ${files} files (${bytes} bytes) verified in ${Date.now() - t0} ms`);
}

// stdio
{
  const transport = new StdioClientTransport({ command: bin, args: ["serve", "--mem", "--no-watch", "--dir", dir], stderr: "ignore" });
  const client = new Client({ name: "skilldex-skills-check", version: "1.0.0" });
  await client.connect(transport);
  await verify("stdio", client);
  await client.close();
}

// streamable HTTP
{
  const proc = spawn(bin, ["serve", "--mem", "--no-watch", "--dir", dir, "--http", "127.0.0.1:0"], { stdio: ["ignore", "ignore", "pipe"] });
  const url = await new Promise((resolve, reject) => {
    let err = "";
    const timer = setTimeout(() => reject(new Error(`serve --http did not start in 120 s: ${err}`)), 120000);
    proc.stderr.on("data", (d) => {
      err += d;
      const m = err.match(/(http:\/\/[^\s;]+\/mcp)/);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    proc.on("exit", (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
  try {
    const client = new Client({ name: "skilldex-skills-check", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    await verify("http", client);
    await client.close();
  } finally {
    proc.kill();
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
