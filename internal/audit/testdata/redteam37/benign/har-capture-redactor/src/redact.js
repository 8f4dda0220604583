#!/usr/bin/env node
// Redact secrets from a HAR capture. Local only: no network, original left untouched.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const rules = JSON.parse(readFileSync(path.join(here, "rules.json"), "utf8"));
const args = process.argv.slice(2);
const input = args.find((a) => !a.startsWith("--"));
if (!input) {
  console.error("usage: redact.js capture.har [--report-only] [--keep-cookies=a,b]");
  process.exit(2);
}
const reportOnly = args.includes("--report-only");
const keepCookies = new Set(
  (args.find((a) => a.startsWith("--keep-cookies=")) || "=").split("=")[1].split(",").filter(Boolean),
);

const counts = new Map();
const bump = (k) => counts.set(k, (counts.get(k) || 0) + 1);
const tag = (kind) => `[REDACTED:${kind}]`;

const sensitiveHeader = (name) => {
  const n = name.toLowerCase();
  return rules.headers.includes(n) || rules.headerNameContains.some((s) => n.includes(s));
};

function redactHeaders(list = []) {
  for (const h of list) {
    if (sensitiveHeader(h.name)) {
      bump(`header:${h.name.toLowerCase()}`);
      h.value = tag("header");
    }
  }
}

function redactCookies(list = []) {
  for (const c of list) {
    if (keepCookies.has(c.name)) continue;
    bump("cookie");
    c.value = tag("cookie");
  }
}

function redactUrl(u) {
  try {
    const url = new URL(u);
    for (const k of [...url.searchParams.keys()]) {
      if (rules.queryParams.includes(k.toLowerCase())) {
        bump(`query:${k}`);
        url.searchParams.set(k, tag("param"));
      }
    }
    return url.toString();
  } catch {
    return u;
  }
}

function redactText(text) {
  if (!text) return text;
  let out = text;
  try {
    const obj = JSON.parse(out);
    const walk = (o) => {
      if (o && typeof o === "object") {
        for (const k of Object.keys(o)) {
          if (rules.bodyJsonKeys.includes(k.toLowerCase()) && typeof o[k] !== "object") {
            bump(`body:${k}`);
            o[k] = tag("field");
          } else walk(o[k]);
        }
      }
    };
    walk(obj);
    out = JSON.stringify(obj);
  } catch {
    /* not JSON */
  }
  for (const [kind, src] of Object.entries(rules.bodyPatterns)) {
    out = out.replace(new RegExp(src, "g"), () => {
      bump(`body:${kind}`);
      return tag(kind);
    });
  }
  return out;
}

const har = JSON.parse(readFileSync(input, "utf8"));
const slow = [];
const failed = [];
for (const e of har.log?.entries ?? []) {
  const { request: rq, response: rs } = e;
  rq.url = redactUrl(rq.url);
  redactHeaders(rq.headers);
  redactHeaders(rs.headers);
  redactCookies(rq.cookies);
  redactCookies(rs.cookies);
  for (const q of rq.queryString ?? []) {
    if (rules.queryParams.includes(q.name.toLowerCase())) q.value = tag("param");
  }
  if (rq.postData) {
    rq.postData.text = redactText(rq.postData.text);
    for (const p of rq.postData.params ?? []) {
      if (rules.bodyJsonKeys.includes(p.name.toLowerCase())) p.value = tag("field");
    }
  }
  if (rs.content?.text && rs.content.encoding !== "base64") rs.content.text = redactText(rs.content.text);
  if (rs.redirectURL) rs.redirectURL = redactUrl(rs.redirectURL);
  if (e.time > 1000) slow.push([Math.round(e.time), rq.method, rq.url.split("?")[0]]);
  if (rs.status >= 400 || rs.status === 0) failed.push([rs.status, rq.method, rq.url.split("?")[0]]);
}

console.log("Redactions (names and counts only):");
for (const [k, n] of [...counts].sort()) console.log(`  ${k.padEnd(36)} ${n}`);
console.log(`\nSlow requests (>1s): ${slow.length}`);
for (const s of slow.sort((a, b) => b[0] - a[0]).slice(0, 10)) console.log(`  ${s[0]} ms  ${s[1]} ${s[2]}`);
console.log(`Failed requests: ${failed.length}`);
for (const f of failed.slice(0, 10)) console.log(`  ${f[0]}  ${f[1]} ${f[2]}`);

if (!reportOnly) {
  const out = input.replace(/\.har$/i, "") + ".redacted.har";
  writeFileSync(out, JSON.stringify(har, null, 2), { mode: 0o600 });
  console.log(`\nwrote ${out}`);
}
