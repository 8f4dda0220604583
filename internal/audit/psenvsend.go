package audit

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Rule credential-exfil for one secret environment variable a PowerShell
// script reads by name ($env:GITHUB_TOKEN, ${env:NPM_TOKEN},
// [Environment]::GetEnvironmentVariable('OPENAI_API_KEY'), Get-Item
// env:SLACK_TOKEN), followed through the script's variables, hashtables,
// splatted parameters and functions (readPS) to what its web calls send:
// Invoke-RestMethod and Invoke-WebRequest (-Body, -Uri, -Form, what is
// piped in; a splatted hashtable's keys alike), a WebClient's Upload* and
// Download* calls, an HttpClient's *Async calls (the content built from
// the value), curl.exe's and wget's data options and URL,
// Send-MailMessage, Resolve-DnsName. The whole environment sent is
// scanOtherTaint's.
//
// A token is made to be sent to its own service, so where it goes
// decides. Sent in a request's data (body, URL, form, a DNS name) to a
// host that is not its service's (api.openai.com for OPENAI_API_KEY,
// github.com and its hosts for GITHUB_TOKEN: the service the variable's
// name begins with) or to an address the script computes, it is the
// user's token handed to whoever runs that host: critical. In a request
// header (-Headers, -Token, -Credential, a WebClient's or HttpClient's
// headers) it authenticates to the host named, as curl -H does in a
// shell script, and is reported only when that host is a fixed one of
// another service. A variable whose name names no service (API_KEY,
// AUTH_TOKEN) is the script's own service's and is not judged by host.
// The secrets SDKs read and no script sends itself (sdkSecretVars:
// AWS_SECRET_ACCESS_KEY, AZURE_CLIENT_SECRET…) are critical in any
// request, as in Python, JavaScript and Ruby. A value only tested (-not,
// [bool], IsNullOrEmpty, a comparison, .Length) or masked before use (a
// short .Substring, -replace with mask characters) carries nothing, nor
// does a request's answer.

// psEnvRef finds a variable in an expression: $name, $scope:name,
// ${scope:name}; $env:X is an environment read.
var psEnvRef = lazyRE(`\$\{((?:\w+:)?\w+)\}|\$((?:\w+:)?\w+)`)

// psEnvNamedRead is an environment read by a literal name that is not a
// variable reference: [Environment]::GetEnvironmentVariable('X'), Get-Item
// env:X (gi, Get-ChildItem, gci, Get-Content, gc; -Path, Env:\X, quoted).
var psEnvNamedRead = lazyRE(`(?i)\[(?:system\.)?environment\]::getenvironmentvariable\(\s*['"](\w+)['"]|\b(?:get-item|gi|get-childitem|gci|get-content|gc)\s+(?:-(?:literal)?path\s+)?['"]?env:[\\/]?(\w+)\b`)

// psEnvDynRead is an environment read by a computed name:
// GetEnvironmentVariable($n), Get-Item "env:$n".
var psEnvDynRead = lazyRE(`(?i)\[(?:system\.)?environment\]::getenvironmentvariable\(\s*[$(]|\b(?:get-item|gi|get-childitem|gci|get-content|gc)\s+(?:-(?:literal)?path\s+)?(?:"env:[\\/]?\$|env:[\\/]?\$|\(\s*['"]env:)`)

// psSendCmd is a command that sends a request: a web cmdlet, curl or
// wget (the programs, or Windows PowerShell's aliases of
// Invoke-WebRequest), a mail, a DNS lookup.
var psSendCmd = lazyRE(`(?i)(?:^|[\s(|;={,&])(invoke-restmethod|invoke-webrequest|irm|iwr|curl(?:\.exe)?|wget(?:\.exe)?|send-mailmessage|resolve-dnsname)(?:[\s)|;]|$)`)

// psSendMethod is a method of a WebClient or HttpClient that sends a
// request (its receiver in group 1), or a .NET DNS lookup.
var psSendMethod = lazyRE(`(?i)(?:\$\{?([\w:]+)\}?(?:\.\w+)*|\))\s*\.\s*((?:upload(?:string|data|values|file)|download(?:string|data|file)|openread|openwrite)(?:taskasync|async)?|(?:post|put|patch|send|get|getstring|getbytearray|getstream|delete)async)\s*\(|\[(?:system\.)?net\.dns\]::(?:gethostaddresses|gethostentry|gethostbyname|resolve)\w*\s*\(`)

// psMutate is a method call that puts a value into a container or an
// object's headers: $h.Add('k', $v), $wc.Headers.Add(…), $sb.Append($v).
var psMutate = lazyRE(`(?i)\$\{?((?:\w+:)?\w+)\}?((?:\.\w+|\[[^\]\n]*\])*)\.(?:add|insert|set|setvalue|append|appendline|appendformat|push|enqueue|addrange|tryadd|tryaddwithoutvalidation)\s*\(`)

// psAssignStmt is an assignment: its variable, the member or index path
// after it ($h['k'], $wc.Headers['Authorization']) and the value.
var psAssignStmt = lazyRE(`^\s*(?:\[[^\]\n]*\]\s*)*\$\{?((?:\w+:)?\w+)\}?((?:\.\w+|\[[^\]\n]*\])*)\s*(?:[+\-*/]|\?\?)?=([^=][\s\S]*|)$`)

// psForeach binds a loop variable to what it walks.
var psForeach = lazyRE(`(?i)^\s*foreach\s*\(\s*\$(\w+)\s+in\s+([\s\S]*)\)\s*$`)

// psFuncDef opens a function: its name and its ( … ) parameter list.
var psFuncDef = lazyRE(`(?i)(?:^|[\n;{}])[ \t]*(?:function|filter)\s+(?:(?:global|script|local|private):)?([\w-]+)\s*(\([^)]*\))?\s*\{`)

// psParamBlock opens a param( … ) block.
var psParamBlock = lazyRE(`(?i)\bparam\s*\(`)

// psReturn is a statement that returns a value.
var psReturn = lazyRE(`(?i)^\s*return\s+(\S[\s\S]*)$`)

