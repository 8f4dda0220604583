package audit

import (
	"context"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// Jsonnet (.jsonnet, .libsonnet) writes settings files as the object it
// evaluates to: `jsonnet -m` writes each top-level field as a file,
// std.manifestJsonEx / std.manifestTomlEx turn an object into JSON or
// TOML. A switch built from pieces ('bypass' + 'Permissions'), held in
// a table whose row an imported file selects (profiles[team.profile])
// and written under another key (defaultMode: p.mode) is set by the
// output as surely as one spelled out. As template values are rendered
// from their literals (tplvalues.go), a small, bounded evaluator reads
// the file: locals, imports of the skill's .jsonnet/.libsonnet/.json
// files (a cycle finds nothing), objects, arrays, field lookup and
// indexing, + of strings and objects, user functions, conditionals
// whose test is decidable, std.join, std.format and % of literals; any
// other expression is unknown. The output's fields with a known string,
// boolean or number value defined in the file are written as JSON
// ("key": value) at the field's own line, and the settings rules
// (scanConfig) read that text. Only the output is rendered: a table row
// no output field selects is not, though a library that exports every
// row renders each of them.

// jsonnetExts are the Jsonnet files evaluated here.
var jsonnetExts = lazySet(".jsonnet", ".libsonnet")

// jsonnetImportExts are the files a Jsonnet import is read from.
var jsonnetImportExts = lazySet(".jsonnet", ".libsonnet", ".json")

// maxJsonnetImports bounds the files a Jsonnet file's imports read.
const maxJsonnetImports = 16

// jsonnetMaxSteps bounds the evaluation steps one file's rendering takes.
const jsonnetMaxSteps = 50000

// jsMaxLen bounds a string's bytes and an array's or object's members
// (doubling a value in a chain of locals grows it fast): a longer value
// is unknown.
const jsMaxLen = 1 << 16

// jsonnetImportRe is an import of a file (not importstr/importbin):
// group 1 the quoted name.
var jsonnetImportRe = lazyRE(`\bimport\s*('[^'\n]*'|"[^"\n]*")`)

// isJsonnet reports whether rel is a Jsonnet file.
func isJsonnet(rel string) bool {
	return jsonnetExts()[strings.ToLower(path.Ext(rel))]
}

// jsonnetImportFile returns the skill file an import of name from rel
// means: the file at name relative to rel's folder, else one whose path
// ends in /name (a library path, -J, is the tool's choice); "" when none.
func jsonnetImportFile(rel, name string, files []string) string {
	if !jsonnetImportExts()[strings.ToLower(path.Ext(name))] {
		return ""
	}
	near := path.Join(path.Dir(rel), name)
	for _, f := range files {
		if f == near {
			return f
		}
	}
	clean := strings.TrimPrefix(path.Clean("/"+name), "/")
	for _, f := range files {
		if f != rel && (f == clean || strings.HasSuffix(f, "/"+clean)) {
			return f
		}
	}
	return ""
}

// jsonnetImportsOf returns the files a Jsonnet file imports, and those
// they import, read as the audit reads every file, at most
// maxJsonnetImports; nil for any other file. Their hashes are part of
// the file's cache key.
func jsonnetImportsOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string) []linkedFile {
	if !isJsonnet(rel) || !strings.Contains(content, "import") {
		return nil
	}
	var out []linkedFile
	have := map[string]bool{rel: true}
	queue := []linkedFile{{rel: rel, text: content}}
	for len(queue) > 0 && len(out) < maxJsonnetImports {
		cur := queue[0]
		queue = queue[1:]
		for _, m := range jsonnetImportRe.FindAllStringSubmatch(cur.text, 32) {
			f := jsonnetImportFile(cur.rel, m[1][1:len(m[1])-1], files)
			if f == "" || have[f] || len(out) >= maxJsonnetImports {
				continue
			}
			have[f] = true
			text, err := readForAudit(ctx, src, s, f)
			if err != nil {
				continue
			}
			out = append(out, linkedFile{rel: f, text: text, data: true})
			queue = append(queue, linkedFile{rel: f, text: text})
		}
	}
	return out
}

