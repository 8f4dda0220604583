package audit

import (
	"path"
	"strings"
)

// An Ada program (an Alire crate's tool, run by its pre-build action,
// or any .adb the skill ships) that connects a GNAT.Sockets socket
// (Connect_Socket, or Accept_Socket for a listener) and starts a shell
// with -c and a command it does not spell out (GNAT.Expect's
// Get_Command_Output or GNAT.OS_Lib's Spawn given "/bin/sh" and the
// arguments ("-c", new String'(Command))) runs what the other end of the
// socket sends: reverse-shell, critical, as langSocket with langVarExec
// reads the languages of morelangrun.go. A fixed command line (-c and a
// string literal) beside a socket, a status client, is not this. Ada is
// case-insensitive, so the patterns are.

var (
	// adaSocket connects or accepts a GNAT.Sockets socket.
	adaSocket = lazyRE(`(?i)\b(?:Connect_Socket|Accept_Socket)\s*\(`)
	// adaShellName names a shell as a string.
	adaShellName = lazyRE(`(?i)"(?:/bin/|/usr/bin/)?(?:ba|z|da)?sh"`)
	// adaDashCVar is an argument list holding -c followed by a string
	// made from a name, not a literal: new String'("-c"), new
	// String'(Command).
	adaDashCVar = lazyRE(`(?i)new\s+String'\s*\(\s*"-c"\s*\)\s*,\s*(?:\d+\s*=>\s*)?new\s+String'\s*\(\s*[A-Za-z]\w*`)
)

// scanAdaSocketShell reports an Ada program that connects a socket and
// runs a command it is not given as a literal through sh -c (see above).
func scanAdaSocketShell(sc *skillCtx, rel, content string) {
	switch strings.ToLower(path.Ext(rel)) {
	case ".adb", ".ads", ".ada":
	default:
		return
	}
	if !strings.Contains(content, "-c") || !adaSocket.MatchString(content) || !adaShellName.MatchString(content) {
		return
	}
	code := adaCommentsBlanked(content)
	e := adaDashCVar.FindStringIndex(code)
	if e == nil || !adaSocket.MatchString(code) {
		return
	}
	ln := 1 + strings.Count(code[:e[0]], "\n")
	sc.add(rel, ln, "reverse-shell", Critical, "connects a socket and runs a command held in a variable through sh -c: whoever is at the other end runs commands on this machine",
		trimmedLine(content, ln))
}

// adaCommentsBlanked blanks Ada's -- comments to the end of their line
// (outside string literals), offsets kept.
func adaCommentsBlanked(content string) string {
	b := []byte(content)
	in := false
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '\n':
			in = false
		case b[i] == '"':
			in = !in
		case !in && b[i] == '-' && i+1 < len(b) && b[i+1] == '-':
			for i < len(b) && b[i] != '\n' {
				b[i] = ' '
				i++
			}
			i--
		}
	}
	return string(b)
}