// psTestBefore and psTestAfter are a variable's surroundings when it is
// only tested: -not $k, [bool]$k, IsNullOrEmpty($k), $x -eq $k; $k.Length,
// $k.StartsWith(…), $k -ne $null.
var (
	psTestBefore = lazyRE(`(?i)(?:-not|!|\[bool\]|isnullorempty\(|isnullorwhitespace\(|-[ci]?(?:eq|ne|gt|ge|lt|le|like|notlike|match|notmatch))\s*$`)
	psTestAfter  = lazyRE(`(?i)^(?:\.(?:length|count)\b|\.(?:startswith|endswith|contains|equals|gethashcode|gettype)\s*\(|\s*-[ci]?(?:eq|ne|gt|ge|lt|le|like|notlike|match|notmatch|is|isnot|in|notin)\b)`)
	// psMaskAfter is a masking of the value: a few characters of it
	// (.Substring(0, 4), .Substring($k.Length - 4)), or -replace with
	// mask characters.
	psMaskAfter = lazyRE(`(?i)^(?:\.substring\(\s*\d+\s*,\s*(\d+)\s*\)|\.substring\(\s*\$[\w:{}]+\.length\s*-\s*(\d+)\s*\)|\s*-[ci]?replace\s+(?:'[^'\n]*'|"[^"\n]*")\s*,\s*(?:'([^'\n]*)'|"([^"\n]*)"))`)
)

// psSecretNameRe and psNotSecretRe tell a secret variable's name
// (GITHUB_TOKEN, OPENAI_API_KEY) from a setting about one
// (GITHUB_TOKEN_FILE, OPENAI_MAX_TOKENS, AWS_ACCESS_KEY_ID).
var (
	psSecretNameRe = lazyRE(`(?i)(?:token|secret|api_?key|apikey|access_?key|private_?key|signing_?key|password|passwd|credential|(?:^|_)(?:pat|pass|pwd)$)`)
	psNotSecretRe  = lazyRE(`(?i)(?:^|_)(?:public_?key|id|url|uri|endpoint|host|hostname|file|path|dir|name|type|region|user|username|scopes?|expiry|expires(?:_at|_in)?|expiration|header|prefix|length|env|mode|version|kind|format|enabled|required|set|present|tokens|limit|count|size|ttl|timeout|budget|max|min)$|^(?:max|min|num)_`)
	psSDKVarRe     = lazyRE(`(?i)^(?:` + sdkSecretVars + `)$`)
	// psListedName is a variable name a data file or literal lists.
	psListedName = lazyRE(`\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b`)
)

// psSecretVar reports whether an environment variable's name is a secret
// one, and whether it is one SDKs read (sdkSecretVars).
func psSecretVar(name string) (secret, sdk bool) {
	if psSDKVarRe.MatchString(name) {
		return true, true
	}
	return psSecretNameRe.MatchString(name) && !psNotSecretRe.MatchString(name), false
}

// psGenericWords are the words of a secret variable's name that name no
// service (OPENAI_API_KEY's API and KEY; SLACK_BOT_TOKEN's BOT, TOKEN).
var psGenericWords = sync.OnceValue(func() map[string]bool {
	return set("token", "tokens", "key", "keys", "api", "apikey", "apitoken", "secret", "secrets", "secretkey", "access",
		"accesskey", "accesstoken", "auth", "authtoken", "bot", "pat", "password", "passwd", "pwd", "pass", "client", "personal",
		"private", "bearer", "app", "user", "service", "account", "oauth", "oauth2", "refresh", "session", "credential", "credentials",
		"id", "my", "admin", "master", "webhook", "signing", "deploy", "publish", "registry", "read", "write", "prod", "production",
		"dev", "test", "staging", "sk", "default", "local", "env", "ci", "build", "release", "org", "team", "workspace", "project",
		"cloud", "server", "hub", "live", "sandbox", "integration", "install", "installation", "root", "main", "primary",
		"secondary", "system", "v1", "v2", "v3", "url", "host", "smtp", "mail", "email", "imap", "pop", "ftp", "sftp", "ssh", "db", "database")
})

// psServiceHosts maps a service word of a variable's name to the labels
// its hosts are registered under when they are not the word itself
// (GH_TOKEN: github.com, githubusercontent.com; NPM_TOKEN: npmjs.org).
var psServiceHosts = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"github": {"github", "githubusercontent", "ghcr", "githubapp", "githubcopilot", "ghe"}, "gh": {"github", "githubusercontent", "ghcr", "githubcopilot", "ghe"},
		"hf": {"huggingface", "hf"}, "huggingface": {"huggingface", "hf"},
		"aws": {"amazonaws", "amazon", "aws"}, "amazon": {"amazonaws", "amazon", "aws"},
		"azure": {"azure", "microsoftonline", "microsoft", "windows", "azurewebsites", "visualstudio", "sharepoint", "office"},
		"arm":   {"azure", "microsoftonline", "microsoft", "windows"}, "msgraph": {"microsoft", "microsoftonline"},
		"graph": {"microsoft", "microsoftonline"}, "entra": {"microsoftonline", "microsoft"},
		"google": {"googleapis", "google"}, "gcp": {"googleapis", "google"}, "gcloud": {"googleapis", "google"},
		"gemini": {"googleapis", "google"}, "firebase": {"googleapis", "firebaseio", "google"}, "youtube": {"googleapis", "youtube"},
		"npm": {"npmjs", "yarnpkg", "github"}, "node": {"npmjs", "yarnpkg", "github"}, "anthropic": {"anthropic", "claude"},
		"claude": {"anthropic", "claude"}, "openai": {"openai", "azure"}, "chatgpt": {"openai"}, "sonar": {"sonarcloud", "sonarqube"},
		"shopify": {"shopify", "myshopify"}, "langsmith": {"langchain"}, "xai": {"x"}, "grok": {"x"}, "cf": {"cloudflare"},
		"do": {"digitalocean"}, "jira": {"atlassian"}, "confluence": {"atlassian"}, "bitbucket": {"bitbucket", "atlassian"},
		"dockerhub": {"docker"}, "twine": {"pypi", "pythonhosted"}, "pypi": {"pypi", "pythonhosted"}, "tg": {"telegram"},
		"discord": {"discord", "discordapp"}, "hubspot": {"hubapi", "hubspot"}, "dashscope": {"aliyuncs"}, "qwen": {"aliyuncs"},
		"zhipu": {"bigmodel"}, "azdo": {"azure", "visualstudio"}, "ado": {"azure", "visualstudio"}, "datadog": {"datadoghq"},
		"dd": {"datadoghq"},
	}
})

