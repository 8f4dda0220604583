package audit

import "strings"

// Rust's process spawning read as shell: std::process::Command (tokio's
// too) runs the program given to Command::new with the arguments its
// builder adds (.arg(x), .args([..]), .args(&[..]), .args(vec![..])),
// chained on the call or added later to a builder bound with let. A
// build.rs runs at every cargo build, a program whenever the skill runs
// it. Each command becomes one shell line at the line of its
// Command::new, in file order, so a file downloaded by one command
// (curl -o) and run by a later one (sh) is read as the shell script it
// is. A string literal is a word; an argument that is a plain variable
// (fetched, &fetched, fetched.as_str()) reads as "$fetched", so two
// commands handed the same variable name the same file; anything else
// reads as $ARG. A shell given -c runs the literal after it as a script.
// A download with Rust's own HTTP clients (reqwest, ureq, attohttpc,
// isahc, minreq, surf) or std::net, followed through the bindings that
// unwrap it (rustfetch.go), written to a path (fs::write(path, body),
// io::copy into a File::create(path), write_all on one or on a name
// bound to one, a call of the file's function that writes its parameter
// to the path another names) reads as curl -o of that path at the write's line, and
// a digest check of it against a pinned digest that stops the build as
// the shell's sha256sum -c of that path.
// A command that reads another's output on its standard input
// (.stdin(curl.stdout), a write_all of curl's output or of an HTTP
// client's answer into its stdin) reads as a pipeline from it, and a
// name bound to a command's output as a substitution of it: rustpipe.go.
// The shell rules of a script's commands (download-exec,
// reverse-shell, destructive-command, system-trust,
// registry-exec-credential, persistence) read the result. A shell given
// -c and a command the program holds in a variable, within
// remoteLoopSpan lines of a network call and a sleep, is a remote
// command loop (reverse-shell), however the shell and its arguments are
// named (Command::new(SHELL).args(["-c", &cmd]) with const SHELL).

var (
	// rustCmdNew starts a Command: the program is the first argument
	// after the match's end.
	rustCmdNew = lazyRE(`\b(?:(?:std|tokio)::)?(?:process::)?Command::new\s*\(`)
	// rustCmdLet binds a builder: group 1 its name, the text before a
	// Command::new on its line.
	rustCmdLet = lazyRE(`\blet\s+(?:mut\s+)?(\w+)\s*(?::\s*[\w:]+\s*)?=\s*$`)
	// rustArgCall is a builder method adding arguments: group 1 arg or
	// args; the argument list starts at the match's end.
	rustArgCall = lazyRE(`^\s*\.\s*(args?)\s*\(`)
	// rustStdinCall is a builder's .stdin( call; its argument starts at
	// the match's end.
	rustStdinCall = lazyRE(`^\s*\.\s*stdin\s*\(`)
	// rustCwdCall is a builder's .current_dir( call; its argument starts
	// at the match's end.
	rustCwdCall = lazyRE(`^\s*\.\s*current_dir\s*\(`)
	// rustAnyCall is any other builder method (.env, .current_dir,
	// .status, ...); its arguments start at the match's end.
	rustAnyCall = lazyRE(`^\s*\.\s*\w+\s*(?:::\s*<[^>\n]*>\s*)?\(`)
	// rustPlainVar is an argument that is one variable, by reference or
	// as a borrowed string: group 1 the name.
	rustPlainVar = lazyRE(`^&?(?:mut\s+)?([A-Za-z_]\w*)(?:\s*\.\s*(?:as_str|as_path|as_os_str|clone|to_string|to_owned|display)\s*\(\s*\))?$`)
	// rustListOpen opens a literal list passed to args.
	rustListOpen = lazyRE(`^\s*&?\s*(?:vec!\s*)?\[`)
	// rustHTTPGet is a call of one of Rust's HTTP clients.
	rustHTTPGet = lazyRE(`\b(?:reqwest|ureq|attohttpc|isahc|minreq|surf)::|\breqwest::blocking::get\b`)
	// rustLet is a let binding: group 1 the name, group 2 the value up
	// to the statement's end.
	rustLet = lazyRE(`\blet\s+(?:mut\s+)?(\w+)\s*(?::[^=;\n]+)?=\s*([^;]+)`)
	// rustFsWrite writes a file: group 1 fs::write, its arguments at the
	// match's end; group 2 io::copy.
	rustFsWrite = lazyRE(`\b(?:(?:std|tokio)::)?(fs::write)\s*\(|\b(?:(?:std|tokio)::)?(io::copy)\s*\(`)
	// rustFileCreate opens a file for writing; its path is the first
	// argument at the match's end.
	rustFileCreate = lazyRE(`\bFile::create\s*\(|\bOpenOptions::new\(\)[^;]*?\.open\s*\(`)
	// rustVarWord is a word that starts with what a variable holds.
	rustVarWord = lazyRE(`^\$[A-Za-z_]`)
	// rustExecRuleIDs are the rules kept from the shell scan of the
	// commands.
	rustExecRuleIDs = lazySet("destructive-command", "system-trust", "registry-exec-credential", "persistence", "download-exec", "reverse-shell")
)

