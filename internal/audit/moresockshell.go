package audit

import (
	"regexp"
	"strings"
)

// Two more shapes of scanSocketRun's reverse shell in the languages of
// moreLangExts, beside a command in a variable run next to a socket:
//   - a process whose standard input and output (or error) are a socket
//     the file connected (Crystal's Process.run(shell, ["-i"], input:
//     sock, output: sock), Process.new likewise): whoever is at the other
//     end types into the process and reads what it answers, whatever it
//     runs;
//   - a shell and its command flag held in variables (Dart's final shell
//     = Platform.isWindows ? 'cmd' : '/bin/sh'; final flag = ... '-c')
//     and run on a command held in a third (Process.run(shell, [flag,
//     cmd])): the same as Process.run('/bin/sh', ['-c', cmd]), which
//     langVarExec reads.

var (
	// langProcStart starts a process: Crystal's Process.run and
	// Process.new, Dart's Process.run and Process.start.
	langProcStart = lazyRE(`\bProcess\.(?:run|new|start)\s*\(`)
	// langVarShellCall is a process started on a program and a list of
	// two arguments, all three names: groups 1 to 3.
	langVarShellCall = lazyRE(`\bProcess\.(?:run|start)\s*\(\s*([A-Za-z_]\w*)\s*,\s*(?:<String>)?\[\s*([A-Za-z_]\w*)\s*,\s*([A-Za-z_][\w.]*)\s*\]`)
	// langDecl is a one-line declaration of a name (Dart's final, var,
	// const and typed ones; Crystal's and Nim's plain ones): group 1
	// the name, group 2 the value.
	langDecl = lazyRE(`(?m)^[ \t]*(?:(?:final|var|const|let|late)\s+)?(?:String\s+)?([A-Za-z_]\w*)\s*=\s*([^;\n]+)`)
)

// langSocketVars returns the names the file binds to a socket it
// connects (x = TCPSocket.new(...), final s = await Socket.connect(...)).
func langSocketVars(code string) []string {
	var out []string
	for _, m := range langSocket.FindAllStringIndex(code, 16) {
		ls := strings.LastIndexByte(code[:m[0]], '\n') + 1
		if d := langDecl.FindStringSubmatch(code[ls:m[0]] + "x"); d != nil && strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(d[2]), "await")) == "x" {
			out = append(out, d[1])
		}
	}
	return out
}

// langSocketProcess returns the offset of a process started with a
// socket of socks as its input and as its output or error, or -1.
func langSocketProcess(code string, socks []string) int {
	if len(socks) == 0 {
		return -1
	}
	for _, m := range langProcStart.FindAllStringIndex(code, 32) {
		call := balanced(code, m[1]-1)
		for _, s := range socks {
			q := regexp.QuoteMeta(s)
			in := regexp.MustCompile(`\binput:\s*` + q + `\b`).MatchString(call)
			out := regexp.MustCompile(`\b(?:output|error):\s*` + q + `\b`).MatchString(call)
			if in && out {
				return m[0]
			}
		}
	}
	return -1
}

// langVarShellRun returns the offset of a shell held in a variable run
// with its command flag held in another on a command held in a third
// (see above), or -1.
func langVarShellRun(code string) int {
	if !shellFlagLit.MatchString(code) || !shellNameLit.MatchString(code) {
		return -1
	}
	// names every declaration of which holds only shells (or only
	// shell flags) in its string literals, object keys aside
	shells, flags := map[string]bool{}, map[string]bool{}
	notShell, notFlag, notFixed := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, d := range langDecl.FindAllStringSubmatch(code, 2000) {
		lits := jsLitPart.FindAllString(jsKeyLit.ReplaceAllString(d[2], ":"), -1)
		sh, fl := len(lits) > 0, len(lits) > 0
		for _, l := range lits {
			sh = sh && jsInterpreter(l[1:len(l)-1])
			fl = fl && shellFlagLit.MatchString(l)
		}
		shells[d[1]], flags[d[1]] = true, true
		notShell[d[1]] = notShell[d[1]] || !sh
		notFlag[d[1]] = notFlag[d[1]] || !fl
		v := strings.TrimSpace(d[2])
		notFixed[d[1]] = notFixed[d[1]] || len(lits) != 1 || jsLitPart.FindString(v) != v
	}
	// a command that is one literal wherever it is declared is the
	// program's own
	fixed := map[string]bool{}
	for n := range shells {
		fixed[n] = !notFixed[n]
		shells[n], flags[n] = !notShell[n], !notFlag[n]
	}
	for _, m := range langVarShellCall.FindAllStringSubmatchIndex(code, 16) {
		prog, flag, cmd := code[m[2]:m[3]], code[m[4]:m[5]], code[m[6]:m[7]]
		if shells[prog] && flags[flag] && !fixed[cmd] && !flags[cmd] {
			return m[0]
		}
	}
	return -1
}

