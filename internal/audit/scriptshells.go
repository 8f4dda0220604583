package audit

import (
	"regexp"
	"strings"
)

// Reverse shells in PHP, Perl and Ruby scripts (one-liners given to
// perl -e, ruby -e and php -r are read by the shell rules).
//
// A PHP reverse shell opens a socket (fsockopen, pfsockopen,
// stream_socket_client, socket_create) and wires a process to it: the
// socket as proc_open's descriptors (the process's stdin and stdout are
// the remote party), a shell command redirected to the socket's file
// descriptor (exec("/bin/sh -i <&3 >&3 2>&3")), or a loop running what it
// reads from the socket (fwrite($s, shell_exec(fgets($s)))). The address
// does not matter (long2ip(3405803821), a config value, a DNS name): no
// skill needs a process driven from a network socket.

var (
	// phpSockAssign is a socket opened and assigned to a variable.
	phpSockAssign = lazyRE(`\$(\w+)\s*=\s*@?\s*(?:\\?(?:fsockopen|pfsockopen|stream_socket_client|socket_create)\s*\()`)
	// phpProcOpen starts a process with descriptors chosen by the code.
	phpProcOpen = lazyRE(`\bproc_open\s*\(`)
	// phpShellExec runs a command line.
	phpShellExec = lazyRE(`\b(?:exec|shell_exec|system|passthru|popen|proc_open|pcntl_exec)\s*\(|` + "`")
	// phpFdRedirect is a shell redirection to or from a numbered file
	// descriptor (<&3, >&3, 2>&3): the socket's, in a PHP reverse shell.
	phpFdRedirect = lazyRE(`[<>]&\s*[3-9]\b`)
)

// scanPHP reports a PHP reverse shell (see above) in a script whose
// comments are left in (a commented-out shell is rare and still names
// its author's intent).
func scanPHP(sc *skillCtx, rel, text string) {
	if !strings.Contains(text, "sock") {
		return
	}
	for _, m := range phpSockAssign.FindAllStringSubmatchIndex(text, 8) {
		v := regexp.QuoteMeta(text[m[2]:m[3]])
		rest := text[m[1]:]
		reason, at := "", -1
		if at = procOnSocket(rest, v); at >= 0 {
			reason = "opens a socket and starts a process whose input and output are that socket (reverse shell)"
		} else if e := phpShellExec.FindStringIndex(rest); e != nil && phpFdRedirect.MatchString(rest) {
			reason, at = "opens a socket and runs a shell redirected to its file descriptor (reverse shell)", e[0]
		} else if at = readRunLoop(rest, v); at >= 0 {
			reason = "opens a socket and runs the commands it reads from it (reverse shell)"
		}
		if reason == "" {
			continue
		}
		// the line where the process meets the socket, which shows both
		off := m[1] + at
		ln := 1 + strings.Count(text[:off], "\n")
		sc.add(rel, ln, "reverse-shell", Critical, reason, lineAround(text, off, off))
		return
	}
}

// procOnSocket returns the offset in code of a proc_open call whose
// descriptor spec (the array given, or the array the variable given was
// assigned) holds the socket variable v, or -1.
func procOnSocket(code, v string) int {
	elem := regexp.MustCompile(`(?:^|[\[(,>])\s*\$` + v + `\b\s*(?:[,\])]|$)`)
	for _, m := range phpProcOpen.FindAllStringIndex(code, 8) {
		args := callArgs(code[m[1]:])
		if len(args) < 2 {
			continue
		}
		spec := args[1]
		if strings.HasPrefix(spec, "$") && identRe.MatchString(spec[1:]) {
			a := regexp.MustCompile(`\$` + regexp.QuoteMeta(spec[1:]) + `\s*=\s*`).FindStringIndex(code)
			if a == nil {
				continue
			}
			spec = code[a[1]:min(len(code), a[1]+400)]
			if end := strings.IndexByte(spec, ';'); end >= 0 {
				spec = spec[:end]
			}
		}
		if elem.MatchString(spec) {
			return m[0]
		}
	}
	return -1
}

