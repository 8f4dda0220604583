package audit

import "strings"

// Two more ways Python hands what a server answered to a shell (rule
// download-exec, see pyshellanswer.go). A shell started with a pipe on
// its standard input and no script of its own (subprocess.Popen(["sh"],
// stdin=PIPE), ["bash", "-s"], asyncio.create_subprocess_exec("sh",
// stdin=PIPE)) runs whatever is written to that pipe, so p.communicate(
// body), p.communicate(input=body) and p.stdin.write(body) are
// curl … | sh as much as subprocess.run(["sh"], input=body) is. And a
// formatting that puts nothing around the answer (f"{body}", "%s" %
// body, "{}".format(body)) is still the answer whole, the command line
// the server chose; a command built around it (f"git clone {url}") is a
// fixed program given an argument, and stays what it was.

var (
	// pyProcBinding is the text before a call on its line when the call's
	// result is bound to a name (p = subprocess.Popen(…), proc = await
	// asyncio.create_subprocess_exec(…)): group 1 the name.
	pyProcBinding = lazyRE(`^[ \t]*([A-Za-z_][\w.]*)[ \t]*=[ \t]*(?:await[ \t]+)?$`)
	// pyAsName is a with item's binding after its expression: group 1 the
	// name (with subprocess.Popen(…) as p).
	pyAsName = lazyRE(`^[ \t]*as[ \t]+([A-Za-z_]\w*)`)
	// pyTrailingNewline is a newline literal added to what is written to
	// a pipe, which only ends the line.
	pyTrailingNewline = lazyRE(`\s*\+\s*[bB]?(?:'\\n'|"\\n")$`)
)

// pyStdinFeeds are the methods of a process object that write to its
// standard input: communicate's first argument (or input=) and the
// stdin pipe's writes.
var pyStdinFeeds = []string{".communicate(", ".stdin.write(", ".stdin.writelines("}

// pyLitEnd returns the index just past the Python string literal e
// starts with (its prefix letters and triple quotes handled), its
// prefix lower-cased and its body; end -1 when e does not start with
// one.
func pyLitEnd(e string) (end int, prefix, body string) {
	i := 0
	for i < len(e) && i < 3 && strings.IndexByte("rRbBuUfF", e[i]) >= 0 {
		i++
	}
	if i >= len(e) || e[i] != '\'' && e[i] != '"' {
		return -1, "", ""
	}
	q3 := strings.Repeat(e[i:i+1], 3)
	if strings.HasPrefix(e[i:], q3) {
		k := strings.Index(e[i+3:], q3)
		if k < 0 {
			return -1, "", ""
		}
		return i + 3 + k + 3, strings.ToLower(e[:i]), e[i+3 : i+3+k]
	}
	j := stringEnd(e, i, true)
	if j >= len(e) || e[j] != e[i] {
		return -1, "", ""
	}
	return j + 1, strings.ToLower(e[:i]), e[i+1 : j]
}

// pyTrimBlank trims spaces and the escapes of blank characters (\n, \t,
// \r) from both ends of a literal's body: they add no word to a command.
func pyTrimBlank(s string) string {
	for {
		t := strings.TrimSpace(s)
		for _, esc := range []string{`\n`, `\r`, `\t`} {
			t = strings.TrimSuffix(strings.TrimPrefix(t, esc), esc)
		}
		if t == s {
			return s
		}
		s = t
	}
}

// pyKwarg splits a call argument written name=value, ok false for a
// positional one (a comparison a == b is positional).
func pyKwarg(a string) (name, value string, ok bool) {
	k := strings.IndexByte(a, '=')
	if k <= 0 || strings.HasPrefix(a[k:], "==") || !isPyIdent(strings.TrimSpace(a[:k])) {
		return "", "", false
	}
	return strings.TrimSpace(a[:k]), strings.TrimSpace(a[k+1:]), true
}