// Julia's shape of the same reverse shell: a socket the file connects
// (sock = Sockets.connect(host, port), or connect with using Sockets;
// sock = accept(server) for a listener), a line read from it (line =
// readline(sock), for line in eachline(sock), readuntil, readavailable),
// and a command literal starting a shell with -c on that line (run(`sh
// -c $line`), pipeline(`bash -c $cmd`), Cmd(["sh", "-c", line])): whoever
// is at the other end runs commands on this machine. The line is
// followed through assignments (cmd = strip(line)). A shell run on a
// fixed string or a variable not read from the socket (a status client
// that runs its own command) is not this.

var (
	// juliaSockBind binds a name (group 1) to a connected or accepted
	// socket, the call on its line or on the line after try.
	juliaSockBind = lazyRE(`(?m)^[ \t]*(?:local\s+|global\s+)?([A-Za-z_]\w*)\s*=\s*(?:try\s*\n\s*)?(?:Sockets\.)?(?:connect|accept)\s*\(`)
	// juliaSockRead binds a name (group 1 or 2) to what a stream (group 3
	// or 4, its name) delivers.
	juliaSockRead = lazyRE(`\b([A-Za-z_]\w*)\s*=\s*(?:\w+\(\s*)*(?:readline|readuntil|readavailable|read)\(\s*([A-Za-z_]\w*)\b|\bfor\s+([A-Za-z_]\w*)\s+in\s+eachline\(\s*([A-Za-z_]\w*)\b`)
	// juliaAssign is an assignment: group 1 the name, group 2 the value.
	juliaAssign = lazyRE(`(?m)\b([A-Za-z_]\w*)\s*=\s*([^=\n][^\n]*)`)
	// juliaShellCmd is a shell started with -c on a name: in a command
	// literal (`sh -c $line`, `bash -c $(cmd)`) or an argument list
	// (Cmd(["sh", "-c", line])); group 1 or 2 the name.
	juliaShellCmd = lazyRE("`(?:/usr)?(?:/bin/)?(?:ba|z|da)?sh\\s+-c\\s+\\$\\(?([A-Za-z_]\\w*)|\\bCmd\\(\\s*\\[\\s*\"(?:/usr)?(?:/bin/)?(?:ba|z|da)?sh\"\\s*,\\s*\"-c\"\\s*,\\s*([A-Za-z_]\\w*)\\s*\\]")
)

// juliaSocketShell returns the offset, in code (Julia with its comments
// blanked), of a shell run with -c on what a socket the file connects
// delivered (see above), or -1.
func juliaSocketShell(code string) int {
	if !strings.Contains(code, "-c") || !strings.Contains(code, "connect(") && !strings.Contains(code, "accept(") {
		return -1
	}
	socks := map[string]bool{}
	for _, m := range juliaSockBind.FindAllStringSubmatch(code, 16) {
		socks[m[1]] = true
	}
	if len(socks) == 0 {
		return -1
	}
	got := map[string]bool{}
	for _, m := range juliaSockRead.FindAllStringSubmatch(code, 64) {
		if socks[m[2]+m[4]] {
			got[m[1]+m[3]] = true
		}
	}
	if len(got) == 0 {
		return -1
	}
	assigns := juliaAssign.FindAllStringSubmatch(code, 2000)
	for range 3 { // cmd = strip(line), then passed on
		grew := false
		for _, a := range assigns {
			if got[a[1]] {
				continue
			}
			for v := range got {
				if containsWord(a[2], v) {
					got[a[1]], grew = true, true
					break
				}
			}
		}
		if !grew {
			break
		}
	}
	for _, m := range juliaShellCmd.FindAllStringSubmatchIndex(code, 16) {
		for g := 2; g+1 < len(m); g += 2 {
			if m[g] >= 0 && got[code[m[g]:m[g+1]]] {
				return m[0]
			}
		}
	}
	return -1
}

// scanJuliaSocketShell reports a Julia file that runs what a socket it
// connects delivers through sh -c (see above).
func scanJuliaSocketShell(sc *skillCtx, rel, content string) {
	code := stripHashComments(content)
	if p := juliaSocketShell(code); p >= 0 {
		ln := 1 + strings.Count(code[:p], "\n")
		sc.add(rel, ln, "reverse-shell", Critical, "reads lines from a network socket and runs each with sh -c: whoever is at the other end runs commands on this machine (reverse shell)",
			trimmedLine(content, ln))
	}
}