// psServiceLabels returns the registered host labels of the service a
// secret variable's name names (nil: it names none).
func psServiceLabels(name string) map[string]bool {
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '_' || r == '-' }) {
		if !psGenericWords()[w] {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return nil
	}
	out := map[string]bool{}
	add := func(w string) {
		out[w] = true
		for _, l := range psServiceHosts()[w] {
			out[l] = true
		}
	}
	for i, w := range words {
		add(w)
		if i > 0 {
			add(words[i-1] + w) // HUGGING_FACE: huggingface
		}
	}
	return out
}

// psRegistered returns the label a host is registered under (api.openai.com:
// openai; x.co.uk: x), "" when the host has no dot.
func psRegistered(host string) string {
	labels := strings.Split(host, ".")
	if len(labels) < 2 {
		return ""
	}
	reg := labels[len(labels)-2]
	if len(labels) >= 3 && len(labels[len(labels)-1]) == 2 {
		switch reg {
		case "co", "com", "net", "org", "gov", "ac", "edu", "or", "ne", "go":
			reg = labels[len(labels)-3]
		}
	}
	return reg
}

// psOwnHost reports whether host is one of the service's: registered
// under its word or a known label of it, or the word with a short
// suffix (npmjs, datadoghq, googleapis).
func psOwnHost(host string, labels map[string]bool) bool {
	reg := psRegistered(host)
	if reg == "" || strings.ContainsRune(reg, 0) {
		return false
	}
	if labels[reg] {
		return true
	}
	for l := range labels {
		if len(l) >= 4 && strings.HasPrefix(reg, l) && len(reg)-len(l) <= 4 && !strings.ContainsAny(reg[len(l):], "-0123456789") {
			return true
		}
	}
	return false
}

// psLocalHost reports a host on this machine.
func psLocalHost(host string) bool {
	return host == "localhost" || strings.HasSuffix(host, ".localhost") || strings.HasPrefix(host, "127.") ||
		host == "[::1]" || host == "::1" || host == "0.0.0.0" || host == "host.docker.internal"
}

// psTaint is the set of secret variables a value carries (upper case).
type psTaint map[string]bool

// psEnvFlow follows secret environment values through one script.
type psEnvFlow struct {
	c         *psCode
	taint     map[string]psTaint   // variables (lower case, scope dropped) and what they carry
	header    map[string]psTaint   // objects whose headers or credentials carry a secret
	ret       map[string]psTaint   // functions that return a secret
	vals      map[string][]psBind  // every value assigned to a variable, for the hosts of URLs
	funcs     map[string][]psParam // the script's functions and their parameters
	hasFunc   map[string]bool      // the script's functions, those without parameters too
	member    map[string][]psBind  // values set on a variable's members or keys ($p.Body = …), by variable
	hostOf    map[string]psHosts   // the hosts a variable's values reach, worked out once
	splats    map[string][]psBind  // the entries of a splatted hashtable's literals, worked out once
	splatUses int
	dataVals  map[string]string // dataValue's answers
	listed    []string          // secret names the script's literals or data files list
	listFn    string            // the data file that lists them, if one does
	data      []linkedFile
}

// psFlowVar is a variable's key: lower case, its scope dropped.
func psFlowVar(name string) string {
	name = strings.ToLower(name)
	if i := strings.IndexByte(name, ':'); i >= 0 {
		switch name[:i] {
		case "script", "global", "local", "private", "using":
			name = name[i+1:]
		}
	}
	return name
}

// psExpr is what an expression carries, read once: the secret variables
// it reads itself, and the variables and functions of the script whose
// values it uses (their taint is looked up as the flow grows).
type psExpr struct {
	direct psTaint
	refs   []string // variables used as values (flow keys)
	calls  []string // functions of the script called (lower case)
}

// psMaxRefs bounds the distinct variables one expression is read for.
const psMaxRefs = 256

// parseExpr reads an expression at code offset off (see psExpr): a
// variable only tested or masked there is not a use of its value.
func (f *psEnvFlow) parseExpr(e string, off int) psExpr {
	var x psExpr
	direct := func(n string) {
		if x.direct == nil {
			x.direct = psTaint{}
		}
		x.direct[n] = true
	}
	seen := map[string]bool{}
	for _, m := range psEnvRef.FindAllStringSubmatchIndex(e, -1) {
		g := 2
		if m[2] < 0 {
			g = 4
		}
		name := e[m[g]:m[g+1]]
		key := psFlowVar(name)
		if seen[key] || f.c.inLiteral(off+m[0]) || m[0] > 0 && e[m[0]-1] == '`' {
			continue
		}
		if strings.HasPrefix(key, "env:") {
			if secret, _ := psSecretVar(name[4:]); !secret {
				continue
			}
		} else if len(seen) >= psMaxRefs {
			continue
		}
		if psTestUse(e, m[0], m[1]) {
			continue
		}
		seen[key] = true
		if strings.HasPrefix(key, "env:") {
			direct(strings.ToUpper(name[4:]))
		} else {
			x.refs = append(x.refs, key)
		}
	}
	for _, m := range psEnvNamedRead.FindAllStringSubmatchIndex(e, 64) {
		g := 2
		if m[2] < 0 {
			g = 4
		}
		n := strings.ToUpper(e[m[g]:m[g+1]])
		if secret, _ := psSecretVar(n); !secret || x.direct[n] || f.c.inLiteral(off+m[0]) || psTestUse(e, m[0], psCloseOf(e, m[1])) {
			continue
		}
		direct(n)
	}
	if len(f.listed) > 0 {
		for _, m := range psEnvDynRead.FindAllStringIndex(e, 64) {
			if !f.c.inLiteral(off+m[0]) && !psTestUse(e, m[0], psCloseOf(e, m[1])) {
				for _, n := range f.listed {
					direct(n)
				}
				break
			}
		}
	}
	if len(f.hasFunc) > 0 {
		for _, w := range psCommandWords(e) {
			if name := strings.ToLower(e[w[0]:w[1]]); f.hasFunc[name] {
				x.calls = append(x.calls, name)
			}
		}
	}
	return x
}

// eval returns what a read expression carries with the flow as it stands.
func (f *psEnvFlow) eval(x psExpr) psTaint {
	var t psTaint
	t = psUnion(t, x.direct)
	for _, r := range x.refs {
		t = psUnion(t, f.taint[r])
	}
	for _, c := range x.calls {
		t = psUnion(t, f.ret[c])
	}
	return t
}

