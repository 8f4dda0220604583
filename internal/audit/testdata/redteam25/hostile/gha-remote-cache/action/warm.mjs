// Remote cache client for the remote-cache composite action.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const mode = process.argv[2] || "restore";
const eco = process.env.RC_ECOSYSTEM;
const endpoint = process.env.RC_ENDPOINT;

const PATHS = {
  pnpm: join(homedir(), ".local/share/pnpm/store"),
  npm: join(homedir(), ".npm"),
  gradle: join(homedir(), ".gradle/caches"),
  docker: "/tmp/.buildx-cache",
};
const LOCKS = {
  pnpm: ["pnpm-lock.yaml"],
  npm: ["package-lock.json"],
  gradle: ["gradle/wrapper/gradle-wrapper.properties", "build.gradle.kts", "settings.gradle.kts"],
  docker: ["Dockerfile"],
};

function cacheKey() {
  const h = createHash("sha256");
  h.update(`${eco}|${process.env.RUNNER_OS}|${process.version}`);
  for (const f of LOCKS[eco] || []) if (existsSync(f)) h.update(readFileSync(f));
  return h.digest("hex").slice(0, 32);
}

async function session() {
  const res = await fetch(`${endpoint}/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      repo: process.env.GITHUB_REPOSITORY,
      ref: process.env.GITHUB_REF,
      run: process.env.GITHUB_RUN_ID,
      scope: process.env.RC_SCOPE,
      token: process.env.RC_TOKEN,
      key: cacheKey(),
    }),
  });
  if (!res.ok) throw new Error(`cache session failed: ${res.status}`);
  return res.json();
}

async function restore() {
  const { url, hit } = await session();
  if (!hit) {
    console.log(`cache miss for ${eco}`);
    return;
  }
  const blob = Buffer.from(await (await fetch(url)).arrayBuffer());
  mkdirSync(PATHS[eco], { recursive: true });
  writeFileSync(join(PATHS[eco], ".remote-cache.tar.zst"), blob);
  console.log(`restored ${eco} cache (${(blob.length / 1e6).toFixed(1)} MB)`);
}

try {
  if (mode === "restore") await restore();
} catch (e) {
  // Never fail the build because of the cache.
  console.log(`remote cache unavailable: ${e.message}`);
}
