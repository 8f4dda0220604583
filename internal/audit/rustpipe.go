package audit

import (
	"sort"
	"strings"
)

// Rust commands wired to each other (read by scanRustExec, rustexec.go).
// std::process gives a build script the shell's pipe without a shell: a
// curl started with .stdout(Stdio::piped()) whose child's stdout is
// handed to Command::new("sh").stdin(..) is curl … | sh, and so is the
// output of a finished curl (.output()) or an HTTP client's answer
// (reqwest, ureq, … : rustHTTPGet) written into a shell's standard input
// (sh.stdin.as_mut().unwrap().write_all(&out.stdout), io::copy into it,
// write!). A name bound to a command's output through decoders and
// accessors only (String::from_utf8_lossy(&out.stdout), .trim()) holds
// what that command printed, so it reads as the shell's $(curl …): a
// later sh -c &script runs what the server answered. The command's
// child, its output and its streams are followed by name through let,
// let Ok(x) = … else and if let Some(x) = … bindings, in file order so
// a name shadowed by a later let holds its new value (.spawn(),
// .output(), .unwrap(), ? and the like keep the value), and through
// the functions that return them: the file's own (methods too, called
// on any receiver) and those of the Rust modules it uses (linked:
// mod x; beside it, a #[path] module, an include! file), so a build.rs
// piping provision::fetch(&url).stdout into sh reads as the pipe it is
// however the program splits it. A shell started with
// no script of its own and a file as its standard input
// (.stdin(File::open(&path)?)) runs that file. The shell rules decide
// what the pipeline is: curl … | sh critical, curl … | tar -x or
// curl … | sha256sum no finding.

var (
	// rustPipeLet is a binding the pipes follow: group 1 the name (also
	// inside Ok(..) or Some(..)), group 2 the value up to the statement's
	// end or a block's opening brace.
	rustPipeLet = lazyRE(`\blet\s+(?:mut\s+)?(?:(?:Ok|Some)\s*\(\s*(?:mut\s+)?)?([A-Za-z_]\w*)\s*\)?\s*(?::[^=;{\n]+)?=\s*([^;{]+)`)
	// rustWriteAll is a write_all call; its receiver ends at the match's
	// start and its arguments start at the match's end.
	rustWriteAll = lazyRE(`\.\s*write_all\s*\(`)
	// rustWriteMacro is write! or writeln!: its arguments (the writer
	// first) start at the match's end.
	rustWriteMacro = lazyRE(`\bwrite(?:ln)?\s*!\s*\(`)
	// rustIOCopy is io::copy(&mut from, &mut to).
	rustIOCopy = lazyRE(`\bio::copy\s*\(`)
	// rustDecodeCall is a call that hands back its argument's bytes as
	// they came (a decoding, a Stdio made from a stream, a file opened);
	// group 1 is set for File::open.
	rustDecodeCall = lazyRE(`^(?:(?:std::)?(?:string::)?String::from_utf8(?:_lossy)?|(?:std::)?str::from_utf8|String::from|(?:std::)?(?:process::)?Stdio::from|((?:std::)?(?:fs::)?File::open))\s*\(`)
	// rustKeepMethods are the methods (with no arguments) that keep what
	// a command, its child, its output or an answer holds.
	rustKeepMethods = lazySet("unwrap", "unwrap_or_default", "to_string", "to_owned", "trim", "into_owned", "as_bytes", "as_str", "as_mut", "as_ref", "take", "clone", "spawn", "output", "wait_with_output", "into_string", "into_bytes", "to_vec", "text", "bytes", "call", "send", "into_reader", "into_body")
	// rustKeepCalls are the methods that keep the value whatever their
	// arguments: error handling and the builder's settings.
	rustKeepCalls = lazySet("expect", "unwrap_or", "unwrap_or_else", "map_err", "context", "with_context", "stdout", "stderr", "stdin", "arg", "args", "env", "envs", "current_dir", "get", "post", "header", "timeout", "query")
)

// maxRustPipe bounds the commands one pipeline is read through.
const maxRustPipe = 4

// rustCmd is one command a Rust file starts: where its Command::new
// stands (its offset, its 0-based line), its words (program first) and
// what it reads on its standard input.
type rustCmd struct {
	at, line int
	words    []string
	// stdin is the expression its .stdin(..) is given, at offset stdinAt.
	stdin   string
	stdinAt int
	// from is the command whose standard output it reads.
	from *rustCmd
	// fromNet is set when it reads what an HTTP client answered.
	fromNet bool
	// fromFile is the shell word of a file given as its standard input.
	fromFile string
	// cwd is the shell word of the folder its .current_dir(..) names.
	cwd string
}