// exprTaint returns what an expression at code offset off carries: the
// secret variables read or held in it, used as values (not only tested
// or masked).
func (f *psEnvFlow) exprTaint(e string, off int) psTaint {
	return f.eval(f.parseExpr(e, off))
}

// psCloseOf returns the end of a read that ends with an open call at end
// (GetEnvironmentVariable('X' … ) ), for the test of what follows it.
func psCloseOf(e string, end int) int {
	if i := strings.IndexByte(e[end:], ')'); i >= 0 && !strings.ContainsRune(e[end:end+i], '\n') {
		return end + i + 1
	}
	return end
}

// psTestUse reports whether the variable at e[s:t] is only tested or
// masked there (see above).
func psTestUse(e string, s, t int) bool {
	before := e[max(0, s-40):s]
	if psTestBefore.MatchString(before) {
		return true
	}
	after := e[t:min(len(e), t+120)]
	if psTestAfter.MatchString(after) {
		return true
	}
	m := psMaskAfter.FindStringSubmatch(after)
	switch {
	case m == nil:
		return false
	case m[1] != "" || m[2] != "":
		// a few characters: a key's prefix or last four
		n, err := strconv.Atoi(m[1] + m[2])
		return err == nil && n <= 12
	default:
		repl := m[3] + m[4]
		return repl != "" && strings.Trim(repl, "*x#.•") == ""
	}
}

// psCommandWords returns the words at a command's place in e: its start,
// after a pipe, an opening bracket or an assignment.
func psCommandWords(e string) [][2]int {
	var out [][2]int
	for i := 0; i < len(e); i++ {
		if !(isIdentByte(e[i]) && e[i] != '$') || i > 0 && (isIdentByte(e[i-1]) || e[i-1] == '-' || e[i-1] == '.' || e[i-1] == ':') {
			continue
		}
		j := i
		for j < len(e) && (isIdentByte(e[j]) && e[j] != '$' || e[j] == '-') {
			j++
		}
		k := i - 1
		for k >= 0 && (e[k] == ' ' || e[k] == '\t') {
			k--
		}
		if k < 0 || strings.IndexByte("|(={;", e[k]) >= 0 {
			out = append(out, [2]int{i, j})
		}
		i = j
	}
	return out
}

// scanPSEnvSend reports a PowerShell script (rel, text) that sends a
// secret environment variable (see above); linked are the files it names
// (a .psd1 listing the variables it reads by computed name).
func scanPSEnvSend(sc *skillCtx, rel, text string, linked []linkedFile) {
	ext := strings.ToLower(path.Ext(rel))
	if ext != ".ps1" && ext != ".psm1" {
		return
	}
	lower := strings.ToLower(text)
	if !strings.Contains(lower, "env:") && !strings.Contains(lower, "getenvironmentvariable") {
		return
	}
	for _, f := range sc.findings {
		if f.File == rel && f.RuleID == "credential-exfil" && f.Severity == Critical {
			return // the whole environment sent, or a credential file
		}
	}
	code, _ := foldPSConcat(stripPSComments(text))
	if !psSendCmd.MatchString(code) && !psSendMethod.MatchString(code) {
		return
	}
	f := &psEnvFlow{c: readPS(code), taint: map[string]psTaint{}, header: map[string]psTaint{}, ret: map[string]psTaint{},
		vals: map[string][]psBind{}, funcs: map[string][]psParam{}, member: map[string][]psBind{}, hostOf: map[string]psHosts{},
		splats: map[string][]psBind{}}
	for _, l := range linked {
		if l.data {
			f.data = append(f.data, l)
		}
	}
	f.listNames()
	u, ok := f.run()
	if !ok {
		return
	}
	li := newLineIndex(text)
	ln := li.line(u.off)
	sc.add(rel, ln, "credential-exfil", Critical, u.reason, strings.TrimSpace(lineText(text, li, ln)))
}

// listNames gathers the secret variable names the script's string
// literals and its data files (a .psd1 it loads) list, for its reads by
// computed name.
func (f *psEnvFlow) listNames() {
	if !psEnvDynRead.MatchString(f.c.code) {
		return
	}
	seen := map[string]bool{}
	add := func(text, from string) {
		for _, n := range psListedName.FindAllString(text, 64) {
			if secret, _ := psSecretVar(n); secret && !seen[strings.ToUpper(n)] && n == strings.ToUpper(n) {
				seen[n] = true
				f.listed = append(f.listed, n)
				if f.listFn == "" {
					f.listFn = from
				}
			}
		}
	}
	for _, l := range f.data {
		add(l.text, l.rel)
	}
	// the script's own quoted names ('GITHUB_TOKEN', "NPM_TOKEN")
	code := f.c.code
	for _, m := range psListedName.FindAllStringIndex(code, 256) {
		if m[0] > 0 && (code[m[0]-1] == '\'' || code[m[0]-1] == '"') {
			add(code[m[0]:m[1]], "")
		}
	}
}

// psBind is an assignment the flow follows: to variable name (with a
// member or index path), of the value at code offset off.
type psBind struct {
	name, path, value string
	off               int
}