// pyBareFormat returns the one expression a string formatting of e puts
// in a string with nothing else around it but blanks: f"{x}" (also
// f"{x!s}"), "%s" % x, "%s" % (x,), "{}".format(x), "{0}".format(x) and
// "{n}".format(n=x). A conversion or format spec ({x!r}, {x:>9}) makes
// other text of it, and any other word is text around it: not bare.
func pyBareFormat(e string) (string, bool) {
	e = strings.TrimSpace(e)
	end, prefix, body := pyLitEnd(e)
	if end < 0 {
		return "", false
	}
	b, rest := pyTrimBlank(body), strings.TrimSpace(e[end:])
	switch {
	case rest == "" && strings.Contains(prefix, "f"):
		if len(b) < 3 || b[0] != '{' || b[1] == '{' || pyCloseAt(b, 0) != len(b)-1 {
			return "", false
		}
		x := strings.TrimSpace(strings.TrimSuffix(b[1:len(b)-1], "!s"))
		if x == "" || strings.HasSuffix(x, "=") || topLevel(x, ':') >= 0 || topLevel(x, '!') >= 0 && !strings.Contains(x, "!=") {
			return "", false
		}
		return x, true
	case strings.Contains(prefix, "f"):
		return "", false
	case strings.HasPrefix(rest, "%"):
		if b != "%s" {
			return "", false
		}
		x := strings.TrimSpace(rest[1:])
		if strings.HasPrefix(x, "(") && pyCloseAt(x, 0) == len(x)-1 {
			if a := callArgs(x[1:]); len(a) == 1 {
				x = a[0] // (x,)
			}
		}
		return x, x != ""
	case strings.HasPrefix(rest, ".format(") && pyCloseAt(rest, 7) == len(rest)-1:
		args := callArgs(rest[8:])
		if len(args) == 0 {
			return "", false
		}
		if b == "{}" || b == "{0}" {
			if _, _, kw := pyKwarg(args[0]); !kw {
				return args[0], true
			}
			return "", false
		}
		if len(b) > 2 && b[0] == '{' && b[len(b)-1] == '}' && isPyIdent(b[1:len(b)-1]) {
			for _, a := range args {
				if n, v, kw := pyKwarg(a); kw && n == b[1:len(b)-1] {
					return v, v != ""
				}
			}
		}
	}
	return "", false
}

