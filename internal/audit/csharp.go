package audit

import "strings"

// C# (.cs sources, .csx scripts) is read by pattern for a remote shell:
// what a network peer sends (a line read from a TcpClient's stream, bytes
// a Socket received, a WebSocket message, the body an HttpClient or
// WebClient fetched) followed through the file's variables (assignments,
// loop conditions, buffers a read fills, foreach, the parameters of the
// file's own methods called with it) into a process: Process.Start, a
// ProcessStartInfo's arguments, FileName or Arguments, ArgumentList.Add,
// or a shell's standard input. The peer then types commands into the
// user's machine: rule reverse-shell, critical (download-exec for a
// single HTTP answer run once). A fixed program given an argument the
// peer chose (a version number to a package manager) with no shell named
// in the file is medium: worth a look, not a shell. A connection used
// only to send logs, or a process whose output alone goes to the
// connection, is not a finding.

var (
	// csConnNew is an expression that makes or accepts a network
	// connection.
	csConnNew = lazyRE(`\bnew\s+(?:System\.Net\.(?:Sockets|WebSockets)\.)?(?:TcpClient|Socket|UdpClient|ClientWebSocket)\s*\(|\.(?:AcceptTcpClient|AcceptSocket|AcceptTcpClientAsync|AcceptSocketAsync|AcceptWebSocketAsync)\s*\(|\bWebSocket\.CreateFromStream\s*\(`)
	// csConnWrap wraps a stream: a reader, a TLS or compression layer,
	// or a connection's stream; it is a connection when what it wraps is.
	csConnWrap = lazyRE(`\bnew\s+(?:System\.IO\.)?(?:StreamReader|BinaryReader|SslStream|NetworkStream|BufferedStream|GZipStream|DeflateStream|BrotliStream|CryptoStream)\s*\(|\.GetStream\s*\(|\.(?:Client|BaseStream)\b`)
	// csConnParam is a parameter typed as a connection.
	csConnParam = lazyRE(`\b(?:TcpClient|Socket|NetworkStream|SslStream|ClientWebSocket|WebSocket)\s+(\w+)\s*[,)=]`)
	// csRead is a read of what a connection delivers, on the receiver
	// before it (group 1); group 2 is the buffer a Read or Receive fills.
	csRead = lazyRE(`\b(\w+)\s*\.\s*(?:ReadLine|ReadLineAsync|ReadToEnd|ReadToEndAsync|ReadString|ReadBytes|ReadChars|Read|ReadAsync|ReadBlock|ReadBlockAsync|ReadExactly|ReadExactlyAsync|Receive|ReceiveAsync|ReceiveFrom|ReceiveFromAsync)\s*\(\s*(?:new\s+ArraySegment\s*<\s*byte\s*>\s*\(\s*)?(?:buffer\s*:\s*)?(\w*)`)
	// csHTTPBody is the body of an HTTP answer.
	csHTTPBody = lazyRE(`\.(?:GetStringAsync|GetByteArrayAsync|GetStreamAsync|ReadAsStringAsync|ReadAsByteArrayAsync|ReadAsStreamAsync|DownloadString|DownloadStringTaskAsync|DownloadData|DownloadDataTaskAsync|GetFromJsonAsync|ReadFromJsonAsync)\s*[<(]`)
	// csProcSink starts a process with the arguments after it: group 1
	// Process.Start or new ProcessStartInfo (first argument the
	// program), group 2 a FileName or Arguments assignment, group 3
	// ArgumentList.Add, group 4 a write to a process's input.
	csProcSink = lazyRE(`\b(Process\.Start|new\s+(?:System\.Diagnostics\.)?ProcessStartInfo)\s*\(|\b(FileName|Arguments)\s*=[^=>]|\.(ArgumentList)\.Add\s*\(|\.(StandardInput)(?:\.BaseStream)?\.(?:Write|WriteLine|WriteAsync|WriteLineAsync)\s*\(`)
	// csStdinCopy copies a stream into a process's input.
	csStdinCopy = lazyRE(`\b(\w+)\s*\.\s*CopyTo(?:Async)?\s*\(\s*\w+\.StandardInput\b`)
	// csShellLit is a shell named in a string literal.
	csShellLit = lazyRE(`"(?:(?:/usr)?/bin/)?(?:sh|bash|zsh|dash|ksh|cmd|cmd\.exe|powershell|powershell\.exe|pwsh|pwsh\.exe)"`)
	// csLoop is a loop that never ends or a wait between polls.
	csLoop = lazyRE(`\bwhile\s*\(\s*true\s*\)|\bfor\s*\(\s*;\s*;\s*\)|\bThread\.Sleep\s*\(|\bTask\.Delay\s*\(|\bnew\s+(?:System\.Threading\.)?(?:Timer|PeriodicTimer)\s*\(`)
	// csForeach is a foreach loop: group 1 the variable, group 2 the
	// collection.
	csForeach = lazyRE(`\bforeach\s*\(\s*(?:var|[\w.<>\[\]?]+)\s+(\w+)\s+in\s+([^)\n]+)\)`)
	// csMethod declares a method or local function: group 1 its name,
	// group 2 its parameters. The return type may be a tuple, bare
	// ((int code, string output)) or in a generic (Task<(int, string)>).
	csMethod = lazyRE(`(?m)^[ \t]*(?:(?:public|private|protected|internal|static|async|override|virtual|sealed|unsafe|extern|new|partial)\s+)*(?:\([^()\n]*\)\??|[\w.]+\s*<\s*\([^()\n]*\)\s*>\??|[\w.<>\[\],?]+)\s+(\w+)\s*\(([^()]*)\)\s*(?:\{|=>|$)`)
)

