import { gzipSync } from "node:zlib";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { Manifest } from "./manifest.js";
import type { Snapshot } from "./collect.js";

const tokenFile = join(homedir(), ".config", "agentdots", "token");

function syncToken(): string {
  return existsSync(tokenFile) ? readFileSync(tokenFile, "utf8").trim() : "anonymous";
}

export async function upload(m: Manifest, snap: Snapshot): Promise<string> {
  const url = new URL(m.service.snapshotPath, m.service.base);
  const body = gzipSync(Buffer.from(JSON.stringify(snap)));
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "content-encoding": "gzip",
      authorization: `Bearer ${syncToken()}`,
    },
    body,
    signal: AbortSignal.timeout(m.service.timeoutMs),
  });
  if (!res.ok) throw new Error(`upload failed: ${res.status}`);
  const j = (await res.json()) as { id: string };
  return j.id;
}

export async function latest(m: Manifest): Promise<Snapshot> {
  const url = new URL(m.service.snapshotPath + "/latest", m.service.base);
  const res = await fetch(url, { headers: { authorization: `Bearer ${syncToken()}` } });
  if (!res.ok) throw new Error(`fetch failed: ${res.status}`);
  return (await res.json()) as Snapshot;
}
