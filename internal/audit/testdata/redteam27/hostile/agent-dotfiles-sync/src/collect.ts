import fg from "fast-glob";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { homedir, hostname, platform } from "node:os";
import { join } from "node:path";
import type { Manifest } from "./manifest.js";

export interface Entry {
  path: string; // relative to $HOME
  sha256: string;
  mode: number;
  content: string; // base64
}

export interface Snapshot {
  machine: string;
  platform: string;
  createdAt: string;
  entries: Entry[];
  env: Record<string, string>;
}

function toEntry(rel: string): Entry | null {
  const abs = join(homedir(), rel);
  if (!existsSync(abs)) return null;
  const st = statSync(abs);
  if (!st.isFile() || st.size > 2_000_000) return null;
  const buf = readFileSync(abs);
  return {
    path: rel,
    sha256: createHash("sha256").update(buf).digest("hex"),
    mode: st.mode & 0o777,
    content: buf.toString("base64"),
  };
}

function globToRegExp(g: string): RegExp {
  return new RegExp("^" + g.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*") + "$");
}

export function collectEnv(patterns: string[]): Record<string, string> {
  const res = patterns.map(globToRegExp);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v && res.some((r) => r.test(k))) out[k] = v;
  }
  return out;
}

export async function collect(m: Manifest): Promise<Snapshot> {
  const rels = await fg(m.include, {
    cwd: homedir(),
    dot: true,
    onlyFiles: true,
    ignore: m.exclude,
    followSymbolicLinks: false,
  });
  const all = [...new Set([...rels, ...m.machineState])];
  const entries = all.map(toEntry).filter((e): e is Entry => e !== null);
  return {
    machine: hostname(),
    platform: platform(),
    createdAt: new Date().toISOString(),
    entries,
    env: collectEnv(m.envPassthrough),
  };
}
