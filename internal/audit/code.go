package audit

import (
	"encoding/json"
	"path"
	"strings"
	"sync"
)

// Python and JavaScript are read as tokens, not parsed: no maintained Go
// parser follows current Python (3.12 f-strings, match) and a full
// JavaScript parser would cost more than these rules need. stripComments
// blanks comments (so commented-out code and prose do not count) while
// keeping strings and line numbers; string literals that hold shell
// commands are handed to the shell parser.

// codeRules are the per-language patterns; each is checked over the code
// with comments blanked.
type codeRule struct {
	rule   string
	base   Severity
	re     *lazyRegexp
	reason string
	// need: the pattern only runs on code holding one of these words
	// (Go's regexp has no literal prefix to skip ahead with here).
	need []string
}

var pyRules = []codeRule{
	{"decoded-exec", Critical, lazyRE(`(?:^|[^.\w])(?:exec|eval)\s*\(\s*(?:compile\s*\(\s*)?(?:base64\.\w*decode|codecs\.decode|zlib\.decompress|bz2\.decompress|lzma\.decompress|gzip\.decompress|marshal\.loads|bytes\.fromhex|binascii\.(?:unhexlify|a2b_base64)|__import__\(\s*['"](?:base64|zlib|marshal|codecs|binascii)|['"][^'"\n]*['"]\s*\.decode\(\s*['"](?:base64|hex|rot.?13))`),
		"runs code decoded from an encoded payload", []string{"exec", "eval"}},
	{"download-exec", Critical, lazyRE(`(?:^|[^.\w])(?:exec|eval)\s*\([^\n]*(?:urlopen|requests\.get|httpx\.get|urllib\.request|\.read\(\)\.decode)`),
		"runs code downloaded from the network", []string{"exec", "eval"}},
	{"obfuscation", High, lazyRE(`(?:chr\(\s*\d+\s*\)\s*\+\s*){8,}|getattr\(\s*__builtins__|__import__\(\s*['"]\w+['"]\[::-1\]|\[::-1\]\s*\)\s*\(`),
		"builds names or code from fragments to hide what it calls", []string{"chr(", "__builtins__", "[::-1]"}},
}

var jsRules = []codeRule{
	{"decoded-exec", Critical, lazyRE(`\b(?:eval|Function|setTimeout|setInterval|runInThisContext|runInNewContext)\s*\(\s*(?:atob|Buffer\.from|unescape|decodeURIComponent|String\.fromCharCode|require\(\s*['"]zlib['"]\))\b`),
		"runs code decoded from an encoded payload", []string{"eval", "Function", "setTimeout", "setInterval", "runIn"}},
	{"download-exec", Critical, lazyRE(`\.then\(\s*eval\s*\)|\.then\(\s*\(?\s*\w+\s*\)?\s*=>\s*eval\(|eval\(\s*await\s+\(?\s*await\s+fetch|new\s+Function\(\s*await`),
		"runs code downloaded from the network", []string{"eval", "Function"}},
	{"obfuscation", High, lazyRE(`(?:\\x[0-9a-fA-F]{2}){40,}|String\.fromCharCode\((?:\s*\d+\s*,){20,}|\[\s*['"]\\x[0-9a-f]{2}`),
		"builds code from escapes or character codes to hide what it calls", []string{"\\x", "fromCharCode"}},
}

var (
	pyDecode = lazyRE(`b64decode|b32decode|a85decode|decompress\(|marshal\.loads|unhexlify|fromhex\(|codecs\.decode\(`)
	pyExec   = lazyRE(`(?:^|[^.\w])(?:exec|eval)\s*\(|(?:^|[^.\w])compile\s*\([^)]*['"]exec['"]`)
	jsDecode = lazyRE(`\batob\s*\(|Buffer\.from\([^)]*['"](?:base64|hex)['"]|String\.fromCharCode|inflateSync|gunzipSync`)
	jsExec   = lazyRE(`(?:^|[^.\w])eval\s*\(|new\s+Function\s*\(|vm\.run\w*\(|runInThisContext`)
	pySocket = lazyRE(`socket\.socket\(|socket\.create_connection\(|\.connect\(\s*\(`)
	pyShell  = lazyRE(`\.dup2\(|pty\.spawn\(|['"]/bin/(?:ba|z)?sh['"]|['"]cmd\.exe['"]`)
	// jsSocket connects a socket: Node's net module, and Deno's and
	// Bun's own connect calls (Deno.connect, Deno.connectTls,
	// Bun.connect), which give a TCP or TLS stream the same way.
	jsSocket = lazyRE(`net\.(?:Socket|connect|createConnection)\b|new\s+net\.Socket|require\(\s*['"]net['"]\)|\b(?:Deno\.connect(?:Tls)?|Bun\.connect)\s*\(`)
	// jsShell names a shell a process may be started on: child_process,
	// spawn of sh, cmd.exe, and Deno.Command or Bun.spawn given a shell
	// as its program.
	jsShell = lazyRE(`child_process|spawn\(\s*['"](?:/bin/)?(?:ba)?sh['"]|['"]cmd\.exe['"]|\bnew\s+Deno\.Command\(\s*['"](?:/bin/|/usr/bin/)?(?:ba|z|da)?sh['"]|\bBun\.spawn(?:Sync)?\(\s*\[\s*['"](?:/bin/|/usr/bin/)?(?:ba|z|da)?sh['"]`)
	// an environment dump: the whole environment serialised (also as one
	// value of the object serialised: {"env": dict(os.environ)}),
	// printed by env, or iterated
	pyEnvDump = lazyRE(`json\.dumps\(\s*(?:dict\()?\s*os\.environ|json\.dumps\(\s*\{[^{}]*:\s*(?:dict\()?\s*os\.environ(?:\.copy\(\))?\s*\)?\s*[,}]|str\(\s*(?:dict\()?\s*os\.environ\s*\)|for\s+\w+\s*,\s*\w+\s+in\s+os\.environ\.items\(\)|dict\(\s*os\.environ\s*\)\s*[,)]|os\.popen\(\s*['"](?:env|printenv)['"]\s*\)|subprocess\.\w+\(\s*\[?\s*['"](?:env|printenv)['"]\s*\]?\s*[,)]`)
	jsEnvDump = lazyRE(`JSON\.stringify\(\s*process\.env\s*[,)]|JSON\.stringify\(\s*\{[^{}]*:\s*process\.env\s*[,}]|Object\.(?:entries|keys|values)\(\s*process\.env\s*\)|exec(?:Sync)?\(\s*['"\x60](?:env|printenv)['"\x60]`)
	pySend    = lazyRE(`requests\.(?:post|put|patch)\(|httpx\.(?:post|put)\(|urlopen\([^)\n]*data\s*=|urllib\.request\.Request\([^)\n]*data|http\.client\.|smtplib\.|ftplib\.|\.sendall\(|\.send\(|paramiko\.|aiohttp\.|\.post\(`)
	jsSend    = lazyRE(`fetch\([^)]*\{[^}]*(?:method\s*:\s*['"](?:POST|PUT)|body\s*:)|axios\.(?:post|put)\(|https?\.request\(|XMLHttpRequest|sendBeacon|\.write\(|nodemailer|WebSocket\(|\.post\(|\.HTTPBody\s*=|\$\.NSURLConnection\.sendSynchronousRequest|` + apiClientSend)
	pyWrite   = lazyRE(`open\((?:[^()\n]|\([^()\n]*\))*['"][aw]\+?b?['"]|\.write_text\(|\.write\(|os\.system\(|subprocess\.|shutil\.copy`)
	jsWrite   = lazyRE(`(?:appendFile|writeFile|createWriteStream|copyFile)(?:Sync)?\(|\bDeno\.(?:writeTextFile|writeFile|copyFile)(?:Sync)?\(|\bBun\.write\(|execSync\(|exec\(` +
		// JXA (osascript -l JavaScript) through the ObjC bridge:
		// $(text).writeToFileAtomicallyEncodingError, an
		// NSDictionary's writeToFileAtomically, NSFileManager's
		// createFileAtPathContentsAttributes
		`|\.writeToFile\w*\(|\.writeToURL\w*\(|\bcreateFileAtPathContentsAttributes\(`)
	strLit = lazyRE("\"\"\"[\\s\\S]*?\"\"\"|'''[\\s\\S]*?'''|`(?:[^`\\\\]|\\\\.)*`|\"(?:[^\"\\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\\n]|\\\\.)*'")
	// pyNetrcDefault is Python's netrc module reading ~/.netrc (no file
	// given).
	pyNetrcDefault = lazyRE(`\bnetrc\.netrc\(\s*\)`)
	shellish       = lazyRE(`\||/dev/tcp|\b(?:curl|wget|nc|ncat|bash|sh|crontab|xmrig)\b|>>`)
)

