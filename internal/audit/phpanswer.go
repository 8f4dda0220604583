package audit

import (
	"regexp"
	"strconv"
	"strings"
)

// PHP that runs what a server answered. A PHP script reaches the network
// with its stream wrappers (file_get_contents or file of a URL, fopen of
// one read with stream_get_contents or fgets, a stream context carrying
// the request), curl_exec, WordPress's wp_remote_* and a PSR-7 answer's
// getBody, or a socket (fsockopen, stream_socket_client, socket_create);
// what comes back is followed through the script's variables (including
// $this->props), array fields, json_decode and the other calls that wrap
// it, foreach, and the file's own functions (their parameters at each
// call, their return values), with PHP's function scope kept so that a
// $resp in one function is not another's. Handed to a shell
// (shell_exec, exec, system, passthru, popen, proc_open, pcntl_exec,
// backticks) or to PHP as code (eval, assert of a string,
// create_function, include or require of it), the server chooses what
// runs: download-exec, critical; the same inside a loop that never ends,
// a sleep between polls or a WordPress cron schedule, or fed from a
// socket whose reads wait for the next command, is a remote command loop
// (reverse-shell, critical). A file the script wrote with the answer
// (file_put_contents, fwrite to a handle it opened for writing, copy of
// a URL) and then includes or runs as a command (the path first, or
// after an interpreter: php, sh, bash) is high download-exec, critical
// in such a loop. The answer only quoted for the shell (every part of it
// inside escapeshellarg) is an argument a server chose for a program the
// script names: medium. An answer only decoded, displayed or stored, and
// fixed commands (exec('git pull')) beside a request, are not findings.

