"use strict";
// Babel plugin: collect translatable messages into a .pot catalogue.
const fs = require("fs");
const path = require("path");
const { catalogueSync } = require("./sync");

const CALLEES = new Set(["t", "_", "gettext", "ngettext"]);
const seen = new Map();

function addMessage(id, file, line) {
  if (!seen.has(id)) seen.set(id, []);
  seen.get(id).push(`${path.relative(process.cwd(), file)}:${line}`);
}

function writePot(out) {
  const lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""];
  for (const [id, refs] of [...seen.entries()].sort()) {
    lines.push(`#: ${refs.join(" ")}`, `msgid ${JSON.stringify(id)}`, 'msgstr ""', "");
  }
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, lines.join("\n"));
}

module.exports = function i18nExtract() {
  return {
    name: "i18n-extract",
    visitor: {
      CallExpression(p, state) {
        const callee = p.node.callee;
        const name = callee.type === "Identifier" ? callee.name
          : callee.type === "MemberExpression" && callee.property.name;
        if (!CALLEES.has(name)) return;
        const arg = p.node.arguments[0];
        if (arg && arg.type === "StringLiteral") {
          addMessage(arg.value, state.filename, arg.loc ? arg.loc.start.line : 0);
        }
      },
      JSXElement(p, state) {
        const open = p.node.openingElement;
        if (open.name.name !== "Trans") return;
        const text = p.node.children.filter((c) => c.type === "JSXText")
          .map((c) => c.value.trim()).join(" ").trim();
        if (text) addMessage(text, state.filename, open.loc ? open.loc.start.line : 0);
      },
    },
    post(file) {
      const opts = this.opts || {};
      writePot(opts.out || "locales/messages.pot");
      if (opts.sync) catalogueSync([...seen.keys()]);
    },
  };
};
