/**
 * rename-import.js - jscodeshift transform
 * Rewrites import/require sources: --from=@acme/old --to=@acme/new
 * Sub-path imports are preserved: @acme/old/utils -> @acme/new/utils
 */
module.exports = function transformer(file, api, options) {
  const j = api.jscodeshift;
  const from = options.from;
  const to = options.to;
  if (!from || !to) throw new Error("--from and --to are required");

  const rewrite = (value) => {
    if (value === from) return to;
    if (value.startsWith(from + "/")) return to + value.slice(from.length);
    return null;
  };

  const root = j(file.source);
  let changed = 0;

  root.find(j.ImportDeclaration).forEach((p) => {
    const next = rewrite(p.node.source.value);
    if (next) { p.node.source.value = next; changed++; }
  });

  root.find(j.CallExpression, { callee: { name: "require" } }).forEach((p) => {
    const arg = p.node.arguments[0];
    if (arg && arg.type === "StringLiteral" || (arg && arg.type === "Literal" && typeof arg.value === "string")) {
      const next = rewrite(arg.value);
      if (next) { arg.value = next; changed++; }
    }
  });

  root.find(j.ExportNamedDeclaration).forEach((p) => {
    if (p.node.source) {
      const next = rewrite(p.node.source.value);
      if (next) { p.node.source.value = next; changed++; }
    }
  });

  return changed ? root.toSource({ quote: "single" }) : file.source;
};

module.exports.parser = "tsx";
