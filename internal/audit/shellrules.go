package audit

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The credential and persistence rules of the shell scan.

// credRead names the credential store a call reads, or "".
func credRead(c call) string {
	switch c.name {
	case "printenv", "env", "export", "set", "declare":
		if len(c.args) == 0 || c.name == "export" && len(c.args) == 1 && c.args[0] == "-p" {
			return "the whole environment (" + c.name + ")"
		}
	case "security":
		if anyContains(c.args, "find-generic-password", "find-internet-password", "dump-keychain") {
			return "the macOS keychain"
		}
	case "echo", "printf":
		for _, a := range c.args {
			if m := credEnvRe.FindString(a); m != "" {
				return "$" + m
			}
		}
		return ""
	case "mkdir", "chmod", "chown", "ls", "stat", "basename", "dirname", "realpath", "readlink", "test", "[", "ssh-keygen", "ssh-add", "touch", "rm":
		return ""
	case "install":
		// install -d makes the folders it names, as mkdir does (install -m
		// 700 -d ~/.ssh before writing known_hosts): it copies nothing, so
		// it reads no file; install SRC DEST copies SRC and is read below
		if installMakesDirs(c.args) {
			return ""
		}
	case "git", "secret-tool":
		if what := shellCredStore(c); what != "" {
			return what
		}
	case "kubectl", "oc":
		// kubectl config view prints the kubeconfig with its client keys,
		// certificates and tokens redacted; --raw prints them as stored:
		// the output is the cluster credentials, as cat ~/.kube/config is
		if len(c.args) >= 2 && c.args[0] == "config" && c.args[1] == "view" && hasArgExact(c.args, "--raw") {
			return "the cluster credentials (" + c.name + " config view --raw)"
		}
	default:
		// a credential helper or password manager printing a secret
		// (credcli.go)
		if what := shellCredCLI(c); what != "" {
			return what
		}
	}
	for _, a := range dataArgs(c) {
		if credIn(a) {
			return a
		}
	}
	if f := curlNetrcFile(c); credIn(f) {
		return f // curl's login file: read, not sent (dataArgs)
	}
	if c.raw != nil && c.name != "echo" && c.name != "printf" {
		// cp "${KUBECONFIG:-$HOME/.kube/config}" x: the default is the
		// file read wherever the variable is unset, the usual case
		for _, w := range c.raw.Args[1:] {
			if d := paramDefault(w); d != "" && mayBeCred(d) && credIn(d) {
				return d
			}
		}
	}
	return ""
}

// paramDefault returns the default word of the first ${VAR:-default} or
// ${VAR-default} in w, in its source form, or "".
func paramDefault(w *syntax.Word) string {
	out := ""
	syntax.Walk(w, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && out == "" && pe.Exp != nil && pe.Exp.Word != nil &&
			(pe.Exp.Op == syntax.DefaultUnsetOrNull || pe.Exp.Op == syntax.DefaultUnset) {
			out = wordText(pe.Exp.Word)
		}
		return out == ""
	})
	return out
}

// credHints are substrings every credPath match holds; checking them
// first keeps the pattern off ordinary arguments.
var credHints = append([]string{".ssh", ".aws", "shadow", "id_", ".env", ".netrc", "credentials", ".docker", ".kube", "hosts.yml", ".npmrc", ".pypirc", ".gnupg", ".password-store", "gcloud", ".azure", "Keychains", "firefox", "chrome", "Chrome", ".bitcoin", ".electrum", ".ethereum", "Cookies",
	"Login Data", "key4.db", "logins.json", "chromium", "BraveSoftware", "Edge", "Firefox", "find-generic-password", "find-internet-password", "dump-keychain", "auth.json"}, credHintsMore...)

func mayBeCred(a string) bool { return containsAny(a, credHints) }

// dataArgs returns a call's arguments less the ones naming a key the
// command authenticates with (ssh -i KEY, rsync -e "ssh -i KEY",
// -o IdentityFile=KEY, git -c core.sshCommand=..., curl --netrc-file
// FILE): using a key to log in is not reading it to send it.
func dataArgs(c call) []string {
	var out []string
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		switch {
		case a == "-i" && (c.name == "ssh" || c.name == "scp" || c.name == "sftp" || c.name == "ssh-copy-id"):
			i++
		case (a == "-e" || a == "--rsh") && c.name == "rsync":
			i++
		case a == "--netrc-file" && c.name == "curl":
			i++ // curl sends each host only the entry stored for it
		case strings.HasPrefix(a, "--netrc-file=") && c.name == "curl":
		case strings.HasPrefix(a, "--rsh=") || strings.Contains(a, "IdentityFile") || strings.Contains(a, "sshCommand") || strings.HasPrefix(a, "GIT_SSH_COMMAND="):
		default:
			out = append(out, a)
		}
	}
	return out
}

