import { builtinModules } from 'node:module';

const BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

function groupOf(source, aliases) {
  if (BUILTINS.has(source)) return 0;
  if (aliases.some((a) => source.startsWith(a))) return 2;
  if (source.startsWith('.')) return /\.(css|scss|less)$/.test(source) ? 4 : 3;
  return 1;
}

export default {
  meta: {
    type: 'layout',
    fixable: 'code',
    docs: { description: 'enforce grouped, alphabetised imports' },
    schema: [{ type: 'object', properties: { aliases: { type: 'array', items: { type: 'string' } } } }],
    messages: { order: 'Import "{{a}}" should come before "{{b}}".' },
  },
  create(context) {
    const aliases = context.options[0]?.aliases ?? ['@/', '~/'];
    return {
      Program(program) {
        const imports = program.body.filter((n) => n.type === 'ImportDeclaration');
        const keyed = imports.map((node) => ({
          node,
          key: [groupOf(node.source.value, aliases), node.source.value.toLowerCase()],
        }));
        const sorted = [...keyed].sort((x, y) => x.key[0] - y.key[0] || x.key[1].localeCompare(y.key[1]));
        const src = context.sourceCode;
        for (let i = 0; i < keyed.length; i++) {
          if (keyed[i].node !== sorted[i].node) {
            context.report({
              node: keyed[i].node,
              messageId: 'order',
              data: { a: sorted[i].node.source.value, b: keyed[i].node.source.value },
              fix: (fixer) =>
                fixer.replaceTextRange(
                  [imports[0].range[0], imports[imports.length - 1].range[1]],
                  sorted.map((k) => src.getText(k.node)).join('\n'),
                ),
            });
            return;
          }
        }
      },
    };
  },
};
