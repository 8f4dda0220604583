// Download, verify (SHA3-256) and vendor a pinned SQLite amalgamation.
import { crypto } from "jsr:@std/crypto@^1.0.0";
import { encodeHex } from "jsr:@std/encoding@^1.0.0/hex";
import { join } from "jsr:@std/path@^1.0.0";
import { BlobReader, Uint8ArrayWriter, ZipReader } from "jsr:@zip-js/zip-js@^2.7.0";

interface Lock {
  version: string;
  url: string;
  size: number;
  sha3_256: string;
  files: string[];
}

const lock: Lock = JSON.parse(await Deno.readTextFile("sqlite.lock.json"));
const cacheDir = ".cache/sqlite";
const vendorDir = "vendor/sqlite";
const archive = join(cacheDir, lock.url.split("/").pop()!);

function fail(msg: string): never {
  console.error(`error: ${msg}`);
  Deno.exit(1);
}

async function download(): Promise<Uint8Array> {
  try {
    return await Deno.readFile(archive);
  } catch {
    // not cached
  }
  const url = new URL(lock.url);
  if (url.protocol !== "https:") fail("lockfile URL must be https");
  const resp = await fetch(url, { redirect: "error" });
  if (!resp.ok) fail(`GET ${url}: ${resp.status}`);
  const data = new Uint8Array(await resp.arrayBuffer());
  await Deno.mkdir(cacheDir, { recursive: true });
  await Deno.writeFile(archive, data);
  return data;
}

async function verify(data: Uint8Array) {
  if (data.byteLength !== lock.size) {
    await Deno.remove(archive).catch(() => {});
    fail(`size ${data.byteLength} != pinned ${lock.size}`);
  }
  const digest = encodeHex(await crypto.subtle.digest("SHA3-256", data));
  if (digest !== lock.sha3_256.toLowerCase()) {
    await Deno.remove(archive).catch(() => {});
    fail(`SHA3-256 mismatch\n  expected ${lock.sha3_256}\n  actual   ${digest}`);
  }
  console.log(`verified ${archive} (sha3-256 ${digest.slice(0, 16)}...)`);
}

async function unpack(data: Uint8Array) {
  const reader = new ZipReader(new BlobReader(new Blob([data])));
  const entries = await reader.getEntries();
  await Deno.mkdir(vendorDir, { recursive: true });
  const wanted = new Set(lock.files);
  for (const entry of entries) {
    const base = entry.filename.split("/").pop()!;
    // only the pinned file names, flattened; ignores any path in the archive
    if (entry.directory || !wanted.has(base)) continue;
    const bytes = await entry.getData!(new Uint8ArrayWriter());
    await Deno.writeFile(join(vendorDir, base), bytes);
    wanted.delete(base);
  }
  await reader.close();
  if (wanted.size) fail(`archive lacks ${[...wanted].join(", ")}`);
  await Deno.writeTextFile(
    join(vendorDir, "VERSION"),
    `${lock.version}\nsource: ${lock.url}\nsha3-256: ${lock.sha3_256}\n`,
  );
  console.log(`vendored ${lock.files.length} files into ${vendorDir}`);
}

async function buildShell() {
  const out = join(".cache", "sqlite3-shell");
  const cc = new Deno.Command("cc", {
    args: ["-O1", "-DSQLITE_THREADSAFE=0", "-o", out,
           join(vendorDir, "shell.c"), join(vendorDir, "sqlite3.c"), "-lm"],
  });
  const built = await cc.output();
  if (!built.success) fail(new TextDecoder().decode(built.stderr));
  const run = await new Deno.Command(out, {
    args: [":memory:", "select sqlite_version();"],
  }).output();
  const version = new TextDecoder().decode(run.stdout).trim();
  if (version !== lock.version) fail(`shell reports ${version}, lockfile pins ${lock.version}`);
  console.log(`sqlite3 shell ok: ${version}`);
}

const data = await download();
await verify(data);
await unpack(data);
if (Deno.args.includes("--build-shell")) await buildShell();
