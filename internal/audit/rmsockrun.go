package audit

import (
	"path"
	"strings"
)

// An R or MATLAB/Octave program that connects a socket, reads what the
// other end sends and runs it is a reverse shell: whoever is at the other
// end types commands into the user's machine. R does it with
// socketConnection, make.socket or socketAccept read by readLines,
// read.socket, readBin or a websocket's onMessage callback, and runs the
// text with system, system2, shell, pipe or eval(parse(text = ...));
// MATLAB with tcpclient, tcpip, tcpserver or java.net.Socket read by
// readline, read, fgetl or a reader's readLine, run by evalc, eval,
// evalin, system, unix or dos (Octave: tcp or socket with tcp_read or
// recv). R packages start such a loop from .onLoad with later::later, and
// MATLAB from startup.m with a timer, so there is no sleep for the remote
// command loop (remoteloop.go) to see, and the text often travels through
// a handler function ((for l in lines) handle(l), msg <- fromJSON(line),
// system(msg$cmd)). So the read is followed: what a read of a connection
// the file opens is assigned to, loop variables over it, what is
// computed from it and the parameters of the file's functions it is
// handed to; a run whose argument holds any of these is critical
// (reverse-shell). A socket only to the loopback address (R's
// socketConnection without a host is localhost) is a local tool's
// channel, not this; nor is a fixed command run beside a socket (a
// status client), or a command that does not come from the socket.

// rmLang is how one of the two languages writes the parts of this rule.
type rmLang struct {
	// connect opens a socket; the match ends at the call's '(' (a
	// listener matched by listen, when set, is never local).
	connect, listen *lazyRegexp
	// read reads a connection: the match ends at the call's '(' and
	// its arguments must hold a connection; sockRead reads only a socket,
	// so any argument counts in a file that connects one; method is a
	// read written as a method of the connection (group 1 it).
	read, sockRead, method *lazyRegexp
	// callback, when set, is a handler whose parameters (group 1, a
	// name or a list) are what arrived (R's websocket onMessage); handler,
	// when set, names (any group) a function of the file whose parameters
	// are (a signal connected to it: GDScript's request_completed).
	callback, handler *lazyRegexp
	// make, when set, makes a connection object that connects later
	// (GDScript's StreamPeerTCP.new()): what it is assigned to is a
	// connection, and where it connects is read at connect.
	make *lazyRegexp
	// local, when set, replaces rmLocalConnect.
	local func(code string, open int) bool
	// run runs text as a command or code; the match ends at '('.
	run *lazyRegexp
	// assign is an assignment: group 1 its target, the match ending at
	// the operator's end; forLoop binds group 1 to each element of what
	// follows the match; funcDef defines function group 1 with
	// parameters group 2.
	assign, forLoop, funcDef *lazyRegexp
	// identChar reports the characters of a name.
	identChar func(c byte) bool
	// matlab selects MATLAB's statement ends ("..." continues a line).
	matlab bool
}

var rSockLang = &rmLang{
	connect: lazyRE(`\b(?:socketConnection|make\.socket)\s*\(|\bWebSocket\$new\s*\(`),
	// serverSocket(port) listens on every interface
	listen:   lazyRE(`\b(?:socketAccept|serverSocket)\s*\(|\bserver\s*=\s*(?:TRUE|T)\b`),
	read:     lazyRE(`(?:^|[^\w.$])(?:readLines|readBin|readChar|readRDS|scan|unserialize|read\.socket)\s*\(`),
	sockRead: lazyRE(`\bread\.socket\s*\(`),
	method:   lazyRE(`([A-Za-z_.][\w.$]*)\$(?:read|receive|recv)\s*\(`),
	callback: lazyRE(`\$onMessage\s*\(\s*function\s*\(\s*([A-Za-z_.][\w.]*)`),
	run:      lazyRE(`(?:^|[^\w.$])(?:base::)?(?:system2?|shell|pipe|processx::run|sys::exec_(?:wait|internal)|eval\s*\(\s*(?:base::)?(?:parse|str2lang|str2expression))\s*\(`),
	assign:   lazyRE(`(?m)([A-Za-z_.][\w.]*(?:\s*(?:\$\s*[A-Za-z_.][\w.]*|\[\[[^\]\n]*\]\]|\[[^\]\n]*\]|@\w+))*)\s*<<?-|^[ \t]*([A-Za-z_.][\w.]*(?:\$[A-Za-z_.][\w.]*)*)[ \t]*=[^=]`),
	forLoop:  lazyRE(`\bfor\s*\(\s*([A-Za-z_.][\w.]*)\s+in\s`),
	funcDef:  lazyRE(`([A-Za-z_.][\w.]*)\s*<<?-\s*function\s*\(([^)]*)\)`),
	identChar: func(c byte) bool {
		return c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	},
}

