package audit

import (
	"path"
	"strings"
)

// What the languages of moreLangExts hand the shell is read as a shell
// script, as Perl's and Ruby's system strings are: Nim's execShellCmd,
// execCmd and NimScript's exec, Crystal's system, Haskell's callCommand
// and system, Raku's shell, Janet's os/shell, babashka's shell, Vim's
// system(), an argument list starting a shell with -c (Dart's
// Process.run('sh', ['-c', ...]), Starlark's rctx.execute(["sh", "-c",
// ...]), Clojure's (sh "bash" "-c" ...)) and Tcl's exec (its words are a
// command line, pipes included). So curl piped into sh, rm -rf of home,
// or a line appended to ~/.bashrc in such a string is judged as in a shell
// script.
//
// Three shapes are judged in the languages' own code as well:
//   - persistence: a shell startup file, crontab or authorized_keys
//     (persistTarget), joined to home, opened for appending or written
//     (Nim's fmAppend and writeFile, Tcl's open ... a, Crystal's
//     File.write with mode "a", Dart's FileMode.append, Haskell's
//     appendFile, Clojure's spit :append) runs what it writes at every
//     login: critical;
//   - agent-tamper: an agent's settings or instructions joined to home
//     (~/.claude/settings.json, ~/.claude.json, ~/.codex/config.toml,
//     ~/.gemini/settings.json; agentFile) written the same way change
//     every later session of that agent: high (what is written is not
//     read);
//   - reverse-shell: a socket connected to a fixed host (Nim's
//     newSocket, Tcl's socket, Crystal's TCPSocket, Dart's
//     Socket.connect, Haskell's connectTo, Janet's net/connect) in a file
//     that also runs a command held in a variable (execProcess(cmd), exec
//     sh -c $line) gives whoever is at the other end a shell: critical. A
//     fixed command run beside a socket (a status client) is not.

var (
	// langShellString is a string a call hands the shell: group 1 (double
	// quotes) or 2 (single) its body.
	langShellString = lazyRE(`\b(?:execShellCmd|execCmd|execCmdEx|staticExec|gorge|callCommand|spawnCommand|os/shell|system|shell)\s*\(?\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')` +
		`|(?m:^\s*exec\s+"((?:[^"\\\n]|\\.)*)")`)
	// langShellArgv is a shell started with -c in an argument list: group
	// 1 or 2 the command.
	langShellArgv = lazyRE(`["'](?:/usr)?(?:/bin/)?(?:sh|bash|zsh|dash)["']\s*,?\s*\[?\s*["']-c["']\s*,?\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')`)
	// tclExec is Tcl's exec: group 1 a braced sh -c script, group 2 the
	// words of a command line.
	tclExec = lazyRE(`\bexec\s+(?:(?:sh|bash)\s+-c\s+\{([^}\n]*)\}|([^\[\]\n;{}$]+))`)
	// langAppend opens or writes a file for appending, or writes it whole.
	langAppend = lazyRE(`\bfmAppend\b|\bopen\s+[^\n]*\]\s+a\b|\bopen\s+\S+\s+a\b|\bwriteFile\s*\(|\bappendFile\b|\bFileMode\.append\b|\bmode:\s*"a"|:append\s+true|\bFile\.(?:write|open)\s*\([^)\n]*"a"`)
	// langSocket connects a socket to a host.
	langSocket = lazyRE(`\bnewSocket\s*\(|\[\s*socket\s+[\w.]+\s+\d+|\bTCPSocket\.new\s*\(|\bSocket\.connect\s*\(|\bconnectTo\s+"|\(\s*net/connect\s`)
	// langVarExec runs a command held in a variable.
	langVarExec = lazyRE(`\b(?:execProcess|execShellCmd|execCmd|execCmdEx|startProcess|callCommand|system|shell)\s*\(?\s*[A-Za-z_]\w*\s*\)?|\bexec\s+(?:sh|bash)\s+-c\s+\$\w+|\bProcess\.(?:run|start)\s*\(\s*["'](?:sh|bash)["']\s*,\s*\[\s*["']-c["']\s*,\s*[A-Za-z_]\w*|\(\s*os/shell\s+[a-z]`)
)

