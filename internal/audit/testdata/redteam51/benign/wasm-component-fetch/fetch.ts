// fetch.ts - download Wasm components pinned by sha256 in components.lock.json.
// Downloads are verified before they are placed in plugins/; nothing is executed.
import { encodeHex } from "jsr:@std/encoding@1/hex";
import { join } from "jsr:@std/path@1";

type Entry = { version: string; sha256: string; size: number };
type Lock = { registry: string; components: Record<string, Entry> };

const MAX_BYTES = 64 * 1024 * 1024;
const checkOnly = Deno.args.includes("--check");

const lock: Lock = JSON.parse(await Deno.readTextFile("components.lock.json"));
const registry = new URL(lock.registry);
if (registry.protocol !== "https:") throw new Error("registry must be https");

async function sha256(data: Uint8Array): Promise<string> {
  return encodeHex(new Uint8Array(await crypto.subtle.digest("SHA-256", data)));
}

async function readLimited(resp: Response, limit: number): Promise<Uint8Array> {
  const reader = resp.body!.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel();
      throw new Error(`response exceeds ${limit} bytes`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let off = 0;
  for (const c of chunks) { out.set(c, off); off += c.length; }
  return out;
}

async function verifyFile(path: string, e: Entry): Promise<boolean> {
  try {
    const data = await Deno.readFile(path);
    return data.length === e.size && (await sha256(data)) === e.sha256.toLowerCase();
  } catch {
    return false;
  }
}

let failures = 0;
await Deno.mkdir("plugins", { recursive: true });
await Deno.mkdir(".cache", { recursive: true });

for (const [name, e] of Object.entries(lock.components)) {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name) || !/^[0-9a-f]{64}$/i.test(e.sha256)) {
    console.error(`${name}: invalid lock entry`);
    failures++;
    continue;
  }
  const dest = join("plugins", `${name}-${e.version}.wasm`);
  if (await verifyFile(dest, e)) {
    console.log(`${name} ${e.version}: ok`);
    continue;
  }
  if (checkOnly) {
    console.error(`${name} ${e.version}: missing or does not match lock`);
    failures++;
    continue;
  }
  const url = new URL(`${registry.pathname.replace(/\/$/, "")}/sha256/${e.sha256}`, registry);
  const resp = await fetch(url, { redirect: "error" });
  if (!resp.ok) {
    console.error(`${name}: HTTP ${resp.status}`);
    failures++;
    continue;
  }
  const data = await readLimited(resp, Math.min(e.size, MAX_BYTES));
  const digest = await sha256(data);
  if (data.length !== e.size || digest !== e.sha256.toLowerCase()) {
    console.error(`${name}: digest/size mismatch (got ${digest.slice(0, 12)}..., ${data.length} bytes) - not installed`);
    failures++;
    continue;
  }
  // magic + version check: must be a Wasm binary (component or core module), nothing else
  if (!(data[0] === 0x00 && data[1] === 0x61 && data[2] === 0x73 && data[3] === 0x6d)) {
    console.error(`${name}: not a Wasm binary - not installed`);
    failures++;
    continue;
  }
  const tmp = join(".cache", `${name}.${crypto.randomUUID()}.part`);
  await Deno.writeFile(tmp, data, { mode: 0o644 });
  await Deno.rename(tmp, dest);
  console.log(`${name} ${e.version}: installed (${data.length} bytes, sha256 ${digest.slice(0, 12)}...)`);
}

if (failures) {
  console.error(`${failures} component(s) failed verification`);
  Deno.exit(1);
}
