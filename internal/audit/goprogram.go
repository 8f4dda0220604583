package audit

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math/bits"
	"path"
	"sort"
	"strconv"
	"strings"
)

// Rules agent-tamper and credential-exfil across a Go program's files
// (gomodule.go links them): a path the program writes or reads may be
// built in another of its files, paths.ClaudeSettings() returning
// filepath.Join(home, ".claude", "settings.json"), an exported
// const or var holding it, a function returning a credential file's
// contents. Each file is parsed with go/parser and the values of string
// expressions are followed as text: literals, filepath.Join and path.Join,
// +, fmt.Sprintf's %s and %v, strings.Join of a literal list, the home
// folder (os.UserHomeDir, os.Getenv("HOME"), a user's HomeDir,
// os.UserConfigDir as ~/.config), a function's locals and parameters, the
// package's consts and vars (in any of its files), and the functions of
// the package and of the skill's packages it imports (what they return,
// given the arguments of the call); methods are not followed. Followed
// from every function of the file audited into the functions it calls,
// up to maxGoCallDepth:
//   - a write (os.WriteFile, os.Create, a writing os.OpenFile, os.Rename
//     or os.Symlink onto it) to the agent's settings or instructions in
//     the home folder (agentFile), or into a skill under an agent's
//     skills folder there that the program listed rather than named (an
//     os.ReadDir entry's Name(), a filepath.Glob wildcard, a
//     filepath.WalkDir callback's path), is agent-tamper, high; critical
//     with a hook command that fetches code and runs it among the
//     program's literals (agentHookLits), or when what it writes into
//     the other skills or CLAUDE.md, followed by value as paths are
//     (written), is an injection there (goPlanted: a hidden note to
//     hand over the conversation, built in any file of the program), or
//     the file audited holds one among the literals its writes are
//     given (plantedInLits);
//   - a read (os.ReadFile, os.Open, ini.Load...) of a credential file
//     (credPath), or a bulk read in a function of another file
//     (bulkCredRead: the environment's secrets, the OS credential
//     manager), with a send of data over the network in the file audited
//     or in a function it reaches, is credential-exfil, critical.
// Only what spans two files is reported here, at the line of the file
// audited that reaches it: what one file does alone is the same-file
// rules' (goagent.go, scanOtherTaint), in the file that does it.

const (
	// maxGoAlts bounds the texts one expression may stand for.
	maxGoAlts = 16
	// maxGoEvalDepth bounds the nesting of one expression's evaluation.
	maxGoEvalDepth = 24
	// maxGoCallDepth bounds the calls followed from the file audited.
	maxGoCallDepth = 4
	// maxGoArgKeys bounds the distinct argument values one function is
	// followed with; past it, with unknown arguments.
	maxGoArgKeys = 4
	// maxGoSteps bounds the work of one program's reading: expressions
	// evaluated, and texts joined (a step per 64 bytes made). No file of
	// this repository took 600.
	maxGoSteps = 1 << 20
	// maxGoValLen bounds one text a value stands for: a longer one
	// stands for what is not known. A path is far shorter; the note a
	// program writes into the agent's instructions may be a page, or a
	// template file of the skill as long as one linked (maxGoEmbedBytes).
	maxGoValLen = maxGoEmbedBytes
)

// goUnknown stands in a goVal's text for what the reading does not
// know; goEntry for the name of an entry of a folder the program lists
// (an os.ReadDir entry's Name(), a filepath.Glob wildcard, the path a
// filepath.WalkDir callback is given below its root): a skill it did not
// name when it writes into a skills folder.
const (
	goUnknown = "\x00"
	goEntry   = "\x01"
)

// goVal is what a Go string expression may hold: its texts ("~" the home
// folder, goUnknown what is not known, goEntry an entry of a folder the
// program lists) and the files they came from (bits of
// goProg.srcs).
type goVal struct {
	strs  []string
	files uint64
}

// goSrc is one file of a Go program.
type goSrc struct {
	rel, text string
	bit       uint64
	file      *ast.File
	tok       *token.File
	pkg       *goPack
	imps      map[string]*goPack // by the name the file imports it as
}

// goPack is one package of a Go program: its functions (not methods)
// and package-level consts and vars, from all its files, and the vars a
// //go:embed directive fills (goembed.go).
type goPack struct {
	name   string
	funcs  map[string]*goFn
	vals   map[string]goBind
	memo   map[string]*goVal
	embeds map[string]*goEmbedVar
}

// goFn is a function of a package, and the frames it was followed with.
type goFn struct {
	decl   *ast.FuncDecl
	src    *goSrc
	locals map[string][]goBind
	frames map[string]*goFrame
	// text holds its body's bulk credential read (bulkCredRead) and
	// send, once read (textRead)
	bulk           string
	send, textRead bool
}

// goBind is an assignment's value: expression e, result idx of a
// multi-valued call (-1 for the value itself), in src.
type goBind struct {
	e   ast.Expr
	idx int
	src *goSrc
}

// goFrame is a function followed with given argument values.
type goFrame struct {
	fn      *goFn
	params  map[string]goVal
	locals  map[string]*goVal
	rets    map[int]*goVal
	events  []goEvent
	walking bool
	walked  bool
}

// goEvent kinds.
const (
	goEvWrite = iota
	goEvGather
	goEvSend
)

// goEvent is a write, a credential read or a send the program does: what
// (the path, or what is read), the files it draws on, and the offset in
// the file audited of the call that reaches it (-1 until known). A write
// into the agent's instructions or the other skills (goInstrTarget) has
// data: what it writes there (written), the text a planted note is
// looked for in (goPlanted).
type goEvent struct {
	kind  int
	what  string
	files uint64
	at    int
	data  goVal
}

// goProg is a Go program read from one file (main) with its linked
// files, and the other files of the skill it may read as text (files:
// templates, embedded and data files, goembed.go); inData is set while
// the data a write is given is read (written), where append joins bytes;
// tmplName is the template an ExecuteTemplate being read names.
type goProg struct {
	fset     *token.FileSet
	srcs     []*goSrc
	files    []*goFileText
	main     *goSrc
	steps    int
	inData   bool
	tmplName string
}

