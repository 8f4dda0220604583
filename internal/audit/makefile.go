package audit

import (
	"path"
	"strings"
)

// makeShell turns a Makefile into the shell script its recipes run, line
// for line (so findings keep their lines): a recipe line (a tab first, or
// the continuation of one) loses the tab and its @, - and + prefixes,
// make's functions are evaluated (makeFuncs: $(strip rl) is rl),
// make's $$ becomes the shell's $, $(shell cmd) becomes $(cmd) and a
// make variable $(X) or ${X} the shell's ${X}; a variable assignment
// (X := v, X ?= v, X = v, X += v) becomes X="v", so the shell normaliser
// follows it; every other line (targets, directives, comments) is left
// blank.
func makeShell(content string) string {
	lines := strings.Split(content, "\n")
	vars := makeVarTable(lines)
	recipe := false // the previous line was a recipe line ending in \
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "\t") || recipe:
			l = strings.TrimLeft(strings.TrimPrefix(l, "\t"), " \t")
			if !recipe {
				l = strings.TrimLeft(l, "@-+")
			}
			recipe = strings.HasSuffix(strings.TrimRight(l, " \t\r"), "\\")
			lines[i] = makeRefs(makeFuncs(l, vars))
		default:
			recipe = false
			lines[i] = ""
			if m := makeAssign.FindStringSubmatch(l); m != nil {
				lines[i] = m[1] + "=\"" + strings.ReplaceAll(makeRefs(makeFuncs(strings.TrimSpace(m[2]), vars)), `"`, `\"`) + "\""
			}
		}
	}
	return strings.Join(lines, "\n")
}

// makeAssign matches a make variable assignment: name, value.
var makeAssign = lazyRE(`^(?:export\s+|override\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*(?::{1,3}=|\?=|\+=|!=|=)(.*)$`)

// makeRefs rewrites make's references in s as the shell would see them
// after make expanded them (see makeShell).
func makeRefs(s string) string {
	s = strings.ReplaceAll(s, "$$", "\x00")
	s = strings.ReplaceAll(s, "$(shell ", "\x01")
	s = makeVar.ReplaceAllString(s, "$${$1}")
	return strings.NewReplacer("\x00", "$", "\x01", "$(").Replace(s)
}

// makeVar matches a make variable reference $(NAME) or ${NAME}.
var makeVar = lazyRE(`\$[({]([A-Za-z_][A-Za-z0-9_]*)[)}]`)

// isMakefileVariant reports whether rel names a Makefile by the
// Makefile.<suffix> convention (Makefile.hooks, Makefile.in,
// GNUmakefile.local: make -f runs any of them), unless the suffix is a
// data or document format (cargo-make's Makefile.toml, Makefile.md) or
// another language (Makefile.PL is Perl, ExtUtils::MakeMaker's program
// that writes the Makefile, run by every CPAN install).
func isMakefileVariant(rel string) bool {
	b := strings.ToLower(path.Base(rel))
	if !strings.HasPrefix(b, "makefile.") && !strings.HasPrefix(b, "gnumakefile.") {
		return false
	}
	switch path.Ext(b) {
	case ".toml", ".json", ".jsonc", ".yaml", ".yml", ".md", ".markdown", ".txt", ".rst", ".py", ".js", ".ts", ".ps1", ".bat", ".cmd", ".html", ".pl":
		return false
	}
	return true
}
