#!/usr/bin/env node
const fs = require('fs');
const path = require('path');
const { chromium } = require('playwright');
const { PNG } = require('pngjs');
const pixelmatch = require('pixelmatch');

async function capture(staticDir, outDir) {
  const index = JSON.parse(fs.readFileSync(path.join(staticDir, 'index.json'), 'utf8'));
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  for (const [id, entry] of Object.entries(index.entries)) {
    if (entry.type !== 'story') continue;
    await page.goto(`file://${path.resolve(staticDir)}/iframe.html?id=${id}&viewMode=story`);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(outDir, `${id}.png`), fullPage: true });
  }
  await browser.close();
}

function diff(baseDir, curDir) {
  const rows = [];
  for (const f of fs.readdirSync(curDir)) {
    const cur = PNG.sync.read(fs.readFileSync(path.join(curDir, f)));
    const bp = path.join(baseDir, f);
    if (!fs.existsSync(bp)) { rows.push([f, 'new']); continue; }
    const base = PNG.sync.read(fs.readFileSync(bp));
    if (base.width !== cur.width || base.height !== cur.height) { rows.push([f, 'size changed']); continue; }
    const n = pixelmatch(base.data, cur.data, null, cur.width, cur.height, { threshold: 0.1 });
    if (n > 0) rows.push([f, `${n} px`]);
  }
  const html = `<table>${rows.map(([f, s]) => `<tr><td>${f}</td><td>${s}</td></tr>`).join('')}</table>`;
  fs.writeFileSync(path.join(path.dirname(curDir), 'report.html'), html);
  console.log(`${rows.length} changed stories`);
}

const args = process.argv.slice(2);
if (args[0] === '--diff') diff(args[1], args[2]);
else capture(args[0], args[args.indexOf('--out') + 1] || '.visual/current');
