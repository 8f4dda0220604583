package audit

import (
	"path"
	"strings"
)

// Rule download-exec for Python that hands what a server answered to a
// shell as its command line: os.system(body), subprocess.run(text,
// shell=True), subprocess.run(["sh", "-c", script]), os.execl("/bin/sh",
// "sh", "-c", s), subprocess.run(["bash"], input=script) and the like run
// whatever the server sends, as curl … | sh does in shell: critical
// (medium after a digest check, a pinned script). The answer is followed
// as it came: a network call's result (urlopen(u).read().decode(),
// requests.get(u).text, check_output(["curl", …]), a with binding of
// urlopen), a variable assigned from one through accessors and decoders
// only (r.read(), json.loads(body)["cmd"], b64decode(x).decode()), a
// function of the script or of the skill's own modules returning one,
// or a formatting with nothing around it (f"{body}"), and each item of
// a for over one (for chunk in r.iter_content()); a shell's stdin pipe
// written with it is read in pyshellstdin.go, and a function of the
// script or of a module of the skill that runs its parameter so, called
// with an answer, in pyrunparam.go. Run in a while loop, or a for over
// the lines a socket delivers, the peer's commands keep coming: a remote
// shell, rule reverse-shell. A command the script builds around an
// answer ("git clone " + url, f"git clone {url}") is not: the answer is
// then one argument of a fixed program.
// A setup.py is code pip runs on install, so such a call in one runs at
// every install of the package.

var (
	// pyShellRun is a call that starts a process: group 1 names it.
	pyShellRun = lazyRE(`(?:^|[^\w.])((?:subprocess\.)?(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|commands\.getoutput|os\.system|os\.popen|os\.exec\w+|os\.spawn\w+|os\.posix_spawnp?|pty\.spawn|(?:asyncio\.)?create_subprocess_(?:shell|exec))\s*\(`)
	// pyForTargets is a for statement's line: group 1 its targets,
	// group 2 the rest (the iterable up to the colon that ends it).
	pyForTargets = lazyRE(`(?m)^[ \t]*(?:async[ \t]+)?for[ \t]+([A-Za-z_][\w, \t()]*?)[ \t]+in[ \t]+([^\n]+)`)
	// pyWithLine is a with statement's line: group 1 the text after
	// with, its items up to the colon that ends them.
	pyWithLine = lazyRE(`(?m)^[ \t]*(?:async[ \t]+)?with[ \t]+([^\n]+)`)
)

// pyAnswerWrappers are the calls that decode or parse what a server
// answered without changing whose text it is.
var pyAnswerWrappers = lazySet("str", "bytes", "bytes.decode", "json.loads", "loads", "json.load", "b64decode", "base64.b64decode", "base64.urlsafe_b64decode",
	"base64.b32decode", "bytes.fromhex", "binascii.unhexlify", "zlib.decompress", "gzip.decompress", "bz2.decompress", "lzma.decompress",
	"textwrap.dedent", "codecs.decode", "yaml.safe_load", "yaml.load", "tomllib.loads")

// pyInlineFlag are the flags after which a shell or interpreter runs its
// next argument as a program.
var pyInlineFlag = lazySet("-c", "-lc", "-ec", "-ce", "/c", "/C", "-Command", "-command", "-e")