// scanJsonnetSettings reads the settings a Jsonnet file's output sets
// (see above) with the settings rules, at the lines of their fields.
func scanJsonnetSettings(sc *skillCtx, rel, content string) {
	if !isJsonnet(rel) || !strings.Contains(content, ":") {
		return
	}
	rendered, ok := jsonnetRendered(rel, content, sc.partials)
	if !ok {
		return
	}
	before := len(sc.findings)
	sc.setText(rendered)
	scanConfig(sc, rel, rendered, 1, inScript)
	sc.setText(content)
	sc.restoreEvidence(rel, before, content, rendered)
}

// jsonnetRendered returns, for each line of the Jsonnet file rel, the
// fields of its output defined on that line whose value is a known
// string, boolean or number, as JSON ("key": value), and whether there
// is any.
func jsonnetRendered(rel, content string, imports []linkedFile) (string, bool) {
	ev := &jsonnetEval{files: map[string]string{rel: content}, cache: map[string]jsVal{}}
	for _, l := range imports {
		ev.files[l.rel] = l.text
	}
	out := ev.importFile(rel)
	lines := make([]string, strings.Count(content, "\n")+1)
	any := false
	ev.render(out, rel, lines, 0, &any)
	if !any {
		return "", false
	}
	return strings.Join(lines, "\n"), true
}

// render writes v's known scalar fields defined in file rel to lines.
func (ev *jsonnetEval) render(v jsVal, rel string, lines []string, depth int, any *bool) {
	if depth > 32 || ev.steps > jsonnetMaxSteps*2 {
		return
	}
	ev.steps++
	switch v.kind {
	case jsManifest:
		ev.render(*v.inner, rel, lines, depth+1, any)
	case jsArray:
		for _, e := range v.arr {
			ev.render(e, rel, lines, depth+1, any)
		}
	case jsObject:
		for _, f := range v.obj {
			if f.hidden {
				continue
			}
			if f.file == rel && f.line >= 1 && f.line <= len(lines) {
				if s, ok := f.val.json(); ok {
					if lines[f.line-1] != "" {
						lines[f.line-1] += ", "
					}
					lines[f.line-1] += strconv.Quote(f.key) + ": " + s
					*any = true
				}
			}
			ev.render(f.val, rel, lines, depth+1, any)
		}
	}
}

// jsVal kinds.
const (
	jsUnknown = iota
	jsNull
	jsBool
	jsNum
	jsStr
	jsArray
	jsObject
	jsFunc
	jsManifest // an object written out by std.manifest*: its fields are the file's
)

// jsVal is a Jsonnet value as far as literals make it.
type jsVal struct {
	kind  int
	s     string // a string; a number or boolean as written
	arr   []jsVal
	obj   []jsField
	inner *jsVal // a manifest's object
	fn    *jsFn
}

// jsField is an object's field and where it is defined.
type jsField struct {
	key    string
	val    jsVal
	hidden bool
	plus   bool // key+: value, merged into the field it overrides
	file   string
	line   int
}

// jsFn is a function and the names it closes over.
type jsFn struct {
	params []string
	defs   []*jsNode
	body   *jsNode
	env    *jsEnv
	file   string
}

// json returns a scalar as JSON, and whether v is a known scalar.
func (v jsVal) json() (string, bool) {
	switch v.kind {
	case jsStr:
		return strconv.Quote(v.s), true
	case jsBool, jsNum:
		return v.s, true
	case jsNull:
		return "null", true
	}
	return "", false
}

// text returns v as text where a string is wanted (% and std.format's
// %s), and whether it is known.
func (v jsVal) text() (string, bool) {
	switch v.kind {
	case jsStr, jsBool, jsNum:
		return v.s, true
	case jsNull:
		return "null", true
	}
	return "", false
}

// field returns the value of field key of object v.
func (v jsVal) field(key string) jsVal {
	if v.kind == jsManifest {
		return jsVal{}
	}
	for i := len(v.obj) - 1; i >= 0; i-- {
		if v.obj[i].key == key {
			return v.obj[i].val
		}
	}
	return jsVal{}
}

// jsEnv is a scope of names.
type jsEnv struct {
	names map[string]jsVal
	up    *jsEnv
}

func (e *jsEnv) get(n string) jsVal {
	for ; e != nil; e = e.up {
		if v, ok := e.names[n]; ok {
			return v
		}
	}
	return jsVal{}
}

// jsonnetEval evaluates the files of one rendering.
type jsonnetEval struct {
	files map[string]string
	cache map[string]jsVal
	steps int
	depth int
}