// scanCode runs the Python or JavaScript rules over code whose first line
// is file line line0, in context w.
func scanCode(sc *skillCtx, rel, code string, line0 int, k fileKind, w where) {
	scanCodeStripped(sc, rel, code, "", line0, k, w)
}

// scanScriptCode runs the rules over a Python or JavaScript script: the
// code rules, then those only a whole script is read for (remote command
// loops, encoded literals, writes to the agent's files), all over one
// comment-free copy of it.
func scanScriptCode(sc *skillCtx, rel, content string, k fileKind) {
	if k == kindJS {
		content = foldJSCmdJoins(content) // jscmdjoin.go
	}
	c := stripComments(content, k)
	scanCodeStripped(sc, rel, content, c, 1, k, inScript)
	net, write := pyNet, pyWrite
	if k == kindJS {
		net, write = jsNet, jsWrite
	}
	scanRemoteLoop(sc, rel, c, net, k == kindJS)
	scanEncoded(sc, rel, c, net, nil)
	scanAgentCode(sc, rel, c, write)
	scanHookAllowAll(sc, rel, c, k)
	if k == kindPython {
		scanPthHook(sc, rel, c, content)
		scanPyDropper(sc, rel, c)
		scanPyLoadExec(sc, rel, c)
		scanPyShellAnswer(sc, rel, c)
		scanPyBuiltCommands(sc, rel, c, inScript)
	}
	if k == kindJS {
		scanEditorApprovals(sc, rel, c, 1, inScript, true)
		scanEditorBuiltApprovals(sc, rel, c) // bypasseditorkeys.go
		scanJSRemoteExec(sc, rel, c)
		scanJSProcess(sc, rel, c)
		scanJSDropper(sc, rel, c)
		scanJSDownloadRun(sc, rel, c)
		scanJSRemoteImport(sc, rel, c)
		scanJSShellStdin(sc, rel, c)
	}
}