var matlabSockLang = &rmLang{
	// Octave's socket package: socket(AF_INET, ...) then connect
	connect:  lazyRE(`\b(?:tcpclient|tcpip|tcp|udpport|java\.net\.Socket)\s*\(|\bsocket\s*\(\s*AF_INET\b`),
	listen:   lazyRE(`\b(?:tcpserver|java\.net\.ServerSocket)\s*\(|["']NetworkRole["']\s*,\s*["']server["']`),
	read:     lazyRE(`\b(?:readline|read|fgetl|fgets|fread|fscanf|tcp_read|recv|readLine)\s*\(`),
	sockRead: lazyRE(`\b(?:readline|tcp_read|recv)\s*\(`),
	method:   lazyRE(`([A-Za-z]\w*(?:\.[A-Za-z]\w*)*)\.(?:readLine|read|readline)\s*\(`),
	run:      lazyRE(`\b(?:evalc|eval|evalin|system|unix|dos|feval|builtin\s*\(\s*["'](?:eval|evalc|system)["']\s*,|java\.lang\.Runtime\.getRuntime\s*\(\s*\)\s*\.exec)\s*\(`),
	assign:   lazyRE(`(?m)(?:^|[;,])[ \t]*(\[[^\]\n=]*\]|[A-Za-z]\w*(?:\.[A-Za-z]\w*|\([^)\n=]*\)|\{[^}\n=]*\})*)[ \t]*=[^=]`),
	forLoop:  lazyRE(`(?m)^[ \t]*(?:par)?for[ \t]*\(?[ \t]*([A-Za-z]\w*)[ \t]*=`),
	funcDef:  lazyRE(`(?m)^[ \t]*function\b[ \t]*(?:(?:\[[^\]\n]*\]|[A-Za-z]\w*)[ \t]*=[ \t]*)?([A-Za-z]\w*)[ \t]*\(([^)\n]*)\)`),
	identChar: func(c byte) bool {
		return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	},
	matlab: true,
}

// rmLoopback is a loopback host as a string literal.
var rmLoopback = lazyRE(`^["'](?:localhost|127(?:\.\d{1,3}){3}|::1|0:0:0:0:0:0:0:1)["']$`)

// rmSockRunMax bounds the statements and rounds read in one file.
const rmSockRunMax = 4096

// scanRMSockRun reports an R or MATLAB/Octave file that runs what it
// reads from a socket it connects (see above).
func scanRMSockRun(sc *skillCtx, rel, content string) {
	var lang *rmLang
	var code, bare string
	switch strings.ToLower(path.Ext(rel)) {
	case ".r":
		if !strings.Contains(content, "ocket") {
			return
		}
		lang = rSockLang
		code, bare = rCodeBlanked(content)
	case ".m":
		if !strings.Contains(content, "tcp") && !strings.Contains(content, "ocket") && !strings.Contains(content, "udpport") {
			return
		}
		lang = matlabSockLang
		code, bare = matlabCodeBlanked(content)
	default:
		return
	}
	if p := rmSockRunAt(lang, code, bare); p >= 0 {
		ln := 1 + strings.Count(code[:p], "\n")
		for _, f := range sc.findings {
			if f.File == rel && f.RuleID == "reverse-shell" {
				return
			}
		}
		sc.add(rel, ln, "reverse-shell", Critical, "connects a socket, reads what the other end sends and runs it as a command or code: whoever is at the other end runs commands on this machine (reverse shell)",
			trimmedLine(content, ln))
	}
}