// newGoProg parses the file rel (content) and its linked Go files; nil
// when rel does not parse, or none of the linked files does (with none
// linked, the program is rel alone).
func newGoProg(rel, content string, linked []linkedFile) *goProg {
	p := &goProg{fset: token.NewFileSet()}
	packs := map[string]*goPack{}
	add := func(rel, text, imp string) *goSrc {
		if len(p.srcs) >= 64 {
			return nil
		}
		f, _ := parser.ParseFile(p.fset, rel, text, parser.SkipObjectResolution)
		if f == nil || f.Name == nil {
			return nil
		}
		pk := packs[imp]
		if pk == nil {
			pk = &goPack{name: f.Name.Name, funcs: map[string]*goFn{}, vals: map[string]goBind{}, memo: map[string]*goVal{}, embeds: map[string]*goEmbedVar{}}
			packs[imp] = pk
		}
		s := &goSrc{rel: rel, text: text, bit: 1 << len(p.srcs), file: f, tok: p.fset.File(f.Pos()), pkg: pk}
		p.srcs = append(p.srcs, s)
		return s
	}
	if p.main = add(rel, content, "."); p.main == nil {
		return nil
	}
	goLinked := 0
	for _, l := range linked {
		if l.goPkg != "" {
			goLinked++
			add(l.rel, l.text, l.goPkg)
		}
	}
	if len(p.srcs) < 2 && goLinked > 0 {
		return nil
	}
	for _, l := range linked {
		if l.goPkg == "" && l.via == "" && len(p.srcs)+len(p.files) < 64 {
			p.files = append(p.files, &goFileText{rel: l.rel, text: l.text, bit: 1 << (len(p.srcs) + len(p.files))})
		}
	}
	for _, s := range p.srcs {
		s.imps = map[string]*goPack{}
		for _, im := range s.file.Imports {
			ip, err := strconv.Unquote(im.Path.Value)
			pk := packs[ip]
			if err != nil || pk == nil || ip == "." {
				continue
			}
			name := pk.name
			if im.Name != nil {
				name = im.Name.Name
			}
			if name != "_" && name != "." {
				s.imps[name] = pk
			}
		}
		for _, d := range s.file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Body != nil && d.Name.Name != "init" {
					s.pkg.funcs[d.Name.Name] = &goFn{decl: d, src: s}
				}
			case *ast.GenDecl:
				if d.Tok != token.CONST && d.Tok != token.VAR {
					continue
				}
				for _, sp := range d.Specs {
					vs, ok := sp.(*ast.ValueSpec)
					if !ok {
						continue
					}
					bindNames(vs.Names, vs.Values, s, func(name string, b goBind) { s.pkg.vals[name] = b })
					at := token.NoPos
					if len(d.Specs) == 1 {
						at = d.Pos()
					}
					if ev := embedVarOf(vs, at, s); ev != nil && d.Tok == token.VAR {
						s.pkg.embeds[vs.Names[0].Name] = ev
					}
				}
			}
		}
	}
	return p
}

// bindNames binds each of names to its value among values (one each, or
// the results of one call), calling set for each.
func bindNames(names []*ast.Ident, values []ast.Expr, s *goSrc, set func(string, goBind)) {
	for i, n := range names {
		if n == nil || n.Name == "_" {
			continue
		}
		switch {
		case len(values) == len(names):
			set(n.Name, goBind{e: values[i], idx: -1, src: s})
		case len(values) == 1:
			set(n.Name, goBind{e: values[0], idx: i, src: s})
		}
	}
}

// step counts work; false once the budget is spent.
func (p *goProg) step() bool {
	p.steps++
	return p.steps <= maxGoSteps
}

// unknownVal is a value the reading does not know.
func unknownVal() goVal { return goVal{strs: []string{goUnknown}} }

// union adds b's texts to a (at most maxGoAlts).
func (a goVal) union(b goVal) goVal {
	out := goVal{strs: append([]string(nil), a.strs...), files: a.files | b.files}
	for _, s := range b.strs {
		if len(out.strs) >= maxGoAlts {
			break
		}
		dup := false
		for _, t := range out.strs {
			dup = dup || t == s
		}
		if !dup {
			out.strs = append(out.strs, s)
		}
	}
	return out
}

// concat is a + b for every pair of their texts.
func (p *goProg) concat(a, b goVal) goVal {
	out := goVal{files: a.files | b.files}
	if !p.step() {
		return unknownVal()
	}
	for _, x := range a.strs {
		for _, y := range b.strs {
			if len(out.strs) >= maxGoAlts {
				return out
			}
			if len(x)+len(y) > maxGoValLen {
				out.strs = append(out.strs, goUnknown)
			} else {
				p.steps += (len(x) + len(y)) / 64
				out.strs = append(out.strs, x+y)
			}
		}
	}
	return out
}

// localBinds returns fn's assignments by name (all of its body's, function
// literals' too).
func (fn *goFn) localBinds() map[string][]goBind {
	if fn.locals != nil {
		return fn.locals
	}
	fn.locals = map[string][]goBind{}
	set := func(name string, b goBind) {
		if len(fn.locals[name]) < maxGoAlts {
			fn.locals[name] = append(fn.locals[name], b)
		}
	}
	ast.Inspect(fn.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			var names []*ast.Ident
			for _, l := range n.Lhs {
				id, _ := l.(*ast.Ident)
				names = append(names, id)
			}
			bindNames(names, n.Rhs, fn.src, set)
		case *ast.ValueSpec:
			bindNames(n.Names, n.Values, fn.src, set)
		case *ast.RangeStmt:
			// the value of a range over a list holds its elements
			if id, ok := n.Value.(*ast.Ident); ok && id.Name != "_" {
				set(id.Name, goBind{e: n.X, idx: -1, src: fn.src})
			}
		case *ast.CallExpr:
			// filepath.Walk(root, func(p string, ...)): p is below root
			if x, name := callName(n); (x == "filepath" || x == "fs") && (name == "Walk" || name == "WalkDir") && len(n.Args) >= 2 {
				lit, ok := n.Args[len(n.Args)-1].(*ast.FuncLit)
				if ok && len(lit.Type.Params.List) > 0 && len(lit.Type.Params.List[0].Names) > 0 {
					below := &ast.BinaryExpr{X: n.Args[len(n.Args)-2], Op: token.ADD, Y: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote("/" + goEntry)}}
					set(lit.Type.Params.List[0].Names[0].Name, goBind{e: below, idx: -1, src: fn.src})
				}
			}
		}
		return true
	})
	return fn.locals
}