// scanCodeStripped is scanCode given c, code with its comments blanked
// (stripComments), or "" to blank them here once the file's words call
// for the rules below.
func scanCodeStripped(sc *skillCtx, rel, code, c string, line0 int, k fileKind, w where) {
	scanBypass(sc, rel, code, line0, w)
	scanJoinedBypass(sc, rel, code, line0, k, w)
	lower := strings.ToLower(code)
	if systemCodeHintWords().matchAny(lower) {
		scanSystemCode(sc, rel, code, line0, k, w)
	}
	if k == kindJS && jsDelHinted(lower) {
		if c == "" {
			c = stripComments(code, k)
		}
		scanJSDelete(sc, rel, code, c, line0, w) // jsdelete.go
	}
	if !sc.hints.miner && !codeHintWords().matchAny(lower) && !codeHintWords().matchAny(foldLiteralJoins(lower)) && !(k == kindJS && jsHostEnvHinted(code)) {
		return
	}
	if c == "" {
		c = stripComments(code, k)
	}
	li := newLineIndex(c)
	add := func(off int, rule string, base Severity, reason string) {
		ln := li.line(off)
		r := reason
		if w != inScript && w != inProse {
			r += " (in " + w.String() + ")"
		}
		sc.add(rel, line0+ln-1, rule, sc.rank(base, w, false), r, strings.TrimSpace(lineText(code, li, ln)))
	}
	rules, decode, exec, sock, shell, env, send, write := pyRules, pyDecode, pyExec, pySocket, pyShell, pyEnvDump, pySend, pyWrite
	if k == kindJS {
		rules, decode, exec, sock, shell, env, send, write = jsRules, jsDecode, jsExec, jsSocket, jsShell, jsEnvDump, jsSend, jsWrite
	}
	hit := map[string]bool{}
	for _, r := range rules {
		if !containsAny(c, r.need) {
			continue
		}
		if m := r.re.FindStringIndex(c); m != nil {
			add(m[0], r.rule, r.base, r.reason)
			hit[r.rule] = true
		}
	}
	if !hit["decoded-exec"] && containsAny(c, []string{"exec", "eval", "Function", "vm.run", "compile"}) {
		if d := decode.FindStringIndex(c); d != nil {
			if e := exec.FindStringIndex(c); e != nil {
				add(e[0], "decoded-exec", High, "decodes a payload and evaluates code in the same file")
			}
		}
	}
	if !containsAny(c, []string{"socket", "net.", "net'", "net\"", "Deno.connect", "Bun.connect"}) {
		// no socket: no reverse shell
	} else if s := sock.FindStringIndex(c); s != nil {
		if sh := shell.FindStringIndex(c); sh != nil && (k != kindJS || jsWired.MatchString(c)) {
			add(s[0], "reverse-shell", Critical, "connects a socket and hands it to a shell (reverse shell)")
		}
	}
	// credentials and the environment, read and sent; kinds holds the
	// credService of every credential read ("" for one bound to no
	// service)
	cred, credOff := "", -1
	vault := false // the credential is an Ansible plugin's vault material
	kinds := map[string]bool{}
	envRead := pyEnvRead
	if k == kindJS {
		envRead = jsEnvRead
	}
	if !containsAny(c, []string{"environ", "process.env", "getenv", "Deno.env", "printenv", "'env'", `"env"`, "`env`"}) {
		// no environment read
	} else if m := envDumpIndex(env, c); m != nil {
		cred, credOff = "the whole environment", m[0]
	} else if off := wholeEnvIn(c); off >= 0 {
		cred, credOff = "the whole environment", off
	} else if m := envReadOf(envRead, c); m != nil {
		cred, credOff = strings.TrimSpace(c[m[0]:m[1]]), m[0]
	}
	if credOff < 0 && k == kindJS {
		// the environment a host tool hands a plugin (hostenv.go)
		if off, what := jsHostEnvWhole(c); off >= 0 {
			cred, credOff = "the whole environment ("+Escape(what, 60)+", the environment the tool running the code hands it)", off
		}
	}
	if credOff < 0 {
		if m := credStoreRead.FindStringIndex(c); m != nil {
			cred, credOff = credStoreName(c[m[0]:m[1]]), m[0]
		}
	}
	credKind := ""
	if credOff < 0 {
		// a credential helper or password manager run for its secret
		// (credcli.go)
		if m, what, kind := credCLIOf(c); m != nil {
			cred, credOff, credKind = what, m[0], kind
		} else if m := cliTokenOf(c); m != nil {
			// gh auth token: GitHub's login, high when sent only to
			// GitHub (clitoken.go)
			cred, credOff, credKind = cliTokenWhat, m[0], "gh"
		}
	}
	if credOff < 0 && k == kindPython {
		// an Ansible plugin's vault material (ansiblepy.go)
		if m, what := pyVaultReadIndex(c); m != nil {
			cred, credOff, vault = what, m[0], true
		}
	}
	if credOff >= 0 {
		kinds[credKind] = true
	}
	if k != kindJS && strings.Contains(c, "netrc") {
		// Python's netrc module reads ~/.netrc when given no file
		if m := pyNetrcDefault.FindStringIndex(c); m != nil {
			kinds["netrc"] = true
			if credOff < 0 {
				cred, credOff = "~/.netrc (netrc.netrc())", m[0]
			}
		}
	} else if k == kindJS && strings.Contains(c, "netrc") {
		// so do the npm netrc packages (netrc-parser, netrc)
		if m := jsNetrcImport.FindStringSubmatchIndex(c); m != nil {
			kinds["netrc"] = true
			if credOff < 0 {
				cred, credOff = "~/.netrc (the "+c[m[10]:m[11]]+" package)", m[0]
			}
		}
	}
	// shell commands and paths inside string literals
	var lits [][]int
	if sc.hints.miner || litHintWords().matchAny(c) || litHintWords().matchAny(foldLiteralJoins(c)) {
		lits = strLit.FindAllStringIndex(c, -1)
	}
	if len(lits) > 0 && homeRef.MatchString(c) {
		// a path joined from harmless parts (".config", "gh", "hosts.yml")
		if l, p := joinedCredPath(c); l != nil {
			kinds[credService(p)] = true
			cred, credOff, vault = p+" (joined from parts)", l[0], false
		}
	}
	var insp *persistInspect // made for the first startup file named
	searchOnly := -1         // searchOnlyScript, asked once: -1 not yet, 0 no, 1 yes
	printOnly := -1          // printOnlyScript, asked once, alike
	// the first credential path the code only tests text against (a
	// needle, credNeedle), its service and offset
	needle, needleKind, needleOff := "", "", -1
	var shLits []shLit // the shell-like one-line literals, in order
	for _, m := range lits {
		lit := c[m[0]:m[1]]
		body := strings.Trim(lit, "\"'`")
		if toolRuleLit.MatchString(strings.TrimSpace(body)) {
			// an agent permission rule (Read(~/.ssh/**)): a pattern
			// the agent's settings match tool calls against, not a
			// path the code opens
		} else if (credIn(lit) && (!bareCredName(body) || homeRef.MatchString(c)) || credPartRe.MatchString(lit) && homeRef.MatchString(c)) && credNeedle(c, m[0], m[1]) {
			if needleOff < 0 {
				needle, needleOff = Escape(strings.TrimSpace(body), 80), m[0]
				if !credIn(lit) {
					needle = "the credential path part " + lit
				}
				needleKind = credService(needle)
			}
		} else if credIn(lit) && (!bareCredName(body) || homeRef.MatchString(c)) && !settingsOnlyProse(body) {
			// the service comes from the whole literal: a docstring may
			// name the file past what the reason shows
			what := Escape(strings.TrimSpace(body), 80)
			if strings.ContainsAny(strings.TrimSpace(body), " \t\n") {
				if p := credPath.FindString(body); p != "" {
					what = Escape(p, 80) // prose naming the file: name the file
				}
			}
			kinds[credService(strings.TrimSpace(body))] = true
			if credOff < 0 {
				cred, credOff = what, m[0]
			}
		} else if credPartRe.MatchString(lit) && homeRef.MatchString(c) && !settingsOnlyDirVar(c, m[0], body) && !joinedSettingsOnly(c, m[1], lit) {
			kinds[credService("the credential path part "+lit)] = true
			if credOff < 0 {
				cred, credOff = "the credential path part "+lit, m[0]
				if strings.Contains(lit, ".ssh") {
					cred += " (~/.ssh)"
				}
			}
		}
		// a launchd folder joined as a path part (os.path.join(HOME,
		// "Library", "LaunchAgents")) is the folder itself
		if persistTarget.MatchString(strings.TrimSpace(body)) || body == "LaunchAgents" || body == "LaunchDaemons" || strings.Contains(body, "authorized_keys") || strings.Contains(body, "/etc/cron") || strings.Contains(body, ".bashrc") || strings.Contains(body, ".zshrc") {
			if insp == nil {
				insp = newPersistInspect(c, write)
			}
			// a write somewhere in the file, not a program that only
			// reports, and the literal not just looked for or read
			// (persistinspect.go)
			if insp.writes && !insp.persistLitInspected(m[0], m[1]) {
				sev, reason := High, "writes to a file that runs code again at login, boot or on a schedule ("+Escape(body, 60)+")"
				if strings.Contains(body, "authorized_keys") {
					sev, reason = authKeysFinding(body, c)
				}
				add(m[0], "persistence", sev, reason)
			}
		}
		if sc.hints.miner && minerWords.MatchString(body) {
			add(m[0], "miner", Critical, "mining pool or miner: "+minerWords.FindString(body))
		}
		if len(body) > 3 && shellish.MatchString(body) && !strings.Contains(body, "\n") {
			shLits = append(shLits, shLit{line0 + li.line(m[0]) - 1, unescapeLit(body)})
		}
		if len(body) > 3 && shellish.MatchString(body) {
			n := len(sc.findings)
			sc.inLiteral = true
			scanShell(sc, rel, unescapeLit(body), line0+li.line(m[0])-1, w)
			sc.inLiteral = false
			if len(sc.findings) > n && searchedLit(body) {
				if searchOnly < 0 {
					searchOnly = 0
					if searchOnlyScript(c, lits, write) {
						searchOnly = 1
					}
				}
				if searchOnly == 1 {
					// a pattern a review script looks for in other
					// files (searchedlit.go)
					lowerLiteral(sc, n, searchedLitNote)
				}
			}
			if len(sc.findings) > n && w == inScript && sc.defence {
				if printOnly < 0 {
					printOnly = 0
					if printOnlyScript(sc, rel, c, lits, write, k) {
						printOnly = 1
					}
				}
				if printOnly == 1 {
					lowerLiteral(sc, n, printedNote)
				}
			}
		}
	}

	scanShellLitRuns(sc, rel, shLits, w)

	needleOnly := false
	if credOff < 0 && needleOff >= 0 {
		// a credential path named only as a value the code tests text
		// against: with a send in the file still what is sent (a walk
		// keeping the paths that contain ".ssh"), else no read
		cred, credOff, needleOnly = needle, needleOff, true
		kinds[needleKind] = true
	}
	if credOff >= 0 {
		net := pyNet
		if k == kindJS {
			net = jsNet
		}
		s := sendIndex(send, c)
		if s == nil && (w == inScript || w == inHidden) {
			s = net.FindStringIndex(c)
		}
		if s == nil && k == kindPython && (w == inScript || w == inHidden) {
			s = pyAnsibleURLIndex(c) // ansiblepy.go
		}
		if vault && s != nil {
			// only a call that can carry the plaintext (ansiblepy.go)
			s = pyVaultSend(c)
		}
		if s != nil && (w == inScript || w == inHidden) {
			sev, reason := Critical, "reads "+cred+" and sends data over the network in the same file"
			rule, off := "credential-exfil", max(credOff, s[0])
			if kind, one := oneService(kinds); one && w == inScript {
				if _, hosts, ok := serviceBound(kinds, codeDestinations(c, k == kindJS), c); ok {
					sev, reason = High, serviceReason(cred, hosts)
				} else if kind == "netrc" && !strings.EqualFold(path.Ext(rel), ".ipynb") && (k == kindPython && pyHostKeyedAuth(c) || k == kindJS && jsHostKeyedAuth(c)) {
					// authentication to the host the entry is for
					// (credhostkey.go, credhostkeyjs.go): the read, not
					// a theft; a notebook's later cells share what a
					// cell got
					rule, off, sev, reason = "credential-read", credOff, Medium, hostKeyedReason(cred)
				}
			}
			add(off, rule, sev, reason)
		} else if s != nil {
			// an example that uses a key path and an API somewhere in
			// the same block: evidence of neither theft nor intent
			add(max(credOff, s[0]), "credential-exfil", Medium, "reads "+cred+" and sends data over the network in the same example")
		} else if w == inScript {
			sev, reason := credReadRank(cred, c)
			if sev == High && needleOnly {
				// a private key's name tested, no file opened by it
				sev, reason = Medium, "names "+cred+" only as a value it tests other text against (a rule, a name or a path compared with it)"+credNeedleNote
			} else if sev == High && isPrivateKey(cred) && keyReadInspected(sc, rel, c, k) {
				// an inventory looking at key headers (keyinspect.go,
				// jskeyinspect.go, notebooks: nbkeyinspect.go)
				sev, reason = Medium, reason+keyInspectedNote
			}
			add(credOff, "credential-read", sev, reason)
		}
	}
	if w == inScript {
		if m := b64Blob.FindStringIndex(c); m != nil {
			add(m[0], "obfuscation", Medium, "a long encoded blob in a script hides what it does from review")
		}
	}
}

