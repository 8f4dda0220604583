package audit

import (
	"path"
	"regexp"
	"strings"
	"sync"
)

// A reverse shell without a socket wired to a process: a Perl, Ruby or
// Elixir program that reads lines from a network socket it opened and
// runs each as a shell command (Perl: while (my $line = <$s>) { qx{$line}
// }, Ruby: while l = s.gets; %x(#{l}), Elixir: {:ok, line} <-
// :gen_tcp.recv(sock, 0) then System.cmd("sh", ["-c", line])). Whoever is
// at the other end types commands into the user's machine; unlike the
// remote command loop (remoteloop.go) no sleep between polls is needed,
// since the read itself waits. The command must be the variable the read
// filled: a program that talks to a server and runs its own commands is
// not this.

// sockRunPatterns are this rule's fixed patterns, compiled on first use.
type sockRunPatterns struct {
	// elixirRecv is a read from an Erlang socket; group 1 the variable.
	elixirRecv *regexp.Regexp
}

var sockRunRE = sync.OnceValue(func() *sockRunPatterns {
	return &sockRunPatterns{
		elixirRecv: regexp.MustCompile(`\{:ok,\s*([a-z_]\w*)\}\s*(?:<-|=)\s*:(?:gen_tcp|ssl)\.recv\(`),
	}
})

// sockReadVars returns the variables a Perl or Ruby program fills from
// the socket variable v (without Perl's sigil).
func sockReadVars(code, v string) []string {
	q := regexp.QuoteMeta(v)
	re := regexp.MustCompile(`(?:my\s+)?\$(\w+)\s*=\s*(?:<\s*\$` + q + `\s*>|\$` + q + `->(?:getline|getc)\b)` +
		`|\b(?:sysread|recv|read)\s*\(\s*\$` + q + `\s*,\s*\$(\w+)` +
		`|\b([a-z_]\w*)\s*=\s*` + q + `\.(?:gets|readline|recv|read|readpartial|read_nonblock)\b` +
		`|\b` + q + `\.each_line\s*(?:do\s*|\{\s*)\|\s*(\w+)\s*\|` +
		`|\bwhile\s*\(\s*<\s*\$` + q + `\s*>\s*\)()`)
	var out []string
	for _, m := range re.FindAllStringSubmatchIndex(code, 16) {
		for g := 2; g+1 < len(m); g += 2 {
			if m[g] >= 0 {
				name := code[m[g]:m[g+1]]
				if name == "" {
					name = "_" // while (<$s>): the line is in $_
				}
				out = append(out, name)
				break
			}
		}
	}
	return out
}

// shellRunOf returns the pattern of a shell run on variable x: Perl's
// qx{$x}, backticks, system/exec, a piped open; Ruby's %x(#{x}),
// backticks, system, exec, spawn, IO.popen, Open3; Elixir's
// System.cmd("sh", ["-c", x]), :os.cmd(x), Port.open({:spawn, x}).
func shellRunOf(x string) *regexp.Regexp {
	q := regexp.QuoteMeta(x)
	return regexp.MustCompile(`\bqx\s*[{(\[/|!<]\s*\$` + q + `\b|` + "`" + `\s*(?:\$` + q + `\b|#\{\s*` + q + `\s*\})` +
		`|\b(?:system|exec|spawn)\s*\(?\s*\$?` + q + `\b|\bopen\s*\(?[^;\n]*["']\s*\$` + q + `\b[^"'\n]*\|\s*["']` +
		`|%x[({\[]\s*#\{\s*` + q + `\s*\}|\bIO\.popen\(\s*` + q + `\b|\bOpen3\.\w+\(\s*` + q + `\b` +
		`|\bSystem\.cmd\(\s*"(?:/bin/|/usr/bin/)?(?:ba|z|da)?sh"\s*,\s*\[\s*"-c"\s*,[^\]\n]*\b` + q + `\b|:os\.cmd\([^)\n]*\b` + q + `\b|\bPort\.open\(\s*\{:spawn,[^}\n]*\b` + q + `\b`)
}

// scanSockRun reports a program that runs what it reads from a socket
// as shell commands (see above), unless that line is already reported
// as a reverse shell.
func scanSockRun(sc *skillCtx, rel, text string) {
	code := stripHashComments(text)
	var vars []string
	switch strings.ToLower(path.Ext(rel)) {
	case ".ex", ".exs":
		if !strings.Contains(code, ".recv(") {
			return
		}
		for _, m := range sockRunRE().elixirRecv.FindAllStringSubmatch(code, 16) {
			vars = append(vars, m[1])
		}
	default:
		for _, m := range perlRubySocket.FindAllStringSubmatch(code, 8) {
			if name := m[1] + m[2]; name != "" {
				vars = append(vars, sockReadVars(code, name)...)
			}
		}
	}
	for _, x := range vars {
		r := shellRunOf(x).FindStringIndex(code)
		if r == nil {
			continue
		}
		ln := 1 + strings.Count(code[:r[0]], "\n")
		for _, f := range sc.findings {
			if f.File == rel && f.Line == ln && f.RuleID == "reverse-shell" {
				return
			}
		}
		sc.add(rel, ln, "reverse-shell", Critical, "reads lines from a network socket and runs each as a shell command: whoever is at the other end runs commands on this machine (reverse shell)", trimmedLine(text, ln))
		return
	}
}