// csFlow is what one C# file's variables hold: connections (conn) and
// data a peer sent (data); http says some data came from an HTTP answer,
// sock from a connection.
type csFlow struct {
	conn, data map[string]bool
	http, sock bool
}

// scanCSharp reports a C# file that runs what a network peer sent (see
// above).
func scanCSharp(sc *skillCtx, rel, content string) {
	if !strings.Contains(content, "Process") || !containsAny(content, []string{"Socket", "TcpClient", "HttpClient", "WebClient", "NetworkStream"}) {
		return
	}
	c := stripComments(content, kindJS)
	f := csFlowOf(c)
	if !f.sock && !f.http {
		return
	}
	shell := csShellLit.MatchString(c)
	li := newLineIndex(c)
	best, bestOff, how := SeverityNone, -1, ""
	for _, m := range csProcSink.FindAllStringSubmatchIndex(c, 64) {
		args := callArgs(c[m[1]:])
		program := false
		switch {
		case m[2] >= 0: // Process.Start(program, …) or ProcessStartInfo(program, …)
			program = len(args) > 0 && f.holds(args[0])
		case m[4] >= 0: // FileName = … or Arguments = …
			e, _, _ := strings.Cut(c[m[1]-1:], "\n")
			e, _, _ = strings.Cut(e, ";")
			if args = callArgs(e + ")"); len(args) > 1 {
				args = args[:1] // the next property is a sink of its own
			}
			program = c[m[4]:m[5]] == "FileName" && len(args) > 0 && f.holds(args[0])
		case m[8] >= 0: // StandardInput.Write…(…): a shell's input
			if !shell {
				continue
			}
		}
		fed := false
		for _, a := range args {
			fed = fed || f.holds(a)
		}
		if !fed {
			continue
		}
		sev := Medium
		if program || shell {
			sev = Critical
		}
		if sev > best {
			best, bestOff, how = sev, m[0], csSinkName(c, m)
		}
	}
	if best < Critical && shell {
		for _, m := range csStdinCopy.FindAllStringSubmatchIndex(c, 16) {
			if f.conn[c[m[2]:m[3]]] {
				best, bestOff, how = Critical, m[0], "a connection copied into a shell's input"
				break
			}
		}
	}
	if best == SeverityNone {
		return
	}
	ln := li.line(bestOff)
	evidence := trimmedLine(content, ln)
	switch {
	case best < Critical:
		sc.add(rel, ln, "download-exec", Medium, "runs a program with an argument a network peer sent ("+how+"): check the peer cannot choose what runs", evidence)
	case f.sock || csLoop.MatchString(c):
		sc.add(rel, ln, "reverse-shell", Critical, "runs the commands a network peer sends ("+how+"): whoever is at the other end runs commands on this machine (remote shell or remote command loop)", evidence)
	default:
		sc.add(rel, ln, "download-exec", Critical, "runs a command a server answered with ("+how+")", evidence)
	}
}

// csSinkName names the process call a csProcSink match is.
func csSinkName(c string, m []int) string {
	for g := 2; g+1 < len(m); g += 2 {
		if m[g] >= 0 {
			name := strings.Join(strings.Fields(c[m[g]:m[g+1]]), " ")
			switch name {
			case "FileName", "Arguments":
				return "ProcessStartInfo." + name
			case "ArgumentList":
				return "ProcessStartInfo.ArgumentList.Add"
			case "StandardInput":
				return "a shell's StandardInput"
			}
			return name
		}
	}
	return "Process.Start"
}

// holds reports whether expression e carries what a peer sent: it names
// a data variable, reads a connection or is an HTTP answer's body.
func (f *csFlow) holds(e string) bool {
	if mentionsAny(csHoles(e), f.data) || csHTTPBody.MatchString(e) {
		return true
	}
	for _, m := range csRead.FindAllStringSubmatch(e, 8) {
		if f.conn[m[1]] {
			return true
		}
	}
	return false
}

