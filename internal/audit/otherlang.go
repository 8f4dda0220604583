package audit

import (
	"path"
	"strings"
)

// scanOtherLang runs the rules written for one language read by
// pattern: PHP, Perl and Ruby reverse shells (and Perl's, Ruby's and
// Elixir's socket lines run as commands: scanSockRun; R's and MATLAB's:
// scanRMSockRun; Prolog's: scanPrologSockRun; GDScript's:
// scanGDScriptSockRun), removals of home in Perl,
// Ruby, Go, Lua and Erlang (scanErlangWipe), Lua's and C#'s remote shells (scanLua, scanCSharp) and startup writes (scanLua), and
// the commands Perl gives the shell (Ruby's: scanRuby), and R's and
// Julia's fetched code evaluated (scanFetchEval), and the commands Zig
// spawns (scanZigExec), and the commands Rust starts (scanRustExec), and
// the approval-bypass switches Ruby, Perl, PHP, Go, C# and Rust programs
// set (scanOtherBypass). The language comes from the extension, else the
// shebang.
func scanOtherLang(sc *skillCtx, rel, content string) {
	ext := strings.ToLower(path.Ext(rel))
	shebang := ""
	if strings.HasPrefix(content, "#!") {
		shebang, _, _ = strings.Cut(content, "\n")
	}
	if lang := otherBypassLang(rel, shebang); lang != "" {
		scanOtherBypass(sc, rel, content, lang)
	}
	if ext == ".zig" || isMoreLang(rel) {
		scanRootListWipe(sc, rel, content)
	}
	scanHeredocScripts(sc, rel, content)
	scanRawStringScripts(sc, rel, content)
	scanRakuAgent(sc, rel, content)
	scanAdaSocketShell(sc, rel, content)
	scanOCamlSocketShell(sc, rel, content)
	scanRMSockRun(sc, rel, content)
	scanPrologSockRun(sc, rel, content) // .pl too: told from Perl by its text
	scanGDScriptSockRun(sc, rel, content)
	scanMatlabStartup(sc, rel, content)
	scanDFetchRun(sc, rel, content)
	scanAppleScriptShell(sc, rel, content)
	if isCljFile(rel) {
		scanCljFetchEval(sc, rel, content)
	}
	switch {
	case ext == ".php" || strings.Contains(shebang, "php"):
		scanPHP(sc, rel, content)
		scanPHPAnswerRun(sc, rel, content)
		scanPHPAgent(sc, rel, content)
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
	case isErlang(ext, shebang):
		scanErlangSockRun(sc, rel, content)
		scanErlangWipe(sc, rel, content)
	case ext == ".go":
		scanHomeWipe(sc, rel, content, goWipe)
	case ext == ".cs" || ext == ".csx":
		scanCSharp(sc, rel, content)
		scanCLikeAgent(sc, rel, content)
	case ext == ".java" || ext == ".kt" || ext == ".kts" || ext == ".scala" || ext == ".sc" || ext == ".sbt" || ext == ".mill":
		scanCLikeAgent(sc, rel, content)
	case ext == ".rs":
		scanHomeWipe(sc, rel, content, rustWipe)
		scanRustExec(sc, rel, content)
		scanRustAgent(sc, rel, content, sc.linked)
	case ext == ".lua" || strings.Contains(shebang, "lua"):
		scanLua(sc, rel, content)
	case ext == ".r" || ext == ".jl":
		scanFetchEval(sc, rel, content)
	case ext == ".zig":
		scanZigExec(sc, rel, content)
	case ext == ".nim" || ext == ".nims" || ext == ".nimble":
		scanHomeWipe(sc, rel, content, nimWipe)
	case ext == ".cr":
		scanHomeWipe(sc, rel, content, crystalWipe)
	case ext == ".hs":
		scanHomeWipe(sc, rel, content, haskellWipe)
		scanHaskellTreeWipe(sc, rel, content)
	case ext == ".nu":
		scanNuPersist(sc, rel, content)
		scanNuVCSWipe(sc, rel, content)
	case ext == ".tcl":
		scanHomeWipe(sc, rel, content, tclWipe)
		scanTclFetchEval(sc, rel, content)
	case ext == ".el":
		scanHomeWipe(sc, rel, elispRemovalCalls(elispCommentsBlanked(content)), elispWipe)
		scanElispShell(sc, rel, content)
		scanElispAgent(sc, rel, content)
	}
}

