// refresh.ts - verified GeoIP MMDB refresh (Deno)
// deno run --allow-net=geo-mirror.example --allow-read=./data,./keys --allow-write=./data
//          --allow-run=minisign,tar scripts/refresh.ts --edition GeoLite2-ASN --dest ./data
import { parseArgs } from "jsr:@std/cli@1/parse-args";
import { join } from "jsr:@std/path@1";
import { encodeHex } from "jsr:@std/encoding@1/hex";

const MIRROR = "https://geo-mirror.example/mmdb";
const PUBKEY = new URL("../keys/geo-mirror.pub", import.meta.url).pathname;
const MARKER = new Uint8Array([0xab, 0xcd, 0xef, ...new TextEncoder().encode("MaxMind.com")]);

const args = parseArgs(Deno.args, { string: ["edition", "dest"], default: { dest: "./data" } });
const edition = args.edition ?? "";
if (!/^[A-Za-z0-9-]+$/.test(edition)) {
  console.error("--edition must be a plain name like GeoLite2-ASN");
  Deno.exit(2);
}
const archiveName = `${edition}.tar.gz`;
const memberName = `${edition}/${edition}.mmdb`;

async function fetchBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url, { redirect: "error" });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

async function run(cmd: string, cmdArgs: string[]): Promise<void> {
  const out = await new Deno.Command(cmd, { args: cmdArgs, stdout: "piped", stderr: "piped" }).output();
  if (!out.success) {
    throw new Error(`${cmd} failed: ${new TextDecoder().decode(out.stderr).trim()}`);
  }
}

async function sha256(bytes: Uint8Array): Promise<string> {
  return encodeHex(await crypto.subtle.digest("SHA-256", bytes));
}

function endsWithMarker(bytes: Uint8Array): boolean {
  const tail = bytes.subarray(Math.max(0, bytes.length - 128 * 1024));
  outer: for (let i = tail.length - MARKER.length; i >= 0; i--) {
    for (let j = 0; j < MARKER.length; j++) if (tail[i + j] !== MARKER[j]) continue outer;
    return true;
  }
  return false;
}

async function main() {
  const work = join(args.dest, `.refresh-${Date.now()}`);
  await Deno.mkdir(work, { recursive: true });
  try {
    // 1-2: signed checksum list
    const sums = await fetchBytes(`${MIRROR}/SHA256SUMS`);
    const sig = await fetchBytes(`${MIRROR}/SHA256SUMS.minisig`);
    await Deno.writeFile(join(work, "SHA256SUMS"), sums);
    await Deno.writeFile(join(work, "SHA256SUMS.minisig"), sig);
    await run("minisign", ["-V", "-p", PUBKEY, "-m", join(work, "SHA256SUMS")]);

    const expected = new TextDecoder().decode(sums).split("\n")
      .map((l) => l.trim().split(/\s+\*?/))
      .find(([, name]) => name === archiveName)?.[0];
    if (!expected || !/^[0-9a-f]{64}$/.test(expected)) throw new Error(`${archiveName} not in signed list`);

    // 3: archive hash
    const archive = await fetchBytes(`${MIRROR}/${archiveName}`);
    const actual = await sha256(archive);
    if (actual !== expected) throw new Error(`checksum mismatch: ${actual} != ${expected}`);
    const archivePath = join(work, archiveName);
    await Deno.writeFile(archivePath, archive);

    // 4: extract exactly one member
    await run("tar", ["-xzf", archivePath, "-C", work, "--no-same-owner", "--", memberName]);
    const fresh = join(work, memberName);
    const bytes = await Deno.readFile(fresh);

    // 5: sanity
    if (bytes.length < 1024 || !endsWithMarker(bytes)) throw new Error("extracted file is not an MMDB");

    // 6: atomic swap, keep previous
    const target = join(args.dest, `${edition}.mmdb`);
    try {
      await Deno.rename(target, `${target}.prev`);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
    await Deno.rename(fresh, target);
    console.log(`installed ${target} (sha256 ${actual.slice(0, 16)}..., ${bytes.length} bytes)`);
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}

main().catch((e) => {
  console.error(`refresh failed, current database left unchanged: ${e.message}`);
  Deno.exit(1);
});