// listed reports whether the local name of frame fr holds the entries
// of a folder listing (os.ReadDir, a File's Readdir), itself or through
// a range over such a list, which the name's binds reach in two steps.
func (p *goProg) listed(name string, fr *goFrame) bool {
	for hop := 0; hop < 2 && fr != nil; hop++ {
		next := ""
		for _, b := range fr.fn.localBinds()[name] {
			switch e := b.e.(type) {
			case *ast.CallExpr:
				if _, n := callName(e); n == "ReadDir" || n == "Readdir" {
					return true
				}
			case *ast.Ident:
				next = e.Name
			}
		}
		if next == "" {
			return false
		}
		name = next
	}
	return false
}

// frame returns fn followed with argument values args (nil: unknown).
func (p *goProg) frame(fn *goFn, args []goVal) *goFrame {
	key := ""
	for _, a := range args {
		key += strings.Join(a.strs, "\x00") + "\x01"
	}
	if fn.frames == nil {
		fn.frames = map[string]*goFrame{}
	}
	if len(fn.frames) >= maxGoArgKeys && fn.frames[key] == nil {
		key, args = "", nil
	}
	if fr := fn.frames[key]; fr != nil {
		return fr
	}
	fr := &goFrame{fn: fn, params: map[string]goVal{}, locals: map[string]*goVal{}, rets: map[int]*goVal{}}
	i := 0
	for _, f := range fn.decl.Type.Params.List {
		for _, n := range f.Names {
			if i < len(args) {
				fr.params[n.Name] = args[i]
			} else {
				fr.params[n.Name] = unknownVal()
			}
			i++
		}
	}
	fn.frames[key] = fr
	return fr
}

// eval returns what expression e (in src, inside frame fr or at package
// level when fr is nil) holds; idx picks a result of a multi-valued call.
func (p *goProg) eval(e ast.Expr, src *goSrc, fr *goFrame, idx, depth int) goVal {
	if e == nil || depth > maxGoEvalDepth || !p.step() {
		return unknownVal()
	}
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return unknownVal()
		}
		s, err := strconv.Unquote(e.Value)
		if err != nil {
			return unknownVal()
		}
		return goVal{strs: []string{homeRel(s)}, files: src.bit}
	case *ast.ParenExpr:
		return p.eval(e.X, src, fr, idx, depth+1)
	case *ast.StarExpr:
		return p.eval(e.X, src, fr, idx, depth+1)
	case *ast.UnaryExpr:
		return p.eval(e.X, src, fr, idx, depth+1)
	case *ast.IndexExpr:
		return p.eval(e.X, src, fr, -1, depth+1)
	case *ast.SliceExpr:
		return p.eval(e.X, src, fr, -1, depth+1)
	case *ast.CompositeLit:
		var v goVal
		for _, el := range e.Elts {
			if len(v.strs) >= maxGoAlts {
				break
			}
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			v = v.union(p.eval(el, src, fr, -1, depth+1))
		}
		if len(v.strs) == 0 {
			return unknownVal()
		}
		return v
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return unknownVal()
		}
		return p.concat(p.eval(e.X, src, fr, -1, depth+1), p.eval(e.Y, src, fr, -1, depth+1))
	case *ast.Ident:
		return p.ident(e.Name, src, fr, depth)
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.Ident); ok {
			if pk := src.imps[x.Name]; pk != nil {
				return p.packVal(pk, e.Sel.Name, depth)
			}
		}
		if e.Sel.Name == "HomeDir" { // user.Current()'s, a user's
			return goVal{strs: []string{"~"}}
		}
	case *ast.CallExpr:
		return p.callVal(e, src, fr, idx, depth)
	}
	return unknownVal()
}

// ident is the value of the name in src's package, inside frame fr.
func (p *goProg) ident(name string, src *goSrc, fr *goFrame, depth int) goVal {
	if fr != nil {
		if v, ok := fr.params[name]; ok {
			return v
		}
		if binds := fr.fn.localBinds()[name]; len(binds) > 0 {
			if v := fr.locals[name]; v != nil {
				return *v
			}
			fr.locals[name] = &goVal{} // a name met inside its own value adds nothing
			var v goVal
			for _, b := range binds {
				if len(v.strs) < maxGoAlts {
					v = v.union(p.eval(b.e, b.src, fr, b.idx, depth+1))
				}
			}
			if len(v.strs) == 0 {
				v = unknownVal()
			}
			fr.locals[name] = &v
			return v
		}
	}
	return p.packVal(src.pkg, name, depth)
}

// packVal is the value of package pk's const or var name; a string or
// []byte var a //go:embed directive fills holds its file's text.
func (p *goProg) packVal(pk *goPack, name string, depth int) goVal {
	b, ok := pk.vals[name]
	if !ok {
		if ev := pk.embeds[name]; ev != nil && !ev.fs {
			return filesVal(p.embedded(ev))
		}
		return unknownVal()
	}
	if v := pk.memo[name]; v != nil {
		return *v
	}
	pk.memo[name] = &goVal{strs: []string{goUnknown}}
	v := p.eval(b.e, b.src, nil, b.idx, depth+1)
	pk.memo[name] = &v
	return v
}

// callee returns the function of the program a call names, or nil.
func (p *goProg) callee(c *ast.CallExpr, src *goSrc) *goFn {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		return src.pkg.funcs[f.Name]
	case *ast.SelectorExpr:
		if x, ok := f.X.(*ast.Ident); ok {
			if pk := src.imps[x.Name]; pk != nil {
				return pk.funcs[f.Sel.Name]
			}
		}
	}
	return nil
}

// args evaluates a call's arguments.
func (p *goProg) args(c *ast.CallExpr, src *goSrc, fr *goFrame, depth int) []goVal {
	out := make([]goVal, 0, len(c.Args))
	for _, a := range c.Args {
		out = append(out, p.eval(a, src, fr, -1, depth+1))
	}
	return out
}

// callName is a call's function as pkg.Name (or Name), whatever the
// receiver's type.
func callName(c *ast.CallExpr) (string, string) {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		return "", f.Name
	case *ast.SelectorExpr:
		if x, ok := f.X.(*ast.Ident); ok {
			return x.Name, f.Sel.Name
		}
		return "?", f.Sel.Name
	}
	return "?", ""
}

