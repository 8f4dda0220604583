package audit

import (
	"slices"
	"strings"
)

// Credential helpers and password managers run as a process. Their
// command lines print a stored secret on stdout, the secret a read of
// the store's file would give: a Docker credential helper asked to get
// a registry's login (docker-credential-osxkeychain get, answering
// {"ServerURL","Username","Secret"}), pass and gopass show, 1Password's
// op read, Bitwarden's bw get password, LastPass's lpass show and
// KeePassXC's keepassxc-cli show. The store's own commands that write,
// list or erase (docker-credential-X store, list, erase; pass insert)
// print no secret and are not reads. With a network send in the same
// program each is credential-exfil, critical, as git credential fill and
// secret-tool lookup are (credstore.go); alone in a script it is a
// credential-read.

// credCLIRead is one of those command lines written as text or as a
// list of string literals (["op", "read", ref]). op and pass are short
// words: a hyphen or word character before them (no-op read, bypass
// show) is another word.
var credCLIRead = lazyRE(`\bdocker-credential-[\w.-]+` + cliArgSep + `get\b` +
	`|(?:^|[^\w-])(?:op` + cliArgSep + `read|(?:go)?pass` + cliArgSep + `show|lpass` + cliArgSep + `show|keepassxc-cli` + cliArgSep + `show)\b` +
	`|\bbw` + cliArgSep + `get` + argSep + `(?:password|item|notes|totp)\b`)

// cliArgSep is argSep, and the gap between a program's name and its
// argument list where the two are separate arguments (Node's
// execFileSync("op", ["read", ref]), spawn("pass", ["show", name])).
const cliArgSep = `(?:\s+|['"]\s*,\s*\[?\s*['"])`

// dockerHelperLit is a string literal opening on a Docker credential
// helper's name prefix: the helper named in code from the credsStore it
// wraps ("docker-credential-" + store, f"docker-credential-{store}",
// `docker-credential-${store}`).
var dockerHelperLit = lazyRE("[\"'`]docker-credential-")

// helperGetLit is the helper protocol's get action as a literal
// argument of its own ("get"), the action that prints the secret.
var helperGetLit = lazyRE("[\"'`]get[\"'`]")

// helperProcRun starts a process, in the languages whose code names a helper
// this way (Python, JavaScript, Go, Ruby, Java, C#, Rust).
var helperProcRun = lazyRE(`\b(?:subprocess|Popen|popen|spawn(?:Sync)?|execFile(?:Sync)?|execSync|exec\.Command|ProcessBuilder|Process\.Start|Command::new|Open3)\b`)

// credCLIOf returns the span of the first run of a credential helper or
// password manager that prints a secret in code (comments blanked), what
// it reads for a finding's reason, and the service its secret is bound
// to for credService ("docker" for a registry login, "" for a password
// manager's entry). A Docker helper named by its prefix and run with a
// separate "get" literal (a wrapper that picks the platform helper, then
// calls it with the action) reads as much as the written command line;
// its span is the get literal's. nil when none.
func credCLIOf(code string) ([]int, string, string) {
	if !containsAny(code, []string{"docker-credential-", "read", "show", "get"}) {
		return nil, "", ""
	}
	var span []int
	what, kind := "", ""
	if m := credCLIRead.FindStringIndex(code); m != nil {
		s := strings.TrimLeft(code[m[0]:m[1]], " \t\n([{,;|&=`'\"")
		if strings.HasPrefix(s, "docker-credential-") {
			kind = "docker"
		}
		span, what = []int{m[1] - len(s), m[1]}, credCLIName(s)
	}
	if strings.Contains(code, "docker-credential-") && dockerHelperLit.MatchString(code) && helperProcRun.MatchString(code) {
		// the earlier of the two: a usage line naming the command
		// ("usage: docker-credential-x get|store") is no call
		if g := helperGetLit.FindStringIndex(code); g != nil && (span == nil || g[0] < span[0]) {
			span, what, kind = g, "the Docker credential helper's logins (docker-credential-* get)", "docker"
		}
	}
	return span, what, kind
}

// credCLIName names what a credCLIRead match reads: "the password
// store (pass show)", "the Docker credential helper's logins
// (docker-credential-osxkeychain get)".
func credCLIName(match string) string {
	w := strings.Fields(strings.NewReplacer(`"`, " ", "'", " ", ",", " ", "`", " ").Replace(match))
	cmd := Escape(strings.Join(w, " "), 40)
	if strings.HasPrefix(match, "docker-credential-") {
		return "the Docker credential helper's logins (" + cmd + ")"
	}
	return "the password store (" + cmd + ")"
}

// shellCredCLI names the secret a shell command prints when it is one
// of the credential helpers or password managers above, or "". The
// command's first word is read by its base name (a helper run by its
// full path).
func shellCredCLI(c call) string {
	name := c.name
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	first := func(ws ...string) bool {
		return len(c.args) >= len(ws) && slices.Equal(c.args[:len(ws)], ws)
	}
	switch {
	case strings.HasPrefix(name, "docker-credential-") && first("get"):
		return "the Docker credential helper's logins (" + Escape(name, 40) + " get)"
	case (name == "pass" || name == "gopass" || name == "lpass" || name == "keepassxc-cli") && first("show"),
		name == "op" && first("read"),
		name == "bw" && len(c.args) >= 2 && c.args[0] == "get" && (c.args[1] == "password" || c.args[1] == "item" || c.args[1] == "notes" || c.args[1] == "totp"):
		return "the password store (" + name + " " + c.args[0] + ")"
	}
	return ""
}
