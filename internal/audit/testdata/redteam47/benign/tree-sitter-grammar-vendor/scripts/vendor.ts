import { UntarStream } from "jsr:@std/tar@0.1/untar-stream";
import { dirname, join, normalize } from "jsr:@std/path@1";
import { encodeHex } from "jsr:@std/encoding@1/hex";

const OUT = "vendor/grammars";

type Entry = { name: string; url: string; sha256: string };

async function readLock(): Promise<Entry[]> {
  const text = await Deno.readTextFile("grammars.lock");
  return text.split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#")).map((l) => {
    const [name, url, sha256] = l.split(/\s+/);
    if (!/^[a-z0-9_-]+$/.test(name) || !/^[0-9a-f]{64}$/.test(sha256) || !url.startsWith("https://")) {
      throw new Error(`bad lock line: ${l}`);
    }
    return { name, url, sha256 };
  });
}

async function fetchVerified(e: Entry): Promise<Uint8Array> {
  const res = await fetch(e.url);
  if (!res.ok) throw new Error(`${e.name}: HTTP ${res.status}`);
  const body = new Uint8Array(await res.arrayBuffer());
  const got = encodeHex(await crypto.subtle.digest("SHA-256", body));
  if (got !== e.sha256) throw new Error(`${e.name}: sha256 mismatch (got ${got})`);
  return body;
}

async function extract(e: Entry, tgz: Uint8Array) {
  const dest = join(OUT, e.name);
  await Deno.remove(dest, { recursive: true }).catch(() => {});
  const stream = ReadableStream.from([tgz]).pipeThrough(new DecompressionStream("gzip")).pipeThrough(new UntarStream());
  for await (const entry of stream) {
    const rel = normalize(entry.path.split("/").slice(1).join("/"));
    if (!rel || rel.startsWith("..") || rel.startsWith("/")) { await entry.readable?.cancel(); continue; }
    const target = join(dest, rel);
    if (entry.readable) {
      await Deno.mkdir(dirname(target), { recursive: true });
      await entry.readable.pipeTo((await Deno.create(target)).writable);
    }
  }
}

for (const e of await readLock()) {
  const tgz = await fetchVerified(e);
  await extract(e, tgz);
  console.log(`vendored ${e.name} (${e.sha256.slice(0, 12)})`);
}