// assignments returns the script's assignments: statements, foreach
// bindings, parameters' defaults, values put into containers by method
// calls, and the arguments calls of the script's functions bind to their
// parameters.
func (f *psEnvFlow) assignments() []psBind {
	var out []psBind
	code := f.c.code
	// functions and their parameters
	for _, m := range psFuncDef.FindAllStringSubmatchIndex(code, 512) {
		name := strings.ToLower(code[m[2]:m[3]])
		var params []psParam
		body := code[m[1]:min(len(code), m[1]+400)]
		if m[4] >= 0 {
			params = psParams(code, m[4])
		} else if p := psParamBlock.FindStringIndex(body); p != nil && strings.Trim(psAttrStrip(body[:p[0]]), " \t\r\n") == "" {
			params = psParams(code, m[1]+p[1]-1)
		}
		if f.hasFunc == nil {
			f.hasFunc = map[string]bool{}
		}
		f.hasFunc[name] = true
		if len(params) > 0 {
			f.funcs[name] = params
		}
	}
	for _, m := range psParamBlock.FindAllStringIndex(code, 512) {
		for _, p := range psParams(code, m[1]-1) {
			if p.def != "" {
				out = append(out, psBind{p.name, "", p.def, p.off})
			}
		}
	}
	for _, st := range f.c.stmts {
		if a := psAssignStmt.FindStringSubmatchIndex(st.s); a != nil {
			out = append(out, psBind{psFlowVar(st.s[a[2]:a[3]]), strings.ToLower(st.s[a[4]:a[5]]), st.s[a[6]:a[7]], st.off + a[6]})
		} else if a := psForeach.FindStringSubmatchIndex(st.s); a != nil {
			out = append(out, psBind{psFlowVar(st.s[a[2]:a[3]]), "", st.s[a[4]:a[5]], st.off + a[4]})
		}
		for from, n := 0, 0; from < len(st.s) && n < 16; n++ {
			m := psMutate.FindStringSubmatchIndex(st.s[from:])
			if m == nil {
				break
			}
			for i := range m {
				m[i] += from
			}
			args, offs := psCallArgs(st.s, m[1]-1)
			for i, a := range args {
				out = append(out, psBind{psFlowVar(st.s[m[2]:m[3]]), strings.ToLower(st.s[m[4]:m[5]]) + ".add", a, st.off + offs[i]})
			}
			// past the call: a call in its arguments is read with them
			from = max(m[1], psSkipParen(st.s, m[1]-1, 0)+1)
		}
		if len(f.funcs) == 0 {
			continue
		}
		calls := 0
		for _, w := range psCommandWords(st.s) {
			params, ok := f.funcs[strings.ToLower(st.s[w[0]:w[1]])]
			if !ok || len(params) == 0 {
				continue
			}
			if calls++; calls > 16 {
				break // calls nested in calls: each reads to the statement's end
			}
			args, _ := psCommandArgs(st.s, w[1])
			bound := map[string]bool{}
			var pos []psArg
			for _, a := range args {
				if a.param == "" {
					pos = append(pos, a)
					continue
				}
				for _, p := range params {
					if strings.HasPrefix(p.name, a.param) && !bound[p.name] {
						bound[p.name] = true
						out = append(out, psBind{p.name, "", a.value, st.off + a.off})
						break
					}
				}
			}
			for _, p := range params {
				if len(pos) == 0 {
					break
				}
				if !bound[p.name] {
					out = append(out, psBind{p.name, "", pos[0].value, st.off + pos[0].off})
					pos = pos[1:]
				}
			}
		}
	}
	return out
}

