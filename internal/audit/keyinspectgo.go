package audit

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"strconv"
	"strings"
	"sync"
)

// Rule credential-read, a private key read in a Go program that only
// inspects what it read: the notion of keyinspect.go for Python, on the
// parsed file. A linter opening ~/.ssh keys to read the OpenSSH header
// (is there a passphrase?) prints file names, modes and the verdict; the
// key cannot leave through it, so the read is medium, not high, and a
// network call in any program of the skill lifts it back to high
// (raiseInspectedKeyReads). What a file read returns is followed through
// the function's variables (assignments, range loops, slices, fields,
// conversions) and through the functions returning it to their callers;
// it counts as inspected when every use is a test (==, <, bytes.Contains,
// strings.HasPrefix, len), a parse (base64, binary.BigEndian, slicing,
// strings.Fields) or a method of the content itself. Handed to any other
// function (fmt.Print*, a writer, a function of the program, a closure),
// sent on a channel, put in panic, it may leave: high stays. A value
// known equal to a literal (inside `case "none":` of a switch on it, or
// an `if v == "none"` block) is that literal, not content. A program
// that copies, moves or links files, starts a process or opens a socket
// (io.Copy, os.Rename, exec.Command, net.Dial, a unix socket too) stays
// high.
//
// Only reads that may be of a key are followed: a read whose path is
// shown to name a file holding no private key is not (a literal ending
// in .pub, config, known_hosts, authorized_keys; a flag whose default is
// one; a parameter every call passes such a path). A recursive call of
// the reading function, as an ssh config's Include reads another config,
// passes a path of the same kind and is not counted against it.

var (
	// goKeyCopy are the calls that copy, move or link files, start a
	// process or open a socket (a unix one too: an agent's), as
	// package.function.
	goKeyCopy = sync.OnceValue(func() map[string]bool {
		return set("exec.Command", "exec.CommandContext", "syscall.Exec", "syscall.ForkExec", "os.StartProcess", "io.Copy", "io.CopyN",
			"io.CopyBuffer", "os.Rename", "os.Link", "os.Symlink", "os.CopyFS", "unix.Sendfile", "syscall.Sendfile",
			"net.Dial", "net.DialTimeout", "net.DialUnix", "net.DialTCP", "net.DialUDP", "net.DialIP", "net.Listen", "net.ListenUnix",
			"net.ListenPacket", "net.ListenTCP", "tls.Dial", "syscall.Socket", "unix.Socket")
	})
	// goKeyPure are package functions (package.function, a package
	// variable's method named as package.method) that derive a value
	// from their arguments without sending, printing or storing them.
	goKeyPure = sync.OnceValue(func() map[string]bool {
		return set("bytes.Fields", "bytes.Split", "bytes.SplitN", "bytes.TrimSpace", "bytes.Trim", "bytes.TrimPrefix", "bytes.TrimSuffix",
			"bytes.TrimLeft", "bytes.TrimRight", "bytes.ToLower", "bytes.ToUpper", "bytes.Join", "bytes.Cut", "bytes.Lines", "bytes.Clone",
			"strings.Fields", "strings.Split", "strings.SplitN", "strings.TrimSpace", "strings.Trim", "strings.TrimPrefix", "strings.TrimSuffix",
			"strings.TrimLeft", "strings.TrimRight", "strings.ToLower", "strings.ToUpper", "strings.Join", "strings.Cut", "strings.Replace",
			"strings.ReplaceAll", "strings.Lines", "strings.NewReader", "bytes.NewReader", "bytes.NewBuffer",
			"base64.DecodeString", "base64.Decode", "base64.EncodeToString", "hex.DecodeString", "hex.EncodeToString", "pem.Decode",
			"binary.Uint16", "binary.Uint32", "binary.Uint64", "binary.Uvarint", "binary.Varint", "utf8.DecodeRune", "utf8.DecodeRuneInString",
			"sha256.Sum256", "sha1.Sum", "sha512.Sum512", "md5.Sum", "strconv.Atoi", "strconv.ParseInt", "strconv.ParseUint", "strconv.Unquote",
			"bufio.NewScanner", "bufio.NewReader", "io.ReadAll", "io.LimitReader", "ioutil.ReadAll", "ssh.ParseRawPrivateKey",
			"ssh.ParsePrivateKey", "ssh.ParseAuthorizedKey", "ssh.ParsePublicKey", "ssh.FingerprintSHA256", "ssh.FingerprintLegacyMD5",
			"regexp.MatchString", "filepath.Base", "filepath.Ext")
	})
	// goKeyTest are package functions whose result is a test of their
	// arguments (a bool, a position, a count), no content.
	goKeyTest = sync.OnceValue(func() map[string]bool {
		return set("bytes.Contains", "bytes.ContainsAny", "bytes.ContainsRune", "bytes.HasPrefix", "bytes.HasSuffix", "bytes.Equal",
			"bytes.EqualFold", "bytes.Index", "bytes.IndexByte", "bytes.IndexAny", "bytes.LastIndex", "bytes.Count", "bytes.Compare",
			"strings.Contains", "strings.ContainsAny", "strings.ContainsRune", "strings.HasPrefix", "strings.HasSuffix", "strings.EqualFold",
			"strings.Index", "strings.IndexByte", "strings.IndexAny", "strings.LastIndex", "strings.Count", "strings.Compare",
			"utf8.Valid", "utf8.ValidString", "utf8.RuneCount", "utf8.RuneCountInString", "subtle.ConstantTimeCompare")
	})
	// goKeyReads open or read a file, as package.function.
	goKeyReads = sync.OnceValue(func() map[string]bool {
		return set("os.ReadFile", "ioutil.ReadFile", "os.Open", "os.OpenFile")
	})
	// goKeyConv are the builtins and types whose call gives their
	// argument's content back.
	goKeyConv = sync.OnceValue(func() map[string]bool {
		return set("string", "byte", "rune", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64",
			"float64", "min", "max", "append", "clear")
	})
)