// isMoreLang reports whether rel is a file of moreLangExts (after its
// name's language, readRel, is applied by the caller).
func isMoreLang(rel string) bool {
	ext := strings.ToLower(path.Ext(rel))
	for _, e := range moreLangExts {
		if e == ext {
			return true
		}
	}
	return false
}

// scanMoreLangRuns reads the shell strings, startup-file writes and
// socket-driven commands of a file of moreLangExts (see above).
func scanMoreLangRuns(sc *skillCtx, rel, content string) {
	if !isMoreLang(rel) || strings.EqualFold(path.Ext(rel), ".cmake") {
		return // CMake's commands are scanCMake's
	}
	code := content
	if hashCommentExt(rel) {
		code = stripHashComments(content)
	}
	lineOf := func(off int) int { return 1 + strings.Count(code[:off], "\n") }
	shell := func(cmd string, off int) {
		if strings.TrimSpace(cmd) == "" {
			return
		}
		ln := lineOf(off)
		before := len(sc.findings)
		scanShell(sc, rel, unescapeLit(cmd), ln, inScript)
		for i := before; i < len(sc.findings); i++ {
			sc.findings[i].Line = ln
		}
	}
	for _, re := range []*lazyRegexp{langShellString, langShellArgv} {
		for _, m := range re.FindAllStringSubmatchIndex(code, 64) {
			for g := 2; g+1 < len(m); g += 2 {
				if m[g] >= 0 {
					shell(code[m[g]:m[g+1]], m[0])
					break
				}
			}
		}
	}
	if strings.EqualFold(path.Ext(rel), ".tcl") {
		for _, m := range tclExec.FindAllStringSubmatchIndex(code, 64) {
			if m[2] >= 0 {
				shell(code[m[2]:m[3]], m[0])
			} else {
				shell(code[m[4]:m[5]], m[0])
			}
		}
	}
	joined := tclJoinLit(haskellJoinLit(slashJoinLit(homeJoinedLits(code))))
	if a := langAppend.FindStringIndex(joined); a != nil {
		ln := lineOf(min(a[0], len(code)))
		persisted, tampered := false, false
		for _, l := range strLit.FindAllStringIndex(joined, -1) {
			lit := strings.Trim(joined[l[0]:l[1]], "\"'`")
			switch {
			case !strings.HasPrefix(lit, "~/"):
			case !persisted && persistTarget.MatchString(lit):
				persisted = true
				sc.add(rel, ln, "persistence", Critical, "writes "+lit+", which runs what it holds at every login or on a schedule",
					trimmedLine(content, ln))
			case !tampered && agentFile.MatchString(lit):
				tampered = true
				sc.add(rel, ln, "agent-tamper", High, "writes "+lit+", the agent's own settings or instructions, which apply to every later session",
					trimmedLine(content, ln))
			}
		}
	}
	if s := langSocket.FindStringIndex(code); s != nil {
		if e := langVarExec.FindStringIndex(code); e != nil {
			ln := lineOf(e[0])
			sc.add(rel, ln, "reverse-shell", Critical, "connects a socket and runs a command held in a variable: whoever is at the other end runs commands on this machine",
				trimmedLine(content, ln))
		}
	}
}

// homeJoinedLits writes the languages' expressions for home as ~
// (getHomeDir(), getHomeDirectory, $::env(HOME), Path.home, $HOME,
// (getenv "HOME")), so the join rewrites read the paths they make.
func homeJoinedLits(code string) string {
	return langHomeExpr.ReplaceAllString(code, "~")
}

// langHomeExpr is home in the languages above.
var langHomeExpr = lazyRE(`\bgetHomeDir\(\)|\bgetHomeDirectory\b|\$::env\(HOME\)|\$env\(HOME\)|\bPath\.home\b|\bPlatform\.environment\[\s*['"]HOME['"]\s*\]!?|\(\s*(?:os/)?getenv\s+"HOME"\s*\)|\(\s*System/getProperty\s+"user\.home"\s*\)`)

// hashCommentExt reports whether rel's language comments with #
// (hashCommentsBlanked's list).
func hashCommentExt(rel string) bool {
	return hashCommentsBlanked(rel, "#x") != "#x"
}
