package audit

import (
	"slices"
	"strings"
)

// An Erlang program (an escript, a module, a header) that runs what it
// reads from a socket as a shell command: case gen_tcp:recv(Sock, 0) of
// {ok, Line} -> os:cmd(binary_to_list(Line)), the same with ssl:recv, an
// assignment from the read ({ok, Line} = gen_tcp:recv(S, 0)), or a
// receive of an active socket's {tcp, Sock, Data} message. Whoever is at
// the other end runs commands on this machine (reverse-shell, critical),
// as with Elixir's :gen_tcp.recv read by sockrun.go. The command is
// followed through single assignments (Cmd = string:trim(Line)); the
// run is os:cmd or open_port({spawn, ...}) of it. A client that reads a
// server's answer and runs its own fixed command is not this: the run
// must name what the socket delivered.

var (
	// erlRecvVar is a read from a socket binding a variable: group 1, 2
	// or 3 its name.
	erlRecvVar = lazyRE(`\b(?:gen_tcp|ssl):recv\s*\([^()]*\)\s*of\s*\{\s*ok\s*,\s*([A-Z_]\w*)\s*\}|\{\s*ok\s*,\s*([A-Z_]\w*)\s*\}\s*=\s*(?:gen_tcp|ssl):recv\s*\(|\{\s*(?:tcp|ssl)\s*,\s*\w+\s*,\s*([A-Z_]\w*)\s*\}\s*(?:when\b[^\n]*)?->`)
	// erlAssign is an Erlang match of a variable to an expression (not
	// a comparison): group 1 the name, group 2 the rest of the line.
	erlAssign = lazyRE(`(?m)\b([A-Z]\w*)\s*=\s*([^=:<>\n][^\n]*)`)
	// erlShellRun runs a command: group 1 the rest of the line.
	erlShellRun = lazyRE(`\b(?:os:cmd|open_port)\s*\(([^\n]*)`)
)

// isErlang reports whether rel (with shebang, the first line of its
// text) is an Erlang source, header or escript.
func isErlang(ext, shebang string) bool {
	return ext == ".erl" || ext == ".hrl" || ext == ".escript" || strings.Contains(shebang, "escript")
}

// scanErlangSockRun reports an Erlang program that runs what it reads
// from a socket as a shell command (see above). Erlang binds a name once
// per function clause but reuses names across clauses, so a name counts
// at a run when its binding nearest before the run is from the socket.
func scanErlangSockRun(sc *skillCtx, rel, code string) {
	if !strings.Contains(code, "recv") && !strings.Contains(code, "{tcp,") && !strings.Contains(code, "{ssl,") {
		return
	}
	// binding is one binding of a name: where, and whether what it holds
	// came from the socket
	type binding struct {
		at     int
		socket bool
	}
	binds := map[string][]binding{}
	for _, m := range erlRecvVar.FindAllStringSubmatchIndex(code, 16) {
		for g := 2; g+1 < len(m); g += 2 {
			if m[g] >= 0 && code[m[g]:m[g+1]] != "_" {
				binds[code[m[g]:m[g+1]]] = append(binds[code[m[g]:m[g+1]]], binding{m[0], true})
			}
		}
	}
	if len(binds) == 0 {
		return
	}
	// fromSocket reports whether expression e at offset at names a
	// variable whose nearest binding before at holds what the socket sent.
	fromSocket := func(e string, at int) bool {
		for v, bs := range binds {
			if !containsWord(e, v) {
				continue
			}
			best := binding{at: -1}
			for _, b := range bs {
				if b.at < at && b.at > best.at {
					best = b
				}
			}
			if best.socket {
				return true
			}
		}
		return false
	}
	assigns := erlAssign.FindAllStringSubmatchIndex(code, 2000)
	for range 3 { // Cmd = string:trim(binary_to_list(Line)), then passed on
		grew := false
		for _, a := range assigns {
			name := code[a[2]:a[3]]
			if slices.ContainsFunc(binds[name], func(b binding) bool { return b.at == a[0] }) {
				continue
			}
			if _, known := binds[name]; known || fromSocket(code[a[4]:a[5]], a[0]) {
				binds[name] = append(binds[name], binding{a[0], fromSocket(code[a[4]:a[5]], a[0])})
				grew = true
			}
		}
		if !grew {
			break
		}
	}
	for _, m := range erlShellRun.FindAllStringSubmatchIndex(code, 32) {
		if !fromSocket(code[m[2]:m[3]], m[0]) {
			continue
		}
		ln := 1 + strings.Count(code[:m[0]], "\n")
		sc.add(rel, ln, "reverse-shell", Critical, "reads lines from a network socket and runs each as a shell command (os:cmd): whoever is at the other end runs commands on this machine (reverse shell)", trimmedLine(code, ln))
		return
	}
}