// goKeyReadInspected reports whether the Go file text only inspects the
// private keys it may read (see above); false when it does not parse.
func goKeyReadInspected(text string) bool {
	_, ok := goKeyInspect(text)
	return ok
}

// goKeyInspect is goKeyReadInspected, also returning the functions of
// the file that return content read from a key (their callers in other
// files of the package are not followed here: raiseGoInspectedKeyReads).
func goKeyInspect(text string) ([]string, bool) {
	f, err := parser.ParseFile(token.NewFileSet(), "", text, parser.SkipObjectResolution)
	if err != nil {
		return nil, false
	}
	k := &goKeyScan{file: f, funcs: map[string]*ast.FuncDecl{}, pkgs: map[string]bool{}, globals: map[string]bool{},
		taint: map[*ast.FuncDecl]map[string]bool{}, returners: map[string]bool{}, globalTaint: map[string]bool{},
		locals: map[*ast.FuncDecl]map[string]bool{}}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := path.Base(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		k.pkgs[name] = true
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body != nil {
				k.funcs[d.Name.Name] = d
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				if v, ok := s.(*ast.ValueSpec); ok {
					for _, n := range v.Names {
						k.globals[n.Name] = true
					}
				}
			}
		}
	}
	copies := false
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && goKeyCopy()[k.pkgFunc(c.Fun)] {
			copies = true
		}
		return !copies
	})
	if copies {
		return nil, false
	}
	for pass := 0; pass < 8; pass++ {
		k.changed = false
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				k.fn = fd
				if k.taint[fd] == nil {
					k.taint[fd] = map[string]bool{}
				}
				k.block(fd.Body.List, nil)
				if k.leaks {
					return nil, false
				}
			}
		}
		if !k.changed {
			var out []string
			for r := range k.returners {
				out = append(out, r)
			}
			return out, true
		}
	}
	return nil, false
}

// goKeyScan follows what a Go file reads from keys (goKeyInspect).
type goKeyScan struct {
	file      *ast.File
	funcs     map[string]*ast.FuncDecl // the file's functions and methods by name
	pkgs      map[string]bool          // imported package names
	globals   map[string]bool          // package-level variables
	fn        *ast.FuncDecl            // the function being walked
	taint     map[*ast.FuncDecl]map[string]bool
	returners map[string]bool // functions returning content
	// globalTaint holds the package variables given content
	globalTaint map[string]bool
	// locals holds each function's declared names (parameters,
	// results, := and var), which shadow packages and package variables
	locals     map[*ast.FuncDecl]map[string]bool
	inClosure  int  // depth of function literals being walked
	closureRet bool // a return of the literal being walked holds content
	changed    bool
	leaks      bool
	steps      int
	pathSteps  int // nonKeyPath's work, bounded by maxGoPathSteps
}

