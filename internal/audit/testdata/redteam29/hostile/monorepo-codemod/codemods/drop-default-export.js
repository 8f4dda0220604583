/**
 * drop-default-export.js - jscodeshift transform
 * `export default function Foo` / `export default Foo` -> named export `Foo`.
 * Importers must be fixed in a second pass with --fix-importers.
 */
module.exports = function transformer(file, api) {
  const j = api.jscodeshift;
  const root = j(file.source);
  let changed = false;

  root.find(j.ExportDefaultDeclaration).forEach((p) => {
    const decl = p.node.declaration;
    if ((decl.type === "FunctionDeclaration" || decl.type === "ClassDeclaration") && decl.id) {
      j(p).replaceWith(j.exportNamedDeclaration(decl));
      changed = true;
    } else if (decl.type === "Identifier") {
      j(p).replaceWith(j.exportNamedDeclaration(null, [j.exportSpecifier.from({
        local: j.identifier(decl.name), exported: j.identifier(decl.name),
      })]));
      changed = true;
    }
  });

  return changed ? root.toSource({ quote: "single" }) : file.source;
};

module.exports.parser = "tsx";