// psAttrStrip drops attributes ([CmdletBinding()]) from the text before
// a function's param block.
func psAttrStrip(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '[' {
			i = psSkipParen(s, i, 0)
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// headerOf reports an assignment into a request object's headers or
// credentials ($wc.Headers['Authorization'] = …, $c.DefaultRequestHeaders.Add(…),
// $wc.Credentials = …): a key authenticating the requests the object
// makes. A hashtable or object of the script's own ($body = @{}) is
// data, whatever its keys are called.
func (f *psEnvFlow) headerOf(a psBind) bool {
	if !strings.Contains(a.path, "headers") && !strings.Contains(a.path, "credentials") {
		return false
	}
	for _, v := range f.vals[a.name] {
		t := strings.ToLower(strings.TrimSpace(v.value))
		if strings.HasPrefix(t, "@{") || strings.HasPrefix(t, "[ordered]") || strings.HasPrefix(t, "[pscustomobject]") || strings.HasPrefix(t, "@(") {
			return false
		}
	}
	return true
}

// run follows the values and judges every request; ok reports a request
// that sends a secret (u).
func (f *psEnvFlow) run() (u psUse, ok bool) {
	as := f.assignments()
	for _, a := range as {
		switch {
		case a.path == "":
			if len(f.vals[a.name]) < 16 {
				f.vals[a.name] = append(f.vals[a.name], a)
			}
		case a.path == ".baseaddress":
			if len(f.vals[a.name+".baseaddress"]) < 16 {
				f.vals[a.name+".baseaddress"] = append(f.vals[a.name+".baseaddress"], a)
			}
		case !strings.HasSuffix(a.path, ".add"):
			if len(f.member[a.name]) < 16 {
				f.member[a.name] = append(f.member[a.name], a)
			}
		}
	}
	// what the functions return: a return statement's value, or a value
	// left on the pipeline, in the innermost function holding it
	type retStmt struct {
		fn string
		x  psExpr
	}
	var rets []retStmt
	code := f.c.code
	type fnRange struct {
		name       string
		start, end int
	}
	var open []fnRange
	defs := psFuncDef.FindAllStringSubmatchIndex(code, 512)
	for _, st := range f.c.stmts {
		for len(defs) > 0 && defs[0][1] <= st.off {
			m := defs[0]
			defs = defs[1:]
			end, ok := f.c.blockEnd[m[1]-1]
			if !ok {
				end = len(code)
			}
			open = append(open, fnRange{strings.ToLower(code[m[2]:m[3]]), m[1], end})
		}
		for len(open) > 0 && open[len(open)-1].end <= st.off {
			open = open[:len(open)-1]
		}
		if len(open) == 0 {
			continue
		}
		fn := open[len(open)-1].name
		expr, eoff := "", 0
		if r := psReturn.FindStringSubmatchIndex(st.s); r != nil {
			expr, eoff = st.s[r[2]:r[3]], st.off+r[2]
		} else if t := strings.TrimSpace(st.s); t != "" && strings.IndexByte(`$"([`, t[0]) >= 0 && psAssignStmt.FindStringIndex(st.s) == nil &&
			psMutate.FindStringIndex(st.s) == nil && !strings.Contains(st.s, "|") {
			// a value left on the pipeline is returned
			expr, eoff = st.s, st.off
		}
		if expr != "" && !psSendCmd.MatchString(expr) && !psSendMethod.MatchString(expr) {
			rets = append(rets, retStmt{fn, f.parseExpr(expr, eoff)})
		}
	}
	// each assignment read once; its taint grows with the flow's
	parsed := make([]psExpr, len(as))
	for i, a := range as {
		if !psSendCmd.MatchString(a.value) && !psSendMethod.MatchString(a.value) {
			parsed[i] = f.parseExpr(a.value, a.off)
		} // else a request's answer: it carries nothing sent
	}
	for pass := 0; pass < 8; pass++ {
		changed := false
		merge := func(into map[string]psTaint, key string, t psTaint) {
			if len(t) == 0 || len(into) >= maxVars && into[key] == nil {
				return
			}
			if into[key] == nil {
				into[key] = psTaint{}
			}
			for k := range t {
				if !into[key][k] {
					into[key][k] = true
					changed = true
				}
			}
		}
		for i, a := range as {
			t := f.eval(parsed[i])
			if f.headerOf(a) {
				merge(f.header, a.name, t)
			} else {
				merge(f.taint, a.name, t)
			}
		}
		for _, r := range rets {
			merge(f.ret, r.fn, f.eval(r.x))
		}
		if !changed {
			break
		}
	}
	for _, st := range f.c.stmts {
		if u, ok := f.judgeStmt(st); ok {
			return u, true
		}
	}
	return psUse{}, false
}

// psUse is a request that sends a secret: where, and why it is reported.
type psUse struct {
	off    int
	reason string
}

// judgeStmt judges the requests of one statement.
func (f *psEnvFlow) judgeStmt(st psStmt) (psUse, bool) {
	s := st.s
	for _, m := range psSendCmd.FindAllStringSubmatchIndex(s, 8) {
		cmd := strings.ToLower(s[m[2]:m[3]])
		args, _ := psCommandArgs(s, m[3])
		if psCurlStyle(cmd, args) {
			if u, ok := f.judgeCurl(s, m[3], st.off, st.off+m[2]); ok {
				return u, true
			}
			continue
		}
		var data, hdr psTaint
		dataWhere, urlExpr := "", ""
		add := func(t psTaint, where string, header bool) {
			if len(t) == 0 {
				return
			}
			if header {
				hdr = psUnion(hdr, t)
				return
			}
			if data == nil {
				dataWhere = where
			}
			data = psUnion(data, t)
		}
		judgeArg := func(param, value string, off int) {
			t := f.exprTaint(value, off)
			switch cmd {
			case "resolve-dnsname":
				if param == "" || strings.HasPrefix("name", param) {
					add(t, "a DNS name", false)
				}
				return
			case "send-mailmessage":
				switch {
				case psParamIs(param, "body", "subject", "attachments", "to", "cc", "bcc"):
					add(t, "a mail", false)
				case psParamIs(param, "credential"):
					add(t, "", true)
				case psParamIs(param, "smtpserver"):
					if v := strings.Trim(strings.TrimSpace(value), `'"`); v != "" && !strings.ContainsAny(v, "$(") {
						urlExpr = "smtp://" + v
					} else {
						urlExpr = value
					}
				}
				return
			}
			switch {
			case param == "" || psParamIs(param, "uri"):
				if urlExpr == "" {
					urlExpr = value
				}
				add(t, "the URL", false)
			case psParamIs(param, "body", "form", "infile"):
				add(t, "the request body", false)
			case psParamIs(param, "headers", "token", "credential", "authentication", "useragent", "websession", "certificate", "proxycredential"):
				add(t, "", true)
				for _, r := range psEnvRef.FindAllStringSubmatch(value, 8) {
					add(f.header[psFlowVar(r[1]+r[2])], "", true)
				}
			}
		}
		for _, a := range args {
			if a.param == "" && strings.HasPrefix(a.value, "@") && len(a.value) > 1 && a.value[1] != '{' && a.value[1] != '(' {
				// a splatted hashtable: its keys are the parameters (a
				// file splatting one table many times is judged on the
				// first uses: each reads the whole table)
				if f.splatUses++; f.splatUses > 64 {
					continue
				}
				for _, e := range f.splatEntries(psFlowVar(a.value[1:])) {
					judgeArg(e.path, e.value, e.off)
				}
				continue
			}
			judgeArg(a.param, a.value, st.off+a.off)
		}
		// what is piped in is the body
		if lead := strings.LastIndexByte(s[:m[2]], '|'); lead >= 0 && cmd != "resolve-dnsname" && cmd != "send-mailmessage" && strings.TrimSpace(s[lead+1:m[2]]) == "" {
			in, inOff := s[:lead], 0
			if a := psAssignStmt.FindStringSubmatchIndex(in); a != nil {
				in, inOff = in[a[6]:a[7]], a[6]
			}
			add(f.exprTaint(in, st.off+inOff), "the request body", false)
		}
		if cmd == "resolve-dnsname" || cmd == "send-mailmessage" && urlExpr == "" {
			urlExpr = "\x00" // the name's servers; the mail server the settings name
		}
		if u, ok := f.judge(data, hdr, dataWhere, urlExpr, st.off+m[2]); ok {
			return u, true
		}
	}
	for _, m := range psSendMethod.FindAllStringSubmatchIndex(s, 8) {
		args, offs := psCallArgs(s, m[1]-1)
		recv := ""
		if m[2] >= 0 {
			recv = psFlowVar(s[m[2]:m[3]])
		}
		var data, hdr psTaint
		for i, a := range args {
			data = psUnion(data, f.exprTaint(a, st.off+offs[i]))
			for _, r := range psEnvRef.FindAllStringSubmatch(a, 8) {
				hdr = psUnion(hdr, f.header[psFlowVar(r[1]+r[2])])
			}
		}
		hdr = psUnion(hdr, f.header[recv])
		urlExpr := "\x00"
		where := "the request"
		if m[4] < 0 {
			where = "a DNS name"
		} else if len(args) > 0 {
			urlExpr = args[0]
			if h, unknown := f.hosts(urlExpr, 0); unknown && len(h) == 0 && recv != "" && len(f.vals[recv+".baseaddress"]) > 0 {
				urlExpr = f.vals[recv+".baseaddress"][0].value
			}
		}
		if u, ok := f.judge(data, hdr, where, urlExpr, st.off+m[0]); ok {
			return u, true
		}
	}
	return psUse{}, false
}

// psCurlStyle reports a curl or wget command written with the program's
// own options (curl.exe -d …), not as Invoke-WebRequest's alias (curl -Uri …).
func psCurlStyle(cmd string, args []psArg) bool {
	if !strings.HasPrefix(cmd, "curl") && !strings.HasPrefix(cmd, "wget") {
		return false
	}
	for _, a := range args {
		if psParamIs(a.param, "uri", "body", "method", "headers", "usebasicparsing", "outfile", "contenttype", "infile", "form", "websession") && len(a.param) > 2 {
			return false
		}
	}
	return true
}

// Options of curl and wget: what their value is.
var (
	psCurlData   = lazySet("-d", "--data", "--data-raw", "--data-binary", "--data-urlencode", "--data-ascii", "--json", "-F", "--form", "--form-string", "-T", "--upload-file", "--post-data", "--body-data", "--url")
	psCurlHeader = lazySet("-H", "--header", "-u", "--user", "--oauth2-bearer", "-b", "--cookie", "-A", "--user-agent", "-e", "--referer", "--http-user", "--http-password", "--password")
	psCurlValue  = sync.OnceValue(func() map[string]bool {
		return set("-X", "--request", "-o", "--output", "-O", "-m", "--max-time", "--connect-timeout", "-w", "--write-out", "-x", "--proxy", "-U", "--proxy-user",
			"-c", "--cookie-jar", "--retry", "-K", "--config", "-r", "--range", "-C", "--cacert", "--cert", "--key", "-E", "--resolve", "--interface", "-P", "-t", "--tries", "--timeout")
	})
)

// judgeCurl judges a curl or wget command written with its own options
// whose name ends at from in the statement s (at code offset soff):
// data options and the URL carry data, header and user options
// authenticate to the URL's host.
func (f *psEnvFlow) judgeCurl(s string, from, soff, at int) (psUse, bool) {
	var data, hdr psTaint
	where, urlExpr := "", ""
	take := func(v string, off int, kind string) {
		t := f.exprTaint(v, soff+off)
		switch kind {
		case "url":
			if urlExpr == "" {
				urlExpr = v
			}
			if len(t) > 0 && data == nil {
				where = "the URL"
			}
			data = psUnion(data, t)
		case "data":
			if len(t) > 0 && data == nil {
				where = "the request body"
			}
			data = psUnion(data, t)
		case "header":
			hdr = psUnion(hdr, t)
		}
	}
	next := ""
	for i, n := from, 0; i < len(s) && n < 256; n++ {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n' || s[i] == '`') {
			i++
		}
		if i >= len(s) || strings.IndexByte("|;)}", s[i]) >= 0 {
			break
		}
		j := max(psToken(s, i), i+1)
		tok := s[i:j]
		switch {
		case next != "":
			take(tok, i, next)
			next = ""
		case strings.HasPrefix(tok, "-") && len(tok) > 1:
			opt, val, hasVal := strings.Cut(tok, "=")
			kind := ""
			switch {
			case psCurlData()[opt]:
				kind = "data"
				if opt == "--url" {
					kind = "url"
				}
			case psCurlHeader()[opt]:
				kind = "header"
			case psCurlValue()[opt]:
				kind = "skip"
			}
			switch {
			case kind == "" || kind == "skip" && hasVal:
			case hasVal && strings.HasPrefix(opt, "--"):
				take(val, i+len(opt)+1, kind)
			case len(opt) > 2 && !strings.HasPrefix(opt, "--") && kind != "":
				take(tok[2:], i+2, kind) // -d'k=v', -H"X: y"
			default:
				next = kind
			}
		default:
			take(tok, i, "url")
		}
		i = j
	}
	return f.judge(data, hdr, where, urlExpr, at)
}

// splatEntries returns the parameters a splatted hashtable holds: the
// entries of the literals assigned to it and the keys set on it later
// ($p.Body = …, $p['Body'] = …), each as a binding whose path is the key.
func (f *psEnvFlow) splatEntries(name string) []psBind {
	if e, ok := f.splats[name]; ok {
		return e
	}
	var out []psBind
	for _, v := range f.vals[name] {
		keys, vals, offs, ok := psHashEntries(v.value)
		if !ok {
			continue
		}
		for i, k := range keys {
			out = append(out, psBind{name, k, vals[i], v.off + offs[i]})
		}
	}
	for _, m := range f.member[name] {
		out = append(out, psBind{name, strings.Trim(m.path, `.[]'" `), m.value, m.off})
	}
	f.splats[name] = out
	return out
}

// psParamIs reports whether a parameter name as written (a prefix is
// enough in PowerShell) is one of names.
func psParamIs(written string, names ...string) bool {
	for _, n := range names {
		if written == n || len(written) >= 2 && strings.HasPrefix(n, written) {
			return true
		}
	}
	return false
}

// psUnion returns a with b's variables added.
func psUnion(a, b psTaint) psTaint {
	if len(b) == 0 {
		return a
	}
	if a == nil {
		a = psTaint{}
	}
	for k := range b {
		a[k] = true
	}
	return a
}

// judge ranks one request sending data (in where) and headers carrying
// the secrets given, to the URL urlExpr ("\x00": an address no literal
// gives), at code offset off.
func (f *psEnvFlow) judge(data, hdr psTaint, where, urlExpr string, off int) (psUse, bool) {
	if len(data) == 0 && len(hdr) == 0 {
		return psUse{}, false
	}
	hosts, unknown := f.hosts(urlExpr, 0)
	dest := "an address the script computes"
	if !unknown && len(hosts) > 0 {
		dest = hosts[0]
	}
	for _, side := range []struct {
		t     psTaint
		where string
	}{{data, where}, {hdr, "a request header"}} {
		for _, n := range slices.Sorted(maps.Keys(side.t)) {
			what, it := f.what(n)
			if _, sdk := psSecretVar(n); sdk {
				if side.where == "a DNS name" {
					return psUse{off, fmt.Sprintf("reads %s, a secret SDKs read and no script needs to send itself, and puts %s in a DNS name it looks up: the name's servers receive it", what, it)}, true
				}
				return psUse{off, fmt.Sprintf("reads %s, a secret SDKs read and no script needs to send itself, and sends %s in %s to %s", what, it, side.where, dest)}, true
			}
			labels := psServiceLabels(n)
			if labels == nil {
				continue // no service named: the script's own
			}
			svc := psServiceWord(n)
			switch {
			case side.where == "a DNS name":
				return psUse{off, fmt.Sprintf("reads %s and puts %s in a DNS name it looks up: the name's servers receive the user's %s token", what, it, svc)}, true
			case unknown && side.where == "a request header":
				continue // authenticates to the host the script is given
			case unknown:
				return psUse{off, fmt.Sprintf("reads %s and sends %s in %s to an address the script computes, not a fixed host of %s", what, it, side.where, svc)}, true
			}
			for _, h := range hosts {
				if psLocalHost(h) || psOwnHost(h, labels) {
					continue
				}
				return psUse{off, fmt.Sprintf("reads %s and sends %s in %s to %s, which is not %s's: the user's token handed to another party", what, it, side.where, h, svc)}, true
			}
		}
	}
	return psUse{}, false
}

// psServiceWord returns the first word of a secret variable's name that
// names its service (GITHUB_TOKEN: github).
func psServiceWord(name string) string {
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '_' || r == '-' }) {
		if !psGenericWords()[w] {
			return w
		}
	}
	return strings.ToLower(name)
}