// maxGoPathSteps bounds the expressions nonKeyPath follows for one file;
// past it a path is not shown to hold no key, and its read is followed.
const maxGoPathSteps = 1 << 14

// pkgFunc names a call's function as package.function when it is one
// of an imported package, or a method of a package variable
// (base64.StdEncoding.DecodeString as base64.DecodeString); "" otherwise.
func (k *goKeyScan) pkgFunc(fun ast.Expr) string {
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	x := sel.X
	if inner, ok := x.(*ast.SelectorExpr); ok {
		x = inner.X
	}
	if id, ok := x.(*ast.Ident); ok && k.pkgs[id.Name] && !k.isLocal(id.Name) {
		return id.Name + "." + sel.Sel.Name
	}
	return ""
}

// isLocal reports whether name is declared in the function being
// walked (a parameter, a result, := or var), shadowing a package or a
// package variable.
func (k *goKeyScan) isLocal(name string) bool {
	if k.fn == nil {
		return false
	}
	m := k.locals[k.fn]
	if m == nil {
		m = map[string]bool{}
		ast.Inspect(k.fn, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Field:
				for _, id := range n.Names {
					m[id.Name] = true
				}
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE {
					for _, l := range n.Lhs {
						if id, ok := l.(*ast.Ident); ok {
							m[id.Name] = true
						}
					}
				}
			case *ast.RangeStmt:
				if n.Tok == token.DEFINE {
					for _, x := range []ast.Expr{n.Key, n.Value} {
						if id, ok := x.(*ast.Ident); ok {
							m[id.Name] = true
						}
					}
				}
			case *ast.ValueSpec:
				for _, id := range n.Names {
					m[id.Name] = true
				}
			}
			return true
		})
		k.locals[k.fn] = m
	}
	return m[name]
}

// tainted reports whether variable name holds content, narrowed holding
// the names known equal to a literal here.
func (k *goKeyScan) tainted(name string, narrowed map[string]bool) bool {
	if narrowed[name] {
		return false
	}
	return k.taint[k.fn][name] || k.globals[name] && k.globalTaint[name] && !k.isLocal(name)
}

// mark records that the variable an assignment target is rooted in
// holds content.
func (k *goKeyScan) mark(target ast.Expr) {
	for {
		switch t := target.(type) {
		case *ast.IndexExpr:
			target = t.X
			continue
		case *ast.SelectorExpr:
			target = t.X
			continue
		case *ast.StarExpr:
			target = t.X
			continue
		case *ast.ParenExpr:
			target = t.X
			continue
		case *ast.Ident:
			if t.Name == "_" {
				return
			}
			if k.globals[t.Name] && !k.isLocal(t.Name) {
				if !k.globalTaint[t.Name] {
					k.globalTaint[t.Name], k.changed = true, true
				}
				return
			}
			if !k.taint[k.fn][t.Name] {
				k.taint[k.fn][t.Name], k.changed = true, true
			}
		}
		return
	}
}

// block walks statements.
func (k *goKeyScan) block(list []ast.Stmt, narrowed map[string]bool) {
	for _, s := range list {
		if k.leaks {
			return
		}
		k.stmt(s, narrowed)
	}
}