// callVal is the value a call returns (result idx).
func (p *goProg) callVal(c *ast.CallExpr, src *goSrc, fr *goFrame, idx, depth int) goVal {
	if fn := p.callee(c, src); fn != nil {
		return p.ret(p.frame(fn, p.args(c, src, fr, depth)), idx, depth)
	}
	arg := func(i int) goVal {
		if i < len(c.Args) {
			return p.eval(c.Args[i], src, fr, -1, depth+1)
		}
		return unknownVal()
	}
	if idx > 0 {
		return unknownVal() // the error of (string, error)
	}
	if v, ok := p.readFileVal(c, src, fr, depth); ok {
		return v // a file of the skill read whole
	}
	if _, ok := c.Fun.(*ast.ArrayType); ok {
		return arg(0) // []byte(s)
	}
	x, name := callName(c)
	if name == "Name" && len(c.Args) == 0 && p.listed(x, fr) || name == "Readdirnames" {
		return goVal{strs: []string{goEntry}} // a listed entry's name
	}
	switch x + "." + name {
	case ".append":
		// in what a write is given, append(b, note...) is the bytes of
		// b, then those appended; a list's append is no one text
		if p.inData {
			return p.join(c.Args, goVal{strs: []string{""}}, src, fr, depth)
		}
	case "filepath.Glob":
		// what matches the pattern: its wildcards are listed entries
		v := arg(0)
		out := goVal{files: v.files}
		for _, s := range v.strs {
			out.strs = append(out.strs, strings.ReplaceAll(s, "*", goEntry))
		}
		return out
	case ".string", "filepath.Clean", "filepath.FromSlash", "filepath.ToSlash", "filepath.Abs", "path.Clean",
		"strings.TrimSpace", "os.ExpandEnv", "homedir.Expand":
		return arg(0)
	case "filepath.Join", "path.Join":
		return p.join(c.Args, goVal{strs: []string{"/"}}, src, fr, depth)
	case "strings.Join":
		if len(c.Args) == 2 {
			if elts, esrc, efr, ok := p.listElts(c.Args[0], src, fr); ok {
				return p.join(elts, arg(1), esrc, efr, depth)
			}
		}
	case "os.UserHomeDir", "homedir.Dir", "xdg.Home":
		return goVal{strs: []string{"~"}}
	case "os.UserConfigDir":
		return goVal{strs: []string{"~/.config"}}
	case "os.Getenv", "os.LookupEnv":
		for _, s := range arg(0).strs {
			switch s {
			case "HOME", "USERPROFILE":
				return goVal{strs: []string{"~"}}
			case "XDG_CONFIG_HOME":
				return goVal{strs: []string{"~/.config"}}
			}
		}
	case "fmt.Sprintf":
		if len(c.Args) > 0 {
			return p.sprintf(c.Args, src, fr, depth)
		}
	}
	return unknownVal()
}

// listElts returns the elements of the list literal e is or names (a
// local bound once, a package var of this or an imported package: parts
// := []string{...} then strings.Join(parts, " ")), with the file and
// frame they are read in.
func (p *goProg) listElts(e ast.Expr, src *goSrc, fr *goFrame) ([]ast.Expr, *goSrc, *goFrame, bool) {
	var b goBind
	switch x := e.(type) {
	case *ast.CompositeLit:
		return x.Elts, src, fr, true
	case *ast.Ident:
		if fr != nil {
			if _, ok := fr.params[x.Name]; ok {
				return nil, nil, nil, false
			}
			if binds := fr.fn.localBinds()[x.Name]; len(binds) > 0 {
				if len(binds) > 1 {
					return nil, nil, nil, false
				}
				cl, ok := binds[0].e.(*ast.CompositeLit)
				if !ok || binds[0].idx >= 0 {
					return nil, nil, nil, false
				}
				return cl.Elts, binds[0].src, fr, true
			}
		}
		b = src.pkg.vals[x.Name]
	case *ast.SelectorExpr:
		id, ok := x.X.(*ast.Ident)
		if !ok || src.imps[id.Name] == nil {
			return nil, nil, nil, false
		}
		b = src.imps[id.Name].vals[x.Sel.Name]
	}
	if cl, ok := b.e.(*ast.CompositeLit); ok && b.idx < 0 {
		return cl.Elts, b.src, nil, true
	}
	return nil, nil, nil, false
}

// join joins the values of parts with sep's.
func (p *goProg) join(parts []ast.Expr, sep goVal, src *goSrc, fr *goFrame, depth int) goVal {
	if len(parts) == 0 {
		return unknownVal()
	}
	v := p.eval(parts[0], src, fr, -1, depth+1)
	for _, a := range parts[1:] {
		v = p.concat(p.concat(v, sep), p.eval(a, src, fr, -1, depth+1))
	}
	return v
}

// sprintf formats fmt.Sprintf's arguments: %s, %v and %q take the
// argument's texts, other verbs stand for what is not known.
func (p *goProg) sprintf(args []ast.Expr, src *goSrc, fr *goFrame, depth int) goVal {
	format := p.eval(args[0], src, fr, -1, depth+1)
	if len(format.strs) != 1 {
		return unknownVal()
	}
	f := format.strs[0]
	v := goVal{strs: []string{""}, files: format.files}
	next := 1
	for f != "" && p.steps <= maxGoSteps {
		i := strings.IndexByte(f, '%')
		if i < 0 || i+1 == len(f) {
			return p.concat(v, goVal{strs: []string{f}})
		}
		lit := f[:i]
		if f[i+1] == '%' {
			lit += "%"
		}
		v = p.concat(v, goVal{strs: []string{lit}})
		verb := f[i+1]
		f = f[i+2:]
		if verb == '%' {
			continue
		}
		a := unknownVal()
		if next < len(args) && (verb == 's' || verb == 'v' || verb == 'q') {
			a = p.eval(args[next], src, fr, -1, depth+1)
		}
		next++
		v = p.concat(v, a)
	}
	return v
}

