package audit

import (
	"go/ast"
	"strings"
)

// Rule download-exec in Go: an HTTP answer (the Body of what http.Get,
// a client's Get, Post or Do returned, or a value read or wrapped from
// it: io.ReadAll(resp.Body), bufio.NewReader(resp.Body)) given to a
// shell or interpreter as its standard input (cmd.Stdin = resp.Body, or
// io.Copy into its StdinPipe), where the command line names no script
// of its own (sh -s, bash, python3 -), runs what the server sent: curl
// | sh written in Go, critical. A //go:generate helper doing this runs
// at every go generate. The same answer given to sh -c "tar -xz" or to
// tar itself is data for that command, not a script, and is not this.
// Read by goWiring (goshell.go), whose per-function name tracking it
// shares.

// goAnswerCalls are the calls whose first result is an HTTP response
// (http.Get, a client's Get, Post, PostForm, Head, Do).
var goAnswerCalls = lazySet("Get", "Post", "PostForm", "Head", "Do")

// goStdinInterps are the interpreters that read a script from standard
// input when given no file (beside the shells of goShellNames).
var goStdinInterps = lazySet("python", "python3", "node", "perl", "ruby", "php", "deno", "bun")

// dlAssign marks name when rhs is an HTTP answer, or a value computed
// from one's Body (or from such a value), and name when rhs is a
// command running a shell on its standard input, or that command's
// StdinPipe.
func (g *goWiring) dlAssign(name string, rhs ast.Expr) {
	if call, ok := rhs.(*ast.CallExpr); ok {
		switch n := goCallName(call); {
		case goAnswerCalls()[n] && goIsMethodCall(call):
			// resp, err := http.Get(url) / client.Do(req): the response
			g.answers[name] = true
			return
		case (n == "Command" || n == "CommandContext") && goCallPkg(call) == "exec":
			if goStdinScript(call) {
				g.shellCmds[name] = true
			}
			return
		case n == "StdinPipe":
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && g.mentions(sel.X, g.shellCmds) {
				g.shellIns[name] = true
			}
			return
		}
	}
	if g.answer(rhs) {
		g.answers[name+"\x00body"] = true
	}
}

// answer reports whether e reads an HTTP answer's Body (resp.Body), or
// a name computed from one.
func (g *goWiring) answer(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && x.Sel.Name == "Body" && g.answers[id.Name] {
				found = true
			}
		case *ast.Ident:
			if g.answers[x.Name+"\x00body"] {
				found = true
			}
		}
		return !found
	})
	return found
}

// dlStdin reads cmd.Stdin = x for a command running a shell on its
// standard input.
func (g *goWiring) dlStdin(sel *ast.SelectorExpr, rhs ast.Expr) {
	if sel.Sel.Name != "Stdin" || g.dl.IsValid() || !g.mentions(sel.X, g.shellCmds) || !g.answer(rhs) {
		return
	}
	g.dl = rhs.Pos()
}

// goStdinScript reports whether exec.Command's arguments run a shell or
// interpreter that takes its script from standard input: the program a
// literal shell (or python3, node...) and every argument before "--" a
// flag other than the ones naming a command string (-c, -e, /c), or
// "-".
func goStdinScript(call *ast.CallExpr) bool {
	args := call.Args
	if goCallName(call) == "CommandContext" && len(args) > 0 {
		args = args[1:]
	}
	if len(args) == 0 {
		return false
	}
	prog := strings.ToLower(goBase(goStringLit(args[0])))
	if !goShellNames()[prog] && !goStdinInterps()[prog] {
		return false
	}
	for _, a := range args[1:] {
		v := goStringLit(a)
		switch {
		case v == "--":
			return true
		case v == "-":
		case !strings.HasPrefix(v, "-") || goShellFlags()[v] || v == "-e" || v == "-m" || v == "-File" || strings.EqualFold(v, "-Command"):
			return false
		}
	}
	return true
}

// goIsMethodCall reports whether call is made on a package or value
// (http.Get, client.Do, http.DefaultClient.Get), not a bare function.
func goIsMethodCall(call *ast.CallExpr) bool {
	_, ok := call.Fun.(*ast.SelectorExpr)
	return ok
}