// csHoles returns e with the text of its string literals blanked but for
// the holes of interpolated ones ($"-c {cmd}" keeps cmd), so a word in a
// literal ("--line-numbers") is not taken for a variable.
func csHoles(e string) string {
	if !strings.ContainsAny(e, "\"'") {
		return e
	}
	b := []byte(e)
	for i := 0; i < len(b); i++ {
		q := b[i]
		if q != '"' && q != '\'' {
			continue
		}
		interp := q == '"' && (i > 0 && b[i-1] == '$' || i > 1 && b[i-1] == '@' && b[i-2] == '$')
		verbatim := q == '"' && i > 0 && b[i-1] == '@'
		j, depth := i+1, 0
		for ; j < len(b); j++ {
			ch := b[j]
			if ch == '\\' && !verbatim && depth == 0 {
				b[j] = ' '
				if j+1 < len(b) {
					j++
					b[j] = ' '
				}
				continue
			}
			if interp && ch == '{' {
				depth++
				continue
			}
			if interp && ch == '}' && depth > 0 {
				depth--
				continue
			}
			if depth > 0 {
				continue
			}
			if ch == q {
				break
			}
			b[j] = ' '
		}
		i = j
	}
	return string(b)
}

// csFlowOf follows connections and the data read from them through c (a
// C# file with its comments blanked), to a fixed point.
func csFlowOf(c string) *csFlow {
	f := &csFlow{conn: map[string]bool{}, data: map[string]bool{}}
	for _, m := range csConnParam.FindAllStringSubmatch(c, 32) {
		f.conn[m[1]] = true
	}
	assigns := jsAssign.FindAllStringSubmatch(c, 1024)
	foreach := csForeach.FindAllStringSubmatch(c, 64)
	reads := csRead.FindAllStringSubmatch(c, 64)
	type method struct {
		params []string
		calls  [][]string // each call's arguments
	}
	var methods []method
	for _, d := range csMethod.FindAllStringSubmatch(c, 128) {
		if csKeyword()[d[1]] {
			continue
		}
		var params []string
		for _, p := range strings.Split(d[2], ",") {
			p, _, _ = strings.Cut(p, "=")
			if fs := strings.Fields(p); len(fs) > 0 {
				params = append(params, fs[len(fs)-1])
			}
		}
		var calls [][]string
		for at := wordIndex(c, d[1], 0); at >= 0 && len(calls) < 32; at = wordIndex(c, d[1], at+len(d[1])) {
			rest := strings.TrimLeft(c[at+len(d[1]):], " \t")
			if strings.HasPrefix(rest, "(") && (at == 0 || c[at-1] != '.') {
				calls = append(calls, callArgs(rest[1:]))
			}
		}
		methods = append(methods, method{params, calls})
	}
	add := func(set map[string]bool, lhs string) bool {
		grew := false
		for _, loc := range jsIdent.FindAllStringIndex(lhs, 8) {
			if v := lhs[loc[0]:loc[1]]; !set[v] && !csKeyword()[v] {
				set[v], grew = true, true
			}
		}
		return grew
	}
	for pass := 0; pass < 8; pass++ {
		grew := false
		for _, a := range assigns {
			switch {
			case csConnNew.MatchString(a[2]) || csConnWrap.MatchString(a[2]) && mentionsAny(a[2], f.conn):
				grew = add(f.conn, a[1]) || grew
			case f.holds(a[2]):
				grew = add(f.data, a[1]) || grew
			}
		}
		for _, m := range reads {
			if m[2] != "" && f.conn[m[1]] && !f.data[m[2]] && !csKeyword()[m[2]] && !strings.Contains(m[0], "(\""+m[2]) {
				f.data[m[2]], grew = true, true // the buffer a Read or Receive fills
			}
		}
		for _, m := range foreach {
			if f.holds(m[2]) && !f.data[m[1]] {
				f.data[m[1]], grew = true, true
			}
		}
		for _, md := range methods {
			for _, args := range md.calls {
				for i, a := range args {
					if i >= len(md.params) {
						break
					}
					switch p := md.params[i]; {
					case f.conn[a] && !f.conn[p]:
						f.conn[p], grew = true, true
					case !f.data[p] && f.holds(a):
						f.data[p], grew = true, true
					}
				}
			}
		}
		if !grew {
			break
		}
	}
	f.http = csHTTPBody.MatchString(c)
	f.sock = len(f.conn) > 0
	return f
}

// csKeyword are C# words that are never a variable a value flows into.
var csKeyword = lazySet("var", "new", "await", "using", "return", "if", "while", "for", "foreach", "in", "out", "ref", "null", "true", "false", "this", "base", "string", "int", "byte", "object", "void", "static", "async", "public", "private", "protected", "internal", "const", "readonly", "catch", "switch", "case", "default", "is", "as", "typeof", "nameof", "lock", "throw", "try", "else", "do", "char", "bool", "long")
