package audit

import (
	"fmt"
	"path"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Shell rules read the syntax tree of mvdan.cc/sh, so quoting, pipes,
// command and process substitutions and redirections are seen the way a
// shell sees them, not as text: `echo "curl x | sh"` is a string, `curl x
// | sh` a pipeline.

var (
	fetchers     = lazySet("curl", "wget", "fetch", "aria2c", "http", "https", "xh", "lwp-download", "lwp-request", "iwr", "irm", "invoke-webrequest", "invoke-restmethod", "ftp", "tftp")
	interpreters = lazySet("sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "csh", "tcsh", "busybox", "python", "python2", "python3", "perl", "ruby", "node", "nodejs", "deno", "bun", "php", "pwsh", "powershell", "iex", "invoke-expression", "source", ".", "osascript", "lua", "tclsh")
	wrappers     = lazySet("sudo", "doas", "env", "nohup", "time", "exec", "command", "builtin", "timeout", "nice", "ionice", "stdbuf", "setsid", "xargs", "su", "run0", "chroot", "unbuffer")
	netTools     = lazySet("nc", "ncat", "netcat", "telnet", "socat", "cryptcat", "pwncat")
	miners       = lazySet("xmrig", "xmr-stak", "minerd", "cpuminer", "cpuminer-multi", "ethminer", "t-rex", "nbminer", "lolminer", "phoenixminer", "nanominer", "gminer", "teamredminer", "ccminer", "bfgminer", "cgminer", "srbminer", "xmrig-notls")
)

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// credPath matches files that hold keys and credentials, and secret
// stores; persistTarget files whose change runs code later.
var (
	credPath      = lazyRE(`(?i)(?:~|\$\{?HOME\}?|\$ENV\{HOME\}|/home/[^/\s'"]+|/root|/Users/[^/\s'"]+|os\.homedir\(\)[^'"]*['"]|expanduser\(\s*['"]~|%(?:USERPROFILE|APPDATA|LOCALAPPDATA)%|\$env:(?:USERPROFILE|APPDATA|LOCALAPPDATA))[/\\]?(?:\.ssh\b|\.aws[/\\](?:credentials|config)|\.claude[/\\]\.credentials\.json|\.codex[/\\]auth\.json|\.netrc|\.git-credentials|\.docker/config\.json|\.kube/config|\.config/gh/hosts\.yml|\.npmrc|\.pypirc|\.gnupg|\.password-store|\.config/gcloud|\.azure|Library/Keychains|\.mozilla/firefox|\.config/(?:google-chrome|chromium|BraveSoftware|microsoft-edge)|Library/Application Support/(?:Google/Chrome|BraveSoftware|Microsoft Edge|Firefox)|\.bitcoin|\.electrum|\.ethereum|Library/Cookies|(?:AppData[/\\])?(?:Local|Roaming)[/\\](?:Google[/\\]Chrome|Microsoft[/\\]Edge|BraveSoftware|Mozilla[/\\]Firefox))|/etc/shadow\b|(?:^|[/\s'"])id_(?:rsa|dsa|ecdsa|ed25519)\b|(?:^|/)\.ssh/|(?:^|[\s'"/=@])\.env(?:\.local|\.production)?(?:$|[\s'"])|(?:^|[/\\])(?:Login Data|Cookies|key4\.db|logins\.json)(?:$|['"])|application_default_credentials\.json|find-(?:generic|internet)-password|dump-keychain` + credPathMore)
	persistTarget = lazyRE(`(?:^|/)(?:\.bashrc|\.bash_profile|\.bash_login|\.profile|\.zshrc|\.zprofile|\.zshenv|\.zlogin|config\.fish|authorized_keys2?)$|^/etc/(?:cron|profile|rc\.local|bash\.bashrc|zsh/|systemd/|init\.d/|ld\.so\.preload)|/var/spool/cron|LaunchAgents/|LaunchDaemons/|\.config/autostart/|\.config/systemd/user/|\.git/hooks/|\.gradle/init\.d/|\.gradle/init\.gradle(?:\.kts)?$`)
	minerWords    = lazyRE(`(?i)stratum\d?\+(?:tcp|ssl|tls)://|--donate-level\b|\b(?:xmrig|cryptonight|randomx|nicehash|minexmr|supportxmr|nanopool\.org|2miners\.com|moneroocean)\b`)
	b64Blob       = lazyRE(`[A-Za-z0-9+/]{400,}={0,2}|(?:\\x[0-9a-fA-F]{2}){60,}`)
	// scriptSocket and scriptExec: a Perl, Ruby or PHP one-liner that
	// connects a socket and runs a shell.
	scriptSocket = lazyRE(`(?i)socket|fsockopen|TCPSocket`)
	scriptExec   = lazyRE(`(?i)exec|system|/bin/(?:ba)?sh|spawn|popen`)
)

// shScan is the state of one shell scan (a script or one code block): the
// credential reads and network sends seen, which together are
// exfiltration.
type shScan struct {
	// substDepth counts the command substitutions being evaluated
	// (normalise.go's cmdSubst): each level expands its words twice
	// (echo, then a program lookup), so depth is capped.
	substDepth  int
	sc          *skillCtx
	rel         string
	lines       []string
	line0       int
	w           where
	credLine    int
	credWhat    string
	envLoad     int    // line of the first `source .env` (0: none)
	envLoadWhat string // the file it loaded
	sendLine    int
	sendWhat    string
	downloaded  map[string]int    // files fetched -> line (at most maxDownloads)
	staged      map[string]string // files written -> the persistence file whose lines they hold, or "" (stageWrite)
	credAndSend bool
	budget      *walkBudget
	// env and cfg expand words (see normalise.go), made on first use.
	env *shellEnv
	cfg *expand.Config
	// tainted maps variables assigned from a credential read to what
	// was read (see taintAssign).
	tainted map[string]string
	// credKinds holds the credService of every credential read ("" for
	// one bound to no service), dests every network destination, and
	// exfils the credential-exfil findings ranked by them at the end.
	credKinds map[string]bool
	dests     destinations
	exfils    []pendingExfil
	// rs holds fetched commands run later and scripts written out
	// (shellremote.go).
	rs remoteState
	// up holds the archives unpacked from downloads (shellunpack.go).
	up unpackState
	// dg holds what judges a digest check of a download (shelldigest.go).
	dg digestState
	// jqOuts holds the files jq's output was redirected to, by
	// jqKey (jqtighten.go), and jqSponges the sponge calls a jq run
	// pipes into, with the file it read when its filter only tightens.
	jqOuts    map[string]jqOut
	jqSponges map[*syntax.CallExpr]string
	// keys judges whether the script only inspects the credentials it
	// reads (shkeyinspect.go).
	keys shKeys
	// hk holds the netrc lookups keyed by a request's host and the curl
	// calls logging in with them (credhostkeysh.go); loginLine the first
	// netrc read that only logs in (one of them, or curl --netrc-file),
	// loginWhat what it read and loginFile whether it was curl's.
	hk        shHostKeyed
	loginLine int
	loginWhat string
	loginFile bool
	// emptyRoot holds the rm calls under a root the script may leave
	// empty, with the root's variable (emptyroot.go).
	emptyRoot map[*syntax.CallExpr]string
}

// pendingExfil is a credential sent through a variable or later in the
// script: critical, or high when serviceBound holds for the whole scan.
type pendingExfil struct {
	line         int
	what, reason string
}

// maxDownloads bounds the saved downloads a scan remembers (each later
// command is checked against every one).
const maxDownloads = 32

// scanShell parses code as bash and runs the shell rules. line0 is the
// file line of code's first line. A script that does not parse whole is
// parsed line by line, as bash would still run the lines before an error.
// Code nested deeper than MaxShellNesting is not parsed, and a walk stops
// after MaxShellNodes nodes or when the audit is cancelled: either is
// reported as rule not-audited.
func scanShell(sc *skillCtx, rel, code string, line0 int, w where) {
	s := &shScan{sc: sc, rel: rel, lines: strings.Split(code, "\n"), line0: line0, w: w, downloaded: map[string]int{},
		budget: &walkBudget{ctx: sc.ctx}}
	if n := shellNesting(code); n > MaxShellNesting {
		sc.notAudited(rel, line0, fmt.Sprintf("the shell code nests %d levels of parentheses or braces, past the depth budget of %d; its commands were not read", n, MaxShellNesting))
	} else if f, err := sc.parseShell(code); err == nil {
		s.netrcHostKeyed(f, code)
		s.file(f, 0)
	} else {
		for i, l := range s.lines {
			if strings.TrimSpace(l) == "" {
				continue
			}
			if s.budget.stopped != "" {
				break
			}
			if f, err := sc.parseShell(l); err == nil {
				s.file(f, i)
			}
		}
	}
	if s.budget.stopped != "" && s.budget.stopped != stopCancelled {
		sc.notAudited(rel, line0, s.budget.stopped+"; the rest of it was not read")
	}
	if w == inScript {
		for _, m := range b64Blob.FindAllStringIndex(code, 1) {
			ln := strings.Count(code[:m[0]], "\n")
			s.add(ln+1, "obfuscation", Medium, "a long encoded blob in a script hides what it does from review", code[m[0]:min(m[1], m[0]+80)])
		}
	}
	s.finish()
}

// parseShell parses code as bash with the skill's parser, made on first
// use and reused (a skill's files are audited by one goroutine; a
// parser keeps its buffers between files).
func (sc *skillCtx) parseShell(code string) (*syntax.File, error) {
	if sc.sh == nil {
		sc.sh = syntax.NewParser(syntax.Variant(syntax.LangBash))
	}
	f, err := sc.sh.Parse(strings.NewReader(code), "")
	if err == nil || !zshOnly.MatchString(code) {
		return f, err
	}
	// A zsh script (a .zsh file, an Alfred or Automator script run by
	// /bin/zsh, macOS's login shell) uses syntax bash rejects: ${=var}
	// splitting, &! and &| to start a job disowned, ${(f)var} flags.
	// Parsed line by line, a command spanning lines (a curl with its
	// --data arguments continued) would be lost, so code showing such
	// syntax is parsed as zsh when bash fails.
	if sc.zsh == nil {
		sc.zsh = syntax.NewParser(syntax.Variant(syntax.LangZsh))
	}
	if zf, zerr := sc.zsh.Parse(strings.NewReader(code), ""); zerr == nil {
		return zf, nil
	}
	return f, err
}

// zshOnly is syntax of zsh that bash does not parse: ${=name} and
// ${~name} (split or glob a value), ${(flags)name}, and &! or &| ending
// a command (start it disowned).
var zshOnly = lazyRE(`\$\{[=~^]+\w|\$\{\([a-zA-Z@:.]+\)|&[!|][ \t]*(?:$|[;)#\n])`)

// add reports at a line of the scanned code (1-based within it).
func (s *shScan) add(line int, rule string, base Severity, reason, evidence string) {
	if evidence == "" && line >= 1 && line <= len(s.lines) {
		evidence = strings.TrimSpace(s.lines[line-1])
	}
	sev := s.sc.rank(base, s.w, false)
	switch {
	case s.sc.runStep && s.w == inCode && runStepRules()[rule]:
		sev = base // a procedure to run, not a quoted example (mdrunstep.go)
		reason += " (in steps the document tells the agent to run)"
	case s.w != inScript && s.w != inProse:
		reason += " (in " + s.w.String() + ")"
	}
	s.sc.add(s.rel, s.line0+line-1, rule, sev, reason, evidence)
}

// file runs the rules over every node of f, within the budget: binary
// commands (pipes, && and ||), which nest one level per operator, are
// taken apart without recursion, and other nesting deeper than
// MaxShellNesting stops the walk.
func (s *shScan) file(f *syntax.File, lineOff int) {
	s.keyFile(f)
	s.digestRoot(f, lineOff)
	if s.mentionsRm() {
		for ce, name := range emptyRootWipes(f) {
			if s.emptyRoot == nil {
				s.emptyRoot = map[*syntax.CallExpr]string{}
			}
			s.emptyRoot[ce] = name
		}
	}
	depth := 0
	var visit func(n syntax.Node) bool
	visit = func(n syntax.Node) bool {
		if n == nil {
			depth--
			return true
		}
		if !s.budget.step() {
			return false
		}
		if depth >= MaxShellNesting {
			s.budget.stopped = fmt.Sprintf("the shell code nests commands more than %d levels deep (the depth budget)", MaxShellNesting)
			return false
		}
		switch n := n.(type) {
		case *syntax.BinaryCmd:
			s.binary(n, lineOff, visit)
			return false
		case *syntax.Stmt:
			s.stmt(n, lineOff)
		}
		depth++
		return true
	}
	syntax.Walk(f, visit)
}

// mentionsRm reports whether the scanned text names rm at all (a cheap
// test before emptyRootWipes walks the tree).
func (s *shScan) mentionsRm() bool {
	for _, l := range s.lines {
		if strings.Contains(l, "rm") {
			return true
		}
	}
	return false
}

// binary runs the rules over a tree of binary commands without
// recursing along its operators: each pipeline is checked whole, once,
// and every other command is walked with visit, in source order: a
// chain a && b && c nests as (a && b) && c, and a download saved by b
// is run by c only after it (mkdir -p d && curl -o f URL && sh f).
func (s *shScan) binary(b *syntax.BinaryCmd, lineOff int, visit func(syntax.Node) bool) {
	var stack, walk []*syntax.Stmt // stack: the last pushed comes first in the source
	expand := func(bc *syntax.BinaryCmd) {
		var parts []*syntax.Stmt
		if isPipe(bc) {
			parts = flattenPipe(bc)
			s.pipeline(parts, lineOff)
		} else {
			parts = []*syntax.Stmt{bc.X, bc.Y}
		}
		for i := len(parts) - 1; i >= 0; i-- {
			stack = append(stack, parts[i])
		}
	}
	if !s.budget.step() {
		return
	}
	expand(b)
	for len(stack) > 0 && s.budget.stopped == "" {
		st := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if c, ok := st.Cmd.(*syntax.BinaryCmd); ok {
			if !s.budget.step() {
				return
			}
			s.stmt(st, lineOff) // its redirections
			expand(c)
			continue
		}
		walk = append(walk, st)
	}
	for _, st := range walk {
		if s.budget.stopped != "" {
			return
		}
		syntax.Walk(st, visit)
	}
}

func isPipe(b *syntax.BinaryCmd) bool { return b.Op == syntax.Pipe || b.Op == syntax.PipeAll }

// flattenPipe returns the stages of a pipeline, in order, without
// recursion (a pipeline of n stages is n-1 nested binary commands).
func flattenPipe(b *syntax.BinaryCmd) []*syntax.Stmt {
	var out []*syntax.Stmt
	stack := []*syntax.Stmt{b.Y, b.X}
	for len(stack) > 0 {
		st := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if bc, ok := st.Cmd.(*syntax.BinaryCmd); ok && isPipe(bc) && len(st.Redirs) == 0 {
			stack = append(stack, bc.Y, bc.X)
			continue
		}
		out = append(out, st)
	}
	return out
}

// call is a simple command with wrappers (sudo, env...) removed: its
// base name, lower-cased, and its arguments as text.
type call struct {
	name string
	args []string
	raw  *syntax.CallExpr
}

func (s *shScan) callOf(st *syntax.Stmt) (call, bool) {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return call{}, false
	}
	words := s.fields(ce.Args)
	i, last := 0, -1
	for i < len(words) && wrappers()[strings.ToLower(path.Base(words[i]))] {
		last = i
		i++
		for i < len(words) && (strings.HasPrefix(words[i], "-") || strings.Contains(words[i], "=") || isNumber(words[i])) {
			i++
		}
	}
	if i >= len(words) {
		// env with no command after it is the command: it prints the
		// environment ("env | nc host port").
		if last >= 0 && strings.ToLower(path.Base(words[last])) == "env" {
			return call{name: "env", args: words[last+1:], raw: ce}, true
		}
		return call{}, false
	}
	return call{name: commandName(words[i]), args: words[i+1:], raw: ce}, true
}

func isNumber(s string) bool {
	for _, r := range s {
		if (r < '0' || r > '9') && r != '.' && r != 's' && r != 'm' {
			return false
		}
	}
	return s != ""
}

// stageKind says what a pipeline stage does with the bytes.
func isFetch(c call) bool { return fetchers()[c.name] }

func isDecode(c call) bool {
	switch c.name {
	case "base64", "base32", "gbase64":
		return hasArg(c.args, "-d", "--decode", "-D", "-di", "--decode=true")
	case "xxd":
		return hasArg(c.args, "-r", "-r -p", "-rp", "-p -r")
	case "openssl":
		return hasArg(c.args, "-d", "-base64", "-a")
	case "uudecode", "rev", "gunzip", "zcat", "bzcat", "xzcat", "unxz":
		return true
	case "printf", "echo":
		for _, a := range c.args {
			if strings.Contains(a, `\x`) || strings.Contains(a, `\0`) {
				return true
			}
		}
	case "tr":
		return len(c.args) >= 2 && strings.Contains(strings.Join(c.args, " "), "a-z") && strings.Contains(strings.Join(c.args, " "), "n-z")
	}
	return false
}

func hasArg(args []string, want ...string) bool {
	for _, a := range args {
		for _, w := range want {
			if a == w {
				return true
			}
		}
		if len(a) > 1 && a[0] == '-' && a[1] != '-' && len(want) > 0 && len(want[0]) == 2 && strings.Contains(a[1:], want[0][1:]) {
			return true
		}
	}
	return false
}

// readsStdin reports whether an interpreter call runs the code it reads
// from standard input: no script argument, or "-", or -s.
func readsStdin(c call) bool {
	if !interpreters()[c.name] {
		return false
	}
	switch c.name {
	case "source", ".", "iex", "invoke-expression":
		return len(c.args) == 0 || c.args[0] == "/dev/stdin" || c.args[0] == "-"
	}
	for i, a := range c.args {
		switch {
		case a == "-" || a == "-s" || a == "/dev/stdin":
			return true
		case a == "-c" || a == "-e" || a == "-m" || a == "-r" || a == "--eval" || a == "-E":
			return false
		case strings.HasPrefix(a, "-"):
			continue
		default:
			_ = i
			return false
		}
	}
	return true
}

func (s *shScan) lineOf(n syntax.Node, lineOff int) int { return int(n.Pos().Line()) + lineOff }

func (s *shScan) pipeline(stages []*syntax.Stmt, lineOff int) {
	calls := make([]call, len(stages))
	ok := make([]bool, len(stages))
	for i, st := range stages {
		calls[i], ok[i] = s.callOf(st)
	}
	s.jqPipe(calls, ok)
	line := s.lineOf(stages[0], lineOff)
	s.pipedStdinCode(stages, calls, ok, lineOff)
	s.unpackPipe(calls, ok, line)
	for i := 0; i+1 < len(stages); i++ {
		if ok[i] && printCmd(calls[i].name) {
			s.switchStmt(stages[i], calls[i], true, s.lineOf(stages[i], lineOff), lineOff, true)
		}
	}
	// a network tool and a shell in one pipeline, in either order: a
	// reverse shell (the mkfifo form: cat f | sh -i | nc host port > f)
	shell, net := "", ""
	for i := range stages {
		if ok[i] && netTools()[calls[i].name] {
			net = calls[i].name
		}
		if ok[i] && isShell(calls[i].name) {
			shell = calls[i].name
		}
	}
	if shell != "" && net != "" {
		s.add(line, "reverse-shell", Critical, fmt.Sprintf("a network connection (%s) is wired to a shell (%s) through a pipe", net, shell), "")
	}
	// each stage that runs its input, against the fetches and decodes
	// before it (the first few of each: the pipeline is walked once)
	const keep = 4
	var fetches, decodes []int
	for j := range stages {
		if j > 0 && ok[j] && readsStdin(calls[j]) {
			for _, i := range fetches {
				s.downloadExec(line, calls[i], calls[j])
			}
			for _, i := range decodes {
				s.add(line, "decoded-exec", Critical, fmt.Sprintf("decoded or unpacked bytes (%s) are piped into %s and run", calls[i].name, calls[j].name), "")
			}
		}
		switch {
		case !ok[j]:
		case s.fetchCall(calls[j]):
			if len(fetches) < keep {
				fetches = append(fetches, j)
			}
		case isDecode(calls[j]):
			if len(decodes) < keep {
				decodes = append(decodes, j)
			}
		}
	}
	// credentials read in one stage and sent in a later one
	cred := -1
	for j := range stages {
		if !ok[j] {
			continue
		}
		if cred >= 0 && (isSend(calls[j]) || isFetch(calls[j]) && hasArg(calls[j].args, "-d", "--data", "--data-binary", "-T", "--upload-file", "-F", "--post-file", "--body-file")) {
			s.add(line, "credential-exfil", Critical, fmt.Sprintf("%s is read and piped to %s", credRead(calls[cred]), calls[j].name), "")
			s.credAndSend = true
			break
		}
		if cred < 0 && credRead(calls[j]) != "" {
			cred = j
		}
	}
}

// maxShellDepth bounds shells given commands inside shell commands
// (bash -c "sh -c '...'"), each level parsed again.
const maxShellDepth = 4

// nestedShell scans the command a shell is given with -c, at the line of
// the call, in the same context.
func (s *shScan) nestedShell(line int, code string) {
	if s.sc.shDepth >= maxShellDepth || strings.TrimSpace(code) == "" {
		return
	}
	s.sc.shDepth++
	defer func() { s.sc.shDepth-- }()
	scanShell(s.sc, s.rel, code, s.line0+line-1, s.w)
}

func isShell(name string) bool {
	switch name {
	case "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "csh", "tcsh", "pwsh", "powershell", "cmd", "cmd.exe":
		return true
	}
	return false
}

func (s *shScan) stmt(st *syntax.Stmt, lineOff int) {
	line := s.lineOf(st, lineOff)
	s.unpackAssign(st)
	s.assign(st)
	c, ok := s.callOf(st)
	s.digestStmt(st, c, ok, line)
	s.systemStmt(st, c, ok, line)
	s.remoteStmt(st, c, ok, line)
	s.switchStmt(st, c, ok, line, lineOff, false)
	if ok {
		s.registryCall(line, c)
		s.agentWrite(line, c)
	}
	s.jqStmt(st, c, ok)
	// redirections: /dev/tcp and writes to persistence targets
	for _, r := range st.Redirs {
		if r.Word == nil {
			continue
		}
		target := s.word(r.Word)
		if strings.Contains(target, "/dev/tcp/") || strings.Contains(target, "/dev/udp/") {
			if loopbackSend(target, r.Op, c, ok) {
				s.add(line, "reverse-shell", Low, "sends a command's output to a port on this machine through "+target[strings.Index(target, "/dev/"):]+": no shell is wired to it", "")
				continue
			}
			s.add(line, "reverse-shell", Critical, "the shell opens a raw network connection through "+target[strings.Index(target, "/dev/"):], "")
			continue
		}
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob:
			s.agentRedirect(line, target)
			if persistTarget.MatchString(strings.TrimSuffix(target, "\"")) {
				payload := ""
				if ok && c.name == "echo" {
					payload = strings.Join(c.args, " ")
				} else if ok && c.name == "printf" {
					payload = printfText(c.args)
				}
				for _, r2 := range st.Redirs {
					if r2.Hdoc != nil {
						payload += " " + wordText(r2.Hdoc)
					}
				}
				s.persistence(line, target, payload)
			} else {
				s.stageWrite(target, st, c, ok)
			}
		}
	}
	if !ok {
		return
	}
	// substitutions run by an interpreter or eval
	if interpreters()[c.name] || c.name == "eval" {
		for _, w := range c.raw.Args {
			for _, sub := range substs(w) {
				sc, ok := s.callOf(sub)
				if bc, isPipe := sub.Cmd.(*syntax.BinaryCmd); isPipe && (bc.Op == syntax.Pipe || bc.Op == syntax.PipeAll) {
					stages := flattenPipe(bc)
					sc, ok = s.callOf(stages[len(stages)-1])
					for _, st2 := range stages {
						if c2, ok2 := s.callOf(st2); ok2 && isFetch(c2) {
							sc, ok = c2, true
						}
					}
				}
				if !ok {
					continue
				}
				switch {
				case isFetch(sc):
					s.downloadExec(line, sc, c)
				case isDecode(sc):
					s.add(line, "decoded-exec", Critical, fmt.Sprintf("%s runs the output of %s (decoded bytes)", c.name, sc.name), "")
				}
			}
		}
		if c.name == "eval" && anyContains(c.args, `\x`) {
			s.add(line, "obfuscation", High, "eval of hex-escaped text hides the command it runs", "")
		}
		// code given inline to other interpreters
		for i, a := range c.args {
			if a == "-c" && isShell(c.name) && i+1 < len(c.args) {
				s.nestedShell(line, c.args[i+1])
				break
			}
			if (a == "-c" || a == "-e" || a == "-r" || a == "--eval") && i+1 < len(c.args) {
				code := c.args[i+1]
				s.inlineWrite(line, c, code)
				if !isShell(c.name) { // a shell's -e is a flag, not code
					s.inlineCode(c, code, line, "one-liner")
				}
			}
		}
	}
	s.stdinCode(st, c, lineOff, line)
	// a shell given a command inside another command's arguments
	// (docker run IMAGE sh -c "...", kubectl exec POD -- bash -c "...")
	if !interpreters()[c.name] {
		for i := 0; i+2 < len(c.args); i++ {
			if isShell(path.Base(c.args[i])) && c.args[i+1] == "-c" {
				s.nestedShell(line, c.args[i+2])
				break
			}
		}
	}
	switch {
	case netTools()[c.name]:
		if hasArg(c.args, "-e", "-c", "--exec", "--sh-exec", "--lua-exec") || c.name == "socat" && anyContains(c.args, "exec:", "EXEC:", "system:", "SYSTEM:") {
			s.add(line, "reverse-shell", Critical, c.name+" hands a network connection to a program (reverse or bind shell)", "")
		}
	case miners()[c.name]:
		s.add(line, "miner", Critical, c.name+" is a cryptocurrency miner", "")
	case c.name == "git":
		s.gitConfigPersist(line, c)
	case c.name == "crontab":
		// A bare "crontab" literal in code is a program name whose
		// arguments are other literals (exec.Command("crontab", "-l")):
		// startupwords.go reads the whole call.
		if len(c.args) == 0 && s.sc.inLiteral {
			break
		}
		if len(c.args) == 0 || !hasArg(c.args, "-l", "-r", "-e") {
			s.add(line, "persistence", High, "installs a crontab: code that runs again on a schedule", "")
		}
	case copyCalls()[c.name]:
		s.copyPersist(line, c)
		s.stageCopy(c)
	case c.name == "launchctl" && hasArg(c.args, "load", "bootstrap", "submit"):
		s.add(line, "persistence", High, "registers a launchd job that runs again at login", "")
	case c.name == "systemctl" && hasArg(c.args, "--user") && hasArg(c.args, "enable"):
		s.systemdEnable(line)
	}
	for _, a := range c.args {
		if s.sc.hints.miner && minerWords.MatchString(a) {
			s.add(line, "miner", Critical, "mining pool or miner option: "+minerWords.FindString(a), "")
			break
		}
	}
	// downloads saved then run
	if isFetch(c) {
		named := c.name == "wget"
		for i, a := range c.args {
			if outputFlag(a) || strings.HasPrefix(a, "--output-document") {
				named = false
			}
			if outputFlag(a) && i+1 < len(c.args) && len(s.downloaded) < maxDownloads {
				s.downloaded[c.args[i+1]] = line
				s.fetchPersist(line, c.args[i+1])
			}
		}
		for _, a := range c.args {
			if named && strings.Contains(a, "://") && len(s.downloaded) < maxDownloads {
				s.downloaded[a] = line // wget URL saves it by the URL's name
			}
		}
	} else if len(s.downloaded) > 0 {
		_, prog := s.keyCall(c)
		for f := range s.downloaded {
			k, keyed := s.dg.keys[f]
			run := c.name == strings.ToLower(path.Base(f)) && strings.Contains(wordText(c.raw.Args[0]), "/") ||
				keyed && prog != "" && normPath(prog) == normPath(k) && !strings.Contains(k, "$(…)") || readsStdinOrScript(c, f) ||
				interpreters()[c.name] && savedByName(f, scriptArg(c)) || nimRunsFile(c, f)
			switch {
			case run:
				// reported at the chmod that made it executable, if one
				// did, judged here where it runs
				at := line
				if p, ok := s.dg.pending[f]; ok {
					at = p.line
					delete(s.dg.pending, f)
				}
				s.reportSavedRun(at, f, st)
				delete(s.downloaded, f)
			case c.name == "chmod" && anyContains(c.args, "+x", "755", "777", "700") && (hasArgExact(c.args, f) || savedByName(f, c.args[len(c.args)-1])):
				if _, ok := s.dg.pending[f]; !ok {
					if s.dg.pending == nil {
						s.dg.pending = map[string]pendingRun{}
					}
					s.dg.pending[f] = pendingRun{line, st}
				}
			}
		}
	}
	s.unpackStmt(st, line, c)
	if f, ok := envLoadOf(c); ok {
		// loading a project's settings into variables is not reading
		// them to send: it counts only for a send that carries a
		// variable (below)
		if s.envLoad == 0 {
			s.envLoad, s.envLoadWhat = line, f
		}
		s.credKind("")
	} else if what := s.credReadOf(c); what != "" {
		s.credKind(credService(what))
		if file := curlNetrcFile(c); s.hk.reads[c.raw] || file != "" && file == what && credService(what) == "netrc" {
			// a login: curl's netrc file, or an entry looked up by the
			// request's host and used only to log in to it
			if s.loginLine == 0 {
				s.loginLine, s.loginWhat, s.loginFile = line, what, file != ""
			}
		} else {
			s.keyRead(st, c)
			if s.credLine == 0 {
				s.credLine, s.credWhat = line, what
			}
		}
	}
	if s.envLoad > 0 && s.credLine == 0 && carriesData(c) && varInData(c) {
		s.credLine, s.credWhat = s.envLoad, "the variables of "+s.envLoadWhat
	}
	// a DNS lookup of a name made from a variable or substitution sends
	// that data to whoever serves the domain; it counts for what flows
	// into it, not as a send anywhere in the file
	lookup := dnsTools()[c.name] && anyContains(c.args, "$")
	if carriesData(c) || lookup || isFetch(c) {
		s.dest(c)
	}
	// a fetch carrying a credential variable sends it where the URL
	// goes, but a curl that only logs in with a host's own netrc entry
	if (carriesData(c) || lookup || isFetch(c)) && !s.hk.calls[c.raw] {
		if what := s.taintedArg(c.raw); what != "" {
			s.exfils = append(s.exfils, pendingExfil{line, what, fmt.Sprintf("%s sends %s off the machine (through a variable)", c.name, what)})
			s.credAndSend = true
		}
	}
	if carriesData(c) && s.sendLine == 0 || lookup {
		if !lookup {
			s.sendLine, s.sendWhat = line, c.name
		}
		for _, a := range dataArgs(c) {
			if credIn(a) || credEnvRe.MatchString(a) {
				s.add(line, "credential-exfil", Critical, fmt.Sprintf("%s sends %s off the machine", c.name, a), "")
				s.credAndSend = true
			}
		}
		if !s.credAndSend {
			for _, w := range c.raw.Args {
				for _, sub := range substs(w) {
					stages := []*syntax.Stmt{sub}
					if bc, ok := sub.Cmd.(*syntax.BinaryCmd); ok && isPipe(bc) {
						stages = flattenPipe(bc) // $(head -c 60 ~/.ssh/id_rsa | base64)
					}
					for _, st := range stages {
						if c2, ok := s.callOf(st); ok && credRead(c2) != "" && !s.credAndSend {
							s.add(line, "credential-exfil", Critical, fmt.Sprintf("%s sends the output of %s off the machine", c.name, c2.name), "")
							s.credAndSend = true
						}
					}
				}
			}
		}
	}
}