// ret is what frame fr's function returns as result idx.
func (p *goProg) ret(fr *goFrame, idx, depth int) goVal {
	if v := fr.rets[idx]; v != nil {
		return *v
	}
	fr.rets[idx] = &goVal{strs: []string{goUnknown}}
	var v goVal
	k := max(idx, 0)
	ast.Inspect(fr.fn.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(v.strs) >= maxGoAlts {
				return false
			}
			switch {
			case len(n.Results) > k:
				v = v.union(p.eval(n.Results[k], fr.fn.src, fr, -1, depth+1))
			case len(n.Results) == 1:
				v = v.union(p.eval(n.Results[0], fr.fn.src, fr, idx, depth+1))
			default:
				v = v.union(unknownVal())
			}
		}
		return true
	})
	if len(v.strs) == 0 {
		v = unknownVal()
	}
	v.files |= fr.fn.src.bit
	fr.rets[idx] = &v
	return v
}

// written returns what write call c (in src, frame fr) puts in its
// file: os.WriteFile's data (append, []byte and string conversions
// followed; a bytes.Buffer or strings.Builder handed over with .Bytes()
// or .String() is what was written to it), or, for a file os.Create or
// os.OpenFile opens, what the function writes to it (writesTo).
func (p *goProg) written(c *ast.CallExpr, src *goSrc, fr *goFrame) goVal {
	if fr == nil {
		return unknownVal()
	}
	p.inData = true
	defer func() { p.inData = false }()
	switch _, name := callName(c); name {
	case "WriteFile":
		if len(c.Args) < 2 {
			return unknownVal()
		}
		if m, ok := c.Args[1].(*ast.CallExpr); ok && len(m.Args) == 0 {
			if sel, ok := m.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Bytes" || sel.Sel.Name == "String") {
				if id, ok := sel.X.(*ast.Ident); ok {
					return p.writesTo(id.Name, src, fr)
				}
			}
		}
		return p.eval(c.Args[1], src, fr, -1, 0)
	case "Create", "OpenFile":
		name := ""
		ast.Inspect(fr.fn.decl.Body, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignStmt); ok && len(a.Rhs) == 1 && a.Rhs[0] == c && len(a.Lhs) > 0 {
				if id, ok := a.Lhs[0].(*ast.Ident); ok {
					name = id.Name
				}
			}
			return name == ""
		})
		return p.writesTo(name, src, fr)
	}
	return unknownVal()
}

// writesTo returns what frame fr's function writes, in order, to the
// writer held by name (any writer when name is ""), or to a writer made
// from it (w := bufio.NewWriter(f)): f.WriteString(s), f.Write(b),
// io.WriteString(f, s), fmt.Fprint, Fprintln and Fprintf(f, ...).
func (p *goProg) writesTo(name string, src *goSrc, fr *goFrame) goVal {
	writerOf := func(e ast.Expr) string {
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = u.X
		}
		if id, ok := e.(*ast.Ident); ok {
			return id.Name
		}
		return ""
	}
	writers := map[string]bool{name: true}
	is := func(w string) bool { return name == "" && w != "" || writers[w] }
	for round := 0; round < 3 && name != ""; round++ {
		ast.Inspect(fr.fn.decl.Body, func(n ast.Node) bool {
			a, ok := n.(*ast.AssignStmt)
			if !ok || len(a.Rhs) != 1 || len(a.Lhs) == 0 {
				return true
			}
			call, ok := a.Rhs[0].(*ast.CallExpr)
			id, isID := a.Lhs[0].(*ast.Ident)
			if !ok || !isID || writers[id.Name] {
				return true
			}
			for _, arg := range call.Args {
				if writers[writerOf(arg)] {
					writers[id.Name] = true
				}
			}
			return true
		})
	}
	out, found := goVal{strs: []string{""}}, false
	ast.Inspect(fr.fn.decl.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || p.steps > maxGoSteps {
			return p.steps <= maxGoSteps
		}
		x, fn := callName(c)
		var v goVal
		switch {
		case (fn == "WriteString" || fn == "Write") && x != "io" && len(c.Args) == 1 && is(x):
			v = p.eval(c.Args[0], src, fr, -1, 0)
		case x == "io" && fn == "WriteString" && len(c.Args) == 2 && is(writerOf(c.Args[0])):
			v = p.eval(c.Args[1], src, fr, -1, 0)
		case x == "fmt" && fn == "Fprintf" && len(c.Args) >= 2 && is(writerOf(c.Args[0])):
			v = p.sprintf(c.Args[1:], src, fr, 0)
		case x == "fmt" && (fn == "Fprint" || fn == "Fprintln") && len(c.Args) >= 2 && is(writerOf(c.Args[0])):
			v = p.join(c.Args[1:], goVal{strs: []string{" "}}, src, fr, 0)
		case (fn == "Execute" || fn == "ExecuteTemplate") && len(c.Args) >= 2 && is(writerOf(c.Args[0])):
			// a text/template or html/template executed into the file
			// puts the template's text there, its actions filled; of
			// templates parsed from files, ExecuteTemplate's by name
			sel, _ := c.Fun.(*ast.SelectorExpr)
			p.tmplName = ""
			if fn == "ExecuteTemplate" && len(c.Args) >= 3 {
				if n := p.eval(c.Args[1], src, fr, -1, 0); len(n.strs) == 1 && !strings.ContainsAny(n.strs[0], goUnknown+goEntry) {
					p.tmplName = n.strs[0]
				}
			}
			v = goTmplRendered(p.tmplText(sel.X, src, fr, 0))
			p.tmplName = ""
		default:
			return true
		}
		out, found = p.concat(out, v), true
		return true
	})
	if !found {
		return unknownVal()
	}
	return out
}

