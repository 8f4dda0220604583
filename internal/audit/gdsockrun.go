package audit

import (
	"path"
	"strings"
)

// A GDScript file (.gd: a Godot game's script, or a @tool EditorPlugin
// that runs inside the editor whenever the project is opened) that reads
// what a network peer sends and runs it as a command: whoever is at the
// other end runs commands on the user's machine. Godot's peers are
// objects made first and connected later (var p := StreamPeerTCP.new();
// p.connect_to_host(HOST, PORT)), polled from _process and read with
// get_data, get_utf8_string, get_packet and the like; a WebSocketPeer
// connects to a URL, a TCPServer listens and hands out connections. The
// text is followed as the R and MATLAB reader follows theirs
// (rmsockrun.go: assignments, for loops, the parameters of the file's
// functions it is handed to) into OS.execute, OS.execute_with_pipe or
// OS.create_process: reverse-shell, critical. An HTTPRequest's or an
// HTTPClient's answer (the request_completed signal's handler, an await
// of it, read_response_body_chunk) run the same way runs what a server
// answered: download-exec, critical. OS.shell_open of what arrived opens
// it with the system's default handler (an auth page's URL a server
// returns is opened so too): download-exec, medium.
//
// A peer that connects only to the loopback address (127.0.0.1,
// localhost, ::1, given as a literal or a constant holding one: a local
// tool's or language server's channel) or a listener bound to it is not
// this, nor is a fixed command run beside a connection, nor a command
// that does not come from it.

var (
	// gdAssign is an assignment: var x := e, var x: T = e, x = e,
	// x += e, self.x = e; group 1 the target.
	gdAssign = lazyRE(`(?m)^[ \t]*(?:(?:static[ \t]+)?var[ \t]+|const[ \t]+)?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[[^\]\n]*\])*)[ \t]*(?::[ \t]*[A-Za-z_][\w.]*(?:\[[\w.]*\])?[ \t]*)?(?::=|[-+*/%|&]?=)[^=]`)
	// gdFor binds group 1 to each element of what follows.
	gdFor = lazyRE(`(?m)^[ \t]*for[ \t]+([A-Za-z_]\w*)(?:[ \t]*:[ \t]*[\w.]+)?[ \t]+in[ \t]`)
	// gdFunc defines function group 1 with parameters group 2.
	gdFunc = lazyRE(`(?m)^[ \t]*(?:static[ \t]+)?func[ \t]+([A-Za-z_]\w*)[ \t]*\(([^)]*)\)`)
	// gdRun runs a command; gdOpen opens a path or URL with its default
	// handler.
	gdRun  = lazyRE(`\bOS\.(?:execute|execute_with_pipe|create_process)\s*\(`)
	gdOpen = lazyRE(`\bOS\.shell_open\s*\(`)
	// gdSockMake makes a socket peer or listener.
	gdSockMake = lazyRE(`\b(?:StreamPeerTCP|StreamPeerTLS|PacketPeerUDP|WebSocketPeer|TCPServer|UDPServer|ENetConnection)\.new\s*\(`)
	// gdSockConnect connects a peer or binds a listener.
	gdSockConnect = lazyRE(`\.(?:connect_to_host|connect_to_url|connect_to_stream|set_dest_address|listen|create_host_bound)\s*\(`)
	// gdSockRead reads what the peer sent: group 1 the peer.
	gdSockRead = lazyRE(`([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\.(?:get_data|get_partial_data|get_utf8_string|get_string|get_var|get_packet|get_buffer|get_line)\s*\(`)
	// gdHTTPMake makes an HTTP client.
	gdHTTPMake = lazyRE(`\b(?:HTTPRequest|HTTPClient)\.new\s*\(`)
	// gdHTTPConnect sends a request or connects the client.
	gdHTTPConnect = lazyRE(`\.(?:request|request_raw|connect_to_host)\s*\(`)
	// gdHTTPRead reads the answer: group 1 the client (await
	// req.request_completed, read_response_body_chunk).
	gdHTTPRead = lazyRE(`([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\.(?:read_response_body_chunk\s*\(|request_completed\b)`)
	// gdHTTPHandler connects request_completed to a function of the
	// file: any group its name (Godot 4's signal.connect(f) or
	// Callable(self, "f"), Godot 3's connect("request_completed", self,
	// "f")).
	gdHTTPHandler = lazyRE(`\brequest_completed\.connect\s*\(\s*(?:Callable\s*\(\s*self\s*,\s*["'])?([A-Za-z_]\w*)|\bconnect\s*\(\s*["']request_completed["']\s*,\s*(?:self\s*,\s*)?["']([A-Za-z_]\w*)`)
	// gdHTTPLambda connects request_completed to a lambda: group 1 its
	// parameters.
	gdHTTPLambda = lazyRE(`\brequest_completed\.connect\s*\(\s*func\s*\(([^)]*)\)`)
	// gdName is a name in an expression.
	gdName = lazyRE(`[A-Za-z_]\w*`)
	// gdBinding binds name group 1 to the value group 2 (const or var).
	gdBinding = lazyRE(`(?m)^[ \t]*(?:const|(?:static[ \t]+)?var)[ \t]+([A-Za-z_]\w*)[ \t]*(?::[ \t]*[\w.]*[ \t]*)?:?=[ \t]*([^\n]+)`)
)