// maxRustCommands bounds the commands read in one file.
const maxRustCommands = 64

// scanRustExec runs the shell rules over the commands a Rust file starts
// (see above).
func scanRustExec(sc *skillCtx, rel, text string) {
	if !strings.Contains(text, "Command::new") {
		return
	}
	c := stripComments(text, kindJS)
	li := newLineIndex(c)
	lines := make([]string, strings.Count(c, "\n")+1)
	res := newRustResolver(c)
	cmds := rustCommands(c, li, res)
	if len(cmds) == 0 {
		return
	}
	for ln, cmd := range rustPipes(c, li, cmds, res, rustLinkedFns(rel, sc.linked)) {
		addShellLine(lines, ln, cmd)
	}
	if near := loopNear(c, otherNetDNS); near != nil && !hasRule(sc, rel, "reverse-shell") {
		for _, b := range cmds {
			if rustShellOnVar(b.words) && near(b.line+1) {
				sc.add(rel, b.line+1, "reverse-shell", Critical, "polls a server and runs the commands it answers with in a shell (a remote command loop)", trimmedLine(text, b.line+1))
				break
			}
		}
	}
	net := newRustNet(c, res)
	dls, written := rustDownloads(c, li, net)
	for ln, path := range dls {
		if !strings.HasPrefix(path, "$") {
			path = shellQuote(path) // a resolved literal, as the commands' words are quoted
		}
		addShellLine(lines, ln, "curl -fsSL \"$URL\" -o "+path)
	}
	dlPaths := map[string]bool{}
	for _, p := range dls {
		dlPaths[p] = true
	}
	unpacks := rustUnpackLines(c, li, net, dlPaths, written)
	for ln, sh := range unpacks {
		for _, cmd := range sh {
			addShellLine(lines, ln, cmd)
		}
	}
	if len(dls) > 0 || len(unpacks) > 0 {
		for ln, chk := range net.rustDigestChecks(li, written) {
			addShellLine(lines, ln, chk)
		}
	}
	for _, b := range cmds {
		addShellLine(lines, b.line, b.shell(0))
	}
	for ln, sh := range rustFnCommandLines(c, li, cmds, res) {
		for _, cmd := range sh {
			addShellLine(lines, ln, cmd)
		}
	}
	before := len(sc.findings)
	scanShell(sc, rel, strings.Join(lines, "\n"), 1, inScript)
	keepRulesIn(sc, before, rustExecRuleIDs())
	for i := before; i < len(sc.findings); i++ {
		if f := &sc.findings[i]; f.File == rel && f.Line > 0 {
			f.Evidence = trimmedLine(text, f.Line) // the Rust line, not the shell it reads as
		}
	}
}