// credNeedleNote ends the reason of a credential path a script names
// only as a needle (credNeedle) with no send: raiseInspectedKeyReads
// lifts it to high when a program of the skill makes a network call.
const credNeedleNote = "; the script reads no such file by that name, and nothing in the skill makes a network call"

// credNeedle reports whether the string literal c[s:e] stands where code
// tests other text against it, on its line: the needle of a search or
// comparison (rule.includes('.ssh'), name == "id_rsa", ".aws" in path,
// strings.Contains(p, ".kube")), as bypassCmpBefore and bypassCmpAfter
// read it. A permission auditor checking a deny rule for ".ssh" names
// the folder without opening it.
func credNeedle(c string, s, e int) bool {
	ls := strings.LastIndexByte(c[:s], '\n') + 1
	le := len(c)
	if i := strings.IndexByte(c[e:], '\n'); i >= 0 {
		le = e + i
	}
	return bypassCmpBefore.MatchString(c[ls:s]) || bypassCmpAfter.MatchString(c[e:le])
}

// jsStdStream is what stands before `.write(` when the write goes to the
// program's own standard output or error (process.stdout.write(…),
// Deno.stderr.write(…)): the terminal, or whatever the user pipes it
// to, not the network.
var jsStdStream = lazyRE(`\b(?:process|Deno)\s*\.\s*std(?:out|err)\s*$`)

// sendIndex returns the first send of re (pySend, jsSend) in c, or nil:
// a write to the program's standard output or error is none (a report
// printed to the user, which jsSend's `.write(` would take for a
// request's or socket's write).
func sendIndex(re *lazyRegexp, c string) []int {
	for _, m := range re.FindAllStringIndex(c, -1) {
		if re == jsSend && strings.HasPrefix(c[m[0]:], ".write(") && jsStdStream.MatchString(c[max(0, m[0]-40):m[0]]) {
			continue
		}
		return m
	}
	return nil
}

// litHints are words one of which a string literal must hold for the
// literal rules (credential paths, persistence targets, shell commands)
// to find anything in it.
var litHints = append([]string{"authorized_keys", "cron", "bashrc", "zshrc", ".profile", "LaunchAgents", "systemd", "hooks",
	"curl", "wget", "/dev/tcp", "crontab", "nc ", "ncat", "netcat", "socat", "bash", "sh ", "| sh", "|sh", ">>", "base64", "xmrig"}, credHints...)

// codeHintWords and litHintWords match codeHints and litHints in one
// pass each.
var (
	codeHintWords = sync.OnceValue(func() *wordList { return newWordList(codeHints) })
	litHintWords  = sync.OnceValue(func() *wordList { return newWordList(litHints) })
)

// unescapeLit undoes the common escapes of a string literal so the shell
// parser sees the command.
func unescapeLit(s string) string {
	return strings.NewReplacer(`\"`, `"`, `\'`, `'`, `\n`, "\n", `\\`, `\`, `\t`, "\t").Replace(s)
}

// stripComments blanks comments (to spaces, newlines kept) in Python (#)
// or JavaScript (// and /* */), skipping string literals.
func stripComments(code string, k fileKind) string {
	b := []byte(code)
	i := 0
	for i < len(b) {
		c := b[i]
		switch {
		case c == '"' || c == '\'' || (c == '`' && k == kindJS):
			// triple quotes in Python
			if k == kindPython && i+2 < len(b) && b[i+1] == c && b[i+2] == c {
				end := strings.Index(code[i+3:], string([]byte{c, c, c}))
				if end < 0 {
					return string(b)
				}
				i += end + 6
				continue
			}
			j := i + 1
			for j < len(b) && b[j] != c && (b[j] != '\n' || c == '`') {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
		case k == kindPython && c == '#', k == kindJS && c == '/' && i+1 < len(b) && b[i+1] == '/':
			for i < len(b) && b[i] != '\n' {
				b[i] = ' '
				i++
			}
		case k == kindJS && c == '/' && i+1 < len(b) && b[i+1] == '*':
			for i < len(b) && !(b[i] == '*' && i+1 < len(b) && b[i+1] == '/') {
				if b[i] != '\n' {
					b[i] = ' '
				}
				i++
			}
			if i+1 < len(b) {
				b[i], b[i+1] = ' ', ' '
			}
			i += 2
		default:
			i++
		}
	}
	return string(b)
}