// tmplText returns the text of the template expression e (in src,
// inside frame fr) was parsed from: template.Must(x) is x, x.Parse(s) is
// s, the template New, Funcs, Option, Delims, Lookup or Clone is called
// on is followed, as are the returns of a function of the program that
// makes it, and a name (a local, a package var of this or an
// imported package: t := template.Must(template.New("n").Parse(noteTmpl)))
// by its values. A template read from files of the skill (ParseFiles,
// ParseGlob, ParseFS over an embed.FS or os.DirFS: tmplFiles) is their
// texts, each one; one made otherwise is not known.
func (p *goProg) tmplText(e ast.Expr, src *goSrc, fr *goFrame, depth int) goVal {
	if e == nil || depth > maxGoEvalDepth || !p.step() {
		return unknownVal()
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return p.tmplText(e.X, src, fr, depth+1)
	case *ast.StarExpr:
		return p.tmplText(e.X, src, fr, depth+1)
	case *ast.UnaryExpr:
		return p.tmplText(e.X, src, fr, depth+1)
	case *ast.CallExpr:
		sel, _ := e.Fun.(*ast.SelectorExpr)
		switch _, name := callName(e); {
		case name == "Must" && len(e.Args) == 1:
			return p.tmplText(e.Args[0], src, fr, depth+1)
		case name == "Parse" && len(e.Args) == 1 && sel != nil:
			return p.eval(e.Args[0], src, fr, -1, depth+1)
		case (name == "ParseFiles" || name == "ParseGlob") && len(e.Args) > 0:
			return p.tmplFiles(e.Args, nil, src, fr, depth)
		case name == "ParseFS" && len(e.Args) > 1:
			roots := p.fsRoots(e.Args[0], src, fr, depth+1)
			if len(roots) == 0 {
				return unknownVal()
			}
			return p.tmplFiles(e.Args[1:], roots, src, fr, depth)
		case sel != nil && (name == "Funcs" || name == "Option" || name == "Delims" || name == "Lookup" || name == "Clone"):
			return p.tmplText(sel.X, src, fr, depth+1)
		}
		if fn := p.callee(e, src); fn != nil {
			// a function of the program returning the template
			// (assets.Notes() returning template.Must(template.ParseFS(…)))
			cfr := p.frame(fn, p.args(e, src, fr, depth))
			var v goVal
			ast.Inspect(fn.decl.Body, func(n ast.Node) bool {
				if _, ok := n.(*ast.FuncLit); ok {
					return false
				}
				if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) > 0 && len(v.strs) < maxGoAlts {
					v = v.union(p.tmplText(r.Results[0], fn.src, cfr, depth+1))
				}
				return true
			})
			if len(v.strs) > 0 {
				v.files |= fn.src.bit
				return v
			}
		}
	case *ast.Ident:
		if fr != nil {
			if binds := fr.fn.localBinds()[e.Name]; len(binds) > 0 {
				var v goVal
				for _, b := range binds {
					if len(v.strs) < maxGoAlts {
						v = v.union(p.tmplText(b.e, b.src, fr, depth+1))
					}
				}
				return v
			}
		}
		if b, ok := src.pkg.vals[e.Name]; ok {
			return p.tmplText(b.e, b.src, nil, depth+1)
		}
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.Ident); ok {
			if pk := src.imps[x.Name]; pk != nil {
				if b, ok := pk.vals[e.Sel.Name]; ok {
					return p.tmplText(b.e, b.src, nil, depth+1)
				}
			}
		}
	}
	return unknownVal()
}

// goTmplAction is an action of a Go template ({{.Tool}}, {{- range .}}).
var goTmplAction = lazyRE(`(?s)\{\{.*?\}\}`)

// goTmplRendered is what executing the templates of v writes: their
// text with each action a value the reading does not know.
func goTmplRendered(v goVal) goVal {
	out := goVal{files: v.files}
	for _, s := range v.strs {
		out.strs = append(out.strs, goTmplAction.ReplaceAllString(s, goUnknown))
	}
	return out
}

// goWriteArg returns the index of the argument a call writes to as a
// file (-1 when it writes none): os.WriteFile and its likes, os.Create,
// os.OpenFile with a writing flag, os.Rename, os.Symlink and os.Link
// onto their second argument.
func goWriteArg(c *ast.CallExpr, src *goSrc) int {
	x, name := callName(c)
	switch {
	case name == "WriteFile" || name == "Create" && x != "":
		return 0
	case name == "OpenFile" && len(c.Args) > 1:
		if flags := src.exprText(c.Args[1]); strings.Contains(flags, "O_WRONLY") || strings.Contains(flags, "O_RDWR") ||
			strings.Contains(flags, "O_APPEND") || strings.Contains(flags, "O_CREATE") || strings.Contains(flags, "O_TRUNC") {
			return 0
		}
	case x == "os" && (name == "Rename" || name == "Symlink" || name == "Link"):
		return 1
	}
	return -1
}

// goReadCall reports whether a call reads the file its first argument
// names (os.ReadFile, os.Open, ini.Load, toml.DecodeFile...).
func goReadCall(c *ast.CallExpr) bool {
	_, name := callName(c)
	switch name {
	case "ReadFile", "Open", "OpenFile", "Load", "LoadFile", "DecodeFile", "ParseFile", "LoadSources":
		return len(c.Args) > 0
	}
	return false
}

// exprText is the source text of node e.
func (s *goSrc) exprText(e ast.Node) string {
	a, b := s.offset(e.Pos()), s.offset(e.End())
	if a < 0 || b < a || b > len(s.text) {
		return ""
	}
	return s.text[a:b]
}

// offset is pos's byte offset in s, or -1.
func (s *goSrc) offset(pos token.Pos) int {
	if s.tok == nil || !pos.IsValid() || int(pos) < s.tok.Base() || int(pos) > s.tok.Base()+s.tok.Size() {
		return -1
	}
	return s.tok.Offset(pos)
}

// callEvents returns what call c (in src, frame fr) does: a write to the
// agent's files, a read of credentials, and what the function of the
// program it calls does.
func (p *goProg) callEvents(c *ast.CallExpr, src *goSrc, fr *goFrame, depth int) []goEvent {
	var out []goEvent
	if i := goWriteArg(c, src); i >= 0 && i < len(c.Args) {
		v := p.eval(c.Args[i], src, fr, -1, 0)
		var data *goVal
		for _, s := range v.strs {
			if goAgentTarget(s) == "" {
				continue
			}
			e := goEvent{kind: goEvWrite, what: path.Clean(s), files: v.files | src.bit, at: -1}
			if goInstrTarget(e.what) {
				if data == nil {
					d := p.written(c, src, fr)
					data = &d
				}
				e.data = *data
			}
			out = append(out, e)
		}
	}
	if goReadCall(c) {
		v := p.eval(c.Args[0], src, fr, -1, 0)
		for _, s := range v.strs {
			if s = path.Clean(s); strings.HasPrefix(s, "~/") && credPath.MatchString(s) && !pubKeyPath(s) {
				out = append(out, goEvent{kind: goEvGather, what: s, files: v.files | src.bit, at: -1})
			}
		}
	}
	if fn := p.callee(c, src); fn != nil && depth < maxGoCallDepth {
		out = append(out, p.walk(p.frame(fn, p.args(c, src, fr, 0)), depth+1)...)
	}
	return out
}