// rmSockRunAt returns the offset of a run of what a socket sent in code
// (comments blanked; bare has string contents blanked too, offsets
// kept), or -1.
func rmSockRunAt(lang *rmLang, code, bare string) int {
	remote := lang.listen != nil && lang.listen.MatchString(code) // a listener is reachable from the network
	for _, c := range lang.connect.FindAllStringIndex(bare, 64) {
		if remote {
			break
		}
		if lang.local != nil {
			remote = !lang.local(code, c[1]-1)
		} else {
			remote = !rmLocalConnect(lang, code, c[1]-1)
		}
	}
	if !remote {
		return -1
	}
	type stmt struct {
		targets []string
		rhs     string
	}
	var stmts []stmt
	for _, m := range lang.assign.FindAllStringSubmatchIndex(bare, rmSockRunMax) {
		g := 2
		if m[g] < 0 {
			g = 4
		}
		end := m[1]
		if bare[end-1] != '-' && bare[end-1] != '=' {
			end-- // the character after = is the value's
		}
		stmts = append(stmts, stmt{rmTargets(bare[m[g]:m[g+1]]), bare[end:rmStmtEnd(bare, end, lang.matlab)]})
	}
	for _, m := range lang.forLoop.FindAllStringSubmatchIndex(bare, rmSockRunMax) {
		stmts = append(stmts, stmt{[]string{bare[m[2]:m[3]]}, bare[m[1]:rmStmtEnd(bare, m[1], lang.matlab)]})
	}
	funcs := map[string][]string{}
	for _, m := range lang.funcDef.FindAllStringSubmatch(bare, rmSockRunMax) {
		for _, p := range strings.Split(m[2], ",") {
			p, _, _ = strings.Cut(p, "=")
			p, _, _ = strings.Cut(p, ":") // a typed parameter (GDScript's line: String)
			if p = strings.TrimSpace(p); p != "" && p != "..." && p != "~" {
				funcs[m[1]] = append(funcs[m[1]], p)
			}
		}
	}
	holds := func(text string, names map[string]bool) bool {
		for n := range names {
			if rmHoldsName(text, n, lang.identChar) {
				return true
			}
		}
		return false
	}
	// the connections: what a connect call is assigned to, and what is
	// made from one (a reader over a socket's stream, a struct holding it)
	conns := map[string]bool{}
	for range 8 {
		grew := false
		for _, s := range stmts {
			if lang.connect.MatchString(s.rhs) || lang.listen != nil && lang.listen.MatchString(s.rhs) || lang.make != nil && lang.make.MatchString(s.rhs) || holds(s.rhs, conns) {
				for _, t := range s.targets {
					if !conns[t] {
						conns[t], grew = true, true
					}
				}
			}
		}
		if !grew {
			break
		}
	}
	// reads reports whether text holds a read of a connection
	reads := func(text string) bool {
		if lang.sockRead != nil && lang.sockRead.MatchString(text) {
			return true
		}
		for _, m := range lang.method.FindAllStringSubmatch(text, 16) {
			if holds(m[1], conns) {
				return true
			}
		}
		if lang.read == nil {
			return false
		}
		for _, r := range lang.read.FindAllStringIndex(text, 16) {
			args := rmCallArgs(text, r[1]-1)
			if holds(args, conns) || lang.connect.MatchString(args) {
				return true
			}
		}
		return false
	}
	got := map[string]bool{}
	if lang.callback != nil {
		for _, m := range lang.callback.FindAllStringSubmatch(bare, 16) {
			for _, p := range strings.Split(m[1], ",") {
				p, _, _ = strings.Cut(p, "=")
				p, _, _ = strings.Cut(p, ":")
				if p = strings.TrimSpace(p); p != "" {
					got[p] = true
				}
			}
		}
	}
	if lang.handler != nil {
		// over code: a signal may be named in a string (connect("x", self, "f"))
		for _, m := range lang.handler.FindAllStringSubmatch(code, 16) {
			for _, name := range m[1:] {
				for _, p := range funcs[name] {
					got[p] = true
				}
			}
		}
	}
	for _, s := range stmts {
		if reads(s.rhs) {
			for _, t := range s.targets {
				got[t] = true
			}
		}
	}
	carries := func(text string) bool { return reads(text) || holds(text, got) }
	for range 16 {
		grew := false
		add := func(n string) {
			if !got[n] {
				got[n], grew = true, true
			}
		}
		for _, s := range stmts {
			if holds(s.rhs, got) {
				for _, t := range s.targets {
					add(t)
				}
			}
		}
		// a function of the file handed what arrived, by call or by
		// name (lapply(lines, handle)): its parameters hold it
		for name, params := range funcs {
			for _, at := range rmNameAt(bare, name, lang.identChar, 64) {
				rest := strings.TrimLeft(bare[at+len(name):], " \t")
				var args string
				if strings.HasPrefix(rest, "(") {
					args = rmCallArgs(rest, 0)
				} else {
					args = rmEnclosingArgs(bare, at)
				}
				if args != "" && carries(args) {
					for _, p := range params {
						add(p)
					}
					break
				}
			}
		}
		if !grew || len(got) > rmSockRunMax {
			break
		}
	}
	if len(got) == 0 && !reads(bare) {
		return -1
	}
	for _, r := range lang.run.FindAllStringIndex(bare, rmSockRunMax) {
		open := r[1] - 1
		if args := rmCallArgs(bare, open); carries(args) {
			at := r[0]
			for at < open && !lang.identChar(bare[at]) {
				at++
			}
			return at
		}
	}
	return -1
}