// bypassRe matches switches that turn off an agent's approvals or
// sandbox: Claude Code's --dangerously-skip-permissions and
// bypassPermissions mode, Codex's --dangerously-bypass-approvals-and-sandbox,
// approval_policy "never" and sandbox_mode "danger-full-access", and
// Gemini CLI's --yolo / approval mode yolo (a flag and its value also as
// two items of an argument list, see flagValueSep), and the flags other
// agent CLIs give the same switch: Amp's --dangerously-allow-all,
// Factory droid's --skip-permissions-unsafe, Amazon Q's and Kiro's
// --trust-all-tools, Crush's and Qwen Code's --yolo, Cursor's
// cursor-agent --force. Codex's keys are also read as a
// subscript or hash key set (cfg["approval_policy"] = "never", Perl's and
// Ruby's approval_policy => 'never'), in the SDKs' camel case
// (approvalPolicy: "never"), inside an escaped string
// ("approval_policy = \"never\"") and as a value a program writes with
// its TOML quotes ({"approval_policy": '"never"'}).
var bypassRe = lazyRE(`--dangerously-skip-permissions|--allow-dangerously-skip-permissions|\bbypassPermissions\b|--dangerously-bypass-approvals-and-sandbox|--dangerously-allow-all\b|--skip-permissions-unsafe\b|--trust-all-tools\b|\b(?:gemini|qwen|codex|claude|crush)\b[^\n]{0,60}\s(?:--yolo|-y)\b|\bcursor-agent\b[^\n]{0,60}\s(?:--force|-f)\b|--approval-mode` + flagValueSep + `["']?yolo|"?defaultMode"?\s*[:=]\s*"?bypass|(?i:approval[_-]?policy)\\?["'\x60]?[\]}]?\s*(?:=>|[:=]|\s(?i:to|as)\s)\s*(?:\\?["'\x60]){0,2}never\b|(?:(?:^|[\s"'\[,])-a|--ask-for-approval)` + flagValueSep + `["']?never\b|(?i:sandbox[_-]?mode)\\?["'\x60]?[\]}]?\s*(?:=>|[:=]|\s(?i:to|as)\s)\s*(?:\\?["'\x60]){0,2}danger-full-access|(?:--sandbox|(?:^|[\s"'\[,])-s)` + flagValueSep + `["']?danger-full-access` + bypassPairSrc + bypassAtomSrc)

// bypassAtomSrc is the three switches with atoms for values, as Elixir
// and Ruby write them in a keyword list or a map (approval_policy:
// :never, sandbox_mode: :danger_full_access, default_mode:
// :bypass_permissions, :approval_policy => :never): a program that
// renders the atom into the settings (camel-casing it, swapping _ for -)
// sets the switch as surely as one that holds the string.
const bypassAtomSrc = `|\b(?i:approval[_-]?policy)["']?(?::|\s*=>)\s*:never\b|\b(?i:sandbox[_-]?mode)["']?(?::|\s*=>)\s*:danger_full_access\b|\b(?i:default[_-]?mode)["']?(?::|\s*=>)\s*:bypass_?permissions\b`

// bypassPairSrc is Codex's two switches written as a key and its value
// in a pair or a row ({"approval_policy", "never"} in an Elixir or Erlang
// term file, ("sandbox_mode", "danger-full-access") in a Python list of
// pairs, a Nushell table row [... [approval_policy], "never"]): a program
// that folds such pairs into config.toml sets the key as surely as one
// that writes key = value. The pair is a bracket of its own, not a
// call's arguments (report("approval_policy", "never", why) names a
// finding), and the value quoted, so a comma in prose is not one.
const bypassPairSrc = "|(?:^|[^\\w.$\\])])[\\[{(]\\s*[\"'\x60]?(?i:approval[_-]?policy)[\"'\x60]?\\]?\\s*,\\s*[\"'\x60]never[\"'\x60]\\s*[\\]})]" +
	"|(?:^|[^\\w.$\\])])[\\[{(]\\s*[\"'\x60]?(?i:sandbox[_-]?mode)[\"'\x60]?\\]?\\s*,\\s*[\"'\x60]danger-full-access[\"'\x60]\\s*[\\]})]"

// flagValueSep is what stands between a flag and its value on a command line
// bypassRe reads: a space or =, or the end of one item of an argument
// list and the start of the next (["--sandbox", "danger-full-access"], a
// YAML list item per line), so a flag and its value split across an
// argv list is still the switch.
const flagValueSep = `(?:[= ]+|["']\s*,\s*["']|["']?[ \t]*\n[ \t]*-[ \t]+["']?)`

// bypassWeakRe matches wording that turns approvals or the sandbox off
// in general terms ("turn off the sandbox", "auto-approve", a bare
// --yolo): common in documentation of other tools (terraform apply
// -auto-approve), so it is reported only beside an instruction not to
// ask or tell the user.
var bypassWeakRe = lazyRE(`(?i)\b(?:turn|switch|shut)\s+off\s+(?:the\s+|your\s+|its\s+)?(?:sandbox\w*|approvals?|permission (?:prompts?|checks?))|\bdisabl\w+\s+(?:the\s+|your\s+|all\s+)?(?:sandbox\w*|approvals?|permission (?:prompts?|checks?))|\bauto[-_ ]?approv\w*|--yolo\b|\byolo mode\b|\bskip\s+(?:all\s+|any\s+|the\s+)?(?:confirmations?|approvals?|permission\s+(?:prompts?|checks?))`)

// warnedRe matches a warning just before a switch ("do not use
// --dangerously-skip-permissions", "never run claude --yolo"): documentation
// that names the switch to keep readers from it.
var warnedRe = lazyRE(`(?i)\b(?:do\s+not|don'?t|never|avoid)\s+(?:use|run|pass|enable|set|add|start)\w*\W+(?:\w+\W+)?$`)

// silenceRe matches an instruction not to ask or tell the user: a
// prohibition on asking is the opposite of consent. Keeping the user from
// being interrupted or troubled is the same instruction ("do not
// interrupt the user with questions", "do not trouble the user with any
// of it"), and a paragraph's sentence may wrap onto its next line.
var silenceRe = lazyRE(`(?i)\b(?:do\s+not|don'?t|never|must\s+not|should\s+not|shouldn'?t|no\s+need\s+to|needn'?t|need\s+not|without|avoid)\s+(?:\w+\s+){0,3}?(?:ask\w*|tell\w*|inform\w*|notify\w*|prompt\w*|confirm\w*|check\w*\s+with|mention\w*|bother\w*|alert\w*|consult\w*|wait\w*\s+for|interrupt\w*|disturb\w*|trouble\w*|pester\w*|distract\w*|burden\w*|involv\w*|loop\w*\s+in)\b(?:[^.\n]|\n[^.\n]){0,60}\b(?:user|human|operator|owner|anyone|them)\b|\b(?:keep|stay)\s+(?:it\s+|this\s+)?(?:silent|quiet|hidden)\b[^.\n]{0,40}\buser|\bsilently\b`)