// addShellLine appends cmd to the shell read at 0-based line ln.
func addShellLine(lines []string, ln int, cmd string) {
	switch {
	case ln < 0 || ln >= len(lines):
	case lines[ln] != "":
		lines[ln] += "; " + cmd
	default:
		lines[ln] = cmd
	}
}

// rustCommands reads the commands c (a Rust file, comments blanked)
// starts, in file order: each Command::new with the arguments and the
// standard input of its chain, and of later calls on the builder when
// it is bound by let (name.arg(..), name.args(..), name.stdin(..)).
func rustCommands(c string, li lineIndex, res *rustResolver) []*rustCmd {
	var cmds []*rustCmd
	named := map[string]*rustCmd{}
	var order []string
	for _, m := range rustCmdNew.FindAllStringIndex(c, maxRustCommands) {
		args := callArgs(c[m[1]:])
		if len(args) == 0 {
			continue
		}
		b := &rustCmd{at: m[0], line: li.line(m[0]) - 1, words: []string{res.word(args[0])}}
		rest := rustSkipCall(c, m[1])
		words, stdin, stdinAt, cwd := rustChainArgs(c, rest, res)
		b.words, b.stdin, b.stdinAt, b.cwd = append(b.words, words...), stdin, stdinAt, cwd
		lineStart := strings.LastIndexByte(c[:m[0]], '\n') + 1
		if lm := rustCmdLet.FindStringSubmatch(c[lineStart:m[0]]); lm != nil {
			if named[lm[1]] == nil {
				order = append(order, lm[1])
			}
			named[lm[1]] = b
		}
		cmds = append(cmds, b)
	}
	for _, name := range order {
		b := named[name]
		for at := wordIndex(c, name, 0); at >= 0; at = wordIndex(c, name, at+len(name)) {
			end := at + len(name)
			if at > 0 && c[at-1] == '.' || !rustArgCall.MatchString(c[end:]) && !rustStdinCall.MatchString(c[end:]) {
				continue
			}
			words, stdin, stdinAt, cwd := rustChainArgs(c, end, res)
			b.words = append(b.words, words...)
			if stdin != "" {
				b.stdin, b.stdinAt = stdin, stdinAt
			}
			if cwd != "" {
				b.cwd = cwd
			}
		}
	}
	return cmds
}

// rustShellOnVar reports whether a command's words (program first) run
// a shell on a command the program holds in a variable or computes
// (sh -c $cmd, sh -c "$cmd 2>&1"), not on a literal script nor on the
// home folder.
func rustShellOnVar(words []string) bool {
	if len(words) < 3 || words[1] != "-c" || !rustVarWord.MatchString(words[2]) || strings.HasPrefix(words[2], "$HOME") {
		return false
	}
	p := words[0]
	p = p[strings.LastIndexByte(p, '/')+1:]
	return zigShells()[p] || p == "ksh"
}

// hasRule reports whether sc holds a finding of rule in file rel.
func hasRule(sc *skillCtx, rel, rule string) bool {
	for _, f := range sc.findings {
		if f.File == rel && f.RuleID == rule {
			return true
		}
	}
	return false
}

// rustSkipCall returns the index just past the ')' closing the call
// whose arguments start at c[i:].
func rustSkipCall(c string, i int) int {
	depth := 0
	for j := i; j < len(c) && j < i+4000; j++ {
		switch ch := c[j]; ch {
		case '"':
			j = stringEnd(c, j, false)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return j + 1
			}
			depth--
		}
	}
	return len(c)
}