// pyShellLit reports whether e (an argument as written) is a shell or an
// interpreter: a literal naming one, or sys.executable.
func pyShellLit(e string) bool {
	e = strings.TrimSpace(e)
	if e == "sys.executable" {
		return true
	}
	if len(e) < 2 || e[0] != e[len(e)-1] || e[0] != '\'' && e[0] != '"' {
		return false
	}
	v := e[1 : len(e)-1]
	v = v[strings.LastIndexAny(v, `/\`)+1:]
	v = strings.TrimSuffix(strings.ToLower(v), ".exe")
	switch v {
	case "sh", "bash", "zsh", "dash", "ksh", "ash", "fish", "cmd", "powershell", "pwsh", "python", "python3", "node", "perl", "ruby":
		return true
	}
	return false
}

// pyChainEnd returns the length of the name-and-accessor chain e starts
// with (a.b(c)[d].e()), 0 when it does not start with a name.
func pyChainEnd(e string) int {
	i := 0
	for i < len(e) && (isIdentByte(e[i]) || e[i] == '.') {
		i++
	}
	if i == 0 || e[0] >= '0' && e[0] <= '9' {
		return 0
	}
	for i < len(e) {
		switch e[i] {
		case '(', '[':
			j := pyCloseAt(e, i)
			if j < 0 {
				return i
			}
			i = j + 1
		case '.':
			i++
			for i < len(e) && isIdentByte(e[i]) {
				i++
			}
		default:
			return i
		}
	}
	return i
}

// pyCloseAt returns the index of the bracket closing the one at e[i],
// skipping string literals, or -1.
func pyCloseAt(e string, i int) int {
	return closeOf(e, i, `'"`, true)
}

// pyIsAnswer reports whether expression e is what a network call
// answered, as it came (see above); t holds the names known to hold one.
func pyIsAnswer(e string, t map[string]bool) bool {
	e = strings.TrimSpace(e)
	for range 4 {
		e = pyUnparen(strings.TrimPrefix(e, "await "))
		if a, b, ok := pyCondBranches(e); ok {
			// either branch may be the value (json.loads(body) if body else {})
			return pyIsAnswer(a, t) || pyIsAnswer(b, t)
		}
		if inner, ok := pyBareFormat(e); ok {
			e = inner // f"{body}" is body
		}
		n := pyChainEnd(e)
		if n == 0 {
			return false
		}
		chain := e[:n]
		if rest := strings.TrimSpace(e[n:]); rest != "" && !strings.HasPrefix(rest, "or ") {
			return false // an answer inside a larger expression
		}
		if m := pyNet.FindStringIndex(chain); m != nil && m[0] == 0 || pyMsgClient.MatchString(chain) {
			return true // a network call, or a message transport's client (pymsgtransport.go)
		}
		name := chain
		if i := strings.IndexAny(name, "(["); i >= 0 {
			name = name[:i]
		}
		for p := name; p != ""; {
			if t[p] {
				return true
			}
			i := strings.LastIndexByte(p, '.')
			if i < 0 {
				break
			}
			p = p[:i]
		}
		// a decoder's call: its first argument is the answer's text
		open := strings.IndexByte(chain, '(')
		if open < 0 || !pyAnswerWrappers()[chain[:open]] {
			return false
		}
		args := callArgs(chain[open+1:])
		if len(args) == 0 {
			return false
		}
		e = args[0]
	}
	return false
}

// pyWithItems returns the items of the script's with statements that bind
// a name: [expression, name] pairs (with urlopen(u) as r, open(p) as f).
func pyWithItems(f string) [][2]string {
	var out [][2]string
	for _, m := range pyWithLine.FindAllStringSubmatch(f, 512) {
		items := strings.TrimSpace(m[1][:pyColonAt(m[1])])
		if strings.HasPrefix(items, "(") && strings.HasSuffix(items, ")") {
			items = items[1 : len(items)-1]
		}
		for _, it := range callArgs(items + ")") {
			i := strings.LastIndex(it, " as ")
			if i < 0 {
				continue
			}
			if name := strings.TrimSpace(it[i+4:]); isPyIdent(name) {
				out = append(out, [2]string{strings.TrimSpace(it[:i]), name})
			}
		}
	}
	return out
}

// pyColonAt returns the index of the first colon of s outside brackets
// and string literals (the end of a with statement's items), or len(s).
func pyColonAt(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\'', '"':
			i = stringEnd(s, i, true)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ':':
			if depth <= 0 {
				return i
			}
		}
	}
	return len(s)
}