// shell is the command line b reads as: its words (a shell's -c literal
// as its script), after a pipe from the command or answer it reads.
func (b *rustCmd) shell(depth int) string {
	cmd := ""
	if zigShells()[b.words[0]] && len(b.words) >= 3 && b.words[1] == "-c" {
		cmd = b.words[2]
		if !strings.HasPrefix(cmd, "$") {
			cmd = strings.ReplaceAll(cmd, "\n", " ")
		}
	} else {
		for _, w := range b.words {
			if !strings.HasPrefix(w, "$") {
				w = shellQuote(w)
			}
			cmd += " " + w
		}
	}
	cmd = strings.TrimSpace(cmd)
	if b.cwd != "" {
		// run in that folder, as a subshell: the folder holds for this
		// command only, as for the builder
		cmd = "(cd " + rustShellWord(b.cwd) + " && " + cmd + ")"
	}
	switch {
	case b.from != nil && depth < maxRustPipe:
		if up := b.from.shell(depth + 1); up != "" {
			if strings.ContainsAny(up, ";\n&") {
				up = "{ " + up + "; }"
			}
			cmd = up + " | " + cmd
		}
	case b.fromNet:
		cmd = `curl -fsSL "$URL" | ` + cmd
	case b.fromFile != "" && rustScriptless(b.words):
		cmd = b.words[0] + " " + b.fromFile
	}
	return cmd
}

// rustScriptless reports whether words (program first) start a shell
// with options only, one that runs the script on its standard input.
func rustScriptless(words []string) bool {
	p := words[0]
	if !zigShells()[p[strings.LastIndexByte(p, '/')+1:]] && !zigShells()[p] {
		return false
	}
	for _, w := range words[1:] {
		if !strings.HasPrefix(w, "-") || w == "-c" {
			return false
		}
	}
	return true
}

// rustVal is what a name (or a function's result) holds, as the pipes
// follow it; the zero value is anything else.
type rustVal struct {
	cmd  *rustCmd // a command, its child or its output
	out  *rustCmd // a command's standard output, or the text it printed
	in   *rustCmd // a command's standard input
	net  bool     // the text an HTTP client answered
	file string   // a file opened for reading: its shell word
}

// zero reports whether v holds nothing the pipes follow.
func (v rustVal) zero() bool { return v == rustVal{} }

// rustFlow is the state of one read of a Rust file's statements in
// order: what each name holds at that point, and what its functions
// return.
type rustFlow struct {
	names map[string]rustVal
	fns   map[string]rustVal
	cmdAt map[int]*rustCmd // the commands by their Command::new's offset
	res   *rustResolver
}

// rustEvent is one statement the pipes read, at offset at: a let
// binding (name, value at valAt), a function's result (fn, value), a
// command's .stdin(value), or a write of value into the writer to.
type rustEvent struct {
	at       int
	name, fn string
	val, to  string
	valAt    int
	stdinOf  *rustCmd
}

// Bounds of the pipe reading: the events and the functions read in one
// file.
const (
	maxRustEvents = 1024
	maxRustFns    = 256
)

var (
	// rustFnHead is a function's head: group 1 its name; its parameters
	// start at the match's end.
	rustFnHead = lazyRE(`\bfn\s+([A-Za-z_]\w*)\s*(?:<[^>{(]*>)?\s*\(`)
	// rustReturn is a return statement: group 1 its value.
	rustReturn = lazyRE(`\breturn\s+([^;{}]+)`)
	// rustCallHead is a call of a function by name or path (provision::
	// fetch(..)): group 1 the function's name; its arguments start at
	// the match's end.
	rustCallHead = lazyRE(`^(?:[A-Za-z_]\w*\s*::\s*)*([A-Za-z_]\w*)\s*\(`)
)

