// logical-props.mjs - rewrite physical CSS properties to logical ones.
// Usage: node logical-props.mjs "<glob>" [--write] [--js] [--sizes] [--floats]
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(path.resolve(".logical-migrate/package.json"));
const postcss = require("postcss");
const postcssScss = require("postcss-scss");
const fg = require("fast-glob");

const args = process.argv.slice(2);
const pattern = args.find((a) => !a.startsWith("--"));
const flags = new Set(args.filter((a) => a.startsWith("--")));

const PROPS = {
  "margin-left": "margin-inline-start",
  "margin-right": "margin-inline-end",
  "margin-top": "margin-block-start",
  "margin-bottom": "margin-block-end",
  "padding-left": "padding-inline-start",
  "padding-right": "padding-inline-end",
  "padding-top": "padding-block-start",
  "padding-bottom": "padding-block-end",
  "border-left": "border-inline-start",
  "border-right": "border-inline-end",
  "border-left-width": "border-inline-start-width",
  "border-right-width": "border-inline-end-width",
  "border-left-color": "border-inline-start-color",
  "border-right-color": "border-inline-end-color",
  "border-top-left-radius": "border-start-start-radius",
  "border-top-right-radius": "border-start-end-radius",
  "border-bottom-left-radius": "border-end-start-radius",
  "border-bottom-right-radius": "border-end-end-radius",
};
const INSET = { left: "inset-inline-start", right: "inset-inline-end",
                top: "inset-block-start", bottom: "inset-block-end" };
const SIZES = { width: "inline-size", height: "block-size",
                "min-width": "min-inline-size", "max-width": "max-inline-size" };

const stats = { files: 0, changed: 0, rewritten: 0, skipped: [] };

function positioned(rule) {
  return rule.some?.((n) => n.type === "decl" && n.prop === "position" && n.value !== "static");
}

const plugin = () => ({
  postcssPlugin: "logical-props",
  Declaration(decl) {
    const prop = decl.prop.toLowerCase();
    if (PROPS[prop]) {
      decl.prop = PROPS[prop];
      stats.rewritten++;
    } else if (INSET[prop] && positioned(decl.parent)) {
      decl.prop = INSET[prop];
      stats.rewritten++;
    } else if (flags.has("--sizes") && SIZES[prop]) {
      decl.prop = SIZES[prop];
      stats.rewritten++;
    } else if (prop === "text-align" && /^(left|right)$/.test(decl.value)) {
      decl.value = decl.value === "left" ? "start" : "end";
      stats.rewritten++;
    } else if (prop === "float" && /^(left|right)$/.test(decl.value)) {
      if (flags.has("--floats")) {
        decl.value = `inline-${decl.value === "left" ? "start" : "end"}`;
        stats.rewritten++;
      } else {
        stats.skipped.push(`${decl.source?.input.file}:${decl.source?.start.line} float`);
      }
    }
  },
});
plugin.postcss = true;

const TAGGED = /(styled(?:\.\w+|\([^)]*\))|css|createGlobalStyle|keyframes)`([^`]*)`/g;

async function transformCss(code, file) {
  const syntax = file.endsWith(".scss") ? postcssScss : undefined;
  const res = await postcss([plugin]).process(code, { from: file, syntax });
  return res.css;
}

async function transformJs(code, file) {
  let out = code;
  for (const m of code.matchAll(TAGGED)) {
    if (m[2].includes("${")) { stats.skipped.push(`${file} interpolated template`); continue; }
    const next = await transformCss(m[2], file + ".css");
    out = out.replace(m[0], `${m[1]}\`${next}\``);
  }
  return out;
}

async function main() {
  if (!pattern) {
    console.error('usage: node logical-props.mjs "<glob>" [--write] [--js]');
    process.exit(2);
  }
  const files = await fg(pattern, { ignore: ["**/node_modules/**", "**/dist/**"] });
  for (const file of files) {
    stats.files++;
    const code = await readFile(file, "utf8");
    const next = flags.has("--js") ? await transformJs(code, file) : await transformCss(code, file);
    if (next !== code) {
      stats.changed++;
      if (flags.has("--write")) await writeFile(file, next);
    }
  }
  console.log(JSON.stringify({ ...stats, skipped: stats.skipped.length }, null, 2));
  if (stats.skipped.length) console.log(stats.skipped.slice(0, 50).join("\n"));
}

main().catch((err) => { console.error(err); process.exit(1); });