func hasArgExact(args []string, want string) bool {
	for _, a := range args {
		if a == want {
			return true
		}
	}
	return false
}

// savedByName reports whether path a names the file a fetch saved by
// its URL's name (curl -O URL, wget URL; download is the URL): the
// URL's base name, relative to the working folder.
func savedByName(download, a string) bool {
	i := strings.Index(download, "://")
	if i < 0 || !relPath(a) {
		return false
	}
	u := download[i+3:]
	if q := strings.IndexAny(u, "?#"); q >= 0 {
		u = u[:q]
	}
	b := path.Base(u)
	return strings.Contains(u, "/") && b != "" && b != "." && b != "/" && normPath(a) == b
}

// scriptArg returns the script an interpreter call is given: its first
// argument that is not an option, or "" when it runs inline code.
func scriptArg(c call) string {
	for _, a := range c.args {
		switch {
		case a == "-c" || a == "-e" || a == "-m" || a == "-r" || a == "--eval" || a == "-E" || a == "-Command":
			return ""
		case strings.HasPrefix(a, "-"):
			continue
		}
		return a
	}
	return ""
}

// nimRunsFile reports whether c is the Nim compiler running the file f:
// nim e (f run as NimScript), nim r, or nim c, cpp or compile with -r or
// --run, f the file it is given (later words are that program's
// arguments). NimScript's selfExec starts this
// compiler, so a fetched .nims run with selfExec "e " & path is this
// command (nimshell.go), as is the same line in a shell script.
func nimRunsFile(c call, f string) bool {
	if c.name != "nim" || !hasArgExact(c.args, f) {
		return false
	}
	sub, file, run := "", "", false
	for _, a := range c.args {
		switch {
		case a == "-r" || a == "--run":
			run = true
		case strings.HasPrefix(a, "-"):
		case sub == "":
			sub = a
		case file == "":
			file = a // the file compiled or run; later words are its arguments
		}
	}
	if file != f {
		return false
	}
	switch sub {
	case "e", "r":
		return true
	case "c", "cpp", "compile", "compileToC", "js":
		return run
	}
	return false
}