// rustEvents returns the statements of c (comments blanked) the pipes
// read, in file order (see rustEvent).
func rustEvents(c string, cmds []*rustCmd) []rustEvent {
	var ev []rustEvent
	for _, m := range rustPipeLet.FindAllStringSubmatchIndex(c, maxRustEvents) {
		raw := c[m[4]:m[5]]
		val := strings.TrimSpace(raw)
		valAt := m[4] + len(raw) - len(strings.TrimLeft(raw, " \t\r\n"))
		val = strings.TrimSpace(strings.TrimSuffix(val, "else"))
		ev = append(ev, rustEvent{at: m[0], name: c[m[2]:m[3]], val: val, valAt: valAt})
	}
	for _, b := range cmds {
		if b.stdin != "" {
			ev = append(ev, rustEvent{at: b.stdinAt, val: b.stdin, stdinOf: b})
		}
	}
	for _, m := range rustWriteAll.FindAllStringIndex(c, 64) {
		if a := callArgs(c[m[1]:]); len(a) == 1 {
			ev = append(ev, rustEvent{at: m[0], to: rustReceiver(c, m[0]), val: a[0]})
		}
	}
	for _, m := range rustWriteMacro.FindAllStringIndex(c, 64) {
		if a := callArgs(c[m[1]:]); len(a) >= 2 {
			for _, e := range a[2:] {
				ev = append(ev, rustEvent{at: m[0], to: a[0], val: e})
			}
		}
	}
	for _, m := range rustIOCopy.FindAllStringIndex(c, 64) {
		if a := callArgs(c[m[1]:]); len(a) == 2 {
			ev = append(ev, rustEvent{at: m[0], to: a[1], val: a[0]})
		}
	}
	for _, m := range rustFnHead.FindAllStringSubmatchIndex(c, maxRustFns) {
		params := rustSkipCall(c, m[1])
		open := strings.IndexByte(c[params:], '{')
		if open < 0 || strings.ContainsAny(c[params:params+open], ";}") {
			continue // a declaration without a body
		}
		open += params
		end := rustSkipCall(c, open+1)
		if end <= open+1 || end > len(c) || c[end-1] != '}' {
			continue
		}
		if tail, at := rustTail(c, open+1, end-1); tail != "" {
			ev = append(ev, rustEvent{at: at, fn: c[m[2]:m[3]], val: tail, valAt: at})
		}
	}
	sort.SliceStable(ev, func(i, j int) bool { return ev[i].at < ev[j].at })
	if len(ev) > maxRustEvents {
		ev = ev[:maxRustEvents]
	}
	return ev
}

// rustTail returns what the body c[from:to] of a function returns: its
// last expression (after its last statement), else the value of its
// last return, and its offset.
func rustTail(c string, from, to int) (string, int) {
	last, depth := from, 0
	for i := from; i < to; i++ {
		switch ch := c[i]; ch {
		case '"':
			i = stringEnd(c, i, false)
		case '(', '[', '{':
			depth++
		case ')', ']':
			depth--
		case '}':
			if depth--; depth == 0 {
				last = i + 1
			}
		case ';':
			if depth == 0 {
				last = i + 1
			}
		}
	}
	if last < to {
		if raw := c[last:to]; strings.TrimSpace(raw) != "" {
			return strings.TrimSpace(raw), last + len(raw) - len(strings.TrimLeft(raw, " \t\r\n"))
		}
	}
	ms := rustReturn.FindAllStringSubmatchIndex(c[from:to], -1)
	if len(ms) == 0 {
		return "", 0
	}
	m := ms[len(ms)-1]
	return strings.TrimSpace(c[from+m[2] : from+m[3]]), from + m[2]
}

// rustPipes wires the commands cmds of c (a Rust file, comments blanked)
// to what they read on their standard input, fns being what the
// functions of the Rust modules it uses return (rustLinkedFns), and
// returns, by 0-based line, a shell assignment for each binding of a
// name the commands use that holds a command's output or an HTTP answer
// (script=$(curl …)), so a later sh -c "$script" reads as the shell
// reads it.
func rustPipes(c string, li lineIndex, cmds []*rustCmd, res *rustResolver, fns map[string]rustVal) map[int]string {
	ev := rustEvents(c, cmds)
	fl := rustReadFlow(cmds, ev, res, fns, false)
	used := map[string]bool{}
	for _, b := range cmds {
		for _, w := range b.words {
			for i := 0; i < len(w); i++ {
				if w[i] != '$' {
					continue
				}
				j := i + 1
				for j < len(w) && isIdentByte(w[j]) && w[j] != '$' {
					j++
				}
				used[w[i+1:j]] = true
				i = j - 1
			}
		}
	}
	out := map[int]string{}
	for _, e := range ev {
		v, ok := fl.lets[e.at]
		if e.name == "" || !used[e.name] || !ok {
			continue
		}
		sub := ""
		if v.out != nil {
			sub = v.out.shell(1)
		} else if v.net {
			sub = `curl -fsSL "$URL"`
		}
		if ln := li.line(e.at) - 1; sub != "" && ln >= 0 {
			line := e.name + "=$(" + sub + ")"
			if out[ln] != "" {
				line = out[ln] + "; " + line
			}
			out[ln] = line
		}
	}
	return out
}

// rustFlowRead is the result of reading a file's events: what each
// let bound (by the let's offset) and what its functions return.
type rustFlowRead struct {
	lets map[int]rustVal
	fns  map[string]rustVal
}

