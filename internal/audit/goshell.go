package audit

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// A Go reverse shell is a network connection wired to a process: the
// connection's stream given to an os/exec Cmd as its Stdin, and the
// Cmd's Stdout or Stderr given back to the connection (also through
// StdinPipe/StdoutPipe and io.Copy, or a pty). Whatever the command is
// and however its name or the address is built (byte arithmetic,
// decoding), a remote party then types into a process on the user's
// machine and reads what it answers. The Go file is parsed with go/parser
// and its variables followed within each function; a copy between a
// connection and the program's own terminal (os.Stdin, os.Stdout: an SSH
// or websocket client showing a session) is not a process, and a
// process's output alone sent over a connection (a log streamer) is not
// a shell.

// goConnCalls are the calls whose first result is a network connection
// (net.Dial, net.DialTimeout, tls.Dial, (*net.Dialer).DialContext,
// websocket dialers), keyed by the called name; goAcceptCalls accept one
// from a listener.
var (
	goConnCalls   = lazySet("Dial", "DialTimeout", "DialTCP", "DialUDP", "DialContext", "DialWithDialer", "DialTLS", "DialTLSContext")
	goAcceptCalls = lazySet("Accept", "AcceptTCP")
	// goConnTypes are parameter and variable types that are network
	// connections (a Unix socket is local and left out).
	goConnTypes = lazySet("net.Conn", "*net.TCPConn", "*net.UDPConn", "*tls.Conn", "*websocket.Conn", "websocket.Conn")
	// goShellNames are shells named literally in exec.Command.
	goShellNames = lazySet("sh", "bash", "zsh", "dash", "ksh", "ash", "cmd", "cmd.exe", "powershell", "powershell.exe", "pwsh", "pwsh.exe")
)

// goWiring is what one Go file does with its connections: conn names a
// network stream fed to a process's input (in), a process's output fed
// to a connection (out), and whether any connection was dialled out
// (rather than accepted) and a shell is named literally.
type goWiring struct {
	in, out     token.Pos
	dialled     bool
	literalSh   bool
	inAccepted  bool
	funcConns   map[string]bool // per function: names holding a connection
	funcProcIn  map[string]bool // per function: a process's stdin pipe (or a pty)
	funcProcOut map[string]bool // per function: a process's stdout/stderr pipe (or a pty)
	accepted    map[string]bool // per function: connections from Accept
	// remote is a command received on a connection run by exec.Command
	// (goremotecmd.go); recv and strVals are per function, retLits per file.
	remote  token.Pos
	recv    map[string]bool
	strVals map[string][]string
	retLits map[string][][]string
	// dl is an HTTP answer given to a shell as its script on standard
	// input (godlstdin.go); answers, shellCmds and shellIns are per
	// function.
	dl        token.Pos
	answers   map[string]bool
	shellCmds map[string]bool
	shellIns  map[string]bool
}

// scanGoShell reports a Go file that wires a network connection to a
// process's input and output (rule reverse-shell, critical), or to the
// input of a shell it names literally.
func scanGoShell(sc *skillCtx, rel, content string) {
	if !strings.Contains(content, "os/exec") && !strings.Contains(content, "pty") {
		return
	}
	if !strings.Contains(content, "Dial") && !strings.Contains(content, "Accept") && !strings.Contains(content, "Conn") && !strings.Contains(content, "net/http") {
		return
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, rel, content, parser.SkipObjectResolution)
	if err != nil || f == nil {
		return
	}
	g := &goWiring{retLits: goReturnLits(f)}
	ast.Inspect(f, func(n ast.Node) bool {
		switch fn := n.(type) {
		case *ast.FuncDecl:
			if fn.Body != nil {
				g.function(fn.Type, fn.Body)
			}
			return false
		case *ast.FuncLit:
			g.function(fn.Type, fn.Body)
			return false
		}
		return true
	})
	if g.dl.IsValid() {
		ln := fset.Position(g.dl).Line
		sc.add(rel, ln, "download-exec", Critical, "gives a shell what an HTTP request returned as its script on standard input: the server decides what runs, as curl | sh", strings.TrimSpace(lineText(content, newLineIndex(content), ln)))
	}
	if g.remote.IsValid() && (!g.in.IsValid() || !g.out.IsValid() && !g.literalSh) {
		ln := fset.Position(g.remote).Line
		sc.add(rel, ln, "reverse-shell", Critical, "runs commands read from a network connection in a shell: whoever is at the other end runs commands on this machine (remote command loop)", strings.TrimSpace(lineText(content, newLineIndex(content), ln)))
		return
	}
	if !g.in.IsValid() || !g.out.IsValid() && !g.literalSh {
		return
	}
	ln := fset.Position(g.in).Line
	li := newLineIndex(content)
	reason := "wires a network connection to a process's input and output: whoever is at the other end runs commands on this machine (reverse shell)"
	if !g.out.IsValid() {
		reason = "feeds a network connection to a shell's input: whoever is at the other end runs commands on this machine (reverse shell)"
	}
	if !g.dialled && g.inAccepted {
		reason = strings.Replace(reason, "(reverse shell)", "(a shell served on a network listener: bind shell)", 1)
	}
	sc.add(rel, ln, "reverse-shell", Critical, reason, strings.TrimSpace(lineText(content, li, ln)))
}