// gdLang builds the rmLang of GDScript for peers made by make, connected
// by connect, read by a method of group 1 (read), whose data a signal
// handler may receive (handler, callback: nil for none), run by run.
func gdLang(make, connect, read, handler, callback, run *lazyRegexp) *rmLang {
	return &rmLang{
		make: make, connect: connect, method: read, handler: handler, callback: callback, run: run,
		assign: gdAssign, forLoop: gdFor, funcDef: gdFunc,
		identChar: func(c byte) bool {
			return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		},
		local: gdLocalConnect,
	}
}

var (
	gdSockRun  = gdLang(gdSockMake, gdSockConnect, gdSockRead, nil, nil, gdRun)
	gdSockOpen = gdLang(gdSockMake, gdSockConnect, gdSockRead, nil, nil, gdOpen)
	gdHTTPRun  = gdLang(gdHTTPMake, gdHTTPConnect, gdHTTPRead, gdHTTPHandler, gdHTTPLambda, gdRun)
	gdHTTPOpen = gdLang(gdHTTPMake, gdHTTPConnect, gdHTTPRead, gdHTTPHandler, gdHTTPLambda, gdOpen)
)

// scanGDScriptSockRun reports a GDScript file that runs what a network
// peer sent (see above).
func scanGDScriptSockRun(sc *skillCtx, rel, content string) {
	if strings.ToLower(path.Ext(rel)) != ".gd" || !strings.Contains(content, "OS.") {
		return
	}
	if !strings.Contains(content, "Peer") && !strings.Contains(content, "Server") && !strings.Contains(content, "HTTP") && !strings.Contains(content, "ENet") {
		return
	}
	// GDScript's # comments and quotes (triple quotes too) read as R's
	code, bare := rCodeBlanked(content)
	for _, c := range []struct {
		lang *rmLang
		rule string
		sev  Severity
		why  string
	}{
		{gdSockRun, "reverse-shell", Critical, "reads what a network peer sends and runs it as a command (OS.execute): whoever is at the other end runs commands on this machine (reverse shell)"},
		{gdHTTPRun, "download-exec", Critical, "runs what a server answered as a command (OS.execute): the server decides what runs"},
		{gdSockOpen, "download-exec", Medium, "opens what a network peer sends with the system's default handler (OS.shell_open): check the peer only ever sends a page to show"},
		{gdHTTPOpen, "download-exec", Medium, "opens what a server answered with the system's default handler (OS.shell_open): check the server only ever answers a page to show"},
	} {
		if p := rmSockRunAt(c.lang, code, bare); p >= 0 {
			ln := 1 + strings.Count(code[:p], "\n")
			sc.add(rel, ln, c.rule, c.sev, c.why, trimmedLine(content, ln))
			return
		}
	}
}