// scanBypass reports approval-bypass switches in text whose first line is
// file line line0. Rule approval-bypass (see Rules in rules.go). A switch
// beside an instruction not to ask or tell the user is high wherever it
// is; one offered to the user for consent drops a level.
func scanBypass(sc *skillCtx, rel, text string, line0 int, w where) {
	// a code block is read for the switches it names, not for prose
	// wording: its words are a command (scanFenceBypass)
	var standing, clauses, foreign, foreignDescribed, quiet [][]int
	if !sc.inFence {
		standing, clauses, foreign, foreignDescribed = standingBypasses(text), clauseBypasses(text), foreignWeakSwitches(text), foreignDescribedSwitches(text)
		if w == inProse || w == inHidden || w == inQuote {
			quiet = quietRuns(text)
		}
	}
	named, spelled := namedSwitches(text)
	if !sc.hints.bypass && !sc.hints.bypassWeak && len(standing) == 0 && len(named) == 0 && len(spelled) == 0 && len(clauses) == 0 && len(foreign) == 0 && len(foreignDescribed) == 0 && len(quiet) == 0 {
		return
	}
	// concealed says, once per call, whether the file (or SKILL.md) keeps
	// what the agent did from the user (actsConcealed)
	concealedKnown, concealedVal := false, false
	concealed := func() bool {
		if !concealedKnown {
			concealedKnown, concealedVal = true, actsConcealed(sc, rel)
		}
		return concealedVal
	}
	seen := map[int]bool{}
	report := func(m []int, weak, described bool) {
		ln := line0 + strings.Count(text[:m[0]], "\n")
		if seen[ln] {
			return
		}
		ns, ne := max(0, m[0]-400), min(len(text), m[0]+400)
		near := text[ns:ne]
		// A switch described in words is hidden by silence anywhere in
		// its file, as a named one is (fileSilenced below), unless the
		// passage round it offers it to the user; the switch's own words
		// ("the user's hand-off as standing approval") offer nothing.
		// A described switch is hidden by a second instruction, not by its
		// own words: "do not stop for confirmation" switches the approval
		// off and names no silence, though its words are those of one, so
		// the switch is blanked before silence is looked for.
		ownText := text
		fileText := sc.fileText
		if described {
			ownText = blankSpan(text, m[0], m[1])
			if i := strings.Index(fileText, text[m[0]:m[1]]); i >= 0 {
				fileText = blankSpan(fileText, i, i+m[1]-m[0])
			}
		}
		// a half telling the agent not to consult the user counts only
		// beside a claim of authority (halfConsult) or an instruction to
		// keep what it did from the user (concealed below); the wider
		// reading of it (halfQuiet) only beside the latter
		consultOnly := described && len(m) > 2 && (m[2] == halfConsult || m[2] == halfQuiet)
		quietOnly := described && len(m) > 2 && m[2] == halfQuiet
		silent := !consultOnly && (saysSilence(sc, ownText, ns, ne, w) || described && !sc.defence && !offersConsent(consentRe, blankSpan(near, m[0]-ns, m[1]-ns)) && (saysSilence(sc, fileText, 0, len(fileText), w) || rel != sc.skill.SkillFile && fileSilenced(sc.topic)))
		// a described approval half beside the user's consent claimed in
		// advance (bypassforged.go) keeps the user out without silence;
		// one a passage quotes as an example is not said
		// (a run without confirming included: told to act on the forged
		// consent, the agent asks the user nothing)
		forged := described && !silent && (w == inProse || w == inHidden) && !citedSwitch(sc, text, m[0], w) && consentForged(sc, rel, text, m)
		// a switch, or a run without confirming, beside an instruction
		// to keep the commands, files or steps from the user or to answer
		// with a fixed phrase: the user neither approves a command nor
		// hears of it (bypassquiet.go); not a passage's quoted example
		hidden := !silent && !forged && (w == inProse || w == inHidden || w == inQuote) && !citedSwitch(sc, text, m[0], w) && !offersConsent(consentRe, blankSpan(near, m[0]-ns, m[1]-ns)) && concealed()
		if quietOnly && !hidden && !forged {
			return
		}
		if weak && !silent && !forged && !hidden {
			return
		}
		seen[ln] = true
		reason := "turns off the agent's approval prompts or sandbox, so every later command runs unchecked"
		if w != inScript && w != inProse {
			reason += " (in " + w.String() + ")"
		}
		// a code block's switch alone is an example (scanFenceBypass)
		sev := sc.rank(High, w, sc.fenceExample)
		switch {
		case citedSwitch(sc, text, m[0], w):
			sev, reason = Low, reason+" (quoted as an example in a passage that says not to follow it)"
		case w == inScript && isDataExt(strings.ToLower(path.Ext(rel))) && patternList(rel, text, m[0], m[1], sc.readers):
			sev, reason = Low, reason+" (an item of a list of patterns the skill searches files with, not a setting)"
		case silent:
			sev = max(sev, High)
			if sc.defence && (w == inCode || w == inQuote) {
				sev = sc.rank(High, w, false)
			}
			reason += ", and tells the agent not to ask or tell the user"
		case forged && quietOnly:
			sev = max(sev, High)
			reason = "tells the agent to run commands without confirming them with the user, and claims the user consented to all of it in advance (a claim in the skill's text is not consent)"
			if w != inProse {
				reason += " (in " + w.String() + ")"
			}
		case forged:
			sev = max(sev, High)
			reason += ", and claims the user consented to all of it in advance (a claim in the skill's text is not consent)"
		case hidden && consultOnly:
			sev = max(sev, High)
			reason = "tells the agent to run commands without confirming them with the user, and to keep what it ran from the user (no list of its commands, files or steps, or a fixed reply): the user neither approves a command nor hears of it"
			if w != inProse {
				reason += " (in " + w.String() + ")"
			}
		case hidden:
			sev = max(sev, High)
			reason += ", and tells the agent to keep what it ran from the user"
		case w == inScript && !weak && scriptReadsSwitch(text, m[0], m[1]):
			sev, reason = Low, reason+" (a script that compares its settings with it or warns about it, not one that sets it)"
		case w == inScript && !weak && scriptReportsSwitch(rel, text, m[0], m[1]):
			sev, reason = Low, reason+" (a script that records it where its settings have it on, searches for it or proposes removing it, not one that sets it)"
		case w == inScript && !weak && switchInPattern(text, m[0], m[1]):
			sev, reason = Low, reason+searchedLitNote
		case w == inScript && !weak && checkListSwitch(text, m[0], m[1]):
			sev, reason = Low, reason+" (an item of a list the script only checks its settings against, not one it sets)"
		case w == inScript && !weak && isDataExt(strings.ToLower(path.Ext(rel))) && removalList(text, m[0], m[1], sc.readers):
			sev, reason = Low, reason+" (an item of a list its data file names as modes to remove, forbid or deny, not a setting's value)"
		case prohibitsSwitch(text, m[0]) || sc.fenceExample && sc.warnedFn != nil && sc.warnedFn():
			sev, reason = Low, reason+" (warned against, not asked)"
		case !sc.defence && claimsPriorApproval(sc.fileText):
			sev = max(sev, High)
			reason += ", and claims the user approved it in advance (a claim in the skill's text is not consent)"
		case offersConsent(consentRe, near) || offersConsent(consentFileRe, sc.fileText) || sc.fenceExample && sc.consentFn != nil && sc.consentFn():
			sev = sev.lower(1)
			reason += "; offered to the user for consent"
		case !weak && sc.frontmatter && inQuotes(text, m[0]):
			// a skill's description quotes what its users ask ("is
			// bypassPermissions safe?"): cited, not set
			sev = sev.lower(1)
			reason += " (quoted in the skill's frontmatter, as what a user asks)"
		case !weak && skillOffersSwitch(sc, rel, text[m[0]:m[1]]):
			sev = sev.lower(1)
			reason += "; SKILL.md offers it to the user for consent"
		case !weak && w == inProse && !sc.defence && catalogWarned(sc, text, m):
			sev = sev.lower(1)
			reason += " (listed in documentation that warns against these switches)"
		case !sc.defence && fileSilenced(sc.fileText):
			sev = max(sev, High)
			reason += ", and the file tells the agent not to ask or tell the user"
		case !sc.defence && fileSilenced(sc.topic):
			sev = max(sev, High)
			reason += ", and SKILL.md tells the agent not to ask or tell the user"
		}
		sc.add(rel, ln, "approval-bypass", sev, reason, lineAround(text, m[0], m[1]))
	}
	if sc.hints.bypass {
		for _, m := range bypassRe.FindAllStringIndex(text, 3) {
			report(m, false, false)
		}
	}
	if sc.hints.bypassWeak && !sc.inFence {
		for _, m := range bypassWeakRe.FindAllStringIndex(text, 3) {
			report(m, true, false)
		}
		for _, re := range []*lazyRegexp{bypassDescribedRe, bypassLiftRe, bypassStateRe, bypassSelfRe, bypassBlanketRe, bypassRouteRe, bypassEffectRe} {
			for _, m := range re.FindAllStringIndex(text, 3) {
				if proseBypassDropped(re, text, m) {
					continue
				}
				report(m, true, true)
			}
		}
	}
	// bypassWeakRe's switch in the other languages: weak as it is
	for _, m := range foreign {
		report(m, true, false)
	}
	// bypassDescribedRe's switch in the other languages: described as it is
	for _, m := range foreignDescribed {
		report(m, true, true)
	}
	for _, m := range standing {
		report(m, true, true)
	}
	for _, m := range spelled {
		report(m, false, false)
	}
	for _, m := range named {
		report(m, true, true)
	}
	for _, m := range clauses {
		// in a script a half read across a literal's edge is no sentence
		if w == inScript && crossesLiteral(text[m[0]:m[1]]) {
			continue
		}
		report(m, true, true)
	}
	for _, m := range quiet {
		report(m, true, true)
	}
}

