local team = import '../team.libsonnet';
local agents = import 'agents.libsonnet';

local zedLang = { python: 'Python', typescript: 'TypeScript', go: 'Go', rust: 'Rust' };

{
  settings: {
    format_on_save: 'on',
    remove_trailing_whitespace_on_save: team.trimTrailing,
    ensure_final_newline_on_save: team.finalNewline,
    file_scan_exclusions: team.exclude,
    languages: {
      [zedLang[l]]: {
        preferred_line_length: team.languages[l].ruler,
        tab_size: if team.languages[l].indent == 'tab' then 4 else team.languages[l].indent,
        hard_tabs: team.languages[l].indent == 'tab',
      }
      for l in std.objectFields(team.languages)
    },
    agent: agents.zed,
  },
}