// importFile returns the value file rel evaluates to; unknown for a file
// not read, and while it is being read (an import cycle).
func (ev *jsonnetEval) importFile(rel string) jsVal {
	if v, ok := ev.cache[rel]; ok {
		return v
	}
	text, ok := ev.files[rel]
	if !ok {
		return jsVal{}
	}
	ev.cache[rel] = jsVal{}
	p := &jsParser{toks: jsTokens(text), file: rel}
	n := p.expr(0)
	if p.bad || p.i != len(p.toks) {
		return jsVal{}
	}
	v := ev.eval(n, &jsEnv{names: map[string]jsVal{}}, rel)
	ev.cache[rel] = v
	return v
}

// call applies function f to args (named ones in named).
func (ev *jsonnetEval) call(f jsVal, args []jsVal, named map[string]jsVal) jsVal {
	if f.kind != jsFunc || ev.depth > 64 {
		return jsVal{}
	}
	env := &jsEnv{names: map[string]jsVal{}, up: f.fn.env}
	for i, p := range f.fn.params {
		switch {
		case i < len(args):
			env.names[p] = args[i]
		case named != nil && named[p].kind != jsUnknown:
			env.names[p] = named[p]
		case f.fn.defs[i] != nil:
			env.names[p] = jsVal{} // bound below, where the other parameters are seen
		}
	}
	for i, p := range f.fn.params {
		if i >= len(args) && (named == nil || named[p].kind == jsUnknown) && f.fn.defs[i] != nil {
			env.names[p] = ev.eval(f.fn.defs[i], env, f.fn.file)
		}
	}
	ev.depth++
	defer func() { ev.depth-- }()
	return ev.eval(f.fn.body, env, f.fn.file)
}

// jsNode kinds.
const (
	jnLit = iota
	jnName
	jnLocal
	jnObject
	jnArray
	jnIndex
	jnCall
	jnBinary
	jnUnary
	jnIf
	jnFunc
	jnImport
	jnUnknown
)

// jsNode is a parsed Jsonnet expression.
type jsNode struct {
	kind int
	op   string // binary or unary operator; a name; import's file
	lit  jsVal  // a literal
	kids []*jsNode
	// binds are a local's bindings (names), an object's locals
	binds []jsBind
	// fields are an object's fields
	fields []jsFieldNode
	params []string
	named  []string // a call's argument names ("" for positional)
	line   int
}

// jsBind is a local binding; params non-nil for local f(x) = ….
type jsBind struct {
	name   string
	params []string
	defs   []*jsNode
	fn     bool
	val    *jsNode
}

// jsFieldNode is an object literal's field.
type jsFieldNode struct {
	key    *jsNode // a literal or computed key
	val    *jsNode
	hidden bool
	plus   bool // key+: value
	line   int
}