// pyAnswerNames returns the names of f (comments blanked) that hold what
// a network call answered, as it came (see above), function names
// included; extra are names known to hold one already (functions of the
// skill's own modules).
func pyAnswerNames(f string, extra []string) map[string]bool {
	t := map[string]bool{}
	for _, n := range extra {
		t[n] = true
	}
	_, msgs := pyMsgHandlers(f)
	for _, n := range msgs {
		t[n] = true // what a message callback receives (pymsgtransport.go)
	}
	if !pyNet.MatchString(f) && !pyMsgClientAny.MatchString(f) && len(t) == 0 {
		return nil
	}
	assigns := pyAssign.FindAllStringSubmatch(f, 2000)
	attrs := pySelfAttrAssign.FindAllStringSubmatch(f, 500)
	fors := pyForTargets.FindAllStringSubmatch(f, 256)
	withs := pyWithItems(f)
	funcs := pyFuncBodies(f)
	for range 4 {
		grew := false
		mark := func(n string) {
			if !t[n] {
				t[n], grew = true, true
			}
		}
		for _, a := range assigns {
			if pyIsAnswer(a[2], t) {
				for _, n := range jsNamesIn(a[1]) {
					mark(n)
				}
			}
		}
		for _, a := range attrs {
			if pyIsAnswer(a[2], t) {
				mark(a[1]) // self.http = requests.Session()
			}
		}
		for _, w := range withs {
			if pyIsAnswer(w[0], t) {
				mark(w[1])
			}
		}
		for _, fr := range fors {
			if pyIsAnswer(fr[2][:pyColonAt(fr[2])], t) {
				for _, n := range jsNamesIn(fr[1]) {
					mark(n) // for chunk in r.iter_content(): each piece of it
				}
			}
		}
		for name, body := range funcs {
			if t[name] {
				continue
			}
			for _, r := range pyReturnOf.FindAllStringSubmatch(body, 16) {
				if pyIsAnswer(r[1], t) {
					mark(name)
					// a method called on its own object: self._connect()
					mark("self." + name)
					mark("cls." + name)
					break
				}
			}
		}
		if !grew {
			break
		}
	}
	return t
}

// pyShellRunsAnswer reports whether a process call named name with
// arguments args runs an answer (t) as a shell or interpreter's program:
// the command line of a shell call, the argument after a shell's inline
// flag, or a shell's standard input.
func pyShellRunsAnswer(name string, args []string, t map[string]bool) bool {
	if len(args) == 0 {
		return false
	}
	base := name[strings.LastIndexByte(name, '.')+1:]
	shellLine := name == "os.system" || name == "os.popen" || base == "getoutput" || base == "getstatusoutput" || base == "create_subprocess_shell"
	var elems []string
	input := ""
	for i, a := range args {
		if k := strings.IndexByte(a, '='); k > 0 && isPyIdent(strings.TrimSpace(a[:k])) && !strings.HasPrefix(a[k:], "==") {
			switch strings.TrimSpace(a[:k]) {
			case "shell":
				shellLine = shellLine || strings.TrimSpace(a[k+1:]) == "True"
			case "input":
				input = a[k+1:]
			case "args":
				elems = append(elems, pyListElems(a[k+1:])...)
			}
			continue
		}
		if i == 0 || strings.HasPrefix(a, "[") || strings.HasPrefix(a, "(") {
			elems = append(elems, pyListElems(a)...)
		} else {
			elems = append(elems, a)
		}
	}
	if len(elems) == 0 {
		return false
	}
	if shellLine {
		return pyIsAnswer(elems[0], t)
	}
	if pyExecsArgv(name) && pyIsAnswer(pySplitArg(elems[0]), t) {
		return true // the server names the program (and its arguments)
	}
	for i := 0; i+2 < len(elems); i++ {
		if pyShellLit(elems[i]) {
			// argv[0] may follow the program (os.execl("/bin/sh", "sh", "-c", s))
			j := i + 1
			if pyShellLit(elems[j]) && j+2 < len(elems) {
				j++
			}
			if f := strings.Trim(elems[j], `'"`); pyInlineFlag()[f] && pyIsAnswer(elems[j+1], t) {
				return true
			}
		}
	}
	return input != "" && pyStdinShell(elems) && pyIsAnswer(input, t)
}

// pyListElems returns the elements of a list or tuple literal a, or a
// itself when it is not one.
func pyListElems(a string) []string {
	a = strings.TrimSpace(a)
	if strings.HasPrefix(a, "[") || strings.HasPrefix(a, "(") {
		return callArgs(a[1:])
	}
	return []string{a}
}