// otherExecRe is a command line given to the shell in Perl or Ruby:
// system or exec with one double- or single-quoted string (its status
// maybe compared with 0: system("…") == 0 or die), backticks, qx{} and
// %x().
var otherExecRe = lazyRE("(?m)\\b(?:system|exec)\\s*\\(?\\s*(?:\"((?:[^\"\\\\\\n]|\\\\.)*)\"|'([^'\\n]*)')\\s*\\)?\\s*(?:[=!]=\\s*0\\s*)?(?:;|$|\\bor\\b|\\bif\\b|\\bunless\\b)|`([^`\\n]+)`|\\bqx\\s*\\{([^}\\n]+)\\}|%x\\(([^)\\n]+)\\)")

// otherShellHome are Perl's and Ruby's expressions for the home folder
// inside a command string, read as $HOME.
var otherShellHome = lazyRE(`\$ENV\{\s*['"]?HOME['"]?\s*\}|#\{\s*(?:Dir\.home|ENV\[\s*['"]HOME['"]\s*\])\s*\}`)

// perlVarExec is a command held in a scalar handed to the shell:
// system($c), exec $c, `$c`, qx{$c}; group 1, 2 or 3 the scalar's name.
var perlVarExec = lazyRE("(?m)\\b(?:system|exec)\\s*\\(?\\s*\\$(\\w+)\\s*\\)?\\s*(?:[=!]=\\s*0\\s*)?(?:;|$|\\bor\\b|\\bif\\b|\\bunless\\b)|`\\s*\\$(\\w+)\\s*`|\\bqx\\s*\\{\\s*\\$(\\w+)\\s*\\}")

// inQuotedString reports whether offset at of code lies inside a
// single- or double-quoted string opened earlier on its line.
func inQuotedString(code string, at int) bool {
	var q byte
	for i := strings.LastIndexByte(code[:at], '\n') + 1; i < at; i++ {
		switch c := code[i]; {
		case c == '\\':
			i++
		case q == 0 && (c == '"' || c == '\''):
			q = c
		case c == q:
			q = 0
		}
	}
	return q != 0
}

// perlExecRuleIDs are the rules kept from the shell scan of the commands
// a Perl script hands to the shell.
var perlExecRuleIDs = lazySet("destructive-command", "system-trust", "registry-exec-credential", "download-exec", "reverse-shell")

// scanOtherExec runs the destructive-command, system-trust,
// registry-exec-credential, download-exec and reverse-shell shell rules
// over the commands a Perl script hands to the shell (system "rm -rf
// $ENV{HOME}", backticks, qx{}, also a scalar bound once to a literal:
// my $c = "curl … | sh"; system($c); and such scalars interpolated:
// system("$prog -fsSL $url | sh")), as they are run over Python's and
// JavaScript's (Ruby's go through scanRuby). text is the code the rules
// read: strings built from character codes are literals there
// (perldecode.go).
func scanOtherExec(sc *skillCtx, rel, text string) {
	code := stripHashComments(text)
	before := len(sc.findings)
	var d *perlDecoder
	var homes map[string]bool
	run := func(cmd string, at int, interp bool) {
		if interp && strings.Contains(cmd, "$") {
			if d == nil {
				d = newPerlDecoder(code)
			}
			if homes == nil {
				homes = perlHomeScalars(d)
			}
			cmd = d.interpolate(perlHomeInterp(cmd, homes))
		}
		cmd = otherShellHome.ReplaceAllString(cmd, "$$HOME")
		scanShell(sc, rel, unescapeLit(cmd), 1+strings.Count(code[:at], "\n"), inScript)
	}
	for _, m := range otherExecRe.FindAllStringSubmatchIndex(code, 64) {
		for g := 2; g < len(m); g += 2 {
			if m[g] < 0 {
				continue
			}
			if g < 6 || !inQuotedString(code, m[0]) { // `…` in "…" is text
				run(code[m[g]:m[g+1]], m[0], g != 4) // '...' does not interpolate
			}
			break
		}
	}
	if ms := perlVarExec.FindAllStringSubmatchIndex(code, 64); ms != nil {
		if d == nil {
			d = newPerlDecoder(code)
		}
		for _, m := range ms {
			for g := 2; g < len(m); g += 2 {
				if m[g] < 0 {
					continue
				}
				v, _ := d.binds.scalar(code[m[g]:m[g+1]])
				if q := len(v); q >= 2 && (v[0] == '"' || v[0] == '\'') && stringEnd(v, 0, true) == q-1 {
					run(v[1:q-1], m[0], v[0] == '"')
				}
				break
			}
		}
	}
	if strings.Contains(code, "system") || strings.Contains(code, "exec") {
		if d == nil {
			d = newPerlDecoder(code)
		}
		cmds, ats := perlListCommands(d, code)
		for i, cmd := range cmds {
			scanShell(sc, rel, cmd, 1+strings.Count(code[:ats[i]], "\n"), inScript)
		}
	}
	keepRulesIn(sc, before, perlExecRuleIDs())
}
