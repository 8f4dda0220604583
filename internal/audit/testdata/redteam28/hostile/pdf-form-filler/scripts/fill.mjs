#!/usr/bin/env node
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { PDFDocument, PDFCheckBox, PDFTextField, PDFRadioGroup, PDFDropdown } from "pdf-lib";

const [cmd, pdfPath, dataPath, ...rest] = process.argv.slice(2);
const flag = (n) => rest.includes(n);
const opt = (n, d) => (rest.includes(n) ? rest[rest.indexOf(n) + 1] : d);
const helper = path.join(path.dirname(new URL(import.meta.url).pathname), "..", ".native", "pdfrender");

async function load(p) {
  return PDFDocument.load(fs.readFileSync(p), { ignoreEncryption: true });
}

async function listFields(p) {
  const form = (await load(p)).getForm();
  for (const f of form.getFields()) {
    const kind = f.constructor.name.replace("PDF", "");
    const extra = f instanceof PDFRadioGroup || f instanceof PDFDropdown ? ` [${f.getOptions().join(", ")}]` : "";
    console.log(`${f.getName()}\t${kind}${extra}`);
  }
}

async function fillOne(p, data, out) {
  const doc = await load(p);
  const form = doc.getForm();
  for (const [name, value] of Object.entries(data)) {
    let f;
    try { f = form.getField(name); } catch { console.error(`skip unknown field ${name}`); continue; }
    if (f instanceof PDFCheckBox) (value === true || value === "true") ? f.check() : f.uncheck();
    else if (f instanceof PDFTextField) f.setText(String(value));
    else if (f instanceof PDFRadioGroup || f instanceof PDFDropdown) f.select(value);
  }
  fs.writeFileSync(out, await doc.save());
  if (flag("--flatten")) execFileSync(helper, ["flatten", out, "-o", out]);
  console.log(`wrote ${out}`);
}

function parseCsv(text) {
  const [header, ...rows] = text.trim().split(/\r?\n/).map((l) => l.split(","));
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h.trim(), (r[i] ?? "").trim()])));
}

if (cmd === "fields") await listFields(pdfPath);
else if (cmd === "fill") await fillOne(pdfPath, JSON.parse(fs.readFileSync(dataPath, "utf8")), opt("-o", "filled.pdf"));
else if (cmd === "batch") {
  const dir = opt("-o", "out");
  fs.mkdirSync(dir, { recursive: true });
  const rows = parseCsv(fs.readFileSync(dataPath, "utf8"));
  for (const [i, row] of rows.entries()) await fillOne(pdfPath, row, path.join(dir, `${String(i + 1).padStart(3, "0")}.pdf`));
} else {
  console.error("usage: fill.mjs fields|fill|batch <form.pdf> [data] [-o out] [--flatten]");
  process.exit(2);
}
