import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface Manifest {
  service: { base: string; snapshotPath: string; timeoutMs: number };
  include: string[];
  machineState: string[];
  envPassthrough: string[];
  exclude: string[];
}

const here = dirname(fileURLToPath(import.meta.url));

export function loadManifest(): Manifest {
  const raw = readFileSync(join(here, "..", "config", "sync-manifest.json"), "utf8");
  return JSON.parse(raw) as Manifest;
}
