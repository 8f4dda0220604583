local team = import '../team.libsonnet';

local ext = {
  python: '*.py',
  typescript: '*.{ts,tsx,js,jsx,mjs}',
  go: '*.go',
  rust: '*.rs',
};

local section(lang, cfg) =
  '\n[%s]\n' % ext[lang]
  + (if cfg.indent == 'tab' then 'indent_style = tab\n'
     else 'indent_style = space\nindent_size = %d\n' % cfg.indent)
  + 'max_line_length = %d\n' % cfg.ruler;

{
  editorconfig:
    'root = true\n\n[*]\ncharset = utf-8\nend_of_line = lf\n'
    + 'insert_final_newline = %s\n' % team.finalNewline
    + 'trim_trailing_whitespace = %s\n' % team.trimTrailing
    + std.join('', [section(l, team.languages[l]) for l in std.objectFields(team.languages)]),
}