// eval evaluates n in env (file rel's).
func (ev *jsonnetEval) eval(n *jsNode, env *jsEnv, rel string) jsVal {
	ev.steps++
	if n == nil || ev.steps > jsonnetMaxSteps {
		return jsVal{}
	}
	switch n.kind {
	case jnLit:
		return n.lit
	case jnName:
		if n.op == "std" {
			return jsVal{kind: jsObject, s: "std"}
		}
		return env.get(n.op)
	case jnLocal:
		env = ev.bind(n.binds, env, rel)
		return ev.eval(n.kids[0], env, rel)
	case jnFunc:
		return jsVal{kind: jsFunc, fn: &jsFn{params: n.params, defs: n.kids[1:], body: n.kids[0], env: env, file: rel}}
	case jnImport:
		from, name, _ := strings.Cut(n.op, "\x00")
		var files []string
		for f := range ev.files {
			files = append(files, f)
		}
		sort.Strings(files)
		return ev.importFile(jsonnetImportFile(from, name, files))
	case jnArray:
		a := jsVal{kind: jsArray}
		for _, k := range n.kids {
			a.arr = append(a.arr, ev.eval(k, env, rel))
		}
		return a
	case jnObject:
		oenv := ev.bind(n.binds, env, rel)
		o := jsVal{kind: jsObject}
		for _, f := range n.fields {
			k := ev.eval(f.key, oenv, rel)
			if k.kind != jsStr {
				continue
			}
			v := ev.eval(f.val, oenv, rel)
			o.obj = append(o.obj, jsField{key: k.s, val: v, hidden: f.hidden, plus: f.plus, file: rel, line: f.line})
		}
		return o
	case jnIndex:
		t := ev.eval(n.kids[0], env, rel)
		k := ev.eval(n.kids[1], env, rel)
		if t.kind == jsObject && t.s == "std" && k.kind == jsStr {
			return jsVal{kind: jsFunc, s: "std." + k.s}
		}
		switch {
		case t.kind == jsObject && k.kind == jsStr:
			return t.field(k.s)
		case t.kind == jsArray && k.kind == jsNum:
			i, err := strconv.Atoi(k.s)
			if err == nil && i >= 0 && i < len(t.arr) {
				return t.arr[i]
			}
		}
		return jsVal{}
	case jnCall:
		f := ev.eval(n.kids[0], env, rel)
		var args []jsVal
		var named map[string]jsVal
		for i, a := range n.kids[1:] {
			v := ev.eval(a, env, rel)
			if n.named[i] != "" {
				if named == nil {
					named = map[string]jsVal{}
				}
				named[n.named[i]] = v
				continue
			}
			args = append(args, v)
		}
		if f.kind == jsFunc && f.fn == nil {
			return jsStd(f.s, args)
		}
		return ev.call(f, args, named)
	case jnUnary:
		v := ev.eval(n.kids[0], env, rel)
		if n.op == "!" && v.kind == jsBool {
			return jsBoolVal(v.s != "true")
		}
		return jsVal{}
	case jnIf:
		c := ev.eval(n.kids[0], env, rel)
		if c.kind != jsBool {
			return jsVal{}
		}
		if c.s == "true" {
			return ev.eval(n.kids[1], env, rel)
		}
		if len(n.kids) > 2 {
			return ev.eval(n.kids[2], env, rel)
		}
		return jsVal{kind: jsNull}
	case jnBinary:
		a := ev.eval(n.kids[0], env, rel)
		switch n.op {
		case "&&", "||":
			if a.kind != jsBool {
				return jsVal{}
			}
			if (a.s == "true") == (n.op == "||") {
				return a
			}
			b := ev.eval(n.kids[1], env, rel)
			if b.kind != jsBool {
				return jsVal{}
			}
			return b
		}
		b := ev.eval(n.kids[1], env, rel)
		switch n.op {
		case "+":
			return jsPlus(a, b)
		case "==", "!=":
			as, aok := a.json()
			bs, bok := b.json()
			if !aok || !bok || a.kind != b.kind {
				if aok && bok {
					return jsBoolVal(n.op == "!=")
				}
				return jsVal{}
			}
			return jsBoolVal((as == bs) == (n.op == "=="))
		case "%":
			if a.kind == jsStr {
				if b.kind == jsArray {
					return jsFormat(a.s, b.arr)
				}
				return jsFormat(a.s, []jsVal{b})
			}
		}
		return jsVal{}
	}
	return jsVal{}
}

// bind evaluates local bindings in order into a new scope; a function
// binding closes over the scope itself, so it may call itself (bounded).
func (ev *jsonnetEval) bind(binds []jsBind, env *jsEnv, rel string) *jsEnv {
	if len(binds) == 0 {
		return env
	}
	scope := &jsEnv{names: map[string]jsVal{}, up: env}
	for _, b := range binds {
		if b.fn {
			scope.names[b.name] = jsVal{kind: jsFunc, fn: &jsFn{params: b.params, defs: b.defs, body: b.val, env: scope, file: rel}}
			continue
		}
		scope.names[b.name] = ev.eval(b.val, scope, rel)
	}
	return scope
}

func jsBoolVal(b bool) jsVal {
	return jsVal{kind: jsBool, s: strconv.FormatBool(b)}
}

