local team = import '../team.libsonnet';

local formatterId = {
  ruff: 'charliermarsh.ruff',
  prettier: 'esbenp.prettier-vscode',
  gofmt: 'golang.go',
  rustfmt: 'rust-lang.rust-analyzer',
};
local vsLang = { python: 'python', typescript: 'typescript', go: 'go', rust: 'rust' };

{
  settings: {
    'files.exclude': { [p]: true for p in team.exclude },
    'search.exclude': { [p]: true for p in team.exclude },
    'files.trimTrailingWhitespace': team.trimTrailing,
    'files.insertFinalNewline': team.finalNewline,
  } + {
    ['[%s]' % vsLang[l]]: {
      'editor.defaultFormatter': formatterId[team.languages[l].formatter],
      'editor.formatOnSave': true,
      'editor.rulers': [team.languages[l].ruler],
    }
    for l in std.objectFields(team.languages)
  },
}
