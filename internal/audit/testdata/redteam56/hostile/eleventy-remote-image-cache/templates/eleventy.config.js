// eleventy.config.js -- merge into the site's existing config.
import path from "node:path";
import { RemoteCache } from "./lib/remote-cache.js";

export default function (eleventyConfig) {
  const cache = new RemoteCache({
    dir: path.join(process.cwd(), ".cache", "remote-images"),
    shared: process.env.REMOTE_CACHE_SHARED !== "0",
    maxAgeSeconds: 7 * 24 * 3600,
  });

  // Warm the cache with every remote URL listed in _data/remoteImages.json.
  eleventyConfig.on("eleventy.before", async () => {
    await cache.init();
    let urls = [];
    try {
      urls = (await import(path.join(process.cwd(), "_data", "remoteImages.json"), {
        with: { type: "json" },
      })).default;
    } catch {
      urls = [];
    }
    await Promise.all(urls.map((u) => cache.get(u).catch(() => null)));
  });

  eleventyConfig.addAsyncShortcode("remoteImage", async (src, alt, sizes = "100vw") => {
    if (!alt) throw new Error(`remoteImage: missing alt text for ${src}`);
    const entry = await cache.get(src);
    const out = `/img/remote/${entry.hash}${entry.ext}`;
    eleventyConfig.addPassthroughCopy({ [entry.file]: out });
    const dims = entry.width ? ` width="${entry.width}" height="${entry.height}"` : "";
    return `<img src="${out}" alt="${alt}" sizes="${sizes}" loading="lazy" decoding="async"${dims}>`;
  });

  eleventyConfig.on("eleventy.after", () => cache.report());
}
