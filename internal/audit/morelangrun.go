package audit

import (
	"path"
	"slices"
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
	langShellString = lazyRE(`\b(?:execShellCmd|execCmd|execCmdEx|staticExec|gorgeEx|gorge|callCommand|spawnCommand|os/shell|system|shell)\s*\(?\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')` +
		`|(?m:^\s*exec\s+"((?:[^"\\\n]|\\.)*)")`)
	// langShellArgv is a shell started with -c in an argument list: group
	// 1 or 2 the command.
	langShellArgv = lazyRE(`["'](?:/usr)?(?:/bin/)?(?:sh|bash|zsh|dash)["']\s*,?\s*\[?\s*["']-c["']\s*,?\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')`)
	// tclExec is Tcl's exec: group 1 a braced sh -c script, group 2 the
	// words of a command line.
	tclExec = lazyRE(`\bexec\s+(?:(?:sh|bash)\s+-c\s+\{([^}\n]*)\}|([^\[\]\n;{}$]+))`)
	// langAppend opens or writes a file for appending, or writes it whole.
	langAppend = lazyRE(`\bOpen_append\b|\bopen_out(?:_gen)?\b|\bwrite\s*\(\s*[A-Za-z_]\w*\s*,|\bopen\s*\([^)\n]*,\s*"a"\s*\)|\.write(?:Text|Bytes|AsString|AsStringSync|AsBytes|AsBytesSync)\s*\(|\bFiles\.write(?:String)?\s*\(|\bfmAppend\b|\bopen\s+[^\n]*\]\s+a\b|\bopen\s+\S+\s+a\b|\bwriteFile\s*\(|\bappendFile\b|\bFileMode\.append\b|\bmode:\s*"a"|:append\s+true|\bFile\.(?:write|open)\s*\([^)\n]*"a"|#:exists\s+'(?:append|truncate|replace|truncate/replace)\b`)
	// langSocket connects a socket to a host.
	langSocket = lazyRE(`\bIO::Socket::INET\.new\b|\(\s*tcp-connect\s|:gen_tcp\.connect\s*\(|\bnewSocket\s*\(|[\[{]\s*socket\s+(?:-async\s+)?[$\w.]+\s+[$\w]+\s*[\]}]|\bTCPSocket\.new\s*\(|\b(?:Secure|Raw|RawSecure)?Socket\.connect\s*\(|\bconnectTo\s+"|\(\s*net/connect\s`)
	// langInteractiveShell starts an interactive shell with pipes
	// (Racket's subprocess of sh -i), which copy-port wires to a socket.
	langInteractiveShell = lazyRE(`\(\s*subprocess\b[^\n]*(?:"(?:/bin/|/usr/bin/)?(?:ba|z|da)?sh"|find-executable-path\s+"(?:ba|z|da)?sh"\s*\))\s+"-i"`)
	// langVarExec runs a command held in a variable.
	langVarExec = lazyRE(`\brun\s+['"](?:/bin/)?(?:ba)?sh['"]\s*,\s*['"]-c['"]\s*,\s*\$\w+|\bexec\s+(?:/bin/)?(?:sh|bash)\s+-c\s+\[|\buplevel\s+#0\s+\$\w+|\beval\s+\$\w+|\|>\s*:os\.cmd\(\s*\)|:os\.cmd\(\s*[a-z_]\w*|\bSystem\.shell\(\s*[a-z_]\w*|\b(?:execProcess|execShellCmd|execCmd|execCmdEx|startProcess|callCommand|system|shell)\s*\(?\s*[A-Za-z_]\w*\s*\)?|\bexec\s+(?:/bin/|/usr/bin/)?(?:sh|bash)\s+-c\s+\$\w+|\bProcess\.(?:run|start)\s*\(\s*["'](?:/bin/|/usr/bin/)?(?:sh|bash)["']\s*,\s*\[\s*["']-c["']\s*,\s*[A-Za-z_]\w*|\(\s*os/shell\s+[a-z]`)
)