var (
	// phpFuncDecl is a named function or method: group 1 its name.
	phpFuncDecl = lazyRE(`\bfunction\s+&?\s*([A-Za-z_]\w*)\s*\(`)
	// phpAssignLHS is the target of an assignment: $x, $this->x (group
	// 1), [$a, $b] or list($a, $b) (group 2), with array indexes after
	// it; group 3 is the operator.
	phpAssignLHS = lazyRE(`(\$\w+(?:->\w+)?|\[[^\]=;\n]*\]|\blist\s*\([^)=;\n]*\))(?:\s*\[[^\]\n]*\])*\s*(\.=|\?\?=|=)`)
	// phpVarRef is a variable: $name or $this->name (group 1).
	phpVarRef = lazyRE(`\$((?:this->)?\w+)`)
	// phpURLLit is a string literal that starts with a network URL.
	phpURLLit = lazyRE(`['"](?:https?|ftps?)://`)
	// phpConstBind binds a constant: const NAME = (group 1) or
	// define('NAME', (group 2).
	phpConstBind = lazyRE(`\bconst\s+([A-Z_][A-Za-z0-9_]*)\s*=|\bdefine\s*\(\s*['"]([A-Za-z_]\w*)['"]\s*,`)
	// phpConstWord is a word that may name a constant.
	phpConstWord = lazyRE(`\b[A-Z_][A-Z0-9_]*\b`)
	// phpAnswerCall is a call whose value is what the network answered
	// (group 1 the function): its arguments decide for the stream ones.
	phpAnswerCall = lazyRE(`\b(file_get_contents|file|curl_exec|curl_multi_getcontent|stream_get_contents|fgets|fgetss|fread|fgetc|fgetcsv|stream_get_line|socket_read|wp_remote_get|wp_remote_post|wp_remote_request|wp_remote_head|wp_safe_remote_get|wp_safe_remote_post|wp_safe_remote_request|wp_remote_retrieve_body)\s*\(|->\s*(getBody|getContents)\s*\(`)
	// phpConnCall opens a connection or a URL as a stream (group 1).
	phpConnCall = lazyRE(`\b(fopen|fsockopen|pfsockopen|stream_socket_client|socket_create)\s*\(`)
	// phpRecvBuf is socket_recv filling a buffer (group 1 the socket,
	// group 2 the buffer).
	phpRecvBuf = lazyRE(`\bsocket_recv(?:from)?\s*\(\s*\$(\w+)\s*,\s*\$(\w+)`)
	// phpForeach is a foreach loop's head.
	phpForeach = lazyRE(`\bforeach\s*\(`)
	// phpRunSink runs its first argument: in a shell (group 1) or as PHP
	// code (group 2); not a method of the same name ($pdo->exec($sql)).
	phpRunSink = lazyRE(`(?:^|[^\w>:$\\])(shell_exec|exec|system|passthru|popen|proc_open|pcntl_exec)\s*\(|(?:^|[^\w>:$\\])(eval|assert|create_function)\s*\(`)
	// phpInclude loads a file as code: its argument runs to the ;.
	phpInclude = lazyRE(`\b(?:include|require)(?:_once)?\b`)
	// phpFileWrite writes its second argument to the path of its first.
	phpFileWrite = lazyRE(`\bfile_put_contents\s*\(`)
	// phpFwrite writes to a handle: group 1 the handle.
	phpFwrite = lazyRE(`\b(?:fwrite|fputs)\s*\(\s*\$(\w+)\s*,`)
	// phpCopy copies its first argument's file to its second's.
	phpCopy = lazyRE(`\bcopy\s*\(`)
	// phpLoop is a loop that never ends, a wait between polls, or a
	// schedule that runs the code again and again.
	phpLoop = lazyRE(`\bwhile\s*\(\s*(?i:true|1)\s*\)|\bfor\s*\(\s*;\s*;\s*\)|\b(?:sleep|usleep|time_nanosleep|time_sleep_until)\s*\(|\bwp_schedule_(?:single_)?event\s*\(|->\s*addPeriodicTimer\s*\(|\bLoop::addPeriodicTimer\s*\(`)
	// phpEscArg is a value quoted for the shell as one argument.
	phpEscArg = lazyRE(`\bescapeshellarg\s*\(`)
	// phpInterp is an interpreter or shell a written file may be run
	// with, first on a command line.
	phpInterp = lazyRE(`^(?:(?:/usr)?(?:/local)?/bin/)?(?:sh|bash|zsh|dash|php|python3?|perl|ruby|node|source|\.)$`)
)

// phpScope is one function's body (or, with name "", the file outside
// its named functions): its offsets and parameters.
type phpScope struct {
	name       string
	start, end int
	params     []string
}

// phpFlow is what the variables of one PHP file hold: per scope, the
// answer of a server (data), a URL (url), a connection or URL stream
// (conn), and the sockets among those (sock); per function, whether it
// returns data or a URL.
type phpFlow struct {
	c                string
	scopes           []phpScope
	data, url, conn  map[string]bool // keyed by phpKey
	sockVar          map[string]bool
	consts           map[string]bool // constants bound to a URL
	retData, retURL  map[string]bool
	sock             bool // some data came from a socket
	written          []string
	writtenFromScope []int
}