// isSend reports a call that sends data off the machine.
func isSend(c call) bool {
	switch c.name {
	case "curl":
		if hasArg(c.args, "-d", "--data", "--data-binary", "--data-raw", "--data-urlencode", "-F", "--form", "-T", "--upload-file", "--json") {
			return true
		}
		for i, a := range c.args {
			if (a == "-X" || a == "--request") && i+1 < len(c.args) && (strings.EqualFold(c.args[i+1], "POST") || strings.EqualFold(c.args[i+1], "PUT")) {
				return true
			}
		}
	case "wget":
		return anyContains(c.args, "--post-data", "--post-file", "--body-file", "--body-data")
	case "nc", "ncat", "netcat", "telnet", "socat":
		return rawConn(c)
	case "mail", "mailx", "sendmail", "mutt", "ftp", "sftp", "tftp", "smbclient":
		return true
	case "git":
		// a push that mirrors everything or goes to a URL the script
		// names carries the files it committed off the machine
		sub := gitSubcommand(c.args)
		return sub >= 0 && c.args[sub] == "push" && (hasArgExact(c.args[sub:], "--mirror") || anyContains(c.args[sub+1:], "://"))
	case "scp", "rsync":
		for _, a := range c.args[min(1, len(c.args)):] {
			if strings.Contains(a, ":") && !strings.HasPrefix(a, "-") {
				return true
			}
		}
	}
	return false
}

// rawConn reports a raw network connection (netTools) that can carry
// data off the machine: not netcat's or telnet's localProbe.
func rawConn(c call) bool {
	return netTools()[c.name] && (c.name == "socat" || !localProbe(c.args))
}

// localProbe reports netcat or telnet arguments that send nothing off the
// machine: a port probe (nc -z, -zv: connect and close, no data) or a
// connection to this machine's loopback address (nc localhost 8001), as
// troubleshooting guides check that a local service listens.
func localProbe(args []string) bool {
	for _, a := range args {
		if len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.IndexByte(a, 'z') > 0 {
			return true
		}
		if a == "localhost" || strings.HasPrefix(a, "127.") || a == "::1" {
			return true
		}
	}
	return false
}

// gitSubcommand returns the index in args of git's subcommand, past its
// global options (-C dir, -c key=value, --git-dir=..., --work-tree=...),
// or -1.
func gitSubcommand(args []string) int {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-C" || a == "-c" || a == "--git-dir" || a == "--work-tree" || a == "--namespace":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return i
		}
	}
	return -1
}

// persistence ranks a write to a file that runs code later: a key in
// authorized_keys is a back door (critical); a shell rc or cron change
// that only sets PATH, variables or aliases is routine setup (low in a
// script, not reported in documentation); any other write is ranked by
// its content and by whether the user is asked (persistWrite).
func (s *shScan) persistence(line int, target, payload string) {
	content := payload
	if line >= 1 && line <= len(s.lines) {
		payload += " " + s.lines[line-1]
	}
	switch {
	case strings.Contains(target, "authorized_keys") && s.w != inScript && s.w != inHidden && (strings.Contains(payload, "...") || strings.Contains(payload, ".pub") || strings.Contains(payload, "<")):
		// documentation adding the reader's own public key (a
		// placeholder or their .pub file) to a server they set up
		s.add(line, "persistence", Medium, "adds the reader's own public key to authorized_keys (server setup)", "")
	case strings.Contains(target, "authorized_keys"):
		s.add(line, "persistence", Critical, "adds a key to authorized_keys: a back door for remote login", "")
	case routineRC(target, payload):
		if s.w == inScript {
			s.add(line, "persistence", Low, "appends settings to "+target, "")
		}
	default:
		s.persistWrite(line, target, strings.TrimSpace(content), false, rcPayloadRisky.MatchString(payload))
	}
}

// askedBefore reports whether the scanned script reads a yes/no answer
// from the user before line (askedUser).
func (s *shScan) askedBefore(line int) bool {
	if line < 1 || line > len(s.lines) {
		return false
	}
	return askedUser(strings.Join(s.lines[:line-1], "\n"))
}

var routineLine = lazyRE(`^\s*(?:export\s+[A-Za-z_]\w*=|[A-Za-z_]\w*=|alias\s|source\s|\.\s|eval\s+"\$\((?:[\w./-]+\s+(?:init|shellenv|env|hook|completion)[^)]*)\)"|#|fpath=|path\+=|PATH=|set\s+-gx\s|fish_add_path\s|complete\s|autoload\s|compinit|\[\s|if\s|fi\b|then\b|$)`)