// rmLocalConnect reports whether the connect call whose '(' is at open
// in code names only the loopback address (a local tool's channel), or
// no host where the call's default is localhost (R's socketConnection
// and make.socket).
func rmLocalConnect(lang *rmLang, code string, open int) bool {
	args := rmCallArgs(code, open)
	if lang == rSockLang && strings.Contains(code[max(0, open-20):open], "WebSocket") {
		return rmLoopbackURL(args)
	}
	parts := rmSplitArgs(args)
	host := ""
	named := false
	for _, p := range parts {
		k, v, ok := strings.Cut(p, "=")
		k = strings.TrimSpace(k)
		if ok && (k == "host" || k == "address") {
			host, named = strings.TrimSpace(v), true
			break
		}
	}
	if !named && len(parts) > 0 {
		first := strings.TrimSpace(parts[0])
		if k, _, ok := strings.Cut(first, "="); !ok || strings.ContainsAny(k, "\"'([") {
			host = first
		} else if lang == rSockLang {
			return true // only named arguments, none the host: localhost
		}
	}
	if host == "" {
		return lang == rSockLang
	}
	return rmLoopback.MatchString(host)
}

// rmLoopbackURL reports whether args open with a ws:// or wss:// URL to
// the loopback address.
func rmLoopbackURL(args string) bool {
	a := strings.TrimSpace(args)
	for _, p := range []string{`"ws://localhost`, `"ws://127.`, `'ws://localhost`, `'ws://127.`, `"wss://localhost`, `'wss://localhost`} {
		if strings.HasPrefix(a, p) {
			return true
		}
	}
	return false
}

// rmTargets returns the names an assignment's target binds: each name of
// MATLAB's [a, b], else the target without its indexing (x[[i]] binds
// x, .state$con itself, s.conn itself).
func rmTargets(t string) []string {
	t = strings.TrimSpace(t)
	if strings.HasPrefix(t, "[") {
		var out []string
		for _, f := range strings.FieldsFunc(strings.Trim(t, "[]"), func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
			if f != "~" {
				out = append(out, f)
			}
		}
		return out
	}
	if i := strings.IndexAny(t, "[({@"); i > 0 {
		t = t[:i]
	}
	return []string{strings.Join(strings.Fields(t), "")}
}

// rmStmtEnd returns where the statement starting at i of bare ends: a
// newline or ';' outside parentheses and brackets (in MATLAB "..."
// continues the line).
func rmStmtEnd(bare string, i int, matlab bool) int {
	depth := 0
	for j := i; j < len(bare) && j-i < 8000; j++ {
		switch c := bare[j]; c {
		case '(', '[':
			depth++
		case ')', ']':
			if depth == 0 {
				return j
			}
			depth--
		case '.':
			if matlab && strings.HasPrefix(bare[j:], "...") {
				if k := strings.IndexByte(bare[j:], '\n'); k >= 0 {
					j += k
				}
			}
		case '\n', ';':
			if depth == 0 {
				return j
			}
		}
	}
	return min(len(bare), i+8000)
}

// rmCallArgs returns the text between the '(' at open of s and its
// closing parenthesis (or the rest of s, up to a bound).
func rmCallArgs(s string, open int) string {
	if open < 0 || open >= len(s) || s[open] != '(' {
		return ""
	}
	depth := 0
	for j := open; j < len(s) && j-open < 8000; j++ {
		switch s[j] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return s[open+1 : j]
			}
		}
	}
	return s[open+1 : min(len(s), open+8000)]
}

// rmEnclosingArgs returns the arguments of the call whose parentheses
// hold offset at of s (lapply(lines, handle) for handle), or "".
func rmEnclosingArgs(s string, at int) string {
	depth := 0
	for j := at - 1; j >= 0 && at-j < 2000; j-- {
		switch s[j] {
		case ')', ']', '}':
			depth++
		case '(', '[', '{':
			if depth == 0 {
				if s[j] != '(' {
					return ""
				}
				return rmCallArgs(s, j)
			}
			depth--
		case '\n':
			if depth == 0 && at-j > 200 {
				return ""
			}
		}
	}
	return ""
}