// stmt walks one statement, marking what it gives content to and
// setting leaks when content may leave.
func (k *goKeyScan) stmt(s ast.Stmt, narrowed map[string]bool) {
	if k.steps++; k.steps > maxGoSteps {
		k.leaks = true
		return
	}
	switch s := s.(type) {
	case *ast.AssignStmt:
		k.assign(s.Lhs, s.Rhs, narrowed)
	case *ast.DeclStmt:
		if g, ok := s.Decl.(*ast.GenDecl); ok {
			for _, sp := range g.Specs {
				if v, ok := sp.(*ast.ValueSpec); ok && len(v.Values) > 0 {
					lhs := make([]ast.Expr, len(v.Names))
					for i, n := range v.Names {
						lhs[i] = n
					}
					k.assign(lhs, v.Values, narrowed)
				}
			}
		}
	case *ast.ExprStmt:
		k.expr(s.X, narrowed)
	case *ast.ReturnStmt:
		for _, r := range s.Results {
			switch {
			case !k.expr(r, narrowed):
			case k.inClosure > 0:
				k.closureRet = true
			case !k.returners[k.fn.Name.Name]:
				k.returners[k.fn.Name.Name], k.changed = true, true
			}
		}
	case *ast.IfStmt:
		if s.Init != nil {
			k.stmt(s.Init, narrowed)
		}
		k.expr(s.Cond, narrowed)
		k.block(s.Body.List, narrowEq(s.Cond, narrowed))
		if s.Else != nil {
			k.stmt(s.Else, narrowed)
		}
	case *ast.BlockStmt:
		k.block(s.List, narrowed)
	case *ast.SwitchStmt:
		if s.Init != nil {
			k.stmt(s.Init, narrowed)
		}
		tag := ""
		if s.Tag != nil {
			k.expr(s.Tag, narrowed)
			if id, ok := s.Tag.(*ast.Ident); ok {
				tag = id.Name
			}
		}
		for _, c := range s.Body.List {
			cc, ok := c.(*ast.CaseClause)
			if !ok {
				continue
			}
			lits := tag != "" && len(cc.List) > 0
			for _, e := range cc.List {
				k.expr(e, narrowed)
				if _, ok := e.(*ast.BasicLit); !ok {
					lits = false
				}
			}
			inner := narrowed
			if lits {
				inner = withName(narrowed, tag)
			}
			k.block(cc.Body, inner)
		}
	case *ast.TypeSwitchStmt:
		if s.Init != nil {
			k.stmt(s.Init, narrowed)
		}
		k.stmt(s.Assign, narrowed)
		for _, c := range s.Body.List {
			if cc, ok := c.(*ast.CaseClause); ok {
				k.block(cc.Body, narrowed)
			}
		}
	case *ast.ForStmt:
		if s.Init != nil {
			k.stmt(s.Init, narrowed)
		}
		if s.Cond != nil {
			k.expr(s.Cond, narrowed)
		}
		if s.Post != nil {
			k.stmt(s.Post, narrowed)
		}
		k.block(s.Body.List, narrowed)
	case *ast.RangeStmt:
		if k.expr(s.X, narrowed) {
			if s.Key != nil {
				k.mark(s.Key)
			}
			if s.Value != nil {
				k.mark(s.Value)
			}
		}
		k.block(s.Body.List, narrowed)
	case *ast.LabeledStmt:
		k.stmt(s.Stmt, narrowed)
	case *ast.DeferStmt:
		k.expr(s.Call, narrowed)
	case *ast.GoStmt:
		k.expr(s.Call, narrowed)
	case *ast.IncDecStmt:
		k.expr(s.X, narrowed)
	case *ast.SendStmt:
		k.expr(s.Chan, narrowed)
		if k.expr(s.Value, narrowed) {
			k.leaks = true // content on a channel: where it goes is not followed
		}
	case *ast.SelectStmt:
		for _, c := range s.Body.List {
			if cc, ok := c.(*ast.CommClause); ok {
				if cc.Comm != nil {
					k.stmt(cc.Comm, narrowed)
				}
				k.block(cc.Body, narrowed)
			}
		}
	case *ast.BranchStmt, *ast.EmptyStmt, nil:
	default:
		k.leaks = true // a statement not followed
	}
}

// assign marks the targets of an assignment given content; a read of a
// file that may hold a key gives its first target content.
func (k *goKeyScan) assign(lhs, rhs []ast.Expr, narrowed map[string]bool) {
	if len(rhs) == 1 && len(lhs) > 1 {
		call, isCall := ast.Unparen(rhs[0]).(*ast.CallExpr)
		t := k.expr(rhs[0], narrowed)
		switch {
		case isCall && goKeyReads()[k.pkgFunc(call.Fun)]:
			if k.keyRead(call) {
				k.mark(lhs[0])
			}
		case isCall && (goKeyPure()[k.pkgFunc(call.Fun)] || goKeyTest()[k.pkgFunc(call.Fun)]):
			if t {
				k.mark(lhs[0]) // the value; the error holds none of it
			}
		case t:
			for _, l := range lhs {
				k.mark(l)
			}
		}
		return
	}
	for i, r := range rhs {
		t := k.expr(r, narrowed)
		if call, ok := ast.Unparen(r).(*ast.CallExpr); ok && goKeyReads()[k.pkgFunc(call.Fun)] {
			t = k.keyRead(call)
		}
		if t && i < len(lhs) {
			k.mark(lhs[i])
		}
	}
}