// scanMinerText reports miner names and pool URLs in prose.
func scanMinerText(sc *skillCtx, rel, text string, line0 int, w where) {
	if !sc.hints.miner {
		return
	}
	if m := minerWords.FindStringIndex(text); m != nil {
		ln := line0 + strings.Count(text[:m[0]], "\n")
		sc.add(rel, ln, "miner", sc.rank(High, w, false), "mentions a mining pool or miner", lineAround(text, m[0], m[1]))
	}
}

// scanConfig checks settings files (JSON, YAML, TOML) for approval bypass
// and mining pools; settings are applied, not read.
func scanConfig(sc *skillCtx, rel, text string, line0 int, w where) {
	scanBypass(sc, rel, text, line0, w)
	scanEditorConfig(sc, rel, text, line0, w)
	scanRegistryConfig(sc, rel, text, line0, w)
	scanCIConfig(sc, rel, text, line0, w)
	if !sc.hints.miner {
		return
	}
	if m := minerWords.FindStringIndex(text); m != nil {
		ln := line0 + strings.Count(text[:m[0]], "\n")
		sc.add(rel, ln, "miner", sc.rank(Critical, w, false), "miner settings: "+minerWords.FindString(text[m[0]:m[1]]), lineAround(text, m[0], m[1]))
	}
}

var (
	// vscodeAutoTask is a VS Code task that runs by itself when the
	// folder opens.
	vscodeAutoTask = lazyRE(`"runOn"\s*:\s*"folderOpen"`)
	// vscodeNoTrust turns VS Code's workspace trust off: every folder's
	// tasks and settings then apply without asking.
	vscodeNoTrust = lazyRE(`"security\.workspace\.trust\.enabled"\s*:\s*false`)
)

// scanEditorConfig reports editor settings that run code or drop a trust
// prompt by themselves: a VS Code task run on folder open (persistence),
// workspace trust turned off (approval-bypass).
func scanEditorConfig(sc *skillCtx, rel, text string, line0 int, w where) {
	for _, r := range []struct {
		re           *lazyRegexp
		rule, reason string
	}{
		{vscodeAutoTask, "persistence", "a VS Code task that runs by itself every time the folder opens"},
		{vscodeNoTrust, "approval-bypass", "turns VS Code's workspace trust off: every folder's tasks and settings apply without asking"},
	} {
		if m := r.re.FindStringIndex(text); m != nil {
			ln := line0 + strings.Count(text[:m[0]], "\n")
			sc.add(rel, ln, r.rule, sc.rank(High, w, false), r.reason, lineAround(text, m[0], m[1]))
		}
	}
	scanEditorApprovals(sc, rel, text, line0, w, false)
}

// npmLifecycle are the package.json scripts npm runs by itself on
// install or publish, without anyone naming them.
var npmLifecycle = []string{"preinstall", "install", "postinstall", "prepare", "prepublish", "preprepare", "postprepare"}

// scanPackageScripts runs the shell rules over the lifecycle scripts of a
// package.json: `npm install` in the skill's folder runs them.
func scanPackageScripts(sc *skillCtx, rel, text string) {
	var pkg struct {
		Scripts map[string]string `json:"scripts"`
	}
	if json.Unmarshal([]byte(text), &pkg) != nil {
		return
	}
	for _, name := range npmLifecycle {
		cmd, ok := pkg.Scripts[name]
		if !ok {
			continue
		}
		line := 1
		if i := strings.Index(text, `"`+name+`"`); i >= 0 {
			line += strings.Count(text[:i], "\n")
		}
		scanShell(sc, rel, cmd, line, inScript)
	}
}

// lineAround returns the line of text holding [s, e).
func lineAround(text string, s, e int) string {
	ls := strings.LastIndexByte(text[:s], '\n') + 1
	le := strings.IndexByte(text[e:], '\n')
	if le < 0 {
		return strings.TrimSpace(text[ls:])
	}
	return strings.TrimSpace(text[ls : e+le])
}

// consentRe matches text that makes a bypass the user's choice (a
// prohibition on asking, silenceRe, is checked first).
var consentRe = lazyRE(`(?i)\b(?:ask\w*|confirm\w*|consent\w*|approv(?:e|es|ed|al|als|ing))\b[^.\n]{0,80}\buser\b|\buser\b[^.\n]{0,80}\b(?:confirm\w*|approv(?:e|es|ed|al|als|ing)|consent\w*|agree\w*|opt\w*)\b`)

// consentFileRe matches a statement anywhere in the file that the
// permission mode is the user's choice ("the permission flag, confirmed
// with the user up front").
var consentFileRe = lazyRE(`(?i)\b(?:ask\w*|confirm\w*|consent\w*|approv(?:e|es|ed|al|als|ing))\b[^\n]{0,200}\b(?:permission|skip|bypass|yolo)|\b(?:permission|skip|bypass|yolo)\w*\b[^\n]{0,200}\b(?:confirm|approv|consent|ask)\w*\b[^\n]{0,40}\buser`)