var (
	// fetchExecMode makes a written file executable.
	fetchExecMode = lazyRE(`\bsetOwnerExecutable\s+True\b|\b(?:callProcess|rawSystem|spawnProcess|Process\.run|Process\.start|ProcessBuilder|exec\.Command|Command::new)\s*\(?\s*["'](?:/bin/)?(?:sh|bash)["']\s*,?\s*\(?\s*\[?\s*[a-z_]\w*|\.mode\s*=\s*0o?7[57][57]\b|\bchmod\s*\(?[^\n]{0,80}?0o?7[57][57]\b|\bchmod\s+\+x\b|\bchmod\s+0?7[57][57]\b|\bsetExecutable\s*\(\s*true|\bPosixFilePermissions\.fromString\(\s*"rwx|\bset_permissions\b[^\n]{0,80}?0o7[57][57]|\bFile\.chmod\s*\([^\n]{0,60}?0o?7[57][57]` +
		// Racket's system*, process* or subprocess handing sh a file
		// named by a variable ((system* (find-executable-path "sh")
		// (path->string script))): sh reads the file, no mode needed
		`|\(\s*(?:system\*|process\*|subprocess(?:\s+#f){0,3})\s+(?:"(?:/bin/|/usr/bin/)?(?:ba)?sh"|\(\s*find-executable-path\s+"(?:ba)?sh"\s*\))\s+\(?(?:path->string\s+)?[a-z][\w-]*`)
	// fetchProcStart starts a program by its path.
	fetchProcStart = lazyRE(`\b(?:callProcess|rawSystem|spawnProcess|readProcess)\s+"|\bstd\.process\.Child\.init\s*\(|\bChild\.init\s*\(|\bCommand::new\s*\(|\bexec\.Command\s*\(|\bProcessBuilder\s*\(|\bProcess\.(?:run|start)\s*\(|\bRuntime\.getRuntime\(\)\.exec\s*\(|\bSystem\.cmd\s*\(|\bexecProcess\s*\(|\bstartProcess\s*\(|(?m:^\s*exec\s+[a-z_]\w*(?:\.quoteShell)?\s*(?:&|$))|\(\s*(?:system\*?|process\*?|subprocess)\s`)
	// fetchDigest is a digest of what was fetched, compared.
	fetchDigest = lazyRE(`(?i)sha-?256|sha-?512|blake[23]|Sha256|checksum|digest`)
)

// fetchRunOwn are the languages whose fetched-and-run code has its own
// reader (Rust's build scripts: rustfetch.go; Go's, Ruby's and Perl's
// downloads run through their command readers).
var fetchRunOwn = lazySet(".rs", ".go", ".lua", ".rb", ".pl", ".pm", ".php", ".ps1", ".psm1")

// scanFetchRun reports code, in a language read by pattern, that fetches
// over the network, makes a file executable and starts a program
// (Zig's std.http.Client fetch written with .mode = 0o755 and run by
// std.process.Child, Rust's reqwest with set_permissions and
// Command::new): the server decides what runs, critical, unless a digest
// of the download is checked (high then: a pinned helper is still a
// binary the skill did not ship; medium for an Elixir file whose every
// download is checked against a digest it pins before it is written:
// elixirVerifiedFetch).
func scanFetchRun(sc *skillCtx, rel, code string) {
	if ext := strings.ToLower(path.Ext(rel)); !otherCode()[ext] || fetchRunOwn()[ext] || !otherNet.MatchString(code) {
		return
	}
	m := fetchExecMode.FindStringIndex(code)
	r := fetchProcStart.FindStringIndex(code)
	if m == nil || r == nil {
		return
	}
	sev, reason := Critical, "downloads a file, makes it executable and starts a program in the same file: the server decides what runs"
	if ext := strings.ToLower(path.Ext(rel)); (ext == ".ex" || ext == ".exs") && elixirVerifiedFetch(stripHashComments(code)) {
		sev, reason = Medium, "downloads a file, makes it executable and starts a program, after comparing the download's digest with one the file pins and stopping on a mismatch: a pinned release, the author's choice of binary"
	} else if fetchDigest.MatchString(code) {
		sev, reason = High, reason+" (a digest is named: a pinned helper is still a binary the skill does not ship)"
	}
	ln := 1 + strings.Count(code[:r[0]], "\n")
	sc.add(rel, ln, "download-exec", sev, reason, trimmedLine(code, ln))
}

// isMoreLang reports whether rel is a file of moreLangExts (after its
// name's language, readRel, is applied by the caller).
func isMoreLang(rel string) bool {
	return moreLangSet()[strings.ToLower(path.Ext(rel))]
}