// keyRead reports whether a file read call may read a private key: its
// path is not shown to name a file holding none.
func (k *goKeyScan) keyRead(call *ast.CallExpr) bool {
	return len(call.Args) == 0 || !k.nonKeyPath(call.Args[0], k.fn, 0, map[string]bool{})
}

// expr evaluates an expression: whether its value holds content, setting
// leaks when a call hands content to what may send, print or store it.
func (k *goKeyScan) expr(e ast.Expr, narrowed map[string]bool) bool {
	if k.leaks || e == nil {
		return false
	}
	if k.steps++; k.steps > maxGoSteps {
		k.leaks = true
		return false
	}
	switch e := e.(type) {
	case *ast.Ident:
		return k.tainted(e.Name, narrowed)
	case *ast.BasicLit:
		return false
	case *ast.ParenExpr:
		return k.expr(e.X, narrowed)
	case *ast.StarExpr:
		return k.expr(e.X, narrowed)
	case *ast.UnaryExpr:
		t := k.expr(e.X, narrowed)
		return t && e.Op != token.NOT && e.Op != token.ARROW
	case *ast.BinaryExpr:
		x, y := k.expr(e.X, narrowed), k.expr(e.Y, narrowed)
		switch e.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.LAND, token.LOR:
			return false // a test
		}
		return x || y
	case *ast.IndexExpr:
		k.expr(e.Index, narrowed)
		return k.expr(e.X, narrowed)
	case *ast.SliceExpr:
		k.expr(e.Low, narrowed)
		k.expr(e.High, narrowed)
		k.expr(e.Max, narrowed)
		return k.expr(e.X, narrowed)
	case *ast.SelectorExpr:
		if id, ok := e.X.(*ast.Ident); ok && k.pkgs[id.Name] && !k.isLocal(id.Name) {
			return false
		}
		return k.expr(e.X, narrowed)
	case *ast.TypeAssertExpr:
		return k.expr(e.X, narrowed)
	case *ast.CompositeLit:
		t := false
		for _, el := range e.Elts {
			t = k.expr(el, narrowed) || t
		}
		return t
	case *ast.KeyValueExpr:
		k.expr(e.Key, narrowed)
		return k.expr(e.Value, narrowed)
	case *ast.FuncLit:
		// a closure's body reads the function's variables; what it
		// returns is content when any of its returns holds it
		saved := k.closureRet
		k.closureRet = false
		k.inClosure++
		k.block(e.Body.List, narrowed)
		k.inClosure--
		ret := k.closureRet
		k.closureRet = saved
		return ret
	case *ast.CallExpr:
		return k.call(e, narrowed)
	case *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.InterfaceType, *ast.StructType, *ast.Ellipsis:
		return false
	}
	k.leaks = true
	return false
}

// call evaluates a call (see expr).
func (k *goKeyScan) call(c *ast.CallExpr, narrowed map[string]bool) bool {
	args := false
	for _, a := range c.Args {
		args = k.expr(a, narrowed) || args
	}
	fun := ast.Unparen(c.Fun)
	switch f := fun.(type) {
	case *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.InterfaceType, *ast.StructType:
		return args // a conversion
	case *ast.Ident:
		switch {
		case f.Name == "len" || f.Name == "cap" || f.Name == "make" || f.Name == "new":
			return false
		case f.Name == "copy" && len(c.Args) == 2:
			if k.expr(c.Args[1], narrowed) {
				k.mark(c.Args[0])
			}
			return false
		case goKeyConv()[f.Name] && !k.isLocal(f.Name):
			return args
		case k.tainted(f.Name, narrowed):
			if args {
				k.leaks = true // content handed to a closure's parameters
			}
			return true
		case k.funcs[f.Name] != nil && !k.isLocal(f.Name):
			if args {
				k.leaks = true // content handed to a function of the program: not followed
			}
			return k.returners[f.Name]
		}
		if args {
			k.leaks = true
		}
		return false
	case *ast.SelectorExpr:
		if pf := k.pkgFunc(f); pf != "" {
			switch {
			case goKeyReads()[pf]:
				return k.keyRead(c)
			case goKeyTest()[pf]:
				return false
			case goKeyPure()[pf]:
				return args
			}
			if args {
				k.leaks = true // printed, written, sent, logged
			}
			return false
		}
		if k.expr(f.X, narrowed) {
			// a method of content gives content; a buffer it fills
			// (f.Read(buf)) holds it
			for _, a := range c.Args {
				if id, ok := a.(*ast.Ident); ok {
					k.mark(id)
				}
			}
			if m := f.Sel.Name; strings.HasPrefix(m, "Write") || m == "Encode" {
				k.leaks = true
			}
			return true
		}
		if args {
			k.leaks = true // content handed to another value's method
		}
		if k.funcs[f.Sel.Name] != nil {
			return k.returners[f.Sel.Name]
		}
		return false
	}
	k.expr(fun, narrowed)
	if args {
		k.leaks = true
	}
	return false
}