// scanPHPAnswerRun reports PHP that runs what a server answered (see
// above).
func scanPHPAnswerRun(sc *skillCtx, rel, content string) {
	if !containsAny(content, []string{"file_get_contents", "curl_exec", "fopen", "file(", "sock", "wp_remote", "wp_safe_remote", "getBody", "stream_get_contents"}) ||
		!containsAny(content, []string{"exec", "system", "passthru", "popen", "proc_open", "`", "eval", "assert", "create_function", "include", "require"}) {
		return
	}
	c := codeCommentsBlanked(content, "php")
	f := newPHPFlow(c)
	f.follow()
	loop := f.sock || phpLoop.MatchString(c)
	best, at, how := SeverityNone, -1, ""
	consider := func(sev Severity, off int, what string) {
		if sev > best {
			best, at, how = sev, off, what
		}
	}
	for _, m := range phpRunSink.FindAllStringSubmatchIndex(c, 128) {
		name, code, start := "", false, m[2]
		if m[2] >= 0 {
			name = c[m[2]:m[3]]
		} else {
			name, code, start = c[m[4]:m[5]], true, m[4]
		}
		if inPHPString(c, start) {
			continue
		}
		args := callArgs(c[m[1]:])
		if len(args) == 0 {
			continue
		}
		s := f.scopeAt(start)
		arg := args[0]
		if name == "create_function" {
			arg = strings.Join(args, ",")
		}
		switch {
		case f.holds(s, arg):
			sev := Critical
			if !code && !f.holds(s, blankEscArgs(arg)) {
				sev = Medium // only quoted arguments of a program the script names
			}
			consider(sev, start, name)
		case !code && f.runsWritten(arg):
			consider(High, start, name+" of a file written with the answer")
		}
	}
	for _, sp := range phpBacktickSpans(c) {
		s := f.scopeAt(sp[0])
		arg := `"` + c[sp[0]+1:sp[1]] + `"`
		switch {
		case f.holds(s, arg):
			consider(Critical, sp[0], "backticks")
		case f.runsWritten(arg):
			consider(High, sp[0], "backticks of a file written with the answer")
		}
	}
	for _, m := range phpInclude.FindAllStringIndex(c, 64) {
		if inPHPString(c, m[0]) || m[0] > 0 && (c[m[0]-1] == '$' || c[m[0]-1] == '>' || c[m[0]-1] == ':') {
			continue
		}
		arg, _, _ := strings.Cut(c[m[1]:], ";")
		arg = strings.TrimSpace(arg)
		if arg == "" {
			continue
		}
		s := f.scopeAt(m[0])
		switch {
		case f.holds(s, arg):
			consider(High, m[0], "include of a path or URL the answer gave")
		case f.isWritten(arg):
			consider(High, m[0], "include of a file written with the answer")
		}
	}
	if best == SeverityNone {
		return
	}
	ln := 1 + strings.Count(c[:at], "\n")
	evidence := trimmedLine(content, ln)
	switch {
	case best < High:
		sc.add(rel, ln, "download-exec", Medium, "runs a program with an argument a server answered with ("+how+"): check the server cannot choose what runs", evidence)
	case loop:
		for _, x := range sc.findings {
			if x.File == rel && x.RuleID == "reverse-shell" && x.Severity == Critical {
				return // scanPHP's socket shell, already reported
			}
		}
		sc.add(rel, ln, "reverse-shell", Critical, "polls a server and runs what it answers with ("+how+"): whoever runs the server runs commands on this machine (a remote command loop)", evidence)
	default:
		sc.add(rel, ln, "download-exec", best, "runs what a server answered with ("+how+")", evidence)
	}
}

// blankEscArgs returns e with the argument lists of its escapeshellarg
// calls blanked, so a variable quoted for the shell is not seen.
func blankEscArgs(e string) string {
	for _, m := range phpEscArg.FindAllStringIndex(e, 16) {
		args := callArgs(e[m[1]:])
		if len(args) == 0 {
			continue
		}
		end := m[1] + strings.Index(e[m[1]:], args[0]) + len(args[0])
		if end > len(e) || end < m[1] {
			continue
		}
		e = e[:m[1]] + strings.Repeat(" ", end-m[1]) + e[end:]
	}
	return e
}

