package audit

import (
	"path"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Rule credential-exfil follows credential material through a script: a
// read of a private key, a cloud or tool credential file, a keychain, a
// browser profile or a secret environment variable, then a network send
// in the same file (shell, Python, JavaScript and TypeScript, and by
// pattern Ruby, Perl, PHP, Go, PowerShell, Java, Kotlin, C#, Rust,
// Swift, Lua, Elixir, R, Julia and Zig) is critical. The read alone
// is rule credential-read: high for a private key, medium otherwise.

// sdkSecretVars are the secret environment variables SDKs and tools
// read themselves (COMPOSER_AUTH: Composer's auth.json, every private
// package host's token, passed in the environment), as a regexp
// alternation: one list for every language's reader of them.
const sdkSecretVars = `AWS_SECRET_ACCESS_KEY|AWS_SESSION_TOKEN|AZURE_CLIENT_SECRET|ARM_CLIENT_SECRET|GOOGLE_APPLICATION_CREDENTIALS|GOOGLE_CREDENTIALS|GCP_SERVICE_ACCOUNT_KEY|SSH_PRIVATE_KEY|COMPOSER_AUTH`

var (
	// privateKeyRe finds the SSH key files and folder in a path.
	privateKeyRe = lazyRE(`id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?(\.pub)?|\.ssh(?:[/\\]([^\s'"]*))?`)
	// credEnvRe matches secret environment variables that SDKs read
	// and no script needs to send anywhere itself.
	credEnvRe = lazyRE(`\b(?:` + sdkSecretVars + `|SSH_AUTH_SOCK)\b`)
	// credPartRe matches a string literal that is one part of a
	// credential path joined in code (Path.home() / ".ssh" / "id_rsa",
	// path.join(os.homedir(), ".aws", "credentials")).
	credPartRe = lazyRE(`^['"]/?(?:\.credentials\.json|\.ssh|\.aws|\.netrc|\.npmrc|\.pypirc|\.git-credentials|\.kube|\.gnupg|\.azure|gcloud|\.password-store|Login Data|Cookies|key4\.db|logins\.json|id_(?:rsa|dsa|ecdsa|ed25519)` + credPartMore + `)['"]$`)
	// pyEnvRead and jsEnvRead read one secret environment variable.
	pyEnvRead = lazyRE(`os\.(?:environ(?:\.get)?\s*[\[(]|getenv\s*\()\s*['"](?:` + sdkSecretVars + `)['"]|os\.environ\.copy\(\)|\*\*os\.environ\b`)
	jsEnvRead = lazyRE(`process\.env(?:\.|\[\s*['"])(?:` + sdkSecretVars + `)\b|\.\.\.process\.env\b|Deno\.env\.toObject\(\)`)
	// pyNet and jsNet are any network call (a DNS lookup too: a name
	// built from data carries it to the name's server): with credentials read in
	// the same script, a request of any method carries them out.
	pyNet = lazyRE(`requests\.(?:get|post|put|patch|request|Session)\b|httpx\.|urllib3\.|` + pyURLLibNet + `|urlopen\(|http\.client\.|socket\.(?:socket|create_connection)\(|asyncio\.open_connection\(|\.sendall\(|\.sendto\(|smtplib\.|ftplib\.|paramiko\.|aiohttp\.|websocket|pycurl|socket\.(?:gethostbyname(?:_ex)?|getaddrinfo)\(|\bdns\.resolver\.|\bresolver\.(?:resolve|query)\(|(?:subprocess\.\w+|os\.system|os\.popen)\(\s*\[?\s*f?['"](?:curl|wget|nc|ncat|socat|scp|rsync|sftp|ftp)\b`)
	jsNet = lazyRE(`\bfetch\(|axios\b|https?\.(?:request|get)\(|net\.(?:connect|createConnection|Socket)\b|XMLHttpRequest|sendBeacon|WebSocket\(|nodemailer|\bgot\(|undici|node-fetch|superagent|\.post\(|\bdns\.(?:resolve\w*|lookup|reverse)\(|\bresolver\.resolve\w*\(|(?:exec|execSync|execFile|execFileSync|spawn|spawnSync)\(\s*['"\x60](?:curl|wget|nc|ncat|socat|scp|rsync|sftp|ftp)\b` +
		// JavaScript for Automation (osascript -l JavaScript): Cocoa's URL
		// loading through the ObjC bridge
		`|\$\.NSURLConnection\b|\$\.NSURLSession\b|\$\.NSMutableURLRequest\b` +
		// and its one-call downloads (NSData's and NSString's
		// ...WithContentsOfURL), or curl run by Standard Additions'
		// doShellScript
		`|\$\.NS(?:Data|String)\.(?:data|string)WithContentsOfURL\w*\(|\.doShellScript\(\s*['"\x60](?:curl|wget)\b` +
		// an API client's own request call in a collection's scripts
		// (apiscript.go): Postman's, Bruno's and Insomnia's sendRequest
		`|` + apiClientSend)
	// otherNet is a network call in Ruby, Perl, PHP, Go, PowerShell,
	// Java, Kotlin, C#, Rust, Swift, Lua, Elixir, R, Julia, Zig or Emacs
	// Lisp (otherNetMore: R, Julia and Zig; otherNetElisp: Emacs Lisp).
	otherNet = lazyRE(otherNetSrc)
	// otherEnvDump reads the whole environment in Ruby, Perl, PHP or
	// PowerShell (Go's os.Environ() is left out: it is how a Go program
	// passes its environment to a child).
	otherEnvDump = lazyRE(`\bENV\.(?:to_h|to_hash|to_a|inspect)\b|%ENV\b|json_encode\(\s*\$_(?:ENV|SERVER)|\bgetenv\(\s*\)|(?i:(?:get-childitem|gci|dir|ls)\s+env:|\[(?:system\.)?environment\]::getenvironmentvariables\(\))` + otherEnvDumpMore)
	otherCode    = lazySet(append([]string{".rb", ".pl", ".pm", ".php", ".go", ".lua", ".java", ".kt", ".kts", ".gradle", ".groovy", ".cs", ".swift", ".rs", ".ps1", ".psm1", ".csx", ".fish", ".ex", ".exs", ".r", ".jl", ".zig", ".el"}, scriptHostExts(moreLangExts)...)...)
)

// otherNetSrc is otherNet's pattern as text, a constant so otherNetDNS
// joins it to otherDNSSrc without building a string at init.
const otherNetSrc = `Net::HTTP|HTTParty|Faraday|RestClient|open-uri|URI\.open|LWP::|HTTP::Tiny|IO::Socket|curl_exec|curl_init|file_get_contents\(\s*['"]https?:|fsockopen|http\.(?:Post|PostForm|Get|NewRequest)\(|http\.Client\b|net\.Dial(?:er\b|\w*\(\s*(?:\w+,\s*)?(?:\x60(?:tcp|udp|ip)|\x22(?:tcp|udp|ip)|[A-Za-z_]))|HttpClient|HttpURLConnection|OkHttpClient|HttpRequest\.newBuilder|WebClient\(|reqwest::|ureq::|TcpStream::connect|URLSession|\bnew_tcp\(|\bsocket\.(?:connect|tcp)\(|socket\.http|ssl\.https|plenary\.curl|vim\.net\.request|:gen_tcp\.connect|:ssl\.connect|:httpc\.request|HTTPoison\.|\bReq\.(?:get|post|put|request)\b|Finch\.request|Mint\.HTTP|(?i:invoke-webrequest|invoke-restmethod|net\.webclient|uploadstring|uploadfile|uploaddata|system\.net\.sockets|tcpclient)` + otherNetMore + otherNetProc + otherNetPHP + otherNetElisp + otherNetLangs + comHTTPObject + otherNetAppleScript

// homeRef finds a reference to the user's home folder in code: a
// credential path part ("id_rsa", ".aws", "gcloud") is one only when
// joined to it, not as a word in a list of file patterns or a CLI's name
// in an argument list. WezTerm hands its Lua config the home folder as a
// field, wezterm.home_dir.
var homeRef = lazyRE(`expanduser|Path\.home\(|homedir\(|UserHomeDir\(|user\.home|Dir\.home\b|\bHOME\b|USERPROFILE|APPDATA|getpwuid|GetFolderPath\(|SpecialFolder\.|home_dir\(|wezterm\.home_dir\b|System\.user_home!?\(|['"\x60]~[/\\'"\x60]` + homeRefLangs + homeRefScriptHosts)

// bareCredName reports whether a string literal's text names a key or
// browser file with no folder ("id_rsa", "Cookies"): a credential only
// when the code joins it to the home folder (homeRef). A project's .env
// is read from the working folder and counts alone.
func bareCredName(body string) bool {
	return !strings.ContainsAny(body, `/\~$%`) && !strings.HasPrefix(body, ".env") && !keychainRead.MatchString(body)
}

// keychainRead is a command word that reads the macOS keychain
// (security find-generic-password): the keychain, wherever it is
// written, not a file name.
var keychainRead = lazyRE(`^(?:find-(?:generic|internet)-password|dump-keychain)$`)

// envReadOf returns the first read of the environment by re in code
// (nil: none) that is not a copy handed to a child process: env =
// os.environ.copy() whose every later use sets or drops one variable or
// passes it as env=, or JavaScript's {...process.env} written as a
// child's env option. Such a copy is how a script runs a tool with one
// variable changed, not a dump of secrets.
func envReadOf(re *lazyRegexp, code string) []int {
	for _, m := range re.FindAllStringIndex(code, 8) {
		if !childEnvCopy(code, m) {
			return m
		}
	}
	return nil
}

var (
	// envCopyVar names the variable an environment copy is assigned to.
	envCopyVar = lazyRE(`(\w+)\s*=\s*$`)
	// jsChildEnv is a child process's env option opening on the spread.
	jsChildEnv = lazyRE(`\benv\s*:\s*\{\s*(?:\w+\s*:[^,{}]*,\s*)*$`)
)

func childEnvCopy(code string, m []int) bool {
	read := code[m[0]:m[1]]
	line := code[strings.LastIndexByte(code[:m[0]], '\n')+1 : m[0]]
	switch {
	case strings.HasPrefix(read, "..."):
		return jsChildEnv.MatchString(code[max(0, m[0]-200):m[0]])
	case read != "os.environ.copy()":
		return false
	}
	v := envCopyVar.FindStringSubmatch(line)
	if v == nil {
		return false
	}
	name, rest := v[1], code[m[1]:]
	// every use of the copy as a whole word (wordIndex: no pattern
	// compiled per name)
	for u := wordIndex(rest, name, 0); u >= 0; u = wordIndex(rest, name, u+len(name)) {
		before := strings.TrimRight(rest[:u], " \t")
		after := rest[u+len(name):]
		switch {
		case strings.HasSuffix(before, "env=") || strings.HasSuffix(before, "env ="),
			strings.HasPrefix(strings.TrimLeft(after, " "), "=") && !strings.HasPrefix(strings.TrimLeft(after, " "), "=="):
			// passed as env=, or the keyword itself (env=env)
		case strings.HasPrefix(after, "["), strings.HasPrefix(after, ".update("), strings.HasPrefix(after, ".setdefault("),
			strings.HasPrefix(after, ".pop("):
		default:
			return false
		}
	}
	return true
}

// credIn reports whether a word names a credential store (a public
// key, *.pub, is not one).
func credIn(a string) bool {
	return mayBeCred(a) && credPath.MatchString(a) && !strings.HasSuffix(strings.Trim(a, `'"`), ".pub")
}

// isPrivateKey reports whether a credential path read is SSH key
// material: an id_* key (not its .pub), the ~/.ssh folder itself, or a
// glob or key file in it (not config, known_hosts or authorized_keys).
func isPrivateKey(what string) bool {
	for _, m := range privateKeyRe.FindAllStringSubmatch(what, -1) {
		if strings.HasPrefix(m[0], "id_") {
			if m[1] == "" {
				return true
			}
			continue
		}
		rest := m[2]
		switch {
		case rest == "" || rest == "*" || strings.HasPrefix(rest, "id_") && !strings.HasSuffix(rest, ".pub"):
			return true
		case strings.HasSuffix(rest, ".pem") || strings.HasSuffix(rest, ".key") || strings.Contains(rest, "*") && !strings.HasSuffix(rest, ".pub"):
			return true
		}
	}
	return false
}

// credReadSeverity is the severity of a credential read with no send
// in a script.
func credReadSeverity(what string) (Severity, string) {
	if isPrivateKey(what) {
		return High, "reads " + what + ", a private SSH key: whoever gets it logs in as the user"
	}
	return Medium, "reads " + what + ", which holds keys or credentials"
}

// taintAssign marks a variable assigned from a credential read (k=$(cat
// ~/.ssh/id_rsa), t=$AWS_SECRET_ACCESS_KEY), so a later network command
// that uses it sends the credential.
func (s *shScan) taintAssign(a *syntax.Assign) {
	if a.Name == nil || a.Value == nil {
		return
	}
	what := ""
	for _, sub := range substs(a.Value) {
		if c, ok := s.callOf(sub); ok {
			if w := credRead(c); w != "" {
				what = w
			}
		}
		if bc, ok := sub.Cmd.(*syntax.BinaryCmd); ok && isPipe(bc) {
			for _, st := range flattenPipe(bc) {
				if c, ok := s.callOf(st); ok && credRead(c) != "" {
					what = credRead(c)
				}
			}
		}
	}
	if what == "" {
		if v := wordText(a.Value); credEnvRe.MatchString(v) {
			what = "$" + credEnvRe.FindString(v)
		}
	}
	if what == "" {
		return
	}
	if s.tainted == nil {
		s.tainted = map[string]string{}
	}
	if len(s.tainted) < maxVars {
		s.tainted[a.Name.Value] = what
	}
}

// taintedArg returns what credential a command's arguments carry
// through a tainted variable, or "".
func (s *shScan) taintedArg(ce *syntax.CallExpr) string {
	if len(s.tainted) == 0 {
		return ""
	}
	what := ""
	for _, w := range ce.Args[1:] {
		syntax.Walk(w, func(n syntax.Node) bool {
			if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && what == "" {
				what = s.tainted[pe.Param.Value]
			}
			return what == ""
		})
	}
	return what
}

// dnsTools look a name up: the resolver chain, and the domain's owner,
// see the name.
var dnsTools = lazySet("dig", "nslookup", "host", "drill", "resolvectl", "getent")

// carriesData reports a network command that sends something: an
// upload or form (isSend), a raw connection, or a fetch whose URL holds
// a variable or substitution (data in the query string).
func carriesData(c call) bool {
	if isSend(c) {
		return true
	}
	if !isFetch(c) {
		return false
	}
	for _, a := range c.args {
		if strings.Contains(a, "://") && strings.Contains(a, "$") {
			return true
		}
	}
	return false
}

// scanOtherTaint reports credential reads, and reads with a network
// call, in a script of a language the audit has no rules for (Ruby,
// Perl, PHP, Go, PowerShell, Java, Kotlin, C#, Rust, Swift, Lua, Elixir,
// R, Julia, Zig), by pattern over its text.
func scanOtherTaint(sc *skillCtx, rel, text string) {
	if path.Ext(rel) == "" && appleScriptShebang(text) {
		scanOtherTaintIn(sc, rel, rel+".applescript", text, 1) // #!/usr/bin/osascript
		return
	}
	scanOtherTaintIn(sc, rel, rel, text, 1)
}

// scanOtherTaintIn is scanOtherTaint over code held in file rel whose
// first line is file line line0, read in the language of the file name
// lang (its extension, and for Lua and Perl its first line): rel itself
// for a script, or a name such as "step.ps1" for a pipeline step's
// PowerShell held in YAML. Findings are reported at rel's lines.
func scanOtherTaintIn(sc *skillCtx, rel, lang, text string, line0 int) {
	if !otherCode()[strings.ToLower(path.Ext(lang))] {
		return
	}
	if strings.EqualFold(path.Ext(lang), ".elv") {
		text = elvishHomePaths(text)
	}
	if isAppleScript(lang) {
		text = appleScriptCode(text) // comments blanked, "a" & "b" joined (applescript.go)
	} else if isAutoHotkey(lang) {
		text = ahkCode(text) // comments blanked, "a" "b" joined (autohotkey.go)
	}
	var m, needle []int
	what := ""
	// rx is text with its regular-expression sources blanked: a pattern
	// names what other text is tested for, neither a file the code opens
	// nor a call it makes (regexsource.go)
	rx, rxSpans := regexSourcesBlanked(text)
	if mayBeCred(text) {
		if m = credPath.FindStringIndex(rx); m != nil {
			what = strings.TrimSpace(text[m[0]:m[1]])
		}
	}
	if m == nil {
		if m = credStoreRead.FindStringIndex(hashCommentsBlanked(lang, rx)); m != nil {
			what = credStoreName(text[m[0]:m[1]])
		}
	}
	if m == nil && isAppleScript(lang) {
		// a credential named by a do shell script's command built from
		// variables (applescript.go)
		m, what = appleScriptShellCred(text)
	}
	if m == nil {
		// the GitHub CLI's token printed by gh auth token (clitoken.go)
		if m = cliTokenOf(hashCommentsBlanked(lang, rx)); m != nil {
			what = cliTokenWhat
		}
	}
	if m == nil {
		// a credential helper or password manager run for its secret
		// (credcli.go)
		m, what, _ = credCLIOf(hashCommentsBlanked(lang, rx))
	}
	if m == nil && strings.EqualFold(path.Ext(lang), ".jl") && strings.Contains(text, "DEPOT_PATH") {
		// Julia's package servers' tokens: servers/<host>/auth.toml in a
		// depot (~/.julia), which Pkg writes at login
		if m = juliaDepotAuth.FindStringIndex(text); m != nil {
			what = "Julia's package server tokens (a depot's servers/<host>/auth.toml)"
		}
	}
	php, phpCode := isPHPFile(lang), ""
	var ph phpHelpers
	if php && m == nil {
		// PHP's helpers returning the home folder (phpcred.go)
		phpCode = codeCommentsBlanked(text, "php")
		ph = phpHelpersOf(phpCode, sc.linked)
	}
	if strings.EqualFold(path.Ext(lang), ".nu") && strings.Contains(text, "path join") {
		// Nushell's path join "a" "b" "c" read as a list of parts,
		// of the same length
		text = nuPathJoin.ReplaceAllStringFunc(text, func(m string) string {
			return nuPartGap.ReplaceAllStringFunc(m, func(g string) string { return `",` + g[2:] })
		})
	}
	if lispPathExts()[strings.ToLower(path.Ext(lang))] && strings.Contains(text, `" "`) {
		// a Lisp's path call with its parts as separate arguments
		// ((io/file home ".m2" "settings.xml")) read as a list of parts,
		// of the same length
		text = lispPartRun.ReplaceAllStringFunc(text, func(m string) string {
			return nuPartGap.ReplaceAllStringFunc(m, func(g string) string { return `",` + g[2:] })
		})
	}
	if strings.EqualFold(path.Ext(lang), ".hs") {
		// Haskell's path join (home </> ".aws" </> "credentials") read
		// (a qualified import's F.</> too), as a list of parts of the same length
		text = hsJoinOp.ReplaceAllStringFunc(text, func(m string) string { return "," + strings.Repeat(" ", len(m)-1) })
	}
	if sbtPathExts()[strings.ToLower(path.Ext(lang))] && strings.Contains(text, "/") {
		// sbt's path join (Path.userHome / ".ivy2" / ".credentials")
		// read as a list of parts, of the same length
		text = sbtJoinRun.ReplaceAllStringFunc(text, func(m string) string {
			return sbtJoinOp.ReplaceAllStringFunc(m, func(g string) string { return `",` + strings.Repeat(" ", len(g)-3) + `"` })
		})
	}
	if m == nil && (mayBeCred(text) || mayBeCred(foldLiteralJoins(text))) && (homeRef.MatchString(text) || php && ph.homeCalled(phpCode)) {
		// A path joined in code from the home folder and parts
		// (filepath.Join(home, ".kube", "config")), or formatted with
		// it (sprintf('%s/.netrc', $home)).
		lits := strLit.FindAllStringIndex(text, -1)
		for _, w := range append(wordListWords(text), tclListWords(lang, text)...) {
			// a word of a word list (%w[.netrc .config/gh/hosts.yml],
			// qw(.netrc)) is a string literal written without quotes
			lits = append(lits, []int{w.off, w.off + len(w.body)})
		}
		for _, l := range lits {
			lit := text[l[0]:l[1]]
			if lit[0] != '"' && lit[0] != '\'' && lit[0] != '`' {
				lit = `"` + lit + `"`
			}
			if rest := interpHomeRest(lit); rest != "" {
				lit = rest // "#{home}/.aws/credentials": the part after the folder
			}
			if (credPartRe.MatchString(lit) || relCredPath(lit) || fmtCredPart(lit)) && !joinedSettingsOnly(text, l[1], lit) {
				if credNeedle(text, l[0], l[1]) {
					// a name tested, not a path opened (code.go)
					if needle == nil {
						needle = l
					}
					continue
				}
				m, what = l, "the credential path part "+lit
				break
			}
		}
		if m == nil {
			if l, p := joinedCredPath(text); l != nil {
				m, what = l, p+" (joined from parts)"
			}
		}
	}
	if m == nil && php {
		if l := ph.composerAuth(text, phpCode); l != nil {
			m, what = l, "Composer's auth.json (the path part "+text[l[0]:l[1]]+" joined to Composer's home folder)"
		}
	}
	needleOnly := false
	if m == nil && needle != nil {
		m, what, needleOnly = needle, "the credential path part "+text[needle[0]:needle[1]], true
	}
	if m == nil && rxSpans != nil {
		// a credential named only in a regular expression's source: a
		// needle, still what is sent when the file sends
		if r := regexSourceCred(lang, text); r != nil {
			m, what, needleOnly = r, strings.TrimSpace(text[r[0]:r[1]]), true
		}
	}
	if m == nil && strings.EqualFold(path.Ext(lang), ".rb") {
		return // Ruby's environment reads are rubycred.go's (child envs, prefix filters)
	}
	if m == nil {
		var name string
		if m = secretEnvEnum(text); m != nil {
			what = "the environment's secret variables (" + text[m[0]:m[1]] + " filtered by secret names)"
		} else if m = otherEnvDump.FindStringIndex(hashCommentsBlanked(lang, text)); m != nil {
			what = "the whole environment"
		} else if !php {
			return
		} else if m, name = phpEnvSecretRead(codeCommentsBlanked(text, "php")); m == nil {
			return
		} else {
			what = "the secret variable " + strings.Trim(name, `'"`)
		}
		if scriptSend(lang, text) == nil {
			return // read alone: environments are passed on, not stolen
		}
	}
	ln := 1 + strings.Count(text[:m[0]], "\n")
	if n := scriptSend(lang, text); n != nil {
		sev, reason := Critical, "reads "+what+" and sends data over the network in the same file"
		if what == cliTokenWhat && cliTokenGitHubOnly(hashCommentsBlanked(lang, text)) {
			sev, reason = High, serviceReason(what, serviceHosts["gh"])
		}
		if strings.EqualFold(path.Ext(lang), ".rb") && !needleOnly && credService(what) != "" {
			// one service's credential sent only to its hosts
			// (rubyservice.go), as in Python, JavaScript and shell
			if hosts, ok := rubyServiceBound(hashCommentsBlanked(lang, text)); ok {
				sev, reason = High, serviceReason(what, hosts)
			}
		}
		sc.add(rel, line0-1+max(ln, 1+strings.Count(text[:n[0]], "\n")), "credential-exfil", sev, reason, lineAround(text, n[0], n[1]))
		return
	}
	sev, reason := credReadRank(what, text)
	if sev == High && needleOnly {
		sev, reason = Medium, "names "+what+" only as a value it tests other text against (a rule, a name or a path compared with it)"+credNeedleNote
	} else if needleOnly {
		// a store read only at medium, named as a needle: no lift to
		// high by a send elsewhere (credNeedleNote), nothing is read
		reason = "names " + what + " only as a value it tests other text against (a rule, a name or a path compared with it)"
	} else if sev == High && isPrivateKey(what) && strings.EqualFold(path.Ext(lang), ".go") && goKeyReadInspected(text) {
		// a Go program looking at key headers (keyinspectgo.go)
		sev, reason = Medium, reason+keyInspectedNote
	} else if sev == High && isPrivateKey(what) && isPerlFile(lang, text) && perlKeyReadInspected(text) {
		// a Perl script looking at key headers (keyinspectperl.go)
		sev, reason = Medium, reason+keyInspectedNote
	}
	sc.add(rel, line0-1+ln, "credential-read", sev, reason, lineAround(text, m[0], m[1]))
}

// pyURLLibNet is the network half of Python's urllib (urllib.request,
// Python 2's urllib.urlopen and urllib2, and an import of one of them):
// urllib.parse, urllib.error and urllib.robotparser split and quote URLs
// on the machine and send nothing.
const pyURLLibNet = `\burllib2?\.(?:request|urlopen|urlretrieve|Request)\b|\burllib2\b|\bfrom\s+urllib2?\s+import\s+[^\n]*\b(?:request|urlopen|urlretrieve|Request)\b`

// interpLead is a string literal opening with an interpolated value and
// a slash: Ruby's and Crystal's "#{home}/", a template's "${home}/",
// Python's and C#'s "{home}/", Perl's and PHP's "$home/", Swift's and
// Pkl's "\(home)/", also as a file: URI (Pkl's read("file:\(home)/...")).
var interpLead = lazyRE(`^(["'])(?:file:(?://)?)?(?:#\{[^{}"'\n]{1,64}\}|\$\{[^{}"'\n]{1,64}\}|\{[^{}"'\n]{1,64}\}|\$\w{1,64}|\\\([^()"'\n]{1,64}\))/`)

// interpHomeRest returns lit (a quoted literal) less an interpolated
// leading folder, quoted again ("#{home}/.aws/credentials" gives
// ".aws/credentials"), or "" when lit does not open with one. The file
// names home elsewhere (homeRef), so the folder is read as home: a path
// interpolated from it is the same path joined from parts.
func interpHomeRest(lit string) string {
	m := interpLead.FindStringSubmatchIndex(lit)
	if m == nil {
		return ""
	}
	return lit[m[2]:m[3]] + lit[m[1]:]
}

// joinedNextPart is the literal joined after another in a join call's
// argument list: group 1 its text.
var joinedNextPart = lazyRE(`^\s*(?:,|/|</>|\+)\s*["']([^"'\n]+)["']`)

// joinedSettingsOnly reports whether the credential folder literal lit,
// ending at end of text, is joined with a next part making a
// settings-only file (File.join(Dir.home, ".ssh", "known_hosts"),
// Python's Path.home() / ".ssh" / "known_hosts"): the code names
// ~/.ssh/known_hosts, not the folder's keys. A part joined past the
// settings file (".ssh", "config.d", "id_rsa") names another path.
func joinedSettingsOnly(text string, end int, lit string) bool {
	rest := text[end:min(len(text), end+240)]
	m := joinedNextPart.FindStringSubmatchIndex(rest)
	if m == nil || joinedNextPart.MatchString(rest[m[1]:]) {
		return false
	}
	return settingsOnlyPath("~/" + strings.Trim(strings.Trim(lit, `"'`), "/") + "/" + rest[m[2]:m[3]])
}

// sbtPathExts are Scala and sbt, whose build code joins paths with sbt's
// / operator (Path.userHome / ".sbt" / "credentials.sbt").
var sbtPathExts = lazySet(".scala", ".sbt", ".sc", ".mill")

var (
	// sbtJoinRun is a run of string literals joined by sbt's / to a
	// value before them (home / ".ivy2" / ".credentials"): the run only,
	// so a literal " / " elsewhere is left alone.
	sbtJoinRun = lazyRE(`/[ \t]*"[^"\n]*"(?:[ \t]*/[ \t]*"[^"\n]*")+`)
	// sbtJoinOp is the / between two of the run's literals: the closing
	// quote, the operator and the next part's opening quote.
	sbtJoinOp = lazyRE(`"[ \t]*/[ \t]*"`)
)

// juliaDepotAuth names a Julia package server's token file.
var juliaDepotAuth = lazyRE(`"auth\.toml"`)

// elvishHomeVar binds an Elvish variable to the home folder: group 1
// its name.
var elvishHomeVar = lazyRE(`\bvar\s+([\w-]+)\s*=\s*(?:\$E:HOME|\(path:home\)|~)\s*$`)

// elvishHomePaths returns Elvish code with a bareword path under home
// ($E:HOME/.aws/credentials, or $h/... after var h = $E:HOME) written as
// ~/...: Elvish writes paths without quotes, where other languages join
// a literal to the home folder. Lines are kept.
func elvishHomePaths(text string) string {
	names := []string{`E:HOME`}
	for _, l := range strings.Split(text, "\n") {
		if m := elvishHomeVar.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			names = append(names, regexp.QuoteMeta(m[1]))
		}
	}
	re := regexp.MustCompile(`\$(?:` + strings.Join(names, "|") + `)/`)
	return re.ReplaceAllString(text, "~/")
}

// lispPathExts are the Lisps read by pattern (Clojure and babashka,
// Fennel, Janet, Racket, Scheme, Common Lisp) whose path calls take the
// parts as separate arguments with no comma between them: io/file,
// fs/path, path/join, build-path, merge-pathnames.
var lispPathExts = lazySet(".clj", ".cljc", ".bb", ".fnl", ".janet", ".rkt", ".scm", ".lisp", ".cl", ".lsp")

// lispPartRun is a run of two or more string literals separated only by
// blanks, as a Lisp passes path parts.
var lispPartRun = lazyRE(`"[^"\\\n]*"(?:[ \t]+"[^"\\\n]*")+`)

var (
	// nuPathJoin is Nushell's path join with literal parts.
	nuPathJoin = lazyRE(`\bpath\s+join(?:\s+"[^"\n]*")+`)
	// nuPartGap is the space between two quoted parts.
	nuPartGap = lazyRE(`"(\s+)"`)
)

// hsJoinOp is Haskell's path join operator </>, bare or qualified by an
// import alias (import qualified System.FilePath as F; home F.</> ".x"),
// which start-up files such as .ghci use to keep their names apart.
var hsJoinOp = lazyRE(`(?:\b[A-Z][\w']*\.)*</>`)
