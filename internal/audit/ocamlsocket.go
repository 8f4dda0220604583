package audit

import (
	"path"
	"strings"
)

// An OCaml program that connects (or accepts) a socket with the Unix
// library and starts a shell whose standard input and output are that
// socket hands the shell to whoever is at the other end: reverse-shell,
// critical, as langSocketProcess reads Crystal's Process.run(shell,
// input: sock, output: sock) and adaSocket Ada's. OCaml gives the shell
// the socket in two ways: Unix.create_process "/bin/sh" args fd fd fd
// with one descriptor (or one expression, Unix.dup sock) as both its
// input and its output, or Unix.dup2 of one descriptor over stdin and
// stdout followed by Unix.execv (execvp, execve) of a shell. A shell
// started on the process's own stdin/stdout, or on two pipes, is a
// build step, not this.

var (
	// ocamlSocket connects, opens or accepts a socket with the Unix
	// library (Unix.connect fd addr, Unix.open_connection addr,
	// Unix.accept srv); the bare names count in a file that opens Unix.
	ocamlSocket = lazyRE(`\bUnix\.(?:connect|open_connection|accept)\b|(?m)^\s*open\s+Unix\b[\s\S]*\b(?:open_connection|accept|connect\s+\w+\s+\(?(?:Unix\.)?ADDR_INET)\b`)
	// ocamlShellProc is a shell started with create_process (or
	// create_process_env, its environment argument skipped): groups 1
	// and 2 its standard input and output, each a name or a
	// parenthesised expression.
	ocamlShellProc = lazyRE(`\b(?:Unix\.)?create_process(?:_env)?\s+"(?:/usr)?(?:/bin/)?(?:ba|z|da|k)?sh"\s+(?:\[\|[^|]*\|\]|[\w.']+)\s+(?:(?:\[\|[^|]*\|\]|[\w.']+)\s+)??(\([^()]*\)|[\w.']+)\s+(\([^()]*\)|[\w.']+)`)
	// ocamlDup2 copies a descriptor (group 1) over stdin, stdout or
	// stderr (group 2).
	ocamlDup2 = lazyRE(`\b(?:Unix\.)?dup2\s+(?:~cloexec:\w+\s+)?([\w.']+)\s+(?:Unix\.)?(stdin|stdout|stderr)\b`)
	// ocamlShellExec replaces the process with a shell.
	ocamlShellExec = lazyRE(`\b(?:Unix\.)?exec(?:v|vp|ve|vpe)\s+"(?:/usr)?(?:/bin/)?(?:ba|z|da|k)?sh"`)
	// ocamlComment is an OCaml (* ... *) comment (not nested).
	ocamlComment = lazyRE(`(?s)\(\*.*?\*\)`)
)

// ocamlStdFd reports whether e names the process's own standard
// descriptors rather than a socket.
func ocamlStdFd(e string) bool {
	switch strings.TrimPrefix(e, "Unix.") {
	case "stdin", "stdout", "stderr":
		return true
	}
	return false
}

// ocamlSocketShell returns the offset in code (comments blanked) of a
// shell given a socket the file connects as its input and output (see
// above), or -1.
func ocamlSocketShell(code string) int {
	if !ocamlSocket.MatchString(code) {
		return -1
	}
	for _, m := range ocamlShellProc.FindAllStringSubmatchIndex(code, 16) {
		in, out := code[m[2]:m[3]], code[m[4]:m[5]]
		if in == out && !ocamlStdFd(in) && !strings.Contains(in, "pipe") {
			return m[0]
		}
	}
	e := ocamlShellExec.FindStringIndex(code)
	if e == nil {
		return -1
	}
	over := map[string]map[string]bool{}
	for _, d := range ocamlDup2.FindAllStringSubmatch(code, 16) {
		if over[d[1]] == nil {
			over[d[1]] = map[string]bool{}
		}
		over[d[1]][d[2]] = true
	}
	for fd, std := range over {
		if std["stdin"] && (std["stdout"] || std["stderr"]) && !ocamlStdFd(fd) {
			return e[0]
		}
	}
	return -1
}

// scanOCamlSocketShell reports an OCaml file that starts a shell on a
// socket it connects (see above).
func scanOCamlSocketShell(sc *skillCtx, rel, content string) {
	if ext := strings.ToLower(path.Ext(rel)); ext != ".ml" || !strings.Contains(content, "sh\"") {
		return
	}
	code := ocamlComment.ReplaceAllStringFunc(content, blankKeepLines)
	if p := ocamlSocketShell(code); p >= 0 {
		ln := 1 + strings.Count(code[:p], "\n")
		sc.add(rel, ln, "reverse-shell", Critical, "starts a shell whose input and output are a network socket the program connects: whoever is at the other end runs commands on this machine (reverse shell)",
			trimmedLine(content, ln))
	}
}