// rcPayloadRisky matches rc-file lines that fetch, connect or background
// something (also in a subshell or before a comment: ( prog & ) # x),
// or shadow a command that asks for a password or key (an alias or
// function named sudo captures what is typed to it): never routine.
var rcPayloadRisky = lazyRE(`(?i)curl|wget|/dev/tcp|\bnc\b|base64|nohup|\bssh\b.*-R|python\s+-c|(?:^|[^&])&\s*(?:\)|#|$)|disown|\balias\s+(?:sudo|su|doas|ssh|scp|passwd|gpg|git)=|\b(?:sudo|su|doas|ssh|passwd)\s*\(\)|\bread\s+-s`)

func routineRC(target, payload string) bool {
	if strings.Contains(target, "cron") || strings.Contains(target, "Launch") || strings.Contains(target, "systemd") || strings.Contains(target, "hooks") || strings.Contains(target, "ld.so") {
		return false
	}
	if rcPayloadRisky.MatchString(payload) {
		return false
	}
	for _, l := range strings.Split(payload, "\n") {
		if !routineLine.MatchString(l) {
			return false
		}
	}
	return true
}

// credKind records the credService of a credential read.
func (s *shScan) credKind(kind string) {
	if s.credKinds == nil {
		s.credKinds = map[string]bool{}
	}
	s.credKinds[kind] = true
}

// dest records where a network command goes: the URLs of a fetch, the
// host of an scp or rsync target, the host of a raw connection. One
// whose host the text does not give is an unknown destination.
func (s *shScan) dest(c call) {
	switch {
	case isFetch(c):
		n := 0
		for _, a := range c.args {
			if strings.Contains(a, "://") {
				s.dests.url(a)
				n++
			}
		}
		if n == 0 {
			s.dests.unknown = true
		}
	case c.name == "scp" || c.name == "rsync":
		for _, a := range c.args {
			if i := strings.IndexByte(a, ':'); i > 0 && !strings.HasPrefix(a, "-") {
				h := a[:i]
				s.dests.host(h[strings.LastIndexByte(h, '@')+1:])
			}
		}
	default:
		for _, a := range c.args {
			if !strings.HasPrefix(a, "-") {
				if bareHost.MatchString(a) {
					s.dests.host(a)
				} else {
					s.dests.unknown = true
				}
				return
			}
		}
		s.dests.unknown = true
	}
}

// rankExfils reports the credential-exfil findings kept for the end of
// the scan: high when the scan's one credential goes only to the service
// it logs in to (serviceBound; a secret variable named anywhere counts
// as a second credential), critical otherwise.
func (s *shScan) rankExfils() {
	// the script's lines less its comment lines: a machine or registry
	// named in a comment is no lookup
	var lines []string
	for _, l := range s.lines {
		if !strings.HasPrefix(strings.TrimSpace(l), "#") {
			lines = append(lines, l)
		}
	}
	code := strings.Join(lines, "\n")
	kinds := map[string]bool{}
	for k := range s.credKinds {
		kinds[k] = true
	}
	if credEnvRe.MatchString(code) {
		kinds[""] = true
	}
	_, hosts, bound := serviceBound(kinds, s.dests, code)
	for _, e := range s.exfils {
		if bound {
			s.add(e.line, "credential-exfil", High, serviceReason(e.what, hosts), "")
		} else {
			s.add(e.line, "credential-exfil", Critical, e.reason, "")
		}
	}
}

// printfText is what printf writes for args (format first): %s, %b, %d
// and %q take the next argument, \n and \t are line breaks and tabs,
// trimmed of the blank lines around it (an rc line is judged by what it
// says, not by the format that places it).
func printfText(args []string) string {
	if len(args) == 0 {
		return ""
	}
	f := strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace(args[0])
	rest := args[1:]
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] == '%' && i+1 < len(f) {
			switch f[i+1] {
			case 's', 'b', 'd', 'q':
				if len(rest) > 0 {
					b.WriteString(rest[0])
					rest = rest[1:]
				}
				i++
				continue
			case '%':
				b.WriteByte('%')
				i++
				continue
			}
		}
		b.WriteByte(f[i])
	}
	return strings.Trim(b.String(), " \t\n")
}

// anyContains reports whether some argument holds one of subs.
func anyContains(args []string, subs ...string) bool {
	for _, a := range args {
		for _, s := range subs {
			if strings.Contains(a, s) {
				return true
			}
		}
	}
	return false
}

// installMakesDirs reports whether install's args ask for its directory
// mode (-d, --directory, or d in a cluster of short flags before one that
// takes a value: -dm700), in which every operand is a folder to make.
func installMakesDirs(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if a == "--directory" {
			return true
		}
		if len(a) < 2 || a[0] != '-' || a[1] == '-' {
			continue
		}
		for _, r := range a[1:] {
			if r == 'd' {
				return true
			}
			if strings.ContainsRune("mogSt", r) {
				break // the rest is that flag's value
			}
		}
	}
	return false
}