// newPHPFlow finds the scopes of c (a PHP file with its comments
// blanked) and the constants it binds to URLs.
func newPHPFlow(c string) *phpFlow {
	f := &phpFlow{c: c, data: map[string]bool{}, url: map[string]bool{}, conn: map[string]bool{}, sockVar: map[string]bool{},
		consts: map[string]bool{}, retData: map[string]bool{}, retURL: map[string]bool{}}
	for _, m := range phpFuncDecl.FindAllStringSubmatchIndex(c, 256) {
		if inPHPString(c, m[0]) {
			continue
		}
		open := m[1] - 1
		params := callArgs(c[m[1]:])
		closeAt := phpMatchClose(c, open)
		if closeAt < 0 {
			continue
		}
		body := strings.IndexAny(c[closeAt:], "{;")
		if body < 0 || c[closeAt+body] != '{' {
			continue // an abstract or interface method
		}
		bodyEnd := phpMatchClose(c, closeAt+body)
		if bodyEnd < 0 {
			bodyEnd = len(c)
		}
		var names []string
		for _, p := range params {
			if v := phpVarRef.FindStringSubmatch(p); v != nil {
				names = append(names, v[1])
			} else {
				names = append(names, "")
			}
		}
		f.scopes = append(f.scopes, phpScope{name: c[m[2]:m[3]], start: closeAt + body, end: bodyEnd, params: names})
	}
	for _, m := range phpConstBind.FindAllStringSubmatchIndex(c, 64) {
		name := ""
		if m[2] >= 0 {
			name = c[m[2]:m[3]]
		} else {
			name = c[m[4]:m[5]]
		}
		v, _, _ := strings.Cut(c[m[1]:], ";")
		if phpURLLit.MatchString(v) {
			f.consts[name] = true
		}
	}
	return f
}

// phpMatchClose returns the offset of the bracket closing the one at
// open in c, strings skipped, or -1.
func phpMatchClose(c string, open int) int {
	return closeOf(c, open, "'\"`", false)
}

// scopeAt returns the index of the innermost named function holding
// offset at, or -1 for the file's top level.
func (f *phpFlow) scopeAt(at int) int {
	best := -1
	for i, s := range f.scopes {
		if at > s.start && at < s.end && (best < 0 || s.start > f.scopes[best].start) {
			best = i
		}
	}
	return best
}

// phpKey is the map key of variable v in scope s ($this->x is the class's).
func phpKey(s int, v string) string {
	if strings.HasPrefix(v, "this->") {
		return v
	}
	return strconv.Itoa(s) + "\x00" + v
}

// phpVarsOf returns the variables expression e names outside single-quoted
// strings (double-quoted ones interpolate).
func phpVarsOf(e string) []string {
	var out []string
	b := []byte(e)
	for i := 0; i < len(b); i++ {
		if b[i] == '\'' {
			j := stringEnd(e, i, false)
			for k := i; k < j && k < len(b); k++ {
				b[k] = ' '
			}
			i = j
		}
	}
	for _, m := range phpVarRef.FindAllStringSubmatch(string(b), 64) {
		out = append(out, m[1])
	}
	return out
}

// mentions reports whether e names a variable of scope s in set.
func (f *phpFlow) mentions(s int, e string, set map[string]bool) bool {
	if len(set) == 0 {
		return false
	}
	for _, v := range phpVarsOf(e) {
		if set[phpKey(s, v)] {
			return true
		}
	}
	return false
}

// isURL reports whether e in scope s holds a network URL: a literal, a
// constant or variable bound to one, or a function of the file that
// returns one.
func (f *phpFlow) isURL(s int, e string) bool {
	if phpURLLit.MatchString(e) || f.mentions(s, e, f.url) {
		return true
	}
	for _, w := range phpConstWord.FindAllString(blankPHPStrings(e), 16) {
		if f.consts[w] {
			return true
		}
	}
	return f.callsAny(e, f.retURL)
}

// callsAny reports whether e calls a function of the file in set.
func (f *phpFlow) callsAny(e string, set map[string]bool) bool {
	for name := range set {
		for at := wordIndex(e, name, 0); at >= 0; at = wordIndex(e, name, at+len(name)) {
			if strings.HasPrefix(strings.TrimLeft(e[at+len(name):], " \t"), "(") {
				return true
			}
		}
	}
	return false
}