// rmSplitArgs splits a call's arguments at its top-level commas.
func rmSplitArgs(args string) []string {
	var out []string
	depth, start := 0, 0
	for j := 0; j < len(args); j++ {
		switch args[j] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '"', '\'':
			if k := strings.IndexByte(args[j+1:], args[j]); k >= 0 {
				j += k + 1
			}
		case ',':
			if depth == 0 {
				out = append(out, args[start:j])
				start = j + 1
			}
		}
	}
	if strings.TrimSpace(args[start:]) != "" {
		out = append(out, args[start:])
	}
	return out
}

// rmNameAt returns the offsets of name in text where it stands as a
// whole name (ident says which characters make one; a field or list
// element of it, name$x or name.x in MATLAB, counts), up to limit.
func rmNameAt(text, name string, ident func(byte) bool, limit int) []int {
	var out []int
	for i := 0; len(out) < limit; {
		k := strings.Index(text[i:], name)
		if k < 0 {
			break
		}
		at := i + k
		end := at + len(name)
		if (at == 0 || !ident(text[at-1]) && text[at-1] != '$' && text[at-1] != '@') && (end == len(text) || !ident(text[end])) {
			out = append(out, at)
		}
		i = at + 1
	}
	return out
}

// rmHoldsName reports whether text names name as a whole name.
func rmHoldsName(text, name string, ident func(byte) bool) bool {
	if name == "" || !strings.Contains(text, name) {
		return false
	}
	return len(rmNameAt(text, name, ident, 1)) > 0
}

// rCodeBlanked returns R source with its # comments blanked (code) and
// with its string contents blanked as well (bare), offsets and lines
// kept.
func rCodeBlanked(content string) (code, bare string) {
	c := []byte(content)
	b := []byte(content)
	var q byte
	for i := 0; i < len(c); i++ {
		ch := c[i]
		switch {
		case q != 0:
			switch {
			case ch == '\\' && i+1 < len(c) && c[i+1] != '\n':
				if q != '`' {
					b[i], b[i+1] = ' ', ' '
				}
				i++
			case ch == q:
				q = 0
			case ch != '\n' && q != '`':
				b[i] = ' '
			}
		case ch == '"' || ch == '\'' || ch == '`':
			q = ch
		case ch == '#':
			for ; i < len(c) && c[i] != '\n'; i++ {
				c[i], b[i] = ' ', ' '
			}
			i--
		}
	}
	return string(c), string(b)
}

// matlabCodeBlanked returns MATLAB or Octave source with its comments
// (%, Octave's #, %{ ... %} blocks, the text after a "..." continuation)
// blanked (code) and with its string contents blanked as well (bare),
// offsets and lines kept. A ' after a name, a closing bracket, a dot or
// another ' is the transpose operator, not a quote.
func matlabCodeBlanked(content string) (code, bare string) {
	c := []byte(content)
	b := []byte(content)
	blankTo := func(i int) int { // blanks from i to the end of its line
		for ; i < len(c) && c[i] != '\n'; i++ {
			c[i], b[i] = ' ', ' '
		}
		return i - 1
	}
	block := 0
	var q byte
	for i := 0; i < len(c); i++ {
		ch := c[i]
		lineStart := i == 0 || c[i-1] == '\n'
		if lineStart && q == 0 {
			line := content[i:]
			if k := strings.IndexByte(line, '\n'); k >= 0 {
				line = line[:k]
			}
			switch t := strings.TrimSpace(line); {
			case t == "%{" || t == "#{":
				block++
			case block > 0 && (t == "%}" || t == "#}"):
				block--
				i = blankTo(i)
				continue
			}
			if block > 0 {
				i = blankTo(i)
				continue
			}
		}
		switch {
		case q != 0:
			switch {
			case ch == '\n':
				q = 0 // strings do not span lines
			case ch == q && i+1 < len(c) && c[i+1] == q:
				b[i], b[i+1] = ' ', ' '
				i++
			case ch == q:
				q = 0
			default:
				b[i] = ' '
			}
		case ch == '"':
			q = ch
		case ch == '\'':
			if i > 0 {
				if p := c[i-1]; p == '_' || p == ')' || p == ']' || p == '}' || p == '.' || p == '\'' ||
					p >= 'a' && p <= 'z' || p >= 'A' && p <= 'Z' || p >= '0' && p <= '9' {
					continue // transpose
				}
			}
			q = ch
		case ch == '%' || ch == '#':
			i = blankTo(i)
		case ch == '.' && strings.HasPrefix(content[i:], "..."):
			i = blankTo(i + 3)
		}
	}
	return string(c), string(b)
}