// moreLangSet is moreLangExts as a set.
var moreLangSet = lazySet(moreLangExts...)

// scanMoreLangRuns reads the shell strings, startup-file writes and
// socket-driven commands of a file of moreLangExts (see above).
func scanMoreLangRuns(sc *skillCtx, rel, content string) {
	scanFetchRun(sc, rel, content)
	ext := strings.ToLower(path.Ext(rel))
	if ext == ".ex" || ext == ".exs" {
		scanSocketRun(sc, rel, content, content)
	}
	if ext == ".jl" {
		scanJuliaSocketShell(sc, rel, content)
	}
	// the languages read by pattern before these: only their shell -c
	// argument lists and their startup-file writes
	more := isMoreLang(rel)
	if !more && !otherCode()[ext] || ext == ".cmake" {
		return // CMake's commands are scanCMake's
	}
	if ext == ".bzl" || ext == ".star" {
		scanStarlarkEnvSend(sc, rel, content)
	}
	scanNimShell(sc, rel, content)
	code := content
	if more && hashCommentExts()[ext] {
		code = stripHashComments(content)
	}
	shell := func(cmd string, off int) {
		if strings.TrimSpace(cmd) == "" {
			return
		}
		ln := 1 + strings.Count(code[:off], "\n")
		before := len(sc.findings)
		scanShell(sc, rel, unescapeLit(cmd), ln, inScript)
		for i := before; i < len(sc.findings); i++ {
			sc.findings[i].Line = ln
		}
	}
	res := []*lazyRegexp{langShellArgv}
	if more {
		res = append(res, langShellString)
	}
	for _, re := range res {
		for _, m := range re.FindAllStringSubmatchIndex(code, 64) {
			for g := 2; g+1 < len(m); g += 2 {
				if m[g] >= 0 {
					shell(code[m[g]:m[g+1]]+concatTail(code, m[g+1]+1), m[0])
					break
				}
			}
		}
	}
	if ext == ".tcl" {
		for _, m := range tclExec.FindAllStringSubmatchIndex(code, 64) {
			if m[2] >= 0 {
				shell(code[m[2]:m[3]], m[0])
			} else {
				shell(code[m[4]:m[5]], m[0])
			}
		}
	}
	scanStartupWrites(sc, rel, code, content)
	if more {
		scanSocketRun(sc, rel, code, content)
		scanShellRelay(sc, rel, code, content)
		scanJanetHomeWalk(sc, rel, code, content)
	}
	scanJVMHomeWipe(sc, rel, code, content)
	scanLispInit(sc, rel, code, content)
}

