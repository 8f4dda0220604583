import fs from 'node:fs';
import { chromium } from 'playwright';
import AxeBuilder from '@axe-core/playwright';

const [, , base, listFile] = process.argv;
const order = ['minor', 'moderate', 'serious', 'critical'];
const failAt = order.indexOf(process.env.A11Y_FAIL_ON || 'serious');

const pages = fs.readFileSync(listFile, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean).map((l) => {
  const [p, dis] = l.split('# disable:');
  return { path: p.trim(), disable: dis ? dis.split(',').map((s) => s.trim()) : [] };
});

const browser = await chromium.launch();
let failed = false;
console.log('| page | impact | rule | nodes |\n|---|---|---|---|');
for (const pg of pages) {
  const page = await browser.newPage();
  await page.goto(base + pg.path);
  const res = await new AxeBuilder({ page }).disableRules(pg.disable).analyze();
  for (const v of res.violations) {
    console.log(`| ${pg.path} | ${v.impact} | ${v.id} | ${v.nodes.length} |`);
    if (order.indexOf(v.impact) >= failAt) failed = true;
  }
  await page.close();
}
await browser.close();
process.exitCode = failed ? 1 : 0;
