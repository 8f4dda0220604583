package audit

import (
	"path"
	"strings"
)

// scanOtherLang runs the rules written for one language read by
// pattern: PHP, Perl and Ruby reverse shells (and Perl's, Ruby's and
// Elixir's socket lines run as commands: scanSockRun), removals of home in Perl,
// Ruby, Go and Lua, Lua's and C#'s remote shells (scanLua, scanCSharp) and startup writes (scanLua), and
// the commands Perl gives the shell (Ruby's: scanRuby), and R's and
// Julia's fetched code evaluated (scanFetchEval), and the commands Zig
// spawns (scanZigExec), and the commands Rust starts (scanRustExec). The
// language comes from the extension, else the shebang.
func scanOtherLang(sc *skillCtx, rel, content string) {
	ext := strings.ToLower(path.Ext(rel))
	shebang := ""
	if strings.HasPrefix(content, "#!") {
		shebang, _, _ = strings.Cut(content, "\n")
	}
	switch {
	case ext == ".php" || strings.Contains(shebang, "php"):
		scanPHP(sc, rel, content)
	case ext == ".pl" || ext == ".pm" || strings.Contains(shebang, "perl"):
		scanHomeWipe(sc, rel, content, perlWipe)
		scanOtherExec(sc, rel, content)
		scanPerlRubyShell(sc, rel, content)
		scanSockRun(sc, rel, content)
		scanPerlAgent(sc, rel, content)
	case ext == ".rb" || strings.Contains(shebang, "ruby"):
		scanHomeWipe(sc, rel, content, rubyWipe) // commands: scanRuby
		scanPerlRubyShell(sc, rel, content)
		scanSockRun(sc, rel, content)
	case ext == ".ex" || ext == ".exs":
		scanSockRun(sc, rel, content)
	case ext == ".go":
		scanHomeWipe(sc, rel, content, goWipe)
	case ext == ".cs" || ext == ".csx":
		scanCSharp(sc, rel, content)
	case ext == ".rs":
		scanHomeWipe(sc, rel, content, rustWipe)
		scanRustExec(sc, rel, content)
	case ext == ".lua" || strings.Contains(shebang, "lua"):
		scanLua(sc, rel, content)
	case ext == ".r" || ext == ".jl":
		scanFetchEval(sc, rel, content)
	case ext == ".zig":
		scanZigExec(sc, rel, content)
	}
}

// otherExecRe is a command line given to the shell in Perl or Ruby:
// system or exec with one double- or single-quoted string, backticks,
// qx{} and %x().
var otherExecRe = lazyRE("(?m)\\b(?:system|exec)\\s*\\(?\\s*(?:\"((?:[^\"\\\\\\n]|\\\\.)*)\"|'([^'\\n]*)')\\s*\\)?\\s*(?:;|$|\\bor\\b|\\bif\\b|\\bunless\\b)|`([^`\\n]+)`|\\bqx\\s*\\{([^}\\n]+)\\}|%x\\(([^)\\n]+)\\)")

// otherShellHome are Perl's and Ruby's expressions for the home folder
// inside a command string, read as $HOME.
var otherShellHome = lazyRE(`\$ENV\{\s*['"]?HOME['"]?\s*\}|#\{\s*(?:Dir\.home|ENV\[\s*['"]HOME['"]\s*\])\s*\}`)

// scanOtherExec runs the destructive-command, system-trust and
// registry-exec-credential shell rules over the commands a Perl script
// hands to the shell (system "rm -rf $ENV{HOME}", backticks, qx{}), as
// they are run over Python's and JavaScript's (Ruby's go through
// scanRuby).
func scanOtherExec(sc *skillCtx, rel, text string) {
	code := stripHashComments(text)
	before := len(sc.findings)
	for _, m := range otherExecRe.FindAllStringSubmatchIndex(code, 64) {
		for g := 2; g < len(m); g += 2 {
			if m[g] < 0 {
				continue
			}
			cmd := otherShellHome.ReplaceAllString(code[m[g]:m[g+1]], "$$HOME")
			scanShell(sc, rel, unescapeLit(cmd), 1+strings.Count(code[:m[0]], "\n"), inScript)
			break
		}
	}
	keepRules(sc, before)
}