// gdLocalConnect reports whether the connect call whose '(' is at open
// in code names only the loopback address: the host (a listener's bind
// address, its second argument; none binds every interface) given as a
// literal, or a name the file binds to one, or a URL or format holding
// one. HTTPClient's request names a path, its host given at connect.
func gdLocalConnect(code string, open int) bool {
	method := code[:open]
	method = method[strings.LastIndexByte(method, '.')+1:]
	parts := rmSplitArgs(rmCallArgs(code, open))
	arg := 0
	switch method {
	case "listen":
		arg = 1 // listen(port, bind_address)
	case "request":
		if len(parts) > 0 && strings.Contains(parts[0], "METHOD_") {
			return true // HTTPClient.request(method, path, …)
		}
	}
	if arg >= len(parts) {
		return false
	}
	lits := gdLiterals(code, parts[arg], 3)
	local := false
	for _, l := range lits {
		h, ok := gdHostOf(l)
		if !ok {
			continue
		}
		if !gdLoopbackHost(h) {
			return false
		}
		local = true
	}
	return local
}

// gdLiterals returns the string literals of expression e, with those of
// the values the file binds the names of e to (var or const NAME = …,
// the first binding of each name), depth levels deep.
func gdLiterals(code, e string, depth int) []string {
	defs := map[string]string{}
	for _, m := range gdBinding.FindAllStringSubmatch(code, 1024) {
		if _, ok := defs[m[1]]; !ok {
			defs[m[1]] = m[2]
		}
	}
	var out []string
	var walk func(e string, depth int)
	walk = func(e string, depth int) {
		for _, m := range strLit.FindAllString(e, 16) {
			out = append(out, strings.Trim(m, "\"'"))
		}
		if depth == 0 || len(out) > 64 {
			return
		}
		bare := strLit.ReplaceAllString(e, `""`)
		for _, n := range gdName.FindAllStringIndex(bare, 16) {
			if n[0] > 0 && bare[n[0]-1] == '.' {
				continue // a member, not a name of the file
			}
			if v, ok := defs[bare[n[0]:n[1]]]; ok {
				walk(v, depth-1)
			}
		}
	}
	walk(e, depth)
	return out
}

// gdHostOf returns the host a literal names, bare or as a URL's
// (ws://127.0.0.1:9080/x), and whether it names one: a dotted name or
// address, localhost, or an IPv6 address, not a path, a format or a
// word.
func gdHostOf(l string) (string, bool) {
	if i := strings.Index(l, "://"); i >= 0 {
		l = l[i+3:]
	}
	if strings.HasPrefix(l, "[") {
		if j := strings.IndexByte(l, ']'); j > 0 {
			return l[1:j], true
		}
		return "", false
	}
	if strings.Count(l, ":") >= 2 && !strings.ContainsAny(l, "/ %{") {
		return l, true // ::1
	}
	if j := strings.IndexAny(l, ":/"); j >= 0 {
		l = l[:j]
	}
	if l == "" || l == "*" || strings.ContainsAny(l, " %{}$\t") {
		return "", false
	}
	if !strings.Contains(l, ".") && !strings.EqualFold(l, "localhost") {
		return "", false
	}
	for i := 0; i < len(l); i++ {
		if c := l[i]; !(c == '.' || c == '-' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return "", false
		}
	}
	return l, true
}

// gdLoopbackHost reports whether h is the loopback address.
func gdLoopbackHost(h string) bool {
	return strings.EqualFold(h, "localhost") || h == "::1" || rmLoopback.MatchString(`"`+h+`"`)
}
