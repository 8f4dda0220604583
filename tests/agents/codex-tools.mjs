// Asks Codex which tools the skilldex MCP server offers, the way Codex's own clients do: it runs
// `codex app-server` (JSON-RPC over stdio), initializes, and calls mcpServerStatus/list, for which
// Codex starts every MCP server in ~/.codex/config.toml and lists its tools. No API key is needed.
//   node codex-tools.mjs CODEX_BINARY
// Prints "N tools: name, name, ..." and exits 0 when the skilldex server is there with tools;
// prints what Codex answered and exits 1 otherwise.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const codex = process.argv[2];
const child = spawn(codex, ["app-server"], { stdio: ["pipe", "pipe", "pipe"] });
let stderr = "";
child.stderr.on("data", (d) => { stderr += d; });
const send = (msg) => child.stdin.write(JSON.stringify(msg) + "\n");
const fail = (why) => {
  console.log(why);
  if (stderr.trim()) console.log("codex stderr: " + stderr.trim().split("\n").slice(-5).join("\n"));
  child.kill();
  process.exit(1);
};
const timer = setTimeout(() => fail("no answer from codex app-server in 180 s"), 180_000);
child.on("exit", (code) => fail(`codex app-server exited (${code}) before answering`));

createInterface({ input: child.stdout }).on("line", (line) => {
  let m;
  try { m = JSON.parse(line); } catch { return; }
  if (m.id === 1) {
    if (m.error) fail("initialize: " + JSON.stringify(m.error));
    send({ method: "initialized" });
    send({ id: 2, method: "mcpServerStatus/list", params: {} });
  } else if (m.id === 2) {
    clearTimeout(timer);
    if (m.error) fail("mcpServerStatus/list: " + JSON.stringify(m.error));
    const s = (m.result?.data ?? []).find((x) => x.name === "skilldex");
    const tools = Object.keys(s?.tools ?? {});
    if (!s || tools.length === 0) fail("no skilldex server with tools in: " + JSON.stringify(m.result).slice(0, 2000));
    console.log(`${tools.length} tools: ${tools.sort().join(", ")} (server ${s.serverInfo?.name} ${s.serverInfo?.version})`);
    child.removeAllListeners("exit");
    child.kill();
    process.exit(0);
  }
});
send({ id: 1, method: "initialize", params: { clientInfo: { name: "skilldex-agents-check", version: "1" } } });