// rustReadFlow reads the events ev of a file whose commands are cmds,
// twice (a function may be called above its body): the second read
// wires the commands' standard inputs unless fnsOnly.
func rustReadFlow(cmds []*rustCmd, ev []rustEvent, res *rustResolver, fns map[string]rustVal, fnsOnly bool) rustFlowRead {
	fl := &rustFlow{fns: map[string]rustVal{}, cmdAt: map[int]*rustCmd{}, res: res}
	for k, v := range fns {
		fl.fns[k] = v
	}
	for _, b := range cmds {
		fl.cmdAt[b.at] = b
	}
	lets := map[int]rustVal{}
	for pass := 0; pass < 2; pass++ {
		fl.names = map[string]rustVal{}
		wire := pass == 1 && !fnsOnly
		for _, e := range ev {
			switch {
			case e.name != "":
				v := fl.valueOf(e.val, e.valAt)
				if v.zero() {
					delete(fl.names, e.name) // shadowed by something else
				} else {
					fl.names[e.name] = v
				}
				lets[e.at] = v
			case e.fn != "":
				if v := fl.valueOf(e.val, e.valAt); !v.zero() {
					fl.fns[e.fn] = v
				}
			case !wire:
			case e.stdinOf != nil:
				fl.feed(e.stdinOf, e.val)
			default:
				if to := fl.valueOf(e.to, -1); to.in != nil {
					fl.feed(to.in, e.val)
				}
			}
		}
	}
	return rustFlowRead{lets: lets, fns: fl.fns}
}

// valueOf returns what the expression e (at offset at of the file, -1
// when unknown) holds.
func (fl *rustFlow) valueOf(e string, at int) rustVal {
	if m := rustCmdNew.FindStringIndex(e); at >= 0 && m != nil && m[0] == 0 {
		// the command itself: what its chain keeps (.spawn(), .output()?)
		// or one of its streams
		if b := fl.cmdAt[at]; b != nil {
			segs, _ := rustRoot("x"+e[rustSkipCall(e, m[1]):], 0)
			if len(segs) == 0 {
				return rustVal{}
			}
			return fl.rest(rustVal{cmd: b}, segs[1:])
		}
	}
	segs, file := rustRoot(e, 0)
	if file != "" {
		return rustVal{file: fl.res.word(file)}
	}
	if len(segs) == 0 {
		return rustVal{}
	}
	var base rustVal
	rest := segs[1:]
	switch {
	case isIdent(segs[0]) && !fl.names[segs[0]].zero():
		base = fl.names[segs[0]]
	case fl.call(segs[0]) != nil:
		base = *fl.call(segs[0])
	case len(segs) >= 2 && fl.call(segs[1]) != nil:
		base, rest = *fl.call(segs[1]), segs[2:] // a method: meta.fetch()
	default:
		if m := rustHTTPGet.FindStringIndex(segs[0]); m != nil && m[0] == 0 {
			base = rustVal{net: true}
		}
	}
	return fl.rest(base, rest)
}

// rest is what the fields rest of a value v hold: a command's stdout or
// stdin, or v itself when there are none.
func (fl *rustFlow) rest(v rustVal, rest []string) rustVal {
	switch {
	case len(rest) == 0:
		return v
	case len(rest) == 1 && rest[0] == "stdout" && v.cmd != nil:
		return rustVal{out: v.cmd}
	case len(rest) == 1 && rest[0] == "stdin" && v.cmd != nil:
		return rustVal{in: v.cmd}
	}
	return rustVal{}
}

// call returns what a call of one of the functions fl knows returns
// (seg a call by name or path, its arguments whatever they are), or nil.
func (fl *rustFlow) call(seg string) *rustVal {
	m := rustCallHead.FindStringSubmatchIndex(seg)
	if m == nil || rustSkipCall(seg, m[1]) != len(seg) {
		return nil
	}
	if v, ok := fl.fns[seg[m[2]:m[3]]]; ok {
		return &v
	}
	return nil
}

// feed wires to to what the expression e holds, when that is another
// command's output, an HTTP answer or a file opened; the first wiring
// found stays.
func (fl *rustFlow) feed(to *rustCmd, e string) {
	if to.from != nil || to.fromNet || to.fromFile != "" {
		return
	}
	switch v := fl.valueOf(e, -1); {
	case v.out != nil && v.out != to:
		to.from = v.out
	case v.net:
		to.fromNet = true
	case v.file != "":
		to.fromFile = v.file
	}
}