func readsStdinOrScript(c call, f string) bool {
	return interpreters()[c.name] && len(c.args) > 0 && hasArgExact(c.args, f)
}

func (s *shScan) finish() {
	s.flushPending()
	s.finishRemote()
	if !s.credAndSend && s.credLine > 0 && s.sendLine > 0 {
		s.exfils = append(s.exfils, pendingExfil{max(s.credLine, s.sendLine), s.credWhat, fmt.Sprintf("reads %s (line %d) and sends data off the machine with %s (line %d)", s.credWhat, s.line0+s.credLine-1, s.sendWhat, s.line0+s.sendLine-1)})
	}
	if len(s.exfils) > 0 {
		s.rankExfils()
		return
	}
	if s.credAndSend {
		return
	}
	if s.credLine > 0 && s.w == inScript {
		sev, reason := credReadRank(s.credWhat, s.sc.fileText)
		if sev == High && isPrivateKey(s.credWhat) && s.keysInspected() {
			sev, reason = Medium, reason+keyInspectedNote
		}
		s.add(s.credLine, "credential-read", sev, reason, "")
	} else if s.loginLine > 0 && s.w == inScript {
		s.add(s.loginLine, "credential-read", Medium, loginReason(s.loginWhat, s.loginFile), "")
	}
}