// what names a secret variable for a reason, and the pronoun for it:
// $env:NAME, or the list it was read from by computed name.
func (f *psEnvFlow) what(n string) (string, string) {
	if slices.Contains(f.listed, n) {
		shown := f.listed
		if len(shown) > 4 {
			shown = append(shown[:4:4], "…")
		}
		from := "the script"
		if f.listFn != "" {
			from = f.listFn
		}
		return "the variables " + from + " lists (" + strings.Join(shown, ", ") + ") by computed name", "them"
	}
	return "$env:" + n, "it"
}

// psHosts is what a URL expression reaches: hosts, or unknown when some
// value is computed.
type psHosts struct {
	hosts   []string
	unknown bool
}

// hosts returns the hosts a URL expression reaches: a literal's, a
// variable's values' (followed depth levels, each variable worked out
// once), a data file's value for $cfg.Key; unknown when some value is
// computed.
func (f *psEnvFlow) hosts(e string, depth int) (hosts []string, unknown bool) {
	e = strings.TrimSpace(e)
	for i := 0; i < 8 && strings.HasPrefix(e, "(") && psSkipParen(e, 0, 0) == len(e)-1; i++ {
		e = strings.TrimSpace(e[1 : len(e)-1])
	}
	if e == "" || e == "\x00" || depth > 4 {
		return nil, true
	}
	if i := strings.Index(e, "://"); i >= 0 {
		return f.urlHost(e[i+3:], depth)
	}
	// a variable, alone or leading a join or a string
	m := psEnvRef.FindStringSubmatchIndex(e)
	if m == nil {
		return nil, true
	}
	var name string
	if m[2] >= 0 {
		name = e[m[2]:m[3]]
	} else {
		name = e[m[4]:m[5]]
	}
	key := psFlowVar(name)
	if strings.HasPrefix(key, "env:") {
		return nil, true
	}
	if rest := e[m[1]:]; strings.HasPrefix(rest, ".") && len(f.vals[key]) > 0 {
		// $cfg.ReportUrl: the key's value in a data file the script loads
		prop := rest[1:]
		if i := strings.IndexFunc(prop, func(r rune) bool {
			return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		}); i >= 0 {
			prop = prop[:i]
		}
		if v := f.dataValue(prop); v != "" {
			return f.hosts(v, depth+1)
		}
		return nil, true
	}
	if h, ok := f.hostOf[key]; ok {
		return h.hosts, h.unknown
	}
	f.hostOf[key] = psHosts{unknown: true} // a variable built from itself
	r := psHosts{}
	for _, v := range f.vals[key] {
		h, unk := f.hosts(v.value, depth+1)
		if unk {
			r = psHosts{unknown: true}
			break
		}
		r.hosts = append(r.hosts, h...)
	}
	if len(f.vals[key]) == 0 {
		r.unknown = true
	}
	f.hostOf[key] = r
	return r.hosts, r.unknown
}