// walk returns what frame fr's function does (callEvents over its body),
// and, for a function of another file than the one audited, a bulk
// credential read (bulkCredRead) and a send in its text.
func (p *goProg) walk(fr *goFrame, depth int) []goEvent {
	if fr.walked || fr.walking {
		return fr.events
	}
	fr.walking = true
	src := fr.fn.src
	var evs []goEvent
	if fn := fr.fn; src != p.main {
		if !fn.textRead {
			text := src.exprText(fn.decl.Body)
			fn.bulk, fn.send, fn.textRead = bulkCredRead(src.rel, text), scriptSend(src.rel, text) != nil, true
		}
		if fn.bulk != "" {
			evs = append(evs, goEvent{kind: goEvGather, what: strings.Trim(fn.bulk, "\"' "), files: src.bit, at: -1})
		}
		if fn.send {
			evs = append(evs, goEvent{kind: goEvSend, files: src.bit, at: -1})
		}
	}
	ast.Inspect(fr.fn.decl.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && p.steps <= maxGoSteps {
			evs = addEvents(evs, p.callEvents(c, src, fr, depth))
		}
		return p.steps <= maxGoSteps
	})
	fr.events, fr.walking, fr.walked = evs, false, true
	return evs
}

// addEvents appends evs to to, once each (kind, what and files; the
// data of a second write of the same file joins the first's), at most 64.
func addEvents(to, evs []goEvent) []goEvent {
	for _, e := range evs {
		dup := false
		for i := range to {
			if t := &to[i]; t.kind == e.kind && t.what == e.what && t.files == e.files {
				dup = true
				t.data = t.data.union(e.data)
				break
			}
		}
		if !dup && len(to) < 64 {
			to = append(to, e)
		}
	}
	return to
}

// run returns what the file audited does through its program: every
// function of it followed (callEvents), each event placed at the call of
// the file that reaches it; its own bulk read and send are events too,
// looked for only when a function of another file sends or gathers.
func (p *goProg) run() []goEvent {
	var evs []goEvent
	m := p.main
	for _, d := range m.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		fn := &goFn{decl: fd, src: m}
		if fd.Recv == nil && m.pkg.funcs[fd.Name.Name] != nil && m.pkg.funcs[fd.Name.Name].decl == fd {
			fn = m.pkg.funcs[fd.Name.Name]
		}
		fr := p.frame(fn, nil)
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && p.steps <= maxGoSteps {
				at := m.offset(c.Pos())
				for _, e := range p.callEvents(c, m, fr, 0) {
					if e.at < 0 {
						e.at = at
					}
					evs = addEvents(evs, []goEvent{e})
				}
			}
			return p.steps <= maxGoSteps
		})
	}
	var sends, gathers bool
	for _, e := range evs {
		sends = sends || e.kind == goEvSend && e.files&^m.bit != 0
		gathers = gathers || e.kind == goEvGather && e.files&^m.bit != 0
	}
	if sends {
		if w := bulkCredRead(m.rel, m.text); w != "" {
			evs = addEvents(evs, []goEvent{{kind: goEvGather, what: strings.Trim(w, "\"' "), files: m.bit, at: -1}})
		}
	}
	if gathers {
		if n := scriptSend(m.rel, m.text); n != nil {
			evs = addEvents(evs, []goEvent{{kind: goEvSend, files: m.bit, at: n[0]}})
		}
	}
	return evs
}

// goAgentTarget returns what path s (a goVal text) is of the agent's:
// "settings" for its settings or instructions in the home folder,
// "skills" for a file of a skill the program listed (goEntry) under its
// skills folder there; "" otherwise.
func goAgentTarget(s string) string {
	s = path.Clean(s)
	if !strings.HasPrefix(s, "~/") {
		return ""
	}
	if agentFile.MatchString(s) || agentNamedFile.MatchString(s) {
		return "settings"
	}
	if i := strings.Index(s, "/"+goEntry); i > 0 && skillsDir.MatchString(s[:i]) {
		return "skills"
	}
	return ""
}

// goPlanted returns what makes the text a write puts in the agent's
// instructions (data, a value followed through the program: the note
// with what the reading does not know between its parts) an injection
// there (plantedInjection, hidden text only), "" when nothing does.
func goPlanted(sc *skillCtx, data goVal) string {
	var b strings.Builder
	for _, s := range data.strs {
		if strings.Contains(s, "<!--") || strings.Contains(s, "]: #") {
			b.WriteString(goUnknownLines(s))
			b.WriteString("\n\n")
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return plantedInjection(sc, b.String(), true)
}

// goMDCommentStart is the start of a markdown link-reference comment
// line ([//]: # (…)), whose text ends at its line's end.
var goMDCommentStart = lazyRE(`^ {0,3}\[[^\]\n]+\]:\s*(?:#|<>)`)

// goUnknownLines is text s (a goVal text) as markdown: what the reading
// does not know is a line break between the known parts, but inside a
// link-reference comment, which one line holds, a word ("…"), so a note
// with an action in its middle stays the hidden line it is.
func goUnknownLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		u := "\n"
		if goMDCommentStart.MatchString(l) {
			u = "…"
		}
		lines[i] = strings.NewReplacer(goUnknown, u, goEntry, "*").Replace(l)
	}
	return strings.Join(lines, "\n")
}

// goInstrTarget reports whether path s (a goVal text, cleaned) is one
// of the agent's instructions in the home folder (CLAUDE.md, AGENTS.md,
// GEMINI.md) or a file of a skill the program listed: text written
// there is read by the agent as instructions.
func goInstrTarget(s string) bool {
	switch goAgentTarget(s) {
	case "skills":
		return true
	case "settings":
		return agentInstrMD.MatchString(s)
	}
	return false
}

// goShown is a goVal text as a finding shows it.
func goShown(s string) string {
	return strings.NewReplacer(goUnknown, "…", goEntry, "*").Replace(s)
}