// scanStartupWrites reports a write, in code (content with comments
// blanked), of a startup file or an agent's settings joined to home (see
// above): a literal "~/..." once home is written as ~, or a literal path
// under home (File(home, "Library/LaunchAgents/x.plist")) in a file that
// names home.
func scanStartupWrites(sc *skillCtx, rel, code, content string) {
	lineOf := func(off int) int { return 1 + strings.Count(code[:min(off, len(code))], "\n") }
	joined := tclJoinLit(haskellJoinLit(slashJoinLit(homeJoinedLits(code))))
	named := homeRef.MatchString(code)
	// home joined to a name ((Filename.concat home rel) over a list of
	// agent files): the list's relative paths are under home
	homeJoinsVar := named && homeVarJoin.MatchString(code)
	if a := langAppend.FindStringIndex(joined); a != nil {
		ln := lineOf(min(a[0], len(code)))
		persisted, tampered := false, false
		for _, l := range strLit.FindAllStringIndex(joined, -1) {
			lit := strings.Trim(joined[l[0]:l[1]], "\"'`")
			if named && !strings.HasPrefix(lit, "~") && !strings.HasPrefix(lit, "/") && !strings.HasPrefix(lit, "$") &&
				(strings.Contains(lit, "LaunchAgents/") || strings.HasPrefix(lit, ".config/systemd/user") || strings.HasPrefix(lit, ".config/autostart") ||
					homeJoinsVar && strings.HasPrefix(lit, ".") && agentFile.MatchString("~/"+lit)) {
				lit = "~/" + lit // a path under home the code joins to it
			}
			switch {
			case !strings.HasPrefix(lit, "~/"):
			case !persisted && (persistTarget.MatchString(lit) || persistTarget.MatchString(lit+"/")):
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
}

// scanSocketRun reports a socket connected to a host in a file that runs
// a command held in a variable (see above; Elixir's :gen_tcp.connect and
// :os.cmd too).
func scanSocketRun(sc *skillCtx, rel, code, content string) {
	if s := langSocket.FindStringIndex(code); s != nil {
		if e := langInteractiveShell.FindStringIndex(code); e != nil && strings.Contains(code, "copy-port") {
			ln := 1 + strings.Count(code[:e[0]], "\n")
			sc.add(rel, ln, "reverse-shell", Critical, "connects a socket and wires an interactive shell to it: whoever is at the other end has a shell on this machine",
				trimmedLine(content, ln))
			return
		}
		if p := langSocketProcess(code, langSocketVars(code)); p >= 0 {
			ln := 1 + strings.Count(code[:p], "\n")
			sc.add(rel, ln, "reverse-shell", Critical, "connects a socket and makes it a process's standard input and output: whoever is at the other end runs commands on this machine (reverse shell)",
				trimmedLine(content, ln))
			return
		}
		e := langVarExec.FindStringIndex(code)
		if e == nil {
			if p := langVarShellRun(code); p >= 0 {
				e = []int{p, p}
			}
		}
		if e != nil {
			ln := 1 + strings.Count(code[:e[0]], "\n")
			sc.add(rel, ln, "reverse-shell", Critical, "connects a socket and runs a command held in a variable: whoever is at the other end runs commands on this machine",
				trimmedLine(content, ln))
		}
	}
}

// homeJoinedLits writes the languages' expressions for home as ~
// (getHomeDir(), getHomeDirectory, $::env(HOME), Path.home, $HOME,
// (getenv "HOME"), Julia's homedir()), and joining calls of home with
// literals as the path they make (callJoinLit), so the join rewrites
// read the paths they make.
func homeJoinedLits(code string) string {
	code = langHomeExpr.ReplaceAllString(code, "~")
	// a variable named for home interpolated at a string's start
	// ('$home/.claude.json', "${homeDir}/.bashrc")
	code = homeVarInterp.ReplaceAllString(code, "$1~/")
	return callJoinLit(code)
}

// callJoin is a path-joining call of home (~, or a variable named for
// it) with string literals: Julia's joinpath(home, ".claude.json"), R's
// file.path, Elixir's Path.join([...]) and the like; group 1 the
// literals.
var callJoin = lazyRE(`\b(?:joinpath|file\.path|Path\.join|path\.join|filepath\.Join|File\.join)\(\s*\[?\s*(?:~|home|homedir|home_dir|homeDir|HOME)\s*,\s*((?:"[^"\n]*"\s*,\s*)*"[^"\n]*")\s*\]?\s*\)`)

// callJoinLit rewrites callJoin calls as the literal path they make
// under home ("~/.claude/CLAUDE.md"), so the rules read the file.
func callJoinLit(code string) string {
	if !strings.Contains(code, "oin") && !strings.Contains(code, ".path(") && !strings.Contains(code, "build-path") {
		return code
	}
	for _, re := range []*lazyRegexp{callJoin, lispCallJoin} {
		code = re.ReplaceAllStringFunc(code, func(m string) string {
			g := re.FindStringSubmatch(m)
			var parts []string
			for _, l := range quotedLit.FindAllString(g[1], -1) {
				parts = append(parts, strings.Trim(l[1:len(l)-1], "/"))
			}
			return `"~/` + strings.Join(parts, "/") + `"`
		})
	}
	return code
}

// lispCallJoin is Racket's and Scheme's (build-path home ".claude"
// "CLAUDE.md"): group 1 the literals.
var lispCallJoin = lazyRE(`\(\s*build-path\s+(?:~|home|homedir|home-dir|home_dir|homeDir|HOME)\s+((?:"[^"\n]*"\s*)*"[^"\n]*")\s*\)`)

// homeVarJoin joins a variable named for home to another name: OCaml's
// Filename.concat home rel, joinpath(home, rel), home </> rel.
var homeVarJoin = lazyRE(`\b(?:concat|join|joinpath|Join|resolve)\s*\(?\s*(?:home|homeDir|home_dir|userHome|user_home|HOME)\s*,?\s+[a-z_]\w*|\bhome\s*(?:</>|/)\s*[a-z_]\w*\b`)

// homeVarInterp is a variable named for home interpolated at the start of a
// string, before a slash: group 1 the quote.
var homeVarInterp = lazyRE(`(["'])\$\{?(?:home|homeDir|home_dir|userHome|user_home|HOME)\}?/`)

// langHomeExpr is home in the languages above.
var langHomeExpr = lazyRE(`\bhomedir\(\)|\bgetHomeDir\(\)|\bgetHomeDirectory\b|\$::env\(HOME\)|\$env\(HOME\)|\bPath\.home\b|\bPlatform\.environment\[\s*['"]HOME['"]\s*\]!?|\(\s*(?:os/)?getenv\s+"HOME"\s*\)|\(\s*System/getProperty\s+"user\.home"\s*\)|\(\s*find-system-path\s+'home-dir\s*\)`)

var (
	// starlarkEnvRead reads the environment a repository rule sees.
	starlarkEnvRead = lazyRE(`\b(?:rctx|repository_ctx|mctx|module_ctx|ctx)\.os\.environ\b`)
	// starlarkSend is a repository rule's download or network tool.
	starlarkSend = lazyRE(`\b(?:rctx|repository_ctx|mctx|module_ctx)\.download(?:_and_extract)?\s*\(|\.execute\(\s*\[\s*"` + netToolName + `"`)
)

// scanStarlarkEnvSend reports a Bazel repository rule that reads the
// environment, names a secret variable an SDK or CI reads
// (AWS_SECRET_ACCESS_KEY, GITHUB_TOKEN, ACTIONS_RUNTIME_TOKEN; credEnvRe
// and psSecretVar) in string literals, two at least, and downloads or
// runs curl: the values travel in the URL or the request
// (credential-exfil, critical). A rule reading one token for an
// authenticated download, or fetching with a fixed URL, is not this.
func scanStarlarkEnvSend(sc *skillCtx, rel, content string) {
	code := stripHashComments(content)
	e := starlarkEnvRead.FindStringIndex(code)
	d := starlarkSend.FindStringIndex(code)
	if e == nil || d == nil {
		return
	}
	var names []string
	for _, l := range strLit.FindAllStringIndex(code, 256) {
		name := strings.Trim(code[l[0]:l[1]], "\"'")
		if secret, _ := psSecretVar(name); (secret || credEnvRe.MatchString(name)) && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	// one token (GITHUB_TOKEN for an authenticated download from GitHub)
	// is how rules avoid rate limits; several services' secrets gathered
	// are a collection
	if len(names) < 2 {
		return
	}
	ln := 1 + strings.Count(code[:d[0]], "\n")
	sc.add(rel, ln, "credential-exfil", Critical, "reads the environment, names the secret variables "+strings.Join(names, ", ")+", and downloads in the same repository rule: the secrets travel with the request",
		trimmedLine(content, ln))
}

// concatOp is a string concatenation operator of the languages read by
// pattern (Nim's &, + in most, Lua's and Janet's .., Elixir's and
// Haskell's <> and ++, Raku's ~) between a string literal and what
// follows: a literal (group 1 or 2) or a name or call (group 3).
var concatOp = lazyRE(`^\s*(?:&|\+\+?|\.\.|<>|~)\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|([A-Za-z_][\w.]*(?:\(\s*\))?))`)

// concatTail returns what code concatenates to a string literal whose
// closing quote ends before off: the literals joined as written, each
// name or call as $V, a value the shell cannot see. "sh -c 'curl -fsSL "
// & installer & " | sh'" hands the shell curl piped into sh whatever the
// installer's URL is. At most 16 parts are joined.
func concatTail(code string, off int) string {
	var b strings.Builder
	for range 16 {
		if off > len(code) {
			break
		}
		m := concatOp.FindStringSubmatchIndex(code[off:])
		if m == nil {
			break
		}
		switch {
		case m[2] >= 0:
			b.WriteString(code[off+m[2] : off+m[3]])
		case m[4] >= 0:
			b.WriteString(code[off+m[4] : off+m[5]])
		default:
			b.WriteString("$V")
		}
		off += m[1]
	}
	return b.String()
}
