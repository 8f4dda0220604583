import {
  Tree,
  formatFiles,
  generateFiles,
  joinPathFragments,
  names,
  addProjectConfiguration,
  updateJson,
} from '@nx/devkit';
import { refreshAgentContext } from './agent-context';

interface Schema {
  name: string;
  scope: string;
  type: 'feature' | 'ui' | 'data-access' | 'util';
  owner?: string;
}

export default async function libraryGenerator(tree: Tree, schema: Schema) {
  const n = names(schema.name);
  const projectRoot = joinPathFragments('libs', schema.scope, n.fileName);
  const projectName = `${schema.scope}-${n.fileName}`;
  const importPath = `@acme/${schema.scope}/${n.fileName}`;

  if (tree.exists(projectRoot)) {
    throw new Error(`${projectRoot} already exists`);
  }

  addProjectConfiguration(tree, projectName, {
    root: projectRoot,
    sourceRoot: joinPathFragments(projectRoot, 'src'),
    projectType: 'library',
    tags: [`scope:${schema.scope}`, `type:${schema.type}`],
    targets: {
      lint: { executor: '@nx/eslint:lint' },
      test: {
        executor: '@nx/vite:test',
        options: { config: joinPathFragments(projectRoot, 'vite.config.ts') },
      },
      build: {
        executor: '@nx/js:tsc',
        outputs: ['{options.outputPath}'],
        options: {
          outputPath: joinPathFragments('dist', projectRoot),
          main: joinPathFragments(projectRoot, 'src/index.ts'),
          tsConfig: joinPathFragments(projectRoot, 'tsconfig.lib.json'),
        },
      },
    },
  });

  generateFiles(tree, joinPathFragments(__dirname, 'files'), projectRoot, {
    ...n,
    scope: schema.scope,
    type: schema.type,
    owner: schema.owner ?? `@acme/${schema.scope}-team`,
    importPath,
    offset: '../../../',
    tmpl: '',
  });

  updateJson(tree, 'tsconfig.base.json', (json) => {
    json.compilerOptions ??= {};
    json.compilerOptions.paths ??= {};
    json.compilerOptions.paths[importPath] = [joinPathFragments(projectRoot, 'src/index.ts')];
    return json;
  });

  refreshAgentContext(tree, { projectName, projectRoot, importPath, ...schema });

  await formatFiles(tree);
}