// readRunLoop returns the offset in code of a command run on what was
// read from the socket variable v (shell_exec(fgets($s)), or a variable
// assigned from such a read), or -1.
func readRunLoop(code, v string) int {
	read := `(?:trim\s*\(\s*)?(?:fgets|fread|stream_get_line|socket_read)\s*\(\s*\$` + v + `\b`
	run := `\b(?:shell_exec|exec|system|passthru|popen|proc_open)\s*\(\s*`
	if m := regexp.MustCompile(run + read).FindStringIndex(code); m != nil {
		return m[0]
	}
	for _, r := range regexp.MustCompile(`\$(\w+)\s*=\s*`+read).FindAllStringSubmatch(code, 4) {
		if m := regexp.MustCompile(run + `\$` + regexp.QuoteMeta(r[1]) + `\b`).FindStringIndex(code); m != nil {
			return m[0]
		}
	}
	return -1
}

// A Perl or Ruby reverse shell connects a socket (Perl's socket and
// connect, IO::Socket::INET or IO::Socket::IP; Ruby's TCPSocket,
// Socket.tcp) and makes that socket a process's standard streams:
// open(STDIN, ">&S"), open(STDOUT, ">&", $s), STDIN.reopen(s),
// spawn(..., [:in, :out, :err] => s), or a shell command redirected to its
// descriptor (exec sprintf("/bin/sh -i <&%d >&%d", f, f)). The socket is
// named: saving and restoring STDOUT in a program that also has a socket
// is not one.
var (
	// perlRubySocket opens a socket; group 1 or 2 is its handle or
	// variable.
	perlRubySocket = lazyRE(`\bsocket\s*\(\s*\*?(\w+)\s*,\s*(?:PF_INET|AF_INET)|\$?(\w+)\s*=\s*(?:IO::Socket::(?:INET6?|IP|SSL)->new\b|(?:TCPSocket\.(?:new|open)|Socket\.tcp)\b)`)
)

// perlRubyWire returns the pattern of the socket named name made a
// process's standard streams.
func perlRubyWire(name string) *regexp.Regexp {
	n := regexp.QuoteMeta(name)
	return regexp.MustCompile(`\bopen\s*\(?\s*\*?STD(?:IN|OUT|ERR)\s*,\s*["']\+?[<>]+&=?\*?` + n + `\b|\bopen\s*\(?\s*\*?STD(?:IN|OUT|ERR)\s*,\s*["']\+?[<>]+&=?["']\s*,\s*\\?\*?\$?` + n + `\b` +
		`|\b(?:STD(?:IN|OUT|ERR)|\$std(?:in|out|err))\.reopen\(\s*` + n + `\b|\[\s*:in\s*,\s*:out(?:\s*,\s*:err)?\s*\]\s*=>\s*` + n + `\b|\bin:\s*` + n + `\s*,\s*out:` +
		`|\bdup2\(\s*(?:fileno\(\s*\$?` + n + `|\$?` + n + `->fileno)` +
		`|\b(?:exec|system|spawn)\b[^\n]*[<>]&\s*(?:%d|#\{\s*` + n + `)[^\n]*` + n + `\b|\b(?:exec|system|spawn)\b[^\n]*[<>]&\s*#\{\s*` + n + `\b`)
}

// scanPerlRubyShell reports a Perl or Ruby reverse shell (see above).
func scanPerlRubyShell(sc *skillCtx, rel, text string) {
	code := stripHashComments(text)
	for _, m := range perlRubySocket.FindAllStringSubmatch(code, 8) {
		name := m[1] + m[2]
		if name == "" {
			continue
		}
		if w := perlRubyWire(name).FindStringIndex(code); w != nil {
			ln := 1 + strings.Count(code[:w[0]], "\n")
			sc.add(rel, ln, "reverse-shell", Critical, "connects a socket and makes it a process's standard input and output (reverse shell)", lineAround(text, w[0], w[1]))
			return
		}
	}
}