// rustChainArgs reads the builder calls chained at c[i:] (up to the end
// of the statement) and returns the words their .arg and .args add, each
// read through res (format!, bindings: rustformat.go), the expression
// the last .stdin(..) is given, with its offset in c, and the word of the
// folder the last .current_dir(..) names.
func rustChainArgs(c string, i int, res *rustResolver) (words []string, stdin string, stdinAt int, cwd string) {
	for n := 0; n < 64 && i < len(c); n++ {
		rest := c[i:]
		if m := rustCwdCall.FindStringIndex(rest); m != nil {
			if a := callArgs(rest[m[1]:]); len(a) == 1 {
				cwd = res.word(a[0])
			}
			i = rustSkipCall(c, i+m[1])
			continue
		}
		if m := rustStdinCall.FindStringIndex(rest); m != nil {
			if a := callArgs(rest[m[1]:]); len(a) == 1 {
				stdin, stdinAt = a[0], i+m[1]
			}
			i = rustSkipCall(c, i+m[1])
			continue
		}
		if m := rustArgCall.FindStringSubmatchIndex(rest); m != nil {
			inner := rest[m[1]:]
			if rest[m[2]:m[3]] == "args" {
				if lo := rustListOpen.FindStringIndex(inner); lo != nil {
					for _, a := range callArgs(inner[lo[1]:]) {
						words = append(words, res.word(a))
					}
				} else {
					words = append(words, "$ARG")
				}
			} else if a := callArgs(inner); len(a) > 0 {
				words = append(words, res.word(a[0]))
			}
			i += rustSkipCall(c, i+m[1]) - i
			continue
		}
		if m := rustAnyCall.FindStringIndex(rest); m != nil {
			i = rustSkipCall(c, i+m[1])
			continue
		}
		break
	}
	return words, stdin, stdinAt, cwd
}

// rustWord is the shell word a Rust argument expression reads as: a
// string literal's text, "$name" for a plain variable, else "$ARG".
func rustWord(e string) string {
	e = strings.TrimSpace(e)
	e = strings.TrimPrefix(e, "&")
	if len(e) >= 2 && e[0] == '"' && e[len(e)-1] == '"' {
		return unescapeLit(e[1 : len(e)-1])
	}
	if m := rustPlainVar.FindStringSubmatch(e); m != nil {
		return "$" + m[1]
	}
	return "$ARG"
}

// rustDownloads returns, by 0-based line, the shell word of each path c
// (a Rust file, comments blanked) writes what a server sent to (see
// above; what the file holds from the network: rustfetch.go), read
// through res as the commands' words are, so the path a download writes
// and the one a command runs compare; and the paths the file's plain
// variables were written to (fs::write(path, v)), for its digest checks.
func rustDownloads(c string, li lineIndex, net *rustNet) (map[int]string, map[string]string) {
	out, written := map[int]string{}, map[string]string{}
	res := net.res
	if len(net.names) == 0 && len(net.fns) == 0 && !rustNetSrc.MatchString(c) {
		return out, written
	}
	files := map[string]string{}
	for _, l := range rustLet.FindAllStringSubmatch(c, 512) {
		if m := rustFileCreate.FindStringIndex(l[2]); m != nil {
			if a := callArgs(l[2][m[1]:]); len(a) > 0 {
				files[l[1]] = res.word(a[0])
			}
		}
	}
	for _, m := range rustFsWrite.FindAllStringSubmatchIndex(c, 64) {
		a := callArgs(c[m[1]:])
		if len(a) < 2 {
			continue
		}
		path := ""
		switch {
		case m[2] >= 0: // fs::write(path, data)
			if net.source(a[1]) {
				path = res.word(a[0])
				if v := rustPlainVar.FindStringSubmatch(strings.TrimPrefix(strings.TrimSpace(a[1]), "&")); v != nil {
					written[v[1]] = path
				}
			}
		case net.source(a[0]): // io::copy(&mut reader, &mut file)
			if v := rustPlainVar.FindStringSubmatch(strings.TrimPrefix(strings.TrimSpace(a[1]), "&")); v != nil {
				path = files[v[1]]
			}
		}
		if path != "" {
			out[li.line(m[0])-1] = path
		}
	}
	for ln, p := range rustWriterCalls(c, li, net) {
		out[ln] = p
	}
	for _, m := range rustWriteAll.FindAllStringIndex(c, 64) {
		a := callArgs(c[m[1]:])
		if len(a) == 0 || !net.source(a[0]) {
			continue
		}
		if p := rustWriteTarget(c[rustStmtStart(c, m[0]):m[0]], files, res); p != "" {
			out[li.line(m[0])-1] = p
		}
	}
	return out, written
}