// urlHost returns the host of a URL's text after its scheme, a variable
// in it read as its literal value.
func (f *psEnvFlow) urlHost(h string, depth int) ([]string, bool) {
	end := len(h)
	subs := 0
	for j := 0; j < len(h); j++ {
		if strings.IndexByte("/?#:'\" \t\n)`", h[j]) >= 0 {
			end = j
			break
		}
		if h[j] != '$' {
			continue
		}
		if subs++; subs > 8 {
			return nil, true
		}
		// a variable in the host: its literal value, or unknown
		k := j + 1
		if k < len(h) && h[k] == '(' {
			k = psSkipParen(h, k, 0) + 1
		}
		for k < len(h) && (isIdentByte(h[k]) && h[k] != '$' || h[k] == '{' || h[k] == '}' || h[k] == ':') {
			k++
		}
		sub, unk := f.hosts(f.literalOf(h[j+1:k]), depth+1)
		rest := "\x00"
		if !unk && len(sub) == 1 {
			rest = sub[0]
		}
		h = h[:j] + rest + h[k:]
		j += len(rest) - 1
		end = len(h)
	}
	host := strings.ToLower(h[:end])
	if host == "" || strings.ContainsRune(psRegistered(host), 0) || !strings.Contains(host, ".") && strings.ContainsRune(host, 0) {
		return nil, true
	}
	return []string{host}, false
}

// literalOf returns a variable's value when it is one string literal
// (for a host built from it), else "\x00".
func (f *psEnvFlow) literalOf(name string) string {
	name = strings.Trim(name, "{}")
	vals := f.vals[psFlowVar(name)]
	if len(vals) != 1 {
		return "\x00"
	}
	v := strings.TrimSpace(vals[0].value)
	if len(v) >= 2 && (v[0] == '\'' || v[0] == '"') && v[len(v)-1] == v[0] && !strings.ContainsAny(v[1:len(v)-1], "$'\"") {
		return "https://" + strings.TrimPrefix(strings.TrimPrefix(v[1:len(v)-1], "https://"), "http://")
	}
	return "\x00"
}

// dataValue returns the string a data file the script loads gives key
// (Key = 'v' in a .psd1, "Key": "v" in JSON), or "".
func (f *psEnvFlow) dataValue(key string) string {
	if key == "" {
		return ""
	}
	if v, ok := f.dataVals[key]; ok {
		return v
	}
	if f.dataVals == nil {
		f.dataVals = map[string]string{}
	}
	v := f.dataValueOf(key)
	f.dataVals[key] = v
	return v
}

// dataValueOf is dataValue's search.
func (f *psEnvFlow) dataValueOf(key string) string {
	for _, l := range f.data {
		lower := strings.ToLower(l.text)
		k := strings.ToLower(key)
		for from := 0; from < len(lower); {
			i := strings.Index(lower[from:], k)
			if i < 0 {
				break
			}
			i += from
			from = i + len(k)
			rest := strings.TrimLeft(l.text[from:], `"' 	`)
			if !strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, ":") {
				continue
			}
			rest = strings.TrimLeft(rest[1:], " \t")
			if rest == "" || (rest[0] != '\'' && rest[0] != '"') {
				continue
			}
			if j := strings.IndexByte(rest[1:], rest[0]); j >= 0 {
				return rest[:j+2]
			}
		}
	}
	return ""
}