// jsPlus is Jsonnet's +: strings (or a string and a scalar) joined,
// arrays appended, objects merged (the right's fields win); an object
// written out stays itself with text added.
func jsPlus(a, b jsVal) jsVal {
	switch {
	case a.kind == jsManifest && (b.kind == jsStr || b.kind == jsUnknown):
		return a
	case b.kind == jsManifest && (a.kind == jsStr || a.kind == jsUnknown):
		return b
	case a.kind == jsUnknown && b.kind == jsObject:
		return b // an unknown base (key+: on an unknown super): the added fields stand
	case a.kind == jsObject && b.kind == jsObject && a.s == "" && b.s == "":
		if len(a.obj)+len(b.obj) > jsMaxLen/16 {
			return jsVal{}
		}
		o := jsVal{kind: jsObject}
		over := map[string]jsField{}
		for _, f := range b.obj {
			over[f.key] = f
		}
		for _, f := range a.obj {
			if g, ok := over[f.key]; ok {
				if g.plus {
					// the right's key+: adds to the left's value
					g.val = jsPlus(f.val, g.val)
					g.plus = false
					over[f.key] = g
				}
				continue // the right's field stands instead
			}
			o.obj = append(o.obj, f)
		}
		for _, f := range b.obj {
			if g, ok := over[f.key]; ok {
				o.obj = append(o.obj, g)
				delete(over, f.key)
			}
		}
		return o
	case a.kind == jsArray && b.kind == jsArray:
		if len(a.arr)+len(b.arr) > jsMaxLen/16 {
			return jsVal{}
		}
		return jsVal{kind: jsArray, arr: append(append([]jsVal(nil), a.arr...), b.arr...)}
	case a.kind == jsStr || b.kind == jsStr:
		as, aok := a.text()
		bs, bok := b.text()
		if aok && bok && len(as)+len(bs) <= jsMaxLen {
			return jsVal{kind: jsStr, s: as + bs}
		}
	}
	return jsVal{}
}

// jsFormat is Jsonnet's % and std.format with %s, %d and %% of known
// values; any other verb makes it unknown.
func jsFormat(f string, args []jsVal) jsVal {
	var b strings.Builder
	n := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteByte(f[i])
			continue
		}
		if i+1 >= len(f) {
			return jsVal{}
		}
		i++
		switch f[i] {
		case '%':
			b.WriteByte('%')
		case 's', 'd':
			if n >= len(args) {
				return jsVal{}
			}
			s, ok := args[n].text()
			if !ok {
				return jsVal{}
			}
			b.WriteString(s)
			n++
			if b.Len() > jsMaxLen {
				return jsVal{}
			}
		default:
			return jsVal{}
		}
	}
	return jsVal{kind: jsStr, s: b.String()}
}

// jsStd applies a std function known here; any other is unknown.
func jsStd(name string, args []jsVal) jsVal {
	switch name {
	case "std.manifestJsonEx", "std.manifestJson", "std.manifestJsonMinified", "std.manifestTomlEx", "std.manifestToml",
		"std.manifestYamlDoc", "std.manifestIni":
		if len(args) > 0 && args[0].kind == jsObject {
			in := args[0]
			return jsVal{kind: jsManifest, inner: &in}
		}
	case "std.join":
		if len(args) == 2 && args[0].kind == jsStr && args[1].kind == jsArray {
			var parts []string
			size := 0
			for _, e := range args[1].arr {
				size += len(e.s) + len(args[0].s)
				if e.kind != jsStr || size > jsMaxLen {
					return jsVal{}
				}
				parts = append(parts, e.s)
			}
			return jsVal{kind: jsStr, s: strings.Join(parts, args[0].s)}
		}
	case "std.format":
		if len(args) == 2 && args[0].kind == jsStr {
			if args[1].kind == jsArray {
				return jsFormat(args[0].s, args[1].arr)
			}
			return jsFormat(args[0].s, args[1:])
		}
	case "std.asciiLower", "std.asciiUpper", "std.toString":
		if len(args) == 1 {
			s, ok := args[0].text()
			if !ok {
				return jsVal{}
			}
			switch name {
			case "std.asciiLower":
				s = strings.ToLower(s)
			case "std.asciiUpper":
				s = strings.ToUpper(s)
			}
			return jsVal{kind: jsStr, s: s}
		}
	case "std.strReplace":
		if len(args) == 3 && args[0].kind == jsStr && args[1].kind == jsStr && args[2].kind == jsStr && args[1].s != "" &&
			len(args[0].s)+strings.Count(args[0].s, args[1].s)*len(args[2].s) <= jsMaxLen {
			return jsVal{kind: jsStr, s: strings.ReplaceAll(args[0].s, args[1].s, args[2].s)}
		}
	case "std.mergePatch":
		if len(args) == 2 {
			return jsPlus(args[0], args[1])
		}
	}
	return jsVal{}
}
