package skillmd

import (
	"regexp"
	"strings"
)

// skillDirVar matches a leading variable that agents expand to the skill
// folder: Claude Code's ${CLAUDE_SKILL_DIR} (code.claude.com/docs, skills,
// "string substitutions"), the {baseDir} the skills of several plugin
// collections use, and their common spellings ($SKILL_DIR, {{skill_dir}},
// {skillDir}). What follows it is a path in the skill folder.
var skillDirVar = regexp.MustCompile(`^(?:\$\{?(?:CLAUDE_SKILL_DIR|SKILL_DIR|SKILL_ROOT|BASE_DIR)\}?|\{\{\s*(?:base_?dir|skill_?dir|skill_?root)\s*\}\}|\{(?:baseDir|base_dir|skillDir|skill_dir|skillRoot)\})/`)

// templateVar matches any other placeholder: ${VAR}, $VAR (capitals),
// $ARGUMENTS and $1 (Claude Code's argument substitutions), {{var}},
// {var} and <var>.
var templateVar = regexp.MustCompile(`\$\{[^}]*\}|\$[A-Z_][A-Z0-9_]*|\$[0-9]|\{\{[^}]*\}\}|\{[A-Za-z_][\w.-]*\}|<[A-Za-z_][\w-]*>`)

// templatePath reads a link destination that holds placeholders: one that
// starts with a skill-folder variable is the path after it (resolved in
// the skill folder like any relative link); one with any other placeholder
// is a template the agent fills in, not a file, so ok is false. A
// destination without placeholders comes back as it is.
func templatePath(dest string) (path string, ok bool) {
	if m := skillDirVar.FindString(dest); m != "" {
		dest = strings.TrimLeft(dest[len(m):], "/")
	}
	if templateVar.MatchString(dest) {
		return "", false
	}
	return dest, true
}