// narrowEq returns narrowed with the variable an if condition tests
// equal to a literal (v == "none", a chain of them joined by ||).
func narrowEq(cond ast.Expr, narrowed map[string]bool) map[string]bool {
	name := ""
	var walk func(e ast.Expr) bool
	walk = func(e ast.Expr) bool {
		b, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok {
			return false
		}
		if b.Op == token.LOR {
			return walk(b.X) && walk(b.Y)
		}
		if b.Op != token.EQL {
			return false
		}
		id, ok := b.X.(*ast.Ident)
		if _, lit := b.Y.(*ast.BasicLit); !ok || !lit || name != "" && name != id.Name {
			return false
		}
		name = id.Name
		return true
	}
	if !walk(cond) {
		return narrowed
	}
	return withName(narrowed, name)
}

// withName returns a copy of set with name added.
func withName(m map[string]bool, name string) map[string]bool {
	out := make(map[string]bool, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	out[name] = true
	return out
}

// nonKeyPath reports whether path expression e, in function fn, is shown
// to name a file that holds no private key (see above).
func (k *goKeyScan) nonKeyPath(e ast.Expr, fn *ast.FuncDecl, depth int, visiting map[string]bool) bool {
	if k.pathSteps++; depth > 6 || e == nil || k.pathSteps > maxGoPathSteps {
		return false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		s, err := strconv.Unquote(e.Value)
		return err == nil && goNonKeyName(s)
	case *ast.BinaryExpr:
		return e.Op == token.ADD && k.nonKeyPath(e.Y, fn, depth+1, visiting)
	case *ast.CallExpr:
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Join") && len(e.Args) > 0 {
			if id, ok := sel.X.(*ast.Ident); ok && (id.Name == "filepath" || id.Name == "path") {
				return k.nonKeyPath(e.Args[len(e.Args)-1], fn, depth+1, visiting)
			}
		}
		return false
	case *ast.StarExpr:
		// *cfg with cfg := flag.String(name, default, usage)
		id, ok := e.X.(*ast.Ident)
		if !ok || fn == nil {
			return false
		}
		vals := goAssigned(fn, id.Name)
		if len(vals) != 1 {
			return false
		}
		c, ok := vals[0].(*ast.CallExpr)
		if !ok || len(c.Args) != 3 {
			return false
		}
		if sel, ok := c.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "String" {
			return false
		} else if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "flag" {
			return false
		}
		return k.nonKeyPath(c.Args[1], fn, depth+1, visiting)
	case *ast.Ident:
		if fn == nil {
			return false
		}
		key := fn.Name.Name + "." + e.Name
		if visiting[key] {
			return true // a cycle adds no other value
		}
		visiting[key] = true
		defer delete(visiting, key)
		if i := goParamIndex(fn, e.Name); i >= 0 {
			return k.callersPassNonKey(fn, i, depth, visiting)
		}
		vals := goAssigned(fn, e.Name)
		for _, v := range vals {
			if v == nil || !k.nonKeyPath(v, fn, depth+1, visiting) {
				return false
			}
		}
		return len(vals) > 0
	}
	return false
}