// scanPyShellAnswer reports the first process call of Python script c
// (comments blanked) that runs what a server answered as a shell's
// program (see above).
func scanPyShellAnswer(sc *skillCtx, rel, c string) {
	if !pyShellRun.MatchString(c) && !strings.Contains(c, "getattr(") && !pyModAlias.MatchString(c) && !pyNet.MatchString(c) && !pyLinksModule(rel, sc.linked) {
		return
	}
	t := pyAnswerNames(c, append(pyModuleNames(rel, sc.linked, pyAnswerNames), pyInstanceAnswerNames(rel, c, sc.linked)...))
	if len(t) == 0 && !pyNet.MatchString(c) && !pyMsgClientAny.MatchString(c) && !pyHandlerAssign.MatchString(c) && !pySubscribeCall.MatchString(c) {
		return // no network, no message transport, no callback registered
	}
	report := func(at int, loop bool, ran string) {
		rule, sev, why := "download-exec", Critical, "runs what a server answered as a shell command (as curl … | sh): the server decides what runs"
		switch {
		case strings.Contains(c, "hexdigest(") || strings.Contains(c, "compare_digest("):
			sev, why = Medium, "runs a downloaded script in a shell after computing a digest: check the digest is pinned"
		case loop || pyInLoop(c, at) || pyInPeerFor(c, at, t):
			rule, why = "reverse-shell", "runs what a network peer sends as shell commands, over and over in a loop (a remote shell)"
		case pyInMsgHandler(c, at):
			rule, why = "reverse-shell", "runs what a network peer sends as shell commands, at every message its message callback receives (a remote shell)"
		}
		li := newLineIndex(c)
		ln := li.line(at)
		sc.add(rel, ln, rule, sev, why+ran+pyInstallNote(rel), strings.TrimSpace(lineText(c, li, ln)))
	}
	runs := pyProcRuns(c)
	for _, r := range runs {
		if at := pyRunAnswerAt(c, r, t); at >= 0 {
			report(at, false, "")
			return
		}
	}
	// handed to a function of the script or of the skill's modules that
	// runs its parameter (pyrunparam.go)
	seeds := pyModuleRunners(rel, sc.linked)
	for k, r := range pyInstanceRunners(rel, c, sc.linked) {
		seeds[k] = r
	}
	runners := pyParamRunners(c, runs, seeds)
	if len(runners) == 0 {
		return
	}
	for _, f := range sc.findings {
		if f.File == rel && f.RuleID == "reverse-shell" && f.Severity == Critical {
			return // the remote command loop is reported already (remoteloop.go)
		}
	}
	if at, callee, r := pyRunnerCall(c, 0, len(c), pyRunnerCallRE(runners), runners, t); at >= 0 {
		where := ""
		if r.file != "" {
			where = " in " + r.file
		}
		report(at, r.loop, ", through "+callee+where+", which runs what its parameter "+r.param+" holds or delivers as a shell command")
	} else if at, callee, r := pyRegisteredRunner(c, runners); at >= 0 {
		// a message callback that runs what it receives, registered here
		// (pymsgtransport.go)
		where := ""
		if r.file != "" {
			where = " in " + r.file
		}
		report(at, true, ": "+callee+where+", registered as a message callback, runs what its parameter "+r.param+" receives as a shell command")
	}
}

// pyLinksModule reports whether script rel imports a Python module of
// its skill (linked): its answers or its shell may sit there.
func pyLinksModule(rel string, linked []linkedFile) bool {
	for _, l := range linked {
		if !l.data && l.rel != rel && strings.ToLower(path.Ext(l.rel)) == ".py" {
			return true
		}
	}
	return false
}

// pyInstallNote is the note added to a finding in a file pip runs when
// it installs or builds the package: setup.py (its cmdclass hooks and
// its top level), or a Hatch build hook (hatch_build.py).
func pyInstallNote(rel string) string {
	switch path.Base(rel) {
	case "setup.py":
		return " (setup.py: pip runs it at every install of the package)"
	case "hatch_build.py":
		return " (a Hatch build hook: it runs at every build and install of the package)"
	}
	return ""
}
