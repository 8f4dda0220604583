package audit

import (
	"go/ast"
	"strings"
)

// A Go remote command loop reads a command from a network connection
// (a line, a message, a scanner's token) and runs it in a shell, often
// writing the output back: a reverse shell that talks a line protocol
// instead of wiring the socket to the process's streams. The shell's
// name and its -c flag are often returned by a small helper (runtime.GOOS
// picks cmd /C or /bin/sh -c), so a file's functions that return string
// literals are read as those values.

// goReadCalls are the methods that return what arrived on a stream
// (bufio.Reader, bufio.Scanner, textproto, websocket connections).
var goReadCalls = lazySet("ReadString", "ReadLine", "ReadBytes", "ReadSlice", "Text", "Bytes", "ReadMessage", "NextMessage", "ReadDotLines")

// goShellFlags are the flags after which a shell takes a command string.
var goShellFlags = lazySet("-c", "/c", "/C", "-Command", "-command", "-EncodedCommand", "/k", "/K")

// goReturnLits maps each function of f that returns string literals to
// the literals at each result position over its return statements.
func goReturnLits(f *ast.File) map[string][][]string {
	out := map[string][][]string{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || fd.Recv != nil || fd.Type.Results == nil {
			continue
		}
		var vals [][]string
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if r, ok := n.(*ast.ReturnStmt); ok {
				for i, e := range r.Results {
					for len(vals) <= i {
						vals = append(vals, nil)
					}
					if s := goStringLit(e); s != "" {
						vals[i] = append(vals[i], s)
					}
				}
			}
			return true
		})
		if len(vals) > 0 {
			out[fd.Name.Name] = vals
		}
	}
	return out
}

// recvAssign marks the names of lhs that hold what a connection sent
// (a read method called on a connection or a reader wrapping one), or a
// value computed from such a name, and the string literals a name takes
// from the file's literal-returning functions (a, b := shell()).
func (g *goWiring) recvAssign(lhs []ast.Expr, rhs ast.Expr, multi bool) {
	id, ok := lhs[0].(*ast.Ident)
	if !ok || id.Name == "_" {
		return
	}
	if c, ok := rhs.(*ast.CallExpr); ok {
		if sel, ok := c.Fun.(*ast.SelectorExpr); ok && goReadCalls()[sel.Sel.Name] && g.mentionsConn(sel.X) {
			g.recv[id.Name] = true
			return
		}
		if fid, ok := c.Fun.(*ast.Ident); ok {
			for i, l := range lhs {
				if lid, ok := l.(*ast.Ident); ok && i < len(g.retLits[fid.Name]) {
					g.strVals[lid.Name] = g.retLits[fid.Name][i]
				}
			}
		}
	}
	if !multi && g.mentions(rhs, g.recv) {
		g.recv[id.Name] = true
	}
}

// remoteCmd reads exec.Command(args...): an argument holding what a
// connection sent, given as the program or as the command string of a
// shell (after -c or /C, or to a program named as a shell), runs the
// remote party's command.
func (g *goWiring) remoteCmd(c *ast.CallExpr) {
	if g.remote.IsValid() {
		return
	}
	shell := false
	for i, a := range c.Args {
		vals := g.argVals(a)
		if (g.mentions(a, g.recv) || g.readsConn(a)) && (i == 0 || shell || i > 0 && goAnyIn(g.argVals(c.Args[i-1]), goShellFlags())) {
			g.remote = c.Pos()
			return
		}
		if goAnyIn(vals, goShellNames()) {
			shell = true
		}
	}
}

// argVals is the string values an argument can hold: its literal, or
// what a name took from a literal-returning function.
func (g *goWiring) argVals(e ast.Expr) []string {
	if s := goStringLit(e); s != "" {
		return []string{s}
	}
	if id, ok := e.(*ast.Ident); ok {
		return g.strVals[id.Name]
	}
	return nil
}

// goAnyIn reports whether a value of vals (a path's base name, any case)
// is in set.
func goAnyIn(vals []string, set map[string]bool) bool {
	for _, v := range vals {
		if set[v] || set[strings.ToLower(goBase(v))] {
			return true
		}
	}
	return false
}

// readsConn reports whether e calls a read method on a connection (or a
// reader wrapping one), as exec.Command("sh", "-c", sc.Text()) does.
func (g *goWiring) readsConn(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && goReadCalls()[sel.Sel.Name] && g.mentionsConn(sel.X) {
				found = true
			}
		}
		return !found
	})
	return found
}