// rustWriterTail is a writer expression ending a statement's text: a
// File::create(..) with its unwrap, expect or ?, or a name (group 1).
var rustWriterTail = lazyRE(`(?:\bFile::create\s*\((.*)\)|\b([a-z_]\w*))\s*(?:\?|\.\s*unwrap\s*\(\s*\)|\.\s*expect\s*\([^()]*\))*\s*$`)

// rustWriteTarget returns the path a writer expression (the text before
// a .write_all) writes to: a File::create of it, or a name bound to one
// (files), else "".
func rustWriteTarget(w string, files map[string]string, res *rustResolver) string {
	m := rustWriterTail.FindStringSubmatch(w)
	switch {
	case m == nil:
		return ""
	case m[2] != "":
		return files[m[2]]
	}
	if a := callArgs(m[1] + ")"); len(a) > 0 {
		return res.word(a[0])
	}
	return ""
}

var (
	// rustFnAny is a function declaration: group 1 its name, group 2
	// its parameters; its body opens at the match's end.
	rustFnAny = lazyRE(`\bfn\s+([a-z_]\w*)\s*(?:<(?:[^<>{]|<[^<>{]*>)*>)?\s*\(([^)]*)\)[^{;]*\{`)
	// rustGenerics is one innermost <..> of a type, removed before
	// parameters are split on commas.
	rustGenerics = lazyRE(`<[^<>]*>`)
	// rustParamName is a parameter's name: group 1.
	rustParamName = lazyRE(`^\s*(?:mut\s+)?([a-z_]\w*)\s*:`)
)

// rustWriterCalls returns, by 0-based line, the path written at each
// call of a function of c that writes one of its parameters to the path
// another names (fn save(p: &Path, b: &str) { fs::write(p, b) }), when
// the call hands it what a server sent: the write happens at the call,
// with the call's argument as its path.
func rustWriterCalls(c string, li lineIndex, net *rustNet) map[int]string {
	out := map[int]string{}
	for _, m := range rustFnAny.FindAllStringSubmatchIndex(c, 256) {
		idx := rustParams(c[m[4]:m[5]])
		if len(idx) < 2 {
			continue
		}
		end := rustSkipCall(c, m[1])
		body := c[m[1]:end]
		pathAt, dataAt := -1, -1
		for _, w := range rustFsWrite.FindAllStringSubmatchIndex(body, 8) {
			a := callArgs(body[w[1]:])
			if w[2] < 0 || len(a) < 2 {
				continue
			}
			pv := rustPlainVar.FindStringSubmatch(strings.TrimSpace(a[0]))
			dv := rustPlainVar.FindStringSubmatch(strings.TrimSpace(a[1]))
			if pv == nil || dv == nil {
				continue
			}
			pi, pok := idx[pv[1]]
			di, dok := idx[dv[1]]
			if pok && dok {
				pathAt, dataAt = pi, di
				break
			}
		}
		if pathAt < 0 {
			continue
		}
		name := c[m[2]:m[3]]
		for at := wordIndex(c, name, 0); at >= 0; at = wordIndex(c, name, at+len(name)) {
			rest := c[at+len(name):]
			if at >= m[0] && at < end || at > 0 && c[at-1] == '.' || !strings.HasPrefix(strings.TrimLeft(rest, " \t"), "(") {
				continue
			}
			open := at + len(name) + strings.IndexByte(rest, '(') + 1
			a := callArgs(c[open:])
			if len(a) > pathAt && len(a) > dataAt && net.source(a[dataAt]) {
				out[li.line(at)-1] = net.res.word(a[pathAt])
			}
		}
	}
	return out
}
