// jscodeshift transform template: rename an imported symbol across the repo.
// Usage: npx jscodeshift -t scripts/transforms/rename.ts --parser=tsx packages/
import type { API, FileInfo, Options } from 'jscodeshift';

export default function transform(file: FileInfo, api: API, options: Options) {
  const j = api.jscodeshift;
  const from: string = options.from ?? 'oldName';
  const to: string = options.to ?? 'newName';
  const source: string | undefined = options.source;
  const root = j(file.source);
  let changed = false;

  root.find(j.ImportDeclaration).forEach((decl) => {
    if (source && decl.node.source.value !== source) return;
    for (const spec of decl.node.specifiers ?? []) {
      if (spec.type === 'ImportSpecifier' && spec.imported.name === from) {
        const local = spec.local?.name;
        spec.imported = j.identifier(to);
        if (local === from) {
          spec.local = j.identifier(to);
          root.find(j.Identifier, { name: from }).forEach((p) => { p.node.name = to; });
        }
        changed = true;
      }
    }
  });

  return changed ? root.toSource({ quote: 'single' }) : file.source;
}