// holds reports whether expression e in scope s carries what a server
// answered.
func (f *phpFlow) holds(s int, e string) bool {
	if f.mentions(s, e, f.data) || f.callsAny(e, f.retData) {
		return true
	}
	for _, m := range phpAnswerCall.FindAllStringSubmatchIndex(e, 16) {
		if inPHPString(e, m[0]) {
			continue
		}
		if m[4] >= 0 { // ->getBody(), ->getContents()
			return true
		}
		args := callArgs(e[m[1]:])
		switch e[m[2]:m[3]] {
		case "file_get_contents":
			if len(args) > 0 && f.isURL(s, args[0]) || len(args) > 2 && !strings.EqualFold(args[2], "null") {
				return true
			}
		case "file":
			if len(args) > 0 && f.isURL(s, args[0]) {
				return true
			}
		case "stream_get_contents", "fgets", "fgetss", "fread", "fgetc", "fgetcsv", "stream_get_line", "socket_read":
			if len(args) > 0 && f.mentions(s, args[0], f.conn) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// opensConn reports whether e in scope s opens a connection or a URL
// stream; sock says a socket.
func (f *phpFlow) opensConn(s int, e string) (conn, sock bool) {
	for _, m := range phpConnCall.FindAllStringSubmatchIndex(e, 4) {
		if inPHPString(e, m[0]) {
			continue
		}
		if e[m[2]:m[3]] != "fopen" {
			return true, true
		}
		if args := callArgs(e[m[1]:]); len(args) > 0 && f.isURL(s, args[0]) {
			return true, false
		}
	}
	return false, false
}

// set marks the variables of target (an assignment's left side) in
// set for scope s; it reports whether any was new.
func (f *phpFlow) set(set map[string]bool, s int, target string) bool {
	grew := false
	for _, v := range phpVarsOf(target) {
		if k := phpKey(s, v); !set[k] {
			set[k], grew = true, true
		}
	}
	return grew
}

// follow propagates answers, URLs and connections through the file's
// assignments, foreach loops, calls and returns to a fixed point.
func (f *phpFlow) follow() {
	c := f.c
	type assign struct {
		scope    int
		lhs, rhs string
		each     bool
	}
	var assigns []assign
	for _, m := range phpAssignLHS.FindAllStringSubmatchIndex(c, 2048) {
		if m[1] < len(c) && (c[m[1]] == '=' || c[m[1]] == '>') || inPHPString(c, m[0]) {
			continue // == or =>
		}
		if m[0] > 0 && strings.ContainsRune("!<>=", rune(c[m[0]-1])) {
			continue
		}
		rhs := phpStatement(c[m[1]:])
		assigns = append(assigns, assign{f.scopeAt(m[0]), c[m[2]:m[3]], rhs, false})
	}
	for _, m := range phpForeach.FindAllStringIndex(c, 128) {
		if inPHPString(c, m[0]) {
			continue
		}
		closeAt := phpMatchClose(c, m[1]-1)
		if closeAt < 0 {
			continue
		}
		head := c[m[1]:closeAt]
		i := strings.LastIndex(head, " as ")
		if i < 0 {
			continue
		}
		assigns = append(assigns, assign{f.scopeAt(m[0]), head[i+4:], head[:i], true})
	}
	for _, m := range phpRecvBuf.FindAllStringSubmatchIndex(c, 16) {
		assigns = append(assigns, assign{f.scopeAt(m[0]), "$" + c[m[4]:m[5]], "fread($" + c[m[2]:m[3]] + ")", false})
	}
	type call struct {
		scope int
		fn    int
		args  []string
	}
	var calls []call
	for fi, sc := range f.scopes {
		for at := wordIndex(c, sc.name, 0); at >= 0; at = wordIndex(c, sc.name, at+len(sc.name)) {
			rest := strings.TrimLeft(c[at+len(sc.name):], " \t")
			if !strings.HasPrefix(rest, "(") || strings.HasSuffix(strings.TrimRight(c[:at], " \t&"), "function") {
				continue
			}
			calls = append(calls, call{f.scopeAt(at), fi, callArgs(rest[1:])})
		}
	}
	type ret struct {
		fn int
		e  string
	}
	var rets []ret
	for fi, sc := range f.scopes {
		body := c[sc.start:sc.end]
		for at := wordIndex(body, "return", 0); at >= 0; at = wordIndex(body, "return", at+6) {
			if f.scopeAt(sc.start+at) == fi {
				rets = append(rets, ret{fi, phpStatement(body[at+6:])})
			}
		}
	}
	for pass := 0; pass < 8; pass++ {
		grew := false
		for _, a := range assigns {
			if conn, sock := f.opensConn(a.scope, a.rhs); conn {
				grew = f.set(f.conn, a.scope, a.lhs) || grew
				if sock {
					f.set(f.sockVar, a.scope, a.lhs)
				}
				continue
			}
			if f.holds(a.scope, a.rhs) {
				if !f.sock && f.readsSock(a.scope, a.rhs) {
					f.sock = true
				}
				grew = f.set(f.data, a.scope, a.lhs) || grew
			} else if !a.each && f.isURL(a.scope, a.rhs) {
				grew = f.set(f.url, a.scope, a.lhs) || grew
			}
		}
		for _, cl := range calls {
			params := f.scopes[cl.fn].params
			for i, a := range cl.args {
				if i >= len(params) || params[i] == "" {
					break
				}
				k := phpKey(cl.fn, params[i])
				switch {
				case !f.data[k] && f.holds(cl.scope, a):
					f.data[k], grew = true, true
				case !f.url[k] && f.isURL(cl.scope, a):
					f.url[k], grew = true, true
				case !f.conn[k] && f.mentions(cl.scope, a, f.conn):
					f.conn[k], grew = true, true
				}
			}
		}
		for _, r := range rets {
			name := f.scopes[r.fn].name
			switch {
			case !f.retData[name] && f.holds(r.fn, r.e):
				f.retData[name], grew = true, true
			case !f.retURL[name] && f.isURL(r.fn, r.e):
				f.retURL[name], grew = true, true
			}
		}
		if !grew {
			break
		}
	}
	// files written with the answer
	for _, m := range phpFileWrite.FindAllStringIndex(c, 64) {
		if args := callArgs(c[m[1]:]); len(args) > 1 && f.holds(f.scopeAt(m[0]), args[1]) {
			f.written = append(f.written, args[0])
		}
	}
	for _, m := range phpCopy.FindAllStringIndex(c, 32) {
		if m[0] > 0 && (c[m[0]-1] == '>' || c[m[0]-1] == ':' || c[m[0]-1] == '_') {
			continue
		}
		if args := callArgs(c[m[1]:]); len(args) > 1 && f.isURL(f.scopeAt(m[0]), args[0]) {
			f.written = append(f.written, args[1])
		}
	}
	for _, m := range phpFwrite.FindAllStringSubmatchIndex(c, 64) {
		s := f.scopeAt(m[0])
		args := callArgs(c[m[1]:])
		if len(args) == 0 || !f.holds(s, args[0]) {
			continue
		}
		h := regexp.MustCompile(`\$` + regexp.QuoteMeta(c[m[2]:m[3]]) + `\s*=\s*@?\s*fopen\s*\(`)
		for _, o := range h.FindAllStringIndex(c, 4) {
			if oa := callArgs(c[o[1]:]); len(oa) > 1 && strings.ContainsAny(oa[1], "wxac") {
				f.written = append(f.written, oa[0])
			}
		}
	}
}

// readsSock reports whether e in scope s reads one of the sockets.
func (f *phpFlow) readsSock(s int, e string) bool {
	return len(f.sockVar) > 0 && f.mentions(s, e, f.sockVar)
}

// phpStatement returns s up to the ; that ends its statement (outside
// brackets and strings).
func phpStatement(s string) string {
	depth := 0
	for i := 0; i < len(s) && i < 4000; i++ {
		switch ch := s[i]; ch {
		case '\'', '"', '`':
			i = stringEnd(s, i, false)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return s[:i]
			}
			depth--
		case ';':
			if depth == 0 {
				return s[:i]
			}
		}
	}
	return s[:min(len(s), 4000)]
}

// phpPathKey is what a written path is recognised by: the text of a single
// literal, or a variable's $name; "" when the path is built otherwise.
func phpPathKey(e string) string {
	e = strings.TrimSpace(e)
	if len(e) >= 2 && (e[0] == '\'' || e[0] == '"') && stringEnd(e, 0, false) == len(e)-1 {
		return e[1 : len(e)-1]
	}
	if m := phpVarRef.FindStringSubmatchIndex(e); m != nil && m[0] == 0 && m[1] == len(e) {
		return e
	}
	return ""
}

// isWritten reports whether include's argument e is a file the script
// wrote with the answer: the same literal or variable, parentheses aside.
func (f *phpFlow) isWritten(e string) bool {
	e = strings.TrimSpace(e)
	for len(e) > 1 && e[0] == '(' && phpMatchClose(e, 0) == len(e)-1 {
		e = strings.TrimSpace(e[1 : len(e)-1])
	}
	k := phpPathKey(e)
	if k == "" {
		return false
	}
	for _, w := range f.written {
		if phpPathKey(w) == k {
			return true
		}
	}
	return false
}

// runsWritten reports whether the command line e (a shell sink's first
// argument) runs a file the script wrote with the answer: the path as
// its first word, or after an interpreter.
func (f *phpFlow) runsWritten(e string) bool {
	if len(f.written) == 0 {
		return false
	}
	e = strings.TrimSpace(e)
	if f.isWritten(e) {
		return true
	}
	if len(e) < 2 || e[0] != '"' && e[0] != '\'' {
		return false
	}
	// a literal command line, maybe continued with . $var
	words := strings.Fields(strings.NewReplacer(`"`, " ", `'`, " ", ".", " . ", "{", " ", "}", " ").Replace(e))
	var cmd []string
	for _, w := range words {
		if w != "." {
			cmd = append(cmd, w)
		}
	}
	if len(cmd) > 1 && phpInterp.MatchString(cmd[0]) {
		cmd = cmd[1:]
	}
	if len(cmd) == 0 {
		return false
	}
	for _, w := range f.written {
		if k := phpPathKey(w); k != "" && (cmd[0] == k || cmd[0] == "'"+k+"'") {
			return true
		}
	}
	return false
}

// phpBacktickSpans returns the offsets of PHP's backtick commands in c
// (comments blanked): the opening and closing backquote, outside quoted
// strings.
func phpBacktickSpans(c string) [][2]int {
	if !strings.Contains(c, "`") {
		return nil
	}
	var out [][2]int
	for i := 0; i < len(c); i++ {
		switch c[i] {
		case '\'', '"':
			i = stringEnd(c, i, false)
		case '`':
			j := stringEnd(c, i, false)
			if j < len(c) {
				out = append(out, [2]int{i, j})
			}
			i = j
		}
	}
	return out
}

// inPHPString reports whether offset at of c lies inside a quoted
// string opened earlier on its line.
func inPHPString(c string, at int) bool {
	return inQuotedString(c, at)
}

// blankPHPStrings returns e with its string literals' text blanked.
func blankPHPStrings(e string) string {
	b := []byte(e)
	for i := 0; i < len(b); i++ {
		if b[i] == '\'' || b[i] == '"' {
			j := stringEnd(e, i, false)
			for k := i + 1; k < j && k < len(b); k++ {
				b[k] = ' '
			}
			i = j
		}
	}
	return string(b)
}