// rustLinkedFns returns what the functions of the Rust modules in linked
// (the files the Rust file rel names or uses) return, read as the pipes
// read the file itself: a module's fetch(url) that returns a spawned
// curl is that curl at the file's calls of it.
func rustLinkedFns(rel string, linked []linkedFile) map[string]rustVal {
	out := map[string]rustVal{}
	for _, l := range linked {
		if l.rel == rel || !strings.HasSuffix(strings.ToLower(l.rel), ".rs") || !strings.Contains(l.text, "fn ") {
			continue
		}
		c := stripComments(l.text, kindJS)
		res := newRustResolver(c)
		cmds := rustCommands(c, newLineIndex(c), res)
		for k, v := range rustReadFlow(cmds, rustEvents(c, cmds), res, nil, true).fns {
			if _, ok := out[k]; !ok {
				out[k] = v
			}
		}
	}
	return out
}

// rustRoot reduces the expression e to what it hands on: its segments
// (rustSegments) with the calls that keep a value taken out
// (.unwrap(), ?, .take(), .spawn(), .expect(..), a builder's settings:
// rustKeepMethods, rustKeepCalls) and decodings unwrapped
// (String::from_utf8_lossy(x), Stdio::from(x)): fetch.stdout.take()
// .unwrap() is fetch, stdout. file is the path argument when e opens a
// file (File::open(p)).
func rustRoot(e string, depth int) (segs []string, file string) {
	if depth > maxRustResolve {
		return nil, ""
	}
	all := rustSegments(e)
	if len(all) == 0 {
		return nil, ""
	}
	segs = all[:1]
	for _, seg := range all[1:] {
		name, args, call := strings.Cut(seg, "(")
		name = strings.TrimSpace(name)
		if call && (rustKeepCalls()[name] || rustKeepMethods()[name] && strings.TrimSpace(strings.TrimSuffix(args, ")")) == "") {
			continue
		}
		segs = append(segs, seg)
	}
	m := rustDecodeCall.FindStringSubmatchIndex(segs[0])
	if m == nil || rustSkipCall(segs[0], m[1]) != len(segs[0]) {
		return segs, ""
	}
	a := callArgs(segs[0][m[1]:])
	switch {
	case len(a) != 1:
		return nil, ""
	case m[2] >= 0: // File::open(path)
		if len(segs) > 1 {
			return nil, ""
		}
		return nil, a[0]
	}
	inner, f := rustRoot(a[0], depth+1)
	if f != "" || len(inner) == 0 {
		return nil, f
	}
	return append(inner, segs[1:]...), ""
}

// rustSegments splits e (a reference or mut taken off, ? dropped) at its
// top-level dots: sh.stdin.as_mut().unwrap() is sh, stdin, as_mut(),
// unwrap(); nil when e holds a block, a closure or an operator.
func rustSegments(e string) []string {
	e = strings.TrimSpace(e)
	for {
		t := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(e, "&"), "mut "))
		if t == e {
			break
		}
		e = t
	}
	if e == "" || len(e) > 400 {
		return nil
	}
	var segs []string
	depth, start := 0, 0
	for i := 0; i < len(e); i++ {
		switch ch := e[i]; ch {
		case '"':
			i = stringEnd(e, i, false)
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ' ', '\t', '\n', '\r':
			// a chain split over lines: blanks next to a dot only
			if depth == 0 && !strings.HasPrefix(strings.TrimLeft(e[i:], " \t\r\n"), ".") && !strings.HasSuffix(strings.TrimRight(e[:i], " \t\r\n"), ".") {
				return nil
			}
		case '{', '}', '|', '+', '=':
			if depth == 0 {
				return nil
			}
		case '.':
			if depth == 0 {
				segs = append(segs, strings.TrimSpace(strings.ReplaceAll(e[start:i], "?", "")))
				start = i + 1
			}
		}
	}
	segs = append(segs, strings.TrimSpace(strings.ReplaceAll(e[start:], "?", "")))
	for _, s := range segs {
		if s == "" {
			return nil
		}
	}
	return segs
}

// rustReceiver returns the expression a method call's receiver is in c,
// ending at the dot at end: back to the statement's start, an
// assignment or an open bracket.
func rustReceiver(c string, end int) string {
	depth := 0
	i := end - 1
	for ; i >= 0 && end-i < 400; i-- {
		switch c[i] {
		case ')', ']':
			depth++
		case '(', '[':
			if depth == 0 {
				return strings.TrimSpace(c[i+1 : end])
			}
			depth--
		case ';', '{', '}', '=', ',':
			if depth == 0 {
				return strings.TrimSpace(c[i+1 : end])
			}
		}
	}
	return strings.TrimSpace(c[i+1 : end])
}