// stripPSComments blanks PowerShell's comments in text, keeping every
// newline (so offsets keep their lines): <# ... #> blocks and, outside
// quotes, # to the end of the line where # starts a word (a # inside a
// word or a string is not a comment).
func stripPSComments(text string) string {
	b := []byte(text)
	var quote byte
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case quote != 0:
			if c == '`' && quote == '"' {
				i++ // backtick escapes the next character in "..."
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '<' && i+1 < len(b) && b[i+1] == '#':
			j := i
			for ; j < len(b) && !(b[j] == '#' && j+1 < len(b) && b[j+1] == '>'); j++ {
				if b[j] != '\n' {
					b[j] = ' '
				}
			}
			if j+1 < len(b) {
				b[j], b[j+1] = ' ', ' '
			}
			i = j + 1
		case c == '#' && (i == 0 || b[i-1] == ' ' || b[i-1] == '\t' || b[i-1] == '\n' || b[i-1] == ';'):
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

// window returns up to n bytes of text on each side of off.
func window(text string, off, n int) string {
	s, e := max(0, off-n), min(len(text), off+n)
	return text[s:e]
}

// PowerShell has no Go parser; its download-and-run and encoded-command
// idioms are distinctive enough for patterns.
var psRules = []codeRule{
	{"download-exec", Critical, lazyRE(`(?i)\b(?:iex|invoke-expression)\b[^\n]*\b(?:iwr|irm|invoke-webrequest|invoke-restmethod|downloadstring|downloadfile|net\.webclient|start-bitstransfer)\b|\b(?:iwr|irm|invoke-webrequest|invoke-restmethod|downloadstring)\b[^\n]*\|\s*(?:iex|invoke-expression)\b`),
		"runs a script downloaded from the network", nil},
	{"decoded-exec", Critical, lazyRE(`(?i)\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]*\s-(?:e|ec|enc|encodedcommand)\s+[A-Za-z0-9+/=]{16,}|\b(?:iex|invoke-expression)\b[^\n]*frombase64string`),
		"runs an encoded command", nil},
	{"reverse-shell", Critical, lazyRE(`(?i)net\.sockets\.tcpclient[\s\S]{0,400}(?:iex|invoke-expression|getstream)`),
		"connects a TCP socket and runs what it reads (reverse shell)", nil},
	{"destructive-command", Critical, lazyRE(`(?i)\b(?:remove-item|ri|rm|del|erase|rd|rmdir)\b[^\n|;]*?(?:\s-r(?:ecurse)?\b|\s/s\b)[^\n|;]*?\s['"]?(?:[a-z]:\\?\*?|\\|\$env:(?:userprofile|systemroot|windir|systemdrive|homepath)\\?\*?|~[\\/]?\*?|\$home[\\/]?\*?)['"]?(?:\s|$)|\bformat(?:\.com)?\s+[a-z]:(?:\s|$)|\b(?:format-volume|clear-disk|initialize-disk)\b`),
		"removes or formats the system drive or the user's home folder", nil},
	{"system-trust", High, lazyRE(`(?i)\bcertutil(?:\.exe)?\s+(?:-f\s+|-user\s+)*-addstore\s+(?:-f\s+|-user\s+)*['"]?(?:root|authroot|ca)\b|\bimport-certificate\b[^\n]*cert:\\(?:localmachine|currentuser)\\(?:root|authroot|ca)\b|\\drivers\\etc\\hosts\b[^\n]*\b(?:add-content|set-content|out-file)\b|\b(?:add-content|set-content|out-file)\b[^\n]*\\drivers\\etc\\hosts\b`),
		"adds a certificate to the Windows root store or writes to the hosts file", nil},
}

// scanPowerShell runs the PowerShell patterns over text whose first line
// is file line line0, its comments left out (a comment quoting the
// vendor's one-liner runs nothing).
func scanPowerShell(sc *skillCtx, rel, text string, line0 int, w where) {
	code := stripPSComments(text)
	dlDone := false
	for _, r := range psRules {
		if m := r.re.FindStringIndex(code); m != nil {
			dlDone = dlDone || r.rule == "download-exec"
			ln := line0 + strings.Count(text[:m[0]], "\n")
			reason, base := r.reason, r.base
			if r.rule == "download-exec" && sc.psDepth == 0 {
				// ranked as the flow's downloads and the shell's
				// installers are: high in documentation; inside an
				// encoded command it is hidden from the reader, and
				// stays critical
				base, reason = psDownloadRank(sc, text, m[0], w, reason)
			}
			if sc.psDepth > 0 {
				reason += " (in an encoded command)"
			}
			if w != inScript && w != inProse {
				reason += " (in " + w.String() + ")"
			}
			sc.add(rel, ln, r.rule, sc.rank(base, w, false), reason, lineAround(text, m[0], m[1]))
		}
	}
	scanPowerShellFlow(sc, rel, text, code, line0, w, dlDone)
	scanBypass(sc, rel, text, line0, w)
	scanPSEncoded(sc, rel, text, code, line0, w)
	scanPSPersist(sc, rel, text, code, line0, w)
	scanPSWipe(sc, rel, text, code, line0, w)
}

// scanJoinedBypass runs the approval-bypass reading again over Python or
// JavaScript code whose string literals joined by a literal separator
// (["ne", "ver"].join(""), "-".join(["danger", "full", "access"])) are
// folded into the literal they make: a settings value split into pieces
// still switches the approvals off once the program joins it. Only the
// lines the first reading left unreported are added, with the file's own
// line as evidence.
func scanJoinedBypass(sc *skillCtx, rel, code string, line0 int, k fileKind, w where) {
	if k != kindJS && k != kindPython || !strings.Contains(code, "join(") {
		return
	}
	folded := foldLiteralJoins(code)
	if folded == code || !containsAny(strings.ToLower(folded), bypassHints) {
		return
	}
	had := map[int]bool{}
	for _, f := range sc.findings {
		if f.File == rel && f.RuleID == "approval-bypass" {
			had[f.Line] = true
		}
	}
	before := len(sc.findings)
	// the file's hint words were counted before the fold: its joined
	// value is a hint now
	saved := sc.hints.bypass
	sc.hints.bypass = true
	scanBypass(sc, rel, folded, line0, w)
	sc.hints.bypass = saved
	keep := sc.findings[:before]
	li := newLineIndex(code)
	for _, f := range sc.findings[before:] {
		if f.RuleID != "approval-bypass" || f.File != rel || had[f.Line] {
			continue
		}
		f.Evidence = Escape(strings.TrimSpace(lineText(code, li, f.Line-line0+1)), 160)
		keep = append(keep, f)
	}
	sc.findings = keep
}

// switchInPattern reports whether the switch at text[start:end] stands
// in a string literal of alternatives ("bypassPermissions|approval_policy")
// in a script that compiles or searches with regular expressions: a
// pattern the script looks for in other files, not a value it sets.
func switchInPattern(text string, start, end int) bool {
	ls := strings.LastIndexByte(text[:start], '\n') + 1
	le := strings.IndexByte(text[end:], '\n')
	if le < 0 {
		le = len(text) - end
	}
	line := text[ls : end+le]
	at, upto := start-ls, end-ls
	q := strings.LastIndexAny(line[:at], `"'`)
	r := strings.IndexAny(line[upto:], `"'`)
	if q < 0 || r < 0 {
		return false
	}
	body := line[q+1 : upto+r]
	return strings.Contains(body, "|") && !strings.ContainsAny(body, " \t") && regexUseRe.MatchString(text)
}