// callersPassNonKey reports whether every call of fn in the file, but
// fn's own recursive calls, passes a non-key path as argument i; a
// function not called in the file (or a method) is called with anything.
func (k *goKeyScan) callersPassNonKey(fn *ast.FuncDecl, i, depth int, visiting map[string]bool) bool {
	if fn.Recv != nil {
		return false
	}
	calls, refs := 0, 0
	ok := true
	for _, d := range k.file.Decls {
		caller, isFn := d.(*ast.FuncDecl)
		if !isFn || caller.Body == nil || caller == fn {
			continue
		}
		ast.Inspect(caller.Body, func(n ast.Node) bool {
			if !ok {
				return false
			}
			switch n := n.(type) {
			case *ast.CallExpr:
				if id, isID := n.Fun.(*ast.Ident); isID && id.Name == fn.Name.Name {
					calls++
					if i >= len(n.Args) || !k.nonKeyPath(n.Args[i], caller, depth+1, visiting) {
						ok = false
					}
				}
			case *ast.Ident:
				if n.Name == fn.Name.Name {
					refs++
				}
			}
			return true
		})
	}
	// a reference that is no call's function hands it on as a value,
	// to be called with anything
	return ok && calls > 0 && refs == calls
}

// goParamIndex returns the position of parameter name in fn's
// parameters, or -1.
func goParamIndex(fn *ast.FuncDecl, name string) int {
	i := 0
	for _, f := range fn.Type.Params.List {
		if len(f.Names) == 0 {
			i++
		}
		for _, n := range f.Names {
			if n.Name == name {
				return i
			}
			i++
		}
	}
	return -1
}

// goAssigned returns the values assigned to variable name in fn (nil
// for a value the assignment does not show: one of a call's results, a
// range variable).
func goAssigned(fn *ast.FuncDecl, name string) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for j, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name == name {
					if len(n.Rhs) == len(n.Lhs) {
						out = append(out, n.Rhs[j])
					} else {
						out = append(out, nil)
					}
				}
			}
		case *ast.ValueSpec:
			for j, id := range n.Names {
				if id.Name == name {
					if j < len(n.Values) && len(n.Values) == len(n.Names) {
						out = append(out, n.Values[j])
					} else {
						out = append(out, nil)
					}
				}
			}
		case *ast.RangeStmt:
			for _, x := range []ast.Expr{n.Key, n.Value} {
				if id, ok := x.(*ast.Ident); ok && id.Name == name {
					out = append(out, nil)
				}
			}
		}
		return true
	})
	return out
}

// goNonKeyName reports whether a path literal names a file that holds
// no private key: a public key, an ssh config, known_hosts,
// authorized_keys.
func goNonKeyName(s string) bool {
	base := s[strings.LastIndexAny(s, `/\`)+1:]
	switch {
	case strings.HasSuffix(base, ".pub"):
		return true
	case base == "config" || strings.HasPrefix(base, "known_hosts") || strings.HasPrefix(base, "authorized_keys") || base == "environment" || base == "allowed_signers":
		return true
	}
	return false
}

// raiseGoInspectedKeyReads lifts a Go file's private key read found only
// inspected back to high when another Go file of the skill calls one of
// its functions returning content read from a key: a package's other
// files (or another package of the skill) are not followed, so what they
// do with it is not known.
func raiseGoInspectedKeyReads(findings []Finding, texts map[string]string) {
	for i := range findings {
		f := &findings[i]
		if f.RuleID != "credential-read" || f.Severity != Medium || !strings.HasSuffix(f.Reason, keyInspectedNote) || !strings.EqualFold(path.Ext(f.File), ".go") {
			continue
		}
		returners, _ := goKeyInspect(texts[f.File])
		for rel, text := range texts {
			if rel == f.File || !strings.EqualFold(path.Ext(rel), ".go") {
				continue
			}
			for _, r := range returners {
				if goCallsName(text, r) {
					f.Severity = High
					f.Reason = strings.TrimSuffix(f.Reason, keyInspectedNote) + "; " + rel + " calls " + r + ", which returns what it read, and is not followed"
					break
				}
			}
			if f.Severity == High {
				break
			}
		}
	}
}

// goCallsName reports whether Go text calls a function or method named
// name (name followed by an opening parenthesis, as a whole word).
func goCallsName(text, name string) bool {
	for u := wordIndex(text, name, 0); u >= 0; u = wordIndex(text, name, u+len(name)) {
		if strings.HasPrefix(strings.TrimLeft(text[u+len(name):], " \t"), "(") {
			return true
		}
	}
	return false
}