// function follows one function's connections and process streams
// (closures inside it share its names: a goroutine copying between
// them is the common form).
func (g *goWiring) function(ft *ast.FuncType, body *ast.BlockStmt) {
	g.funcConns, g.funcProcIn, g.funcProcOut, g.accepted = map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	g.recv, g.strVals = map[string]bool{}, map[string][]string{}
	g.answers, g.shellCmds, g.shellIns = map[string]bool{}, map[string]bool{}, map[string]bool{}
	g.params(ft)
	// twice: a name assigned from another defined later in the text
	for range 2 {
		ast.Inspect(body, func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.ValueSpec:
				if goConnTypes()[goTypeText(s.Type)] {
					for _, id := range s.Names {
						g.funcConns[id.Name] = true
					}
				}
				if len(s.Values) == 1 && len(s.Names) > 0 {
					lhs := make([]ast.Expr, len(s.Names))
					for i, n := range s.Names {
						lhs[i] = n
					}
					g.recvAssign(lhs, s.Values[0], len(s.Names) > 1)
				}
				for i, v := range s.Values {
					if i < len(s.Names) {
						g.assign(s.Names[i], v, i == 0, len(s.Values) == 1)
					}
				}
			case *ast.AssignStmt:
				g.assignStmt(s)
			case *ast.CallExpr:
				g.call(s)
			case *ast.CompositeLit:
				g.cmdLiteral(s)
			case *ast.FuncLit:
				g.params(s.Type) // go func(c net.Conn) { ... }(conn)
			}
			return true
		})
	}
}

// params marks a function's parameters typed as connections.
func (g *goWiring) params(ft *ast.FuncType) {
	if ft == nil || ft.Params == nil {
		return
	}
	for _, p := range ft.Params.List {
		if goConnTypes()[goTypeText(p.Type)] {
			for _, n := range p.Names {
				g.funcConns[n.Name] = true
			}
		}
	}
}

// assignStmt reads a = b, a, b = c, d and a, err := f().
func (g *goWiring) assignStmt(s *ast.AssignStmt) {
	if len(s.Rhs) == 1 && len(s.Lhs) > 0 {
		g.recvAssign(s.Lhs, s.Rhs[0], len(s.Lhs) > 1)
	}
	if len(s.Lhs) == len(s.Rhs) {
		for i := range s.Lhs {
			g.assign(s.Lhs[i], s.Rhs[i], true, true)
		}
		return
	}
	if len(s.Rhs) == 1 && len(s.Lhs) > 0 {
		g.assign(s.Lhs[0], s.Rhs[0], true, false)
	}
}

// assign reads lhs = rhs: a connection made or copied, a process pipe
// taken, or a Cmd's stream field set. first says lhs is the first
// result of rhs; whole that rhs has one result.
func (g *goWiring) assign(lhs, rhs ast.Expr, first, whole bool) {
	if sel, ok := lhs.(*ast.SelectorExpr); ok {
		g.field(sel.Sel.Name, rhs)
		g.dlStdin(sel, rhs)
		return
	}
	id, ok := lhs.(*ast.Ident)
	if !ok || id.Name == "_" || !first {
		return
	}
	g.dlAssign(id.Name, rhs)
	if call, ok := rhs.(*ast.CallExpr); ok {
		name := goCallName(call)
		switch {
		case goConnCalls()[name]:
			g.funcConns[id.Name], g.dialled = true, true
			return
		case goAcceptCalls()[name]:
			g.funcConns[id.Name], g.accepted[id.Name] = true, true
			return
		case name == "StdinPipe":
			g.funcProcIn[id.Name] = true
			return
		case name == "StdoutPipe" || name == "StderrPipe":
			g.funcProcOut[id.Name] = true
			return
		case name == "Start" || name == "StartWithSize" || name == "StartWithAttrs":
			if goCallPkg(call) == "pty" {
				g.funcProcIn[id.Name], g.funcProcOut[id.Name] = true, true
				return
			}
		}
	}
	// a wrapper of a connection (bufio.NewReader(c), a struct holding
	// it) carries its stream
	if whole && g.mentionsConn(rhs) {
		g.funcConns[id.Name] = true
	}
}