// names lists the files of mask other than the one audited, or says
// "this file" when it is the only one.
func (p *goProg) names(mask uint64) string {
	var out []string
	for _, s := range p.srcs[1:] {
		if mask&s.bit != 0 {
			out = append(out, s.rel)
		}
	}
	for _, f := range p.files {
		if mask&f.bit != 0 {
			out = append(out, f.rel)
		}
	}
	if len(out) == 0 {
		return "this file"
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// goAgentHints and goCredHints are words one of a Go program's texts
// holds when it may write the agent's files (an agent's folder, as
// mayTamper asks) or read credentials (mayBeCred's, an enumeration of
// the environment, a credential manager's call): the program is read
// only then.
var (
	goAgentHints = []string{".claude", ".codex", ".gemini", ".cursor", ".agents", ".windsurf", ".codeium", ".vscode"}
	goCredHints  = []string{"Environ", "secret-tool", "Unprotect", "CredRead", "CredEnumerate"}
)

// goProgramHints reports whether the Go file content or the Go files
// linked to it hold one of goAgentHints, goCredHints or credHints.
func goProgramHints(content string, linked []linkedFile) bool {
	hinted := func(t string) bool {
		return containsAny(t, goAgentHints) || containsAny(t, goCredHints) || mayBeCred(t)
	}
	if hinted(content) {
		return true
	}
	for _, l := range linked {
		if l.goPkg != "" && hinted(l.text) {
			return true
		}
	}
	return false
}

// scanGoProgram reports what the Go file rel (content) does across the
// files of its program (see above); linked are the files linkedOf gave.
// A file with no other file in its program is read as a program of one
// only for the note it plants (goPlanted), once the same-file rule has
// found it writing the agent's files: that rule reads literals, not the
// text a write is given.
func scanGoProgram(sc *skillCtx, rel, content string, linked []linkedFile) {
	has := false
	for _, l := range linked {
		has = has || l.goPkg != ""
	}
	tamper := SeverityNone
	for _, f := range sc.findings {
		if f.File == rel && f.RuleID == "agent-tamper" {
			tamper = max(tamper, f.Severity)
		}
	}
	if !has && tamper != High {
		return
	}
	if !goProgramHints(content, linked) {
		return
	}
	p := newGoProg(rel, content, linked)
	if p == nil {
		return
	}
	evs := p.run()
	if p.steps > maxGoSteps {
		sc.notAudited(rel, 1, "its Go program (the skill's packages it uses) exceeds the reading budget")
	}
	code, lits := goTokens(content)
	li := newLineIndex(content)
	reported := map[string]bool{}
	for _, f := range sc.findings {
		if f.File == rel {
			reported[f.RuleID] = true
		}
	}
	var first, instr, plantedAt *goEvent
	planted := ""
	for i := range evs {
		e := &evs[i]
		if e.kind != goEvWrite || e.at < 0 {
			continue
		}
		if planted == "" && goInstrTarget(e.what) {
			if planted = goPlanted(sc, e.data); planted != "" {
				plantedAt = e
			}
		}
		if bits.OnesCount64(e.files) < 2 || reported["agent-tamper"] {
			continue
		}
		if first == nil {
			first = e
		}
		if instr == nil && goInstrTarget(e.what) {
			instr = e
		}
	}
	if e := first; e != nil {
		sev, files := High, e.files
		switch {
		case plantedAt != nil:
			// the note it writes into the other skills or CLAUDE.md,
			// followed by value: reported at that write
			e, sev, files = plantedAt, Critical, plantedAt.files|plantedAt.data.files
		case instr != nil:
			// a note among this file's literals, given to a write
			if planted = plantedInLits(sc, code, lits, true); planted != "" {
				e, sev = instr, Critical
			}
		}
		kind := goAgentTarget(e.what)
		ln := li.line(e.at)
		reason := "writes " + Escape(goShown(e.what), 80) + ", the agent's own settings or instructions in the home folder, through " + p.names(files) + ": what it obeys next comes from this skill"
		if kind == "skills" {
			reason = "writes " + Escape(goShown(e.what), 80) + " through " + p.names(files) + ": it rewrites the other skills installed for the agent"
		} else {
			all := append([]litSpan(nil), lits...)
			for _, s := range p.srcs[1:] { // a hook may be built anywhere in the program
				_, ls := goTokens(s.text)
				for _, l := range ls {
					all = append(all, litSpan{e.at, l.body})
				}
			}
			agentHookLits(sc, rel, code, all)
		}
		if planted != "" {
			reason += ", and plants " + planted + " there"
		}
		sc.add(rel, ln, "agent-tamper", sev, reason, strings.TrimSpace(lineText(content, li, ln)))
	} else if plantedAt != nil && tamper < Critical {
		// the write the same-file rule found (or one into a path this
		// file names alone): what it writes is the note, built in this
		// file or another
		e := plantedAt
		ln := li.line(e.at)
		via := ""
		if files := e.files | e.data.files; files&^p.main.bit != 0 {
			via = " through " + p.names(files)
		}
		reason := "writes " + Escape(goShown(e.what), 80) + ", the agent's own instructions in the home folder," + via + " and plants " + planted + " there"
		if goAgentTarget(e.what) == "skills" {
			reason = "writes " + Escape(goShown(e.what), 80) + via + ": it rewrites the other skills installed for the agent, and plants " + planted + " there"
		}
		sc.add(rel, ln, "agent-tamper", Critical, reason, strings.TrimSpace(lineText(content, li, ln)))
	}
	if !has {
		return
	}
	if reported["credential-exfil"] {
		return
	}
	for _, g := range evs {
		if g.kind != goEvGather {
			continue
		}
		for _, s := range evs {
			if s.kind != goEvSend || bits.OnesCount64(g.files|s.files) < 2 {
				continue
			}
			at := g.at
			if at < 0 || g.files&^p.main.bit == 0 {
				at = s.at
			}
			if at < 0 {
				continue
			}
			ln := li.line(at)
			via := " through "
			if g.files == p.main.bit {
				via = " in "
			}
			sc.add(rel, ln, "credential-exfil", Critical, "reads "+Escape(goShown(g.what), 80)+via+p.names(g.files)+" and sends data over the network in "+p.names(s.files)+"; this program joins the two", strings.TrimSpace(lineText(content, li, ln)))
			return
		}
	}
}