// pyStdinShell reports whether argv elems (as written) start a shell or
// interpreter that reads its program from standard input: a shell or
// interpreter with no script and no inline program (["sh"], ["bash",
// "-s", "--", x], [sys.executable, "-"], ["sh", "-e"]), also behind env
// or sudo (["/usr/bin/env", "bash"]).
func pyStdinShell(elems []string) bool {
	for wrapped := false; len(elems) > 1; wrapped = true {
		_, w, ok := pyStrLitWhole(strings.TrimSpace(elems[0]))
		if !ok || !wrappers()[strings.ToLower(w[strings.LastIndexByte(w, '/')+1:])] && !(wrapped && (strings.Contains(w, "=") || strings.HasPrefix(w, "-"))) {
			break
		}
		elems = elems[1:] // env, sudo, and after them VAR=value or a flag
	}
	if len(elems) == 0 || !pyShellLit(elems[0]) {
		return false
	}
	prog := strings.Trim(strings.TrimSpace(elems[0]), `'"`)
	shell := isShell(strings.TrimSuffix(strings.ToLower(prog[strings.LastIndexAny(prog, `/\`)+1:]), ".exe"))
	for _, e := range elems[1:] {
		e = strings.TrimSpace(e)
		if _, body, ok := pyStrLitWhole(e); ok {
			switch f := body; {
			case f == "-" || f == "-s" || f == "/dev/stdin":
				return true
			case pyInlineFlag()[f] && !(shell && f == "-e"):
				return false // the program is the next argument
			case strings.HasPrefix(f, "-"):
				continue
			}
		}
		return false // a script file: the pipe is its data
	}
	return true
}

// pyStrLitWhole is pyLitEnd for an expression that is one literal and
// nothing else: its prefix and body.
func pyStrLitWhole(e string) (prefix, body string, ok bool) {
	end, prefix, body := pyLitEnd(e)
	return prefix, body, end == len(e) && end > 0
}

// pyPipedShell reports whether a process call named name with args
// starts a shell reading its program from a pipe the script holds
// (stdin=PIPE): an argv as pyStdinShell reads it, or a shell command
// line that is such a shell alone (Popen("bash -s", shell=True, …),
// create_subprocess_shell("sh", …)).
func pyPipedShell(name string, args []string) bool {
	shellLine := strings.HasSuffix(name, "create_subprocess_shell")
	piped := false
	var elems []string
	for i, a := range args {
		if n, v, kw := pyKwarg(a); kw {
			switch n {
			case "stdin":
				piped = strings.Contains(v, "PIPE")
			case "shell":
				shellLine = shellLine || v == "True"
			case "args":
				elems = append(elems, pyListElems(v)...)
			}
			continue
		}
		if i == 0 || strings.HasPrefix(a, "[") || strings.HasPrefix(a, "(") {
			elems = append(elems, pyListElems(a)...)
		} else {
			elems = append(elems, a)
		}
	}
	if !piped || len(elems) == 0 {
		return false
	}
	if shellLine {
		prefix, body, ok := pyStrLitWhole(strings.TrimSpace(elems[0]))
		if !ok || strings.Contains(prefix, "f") {
			return false
		}
		elems = elems[:0]
		for _, w := range strings.Fields(body) {
			elems = append(elems, `"`+w+`"`)
		}
	}
	return pyStdinShell(elems)
}

// pyFeedsAnswer returns the offset in c of the first write of an answer
// (t) to the standard input of a process the call r starts, when that
// process is a shell reading its program from the pipe (see above): the
// call's own communicate (Popen(…).communicate(body)), or those of the
// name it is bound to (p = Popen(…), with Popen(…) as p); -1 when none.
func pyFeedsAnswer(c string, r jsRun, t map[string]bool) int {
	base := r.name[strings.LastIndexByte(r.name, '.')+1:]
	if base != "Popen" && base != "create_subprocess_exec" && base != "create_subprocess_shell" || r.after < 1 {
		return -1
	}
	if !pyPipedShell(r.name, callArgs(c[r.after:])) {
		return -1
	}
	end := pyCloseAt(c, r.after-1)
	if end < 0 {
		return -1
	}
	after := c[end+1:]
	if rest := strings.TrimLeft(after, " \t"); strings.HasPrefix(rest, ".communicate(") {
		at := end + 1 + len(after) - len(rest)
		if pyFeedArgIsAnswer(rest[len(".communicate("):], t) {
			return at
		}
	}
	name := ""
	ls := strings.LastIndexByte(c[:r.at], '\n') + 1
	if m := pyProcBinding.FindStringSubmatch(c[ls:r.at]); m != nil {
		name = m[1]
	} else if m := pyAsName.FindStringSubmatch(after); m != nil {
		name = m[1]
	}
	if name == "" {
		return -1
	}
	for off := end; off < len(c); {
		i := strings.Index(c[off:], name+".")
		if i < 0 {
			break
		}
		i += off
		off = i + len(name)
		if i > 0 && (isIdentByte(c[i-1]) || c[i-1] == '.') {
			continue
		}
		for _, feed := range pyStdinFeeds {
			if strings.HasPrefix(c[off:], feed) && pyFeedArgIsAnswer(c[off+len(feed):], t) {
				return i
			}
		}
	}
	return -1
}

// pyFeedArgIsAnswer reports whether the call whose arguments start s
// writes an answer (t): its input= argument or its first positional
// one, a newline added to it aside.
func pyFeedArgIsAnswer(s string, t map[string]bool) bool {
	x := ""
	for _, a := range callArgs(s) {
		if n, v, kw := pyKwarg(a); kw {
			if n == "input" {
				x = v
			}
			continue
		}
		if x == "" {
			x = a
		}
	}
	if x == "" {
		return false
	}
	return pyIsAnswer(pyTrailingNewline.ReplaceAllString(x, ""), t)
}

// pyWhileHeader is a while loop's header line.
var pyWhileHeader = lazyRE(`^while\b`)

// pySocketOpen is a Python connection that carries a peer's stream, not
// one download: a raw socket, a server's accepted connection, asyncio's
// streams, a websocket.
var pySocketOpen = lazyRE(`\bsocket\.(?:socket|create_connection|fromfd)\(|\.accept\(\)|\bopen_connection\(|\bstart_server\(|websocket`)

// pyInLoop reports whether offset at of Python code c sits in the body
// of a while loop: a line above it, less indented than every line
// between, that heads one. A shell fed what a peer sends until it stops
// is a remote shell, not a one-time download; a for over a list of
// steps runs them once.
func pyInLoop(c string, at int) bool {
	return pyEnclosedBy(c, at, pyWhileHeader.MatchString)
}

// pyInPeerFor reports whether offset at of Python code c sits in the
// body of a for loop over what a connection to a peer delivers (for line
// in sock.makefile(): each line the peer sends, as the read of a while
// loop would take it; for m in pubsub.listen(): each message a broker
// delivers), in a script that opens such a connection (pySocketOpen, a
// message transport's client: pyMsgClientAny); t holds the names known
// to hold an answer. A for over the chunks of one HTTP download is not:
// those are one script.
func pyInPeerFor(c string, at int, t map[string]bool) bool {
	if !pySocketOpen.MatchString(c) && !pyMsgClientAny.MatchString(c) {
		return false
	}
	return pyEnclosedBy(c, at, func(header string) bool {
		m := pyForTargets.FindStringSubmatch(header)
		return m != nil && pyIsAnswer(m[2][:pyColonAt(m[2])], t)
	})
}

// pyEnclosedBy reports whether offset at of Python code c sits in a
// block whose header (a line above it, less indented than every line
// between, without its indent) head accepts.
func pyEnclosedBy(c string, at int, head func(string) bool) bool {
	ls := strings.LastIndexByte(c[:min(at, len(c))], '\n') + 1
	line := c[ls:]
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	indent := len(line) - len(strings.TrimLeft(line, " \t"))
	for end := ls - 1; end > 0 && indent > 0; {
		start := strings.LastIndexByte(c[:end], '\n') + 1
		l := c[start:end]
		end = start - 1
		body := strings.TrimLeft(l, " \t")
		if body == "" {
			continue
		}
		if in := len(l) - len(body); in < indent {
			if head(body) {
				return true
			}
			indent = in
		}
	}
	return false
}