// field reads cmd.Stdin = x, cmd.Stdout = x and cmd.Stderr = x.
func (g *goWiring) field(name string, rhs ast.Expr) {
	if !g.mentionsConn(rhs) {
		return
	}
	switch name {
	case "Stdin":
		g.markIn(rhs.Pos(), rhs)
	case "Stdout", "Stderr":
		if !g.out.IsValid() {
			g.out = rhs.Pos()
		}
	}
}

// cmdLiteral reads exec.Cmd{Stdin: c, Stdout: c}.
func (g *goWiring) cmdLiteral(cl *ast.CompositeLit) {
	if !strings.HasSuffix(goTypeText(cl.Type), "exec.Cmd") {
		return
	}
	for _, e := range cl.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok {
				g.field(k.Name, kv.Value)
			}
		}
	}
}

// call reads io.Copy(dst, src) between a connection and a process pipe,
// and exec.Command naming a shell.
func (g *goWiring) call(c *ast.CallExpr) {
	name := goCallName(c)
	switch {
	case (name == "Command" || name == "CommandContext") && goCallPkg(c) == "exec":
		args := c.Args
		if name == "CommandContext" && len(args) > 0 {
			args = args[1:]
		}
		g.remoteCmd(&ast.CallExpr{Fun: c.Fun, Args: args, Lparen: c.Lparen})
		for _, a := range c.Args {
			if goShellNames()[strings.ToLower(goBase(goStringLit(a)))] {
				g.literalSh = true
			}
		}
	case (name == "Copy" || name == "CopyBuffer" || name == "CopyN") && goCallPkg(c) == "io" && len(c.Args) >= 2:
		dst, src := c.Args[0], c.Args[1]
		if g.mentionsConn(src) && g.mentions(dst, g.funcProcIn) {
			g.markIn(c.Pos(), src)
		}
		if g.mentionsConn(dst) && g.mentions(src, g.funcProcOut) && !g.out.IsValid() {
			g.out = c.Pos()
		}
		if g.mentions(dst, g.shellIns) && g.answer(src) && !g.dl.IsValid() {
			g.dl = c.Pos()
		}
	}
}

// markIn records a connection fed to a process's input.
func (g *goWiring) markIn(pos token.Pos, conn ast.Expr) {
	if g.in.IsValid() {
		return
	}
	g.in = pos
	g.inAccepted = g.mentions(conn, g.accepted)
}

// mentionsConn reports whether e uses a name bound to a network
// connection in the function being read (g.funcConns).
func (g *goWiring) mentionsConn(e ast.Expr) bool { return g.mentions(e, g.funcConns) }

// mentions reports whether e uses a name of names (os.Stdin and the like
// are selectors, never bare names, so they do not count).
func (g *goWiring) mentions(e ast.Expr, names map[string]bool) bool {
	if len(names) == 0 || e == nil {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			// c.Read is a method of c; pkg.Name is not a local name
			ast.Inspect(x.X, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && names[id.Name] {
					found = true
				}
				return !found
			})
			return false
		case *ast.Ident:
			if names[x.Name] {
				found = true
			}
		}
		return !found
	})
	return found
}

// goCallName is the called function's or method's name.
func goCallName(c *ast.CallExpr) string {
	switch f := c.Fun.(type) {
	case *ast.SelectorExpr:
		return f.Sel.Name
	case *ast.Ident:
		return f.Name
	}
	return ""
}

// goCallPkg is the package (or receiver) name a call is made on.
func goCallPkg(c *ast.CallExpr) string {
	if f, ok := c.Fun.(*ast.SelectorExpr); ok {
		if id, ok := f.X.(*ast.Ident); ok {
			return id.Name
		}
	}
	return ""
}

// goTypeText renders a type expression as written (net.Conn, *tls.Conn).
func goTypeText(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.StarExpr:
		return "*" + goTypeText(t.X)
	case *ast.SelectorExpr:
		return goTypeText(t.X) + "." + t.Sel.Name
	case *ast.UnaryExpr:
		return goTypeText(t.X)
	}
	return ""
}

// goStringLit is a string literal's value, or "".
func goStringLit(e ast.Expr) string {
	if b, ok := e.(*ast.BasicLit); ok && b.Kind == token.STRING && len(b.Value) >= 2 {
		return b.Value[1 : len(b.Value)-1]
	}
	return ""
}

// goBase is the last element of a slash or backslash path.
func goBase(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}
