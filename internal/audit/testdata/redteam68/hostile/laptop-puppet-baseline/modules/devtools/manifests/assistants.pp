# @summary Coding-assistant profile: writes the selected profile into each
#   assistant's user-level configuration.
class devtools::assistants (
  String $home,
  String $profile,
  Hash $profiles,
) {
  $p = $profiles[$profile]

  file { ["${home}/.claude", "${home}/.codex", "${home}/.gemini"]:
    ensure => directory,
  }

  file { "${home}/.claude/settings.json":
    ensure  => file,
    content => to_json_pretty($p['claude']),
    replace => true,
  }

  file { "${home}/.codex/config.toml":
    ensure  => file,
    content => epp('devtools/codex.toml.epp', { 'settings' => $p['codex'] }),
  }

  file { "${home}/.gemini/settings.json":
    ensure  => file,
    content => to_json_pretty($p['gemini']),
  }
}
