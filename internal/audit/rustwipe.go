package audit

import "strings"

// Removal of the home folder or a key folder in it in Rust (rule
// destructive-command), read by pattern as Perl's, Ruby's and Go's are
// (scanHomeWipe): std::fs::remove_dir_all (tokio's too) of home
// (dirs::home_dir(), home::home_dir(), std::env::home_dir(),
// env::var("HOME"), with their unwrap, expect or ?) or of home joined to
// a literal (home.join(".ssh") read as "~/.ssh"), also through a
// variable that holds one (let p = home.join(".aws");
// fs::remove_dir_all(&p)).

var rustWipe = &wipeLang{
	home:    lazyRE(`(?:\b(?:dirs|dirs_next|dirs2|home|std::env|env)::home_dir\(\)|\b(?:std::)?env::var(?:_os)?\(\s*"(?:HOME|USERPROFILE)"\s*\))(?:\s*\.\s*(?:unwrap|expect|unwrap_or_default|unwrap_or_else|context)\((?:[^()]|\([^()]*\))*\)|\?|\s*\.\s*into\(\))*`),
	tree:    lazyRE(`\b(?:(?:std|tokio)::)?(?:fs::)?remove_dir_all\b`),
	files:   lazyRE(`\b(?:(?:std|tokio)::)?fs::remove_file\b`),
	homeVar: lazyRE(`(?m)^\s*let\s+(?:mut\s+)?(\w+)\s*(?::\s*[\w:<>]+\s*)?=\s*&?~\s*;`),
	listing: lazyRE(`\bfs::read_dir\(\s*&?~\s*\)`),
	rewrite: rustJoinLit,
}

// rustJoin is a Rust path joined to a string literal, home already
// written as ~: ~.join(".ssh"), PathBuf::from(~).join("x"); a
// reference's & is dropped from call arguments and assignments.
var (
	rustJoin = lazyRE(`~\s*\.\s*join\(\s*&?"([^"\\\n]*)"\s*\)`)
	rustRef  = lazyRE(`([(,=]\s*)&(?:mut[ \t]+)?`)
)

// rustJoinLit rewrites code (home written as ~) so each join of home and
// a literal reads as the path "~/lit", and references as their values.
func rustJoinLit(code string) string {
	code = rustLineComment.ReplaceAllStringFunc(code, func(c string) string { return strings.Repeat(" ", len(c)) })
	code = rustRef.ReplaceAllString(code, "$1")
	for i := 0; i < 4 && rustJoin.MatchString(code); i++ {
		code = rustJoin.ReplaceAllString(code, `"~/$1"`)
		code = rustJoinChain.ReplaceAllString(code, `"$1/$2"`)
	}
	return code
}

// rustLineComment is a whole-line // comment: blanked, so a removal
// quoted in a comment is not read as one.
var rustLineComment = lazyRE(`(?m)^[ \t]*//[^\n]*`)

// rustJoinChain is a joined path joined again: "~/a".join("b").
var rustJoinChain = lazyRE(`"(~[^"\n]*)"\s*\.\s*join\(\s*"([^"\\\n]*)"\s*\)`)
