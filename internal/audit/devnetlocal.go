package audit

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A bash /dev/tcp or /dev/udp redirection is a reverse shell when a
// shell's input or output is wired to a remote party. A command that
// only writes its output (echo '{...}' >/dev/udp/127.0.0.1/41234, a
// test of a local UDP listener) to a port on this machine gives nobody a
// shell: no input comes back and no remote party is at the other end.

// loopbackSend reports whether a redirection to target (a /dev/tcp or
// /dev/udp path) with operator op on the call c (ok: the statement is a
// call) only sends a non-shell command's output to the loopback address
// (127.0.0.0/8, localhost, ::1).
func loopbackSend(target string, op syntax.RedirOperator, c call, ok bool) bool {
	if !ok || isShell(c.name) || c.name == "exec" || (op != syntax.RdrOut && op != syntax.AppOut && op != syntax.RdrClob) {
		return false
	}
	i := strings.Index(target, "/dev/")
	rest := strings.TrimPrefix(strings.TrimPrefix(target[i:], "/dev/tcp/"), "/dev/udp/")
	host, _, _ := strings.Cut(rest, "/")
	return strings.HasPrefix(host, "127.") || host == "localhost" || host == "::1" || host == "[::1]"
}
