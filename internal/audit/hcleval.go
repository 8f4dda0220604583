package audit

import (
	"path"
	"strconv"
	"strings"
)

// A small evaluator of the HCL expressions a Terraform or Packer module
// builds its host commands' paths from (hclwipe.go): string templates,
// lists, objects, for expressions, conditionals on == and !=, and the
// functions paths are made with (pathexpand, trimsuffix, format, join,
// coalesce, ...). References read the module's values: a variable's
// default (or a .tfvars value), a local, the resource's own input or
// triggers (self.input.x), each.key and each.value of a for_each. What
// it cannot work out (a resource attribute, an unknown function, a
// variable with no default) is unknown, never guessed; pathexpand's home
// folder is hclHome, so a path built from it can be told from a literal
// "~" the shell would not expand inside quotes.

// hclHome stands for the home folder pathexpand (or Packer's
// env("HOME")) puts at a path's start.
const hclHome = "\x00"

// hclVal is a value: a string (numbers and bools as their text), a list
// or an object; known false when the evaluator could not work it out.
type hclVal struct {
	known bool
	null  bool
	s     string
	list  []hclVal
	isObj bool
	obj   map[string]hclVal
	isLst bool
}

// hclUnknown is a value the evaluator could not work out.
var hclUnknown = hclVal{}

// hclStr is a known string.
func hclStr(s string) hclVal { return hclVal{known: true, s: s} }

// hclBool is a known bool.
func hclBool(b bool) hclVal { return hclStr(strconv.FormatBool(b)) }

// plain reports whether v is a known string (not a list or object).
func (v hclVal) plain() bool { return v.known && !v.isLst && !v.isObj }

// hclModuleEnv holds what a module's references read, as source text:
// variables' values (defaults, then .tfvars), locals, and the resource's
// self attributes and for_each element.
type hclModuleEnv struct {
	vars, locals map[string]string
	self         map[string]string // input, triggers, triggers_replace: source
	each         *[2]hclVal        // each.key, each.value
	steps, depth int
}

// maxHCLSteps bounds the work of one evaluation (references can chain
// and for expressions multiply).
const maxHCLSteps = 20000

// hclEval is one expression's parse state.
type hclEval struct {
	env   *hclModuleEnv
	src   string
	i     int
	scope map[string]hclVal
}

// eval evaluates the expression src with the module's values.
func (e *hclModuleEnv) eval(src string, scope map[string]hclVal) hclVal {
	if e.depth > 12 || e.steps > maxHCLSteps {
		return hclUnknown
	}
	e.depth++
	defer func() { e.depth-- }()
	p := &hclEval{env: e, src: src, scope: scope}
	v := p.expr()
	p.ws()
	if p.i < len(p.src) {
		return hclUnknown // more than the reader understands
	}
	return v
}

// ref evaluates the source text a reference names (a variable's default,
// a local), unknown when there is none.
func (e *hclModuleEnv) ref(m map[string]string, name string) hclVal {
	src, ok := m[name]
	if !ok {
		return hclUnknown
	}
	return e.eval(src, nil)
}

func (p *hclEval) ws() {
	for p.i < len(p.src) {
		switch c := p.src[p.i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.i++
		case c == '#' || strings.HasPrefix(p.src[p.i:], "//"):
			for p.i < len(p.src) && p.src[p.i] != '\n' {
				p.i++
			}
		default:
			return
		}
	}
}

func (p *hclEval) eat(s string) bool {
	p.ws()
	if strings.HasPrefix(p.src[p.i:], s) {
		p.i += len(s)
		return true
	}
	return false
}

// step counts work against the budget; false once it is spent.
func (p *hclEval) step() bool {
	p.env.steps++
	return p.env.steps <= maxHCLSteps
}

// maxHCLValue bounds a string value's length and maxHCLList a list's
// elements: formats and joins nested in one expression could otherwise
// double a value at every level.
const (
	maxHCLValue = 4096
	maxHCLList  = 256
)

// expr reads one expression; a value over the bounds is unknown.
func (p *hclEval) expr() hclVal {
	v := p.cond()
	if len(v.s) > maxHCLValue || len(v.list) > maxHCLList || len(v.obj) > maxHCLList {
		return hclUnknown
	}
	return v
}

func (p *hclEval) cond() hclVal {
	if !p.step() {
		p.i = len(p.src)
		return hclUnknown
	}
	c := p.cmp()
	if !p.eat("?") {
		return c
	}
	a := p.expr()
	if !p.eat(":") {
		p.i = len(p.src)
		return hclUnknown
	}
	b := p.expr()
	switch {
	case !c.plain():
		return hclUnknown
	case c.s == "true":
		return a
	case c.s == "false":
		return b
	}
	return hclUnknown
}

func (p *hclEval) cmp() hclVal {
	a := p.logic()
	for {
		p.ws()
		rest := p.src[p.i:]
		switch {
		case strings.HasPrefix(rest, "=="), strings.HasPrefix(rest, "!="):
			p.i += 2
			b := p.logic()
			if !a.known || !b.known || a.isLst || b.isLst || a.isObj || b.isObj {
				a = hclUnknown
				continue
			}
			eq := a.null == b.null && a.s == b.s
			a = hclBool(eq == strings.HasPrefix(rest, "=="))
		default:
			return a
		}
	}
}

// logic reads && and || (and the arithmetic and ordering operators,
// whose values the reader does not need: unknown).
func (p *hclEval) logic() hclVal {
	a := p.unary()
	for {
		p.ws()
		rest := p.src[p.i:]
		op := ""
		for _, o := range []string{"&&", "||", "<=", ">=", "<", ">", "+", "-", "*", "/", "%"} {
			if strings.HasPrefix(rest, o) && !strings.HasPrefix(rest, "//") {
				op = o
				break
			}
		}
		if op == "" {
			return a
		}
		p.i += len(op)
		b := p.unary()
		switch {
		case op == "&&" && a.plain() && b.plain():
			a = hclBool(a.s == "true" && b.s == "true")
		case op == "||" && a.plain() && b.plain():
			a = hclBool(a.s == "true" || b.s == "true")
		default:
			a = hclUnknown
		}
	}
}

func (p *hclEval) unary() hclVal {
	if p.eat("!") {
		v := p.unary()
		if v.plain() && (v.s == "true" || v.s == "false") {
			return hclBool(v.s == "false")
		}
		return hclUnknown
	}
	if p.eat("-") {
		p.unary()
		return hclUnknown
	}
	return p.postfix(p.primary())
}

// postfix reads .name and [index] after a value.
func (p *hclEval) postfix(v hclVal) hclVal {
	for p.i < len(p.src) {
		switch {
		case strings.HasPrefix(p.src[p.i:], ".") && p.i+1 < len(p.src) && isHCLIdentStart(p.src[p.i+1]):
			p.i++
			name := p.ident()
			v = v.field(name)
		case strings.HasPrefix(p.src[p.i:], "["):
			p.i++
			if p.eat("*") {
				p.eat("]")
				continue
			}
			k := p.expr()
			if !p.eat("]") {
				p.i = len(p.src)
				return hclUnknown
			}
			v = v.index(k)
		default:
			return v
		}
	}
	return v
}

// field returns an object's attribute.
func (v hclVal) field(name string) hclVal {
	if v.isObj {
		if f, ok := v.obj[name]; ok {
			return f
		}
	}
	return hclUnknown
}

// index returns a list's element or an object's attribute.
func (v hclVal) index(k hclVal) hclVal {
	if !k.plain() {
		return hclUnknown
	}
	if v.isObj {
		return v.field(k.s)
	}
	if v.isLst {
		if n, err := strconv.Atoi(k.s); err == nil && n >= 0 && n < len(v.list) {
			return v.list[n]
		}
	}
	return hclUnknown
}

func isHCLIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func (p *hclEval) ident() string {
	j := p.i
	for p.i < len(p.src) {
		c := p.src[p.i]
		if !isHCLIdentStart(c) && !(c >= '0' && c <= '9') && c != '-' {
			break
		}
		p.i++
	}
	return p.src[j:p.i]
}

func (p *hclEval) primary() hclVal {
	p.ws()
	if p.i >= len(p.src) {
		return hclUnknown
	}
	switch c := p.src[p.i]; {
	case c == '"':
		return p.template()
	case c == '(':
		p.i++
		v := p.expr()
		if !p.eat(")") {
			p.i = len(p.src)
			return hclUnknown
		}
		return v
	case c == '[':
		p.i++
		return p.listOrFor()
	case c == '{':
		p.i++
		return p.object()
	case c >= '0' && c <= '9':
		j := p.i
		for p.i < len(p.src) && (p.src[p.i] >= '0' && p.src[p.i] <= '9' || p.src[p.i] == '.') {
			p.i++
		}
		return hclStr(p.src[j:p.i])
	case isHCLIdentStart(c):
		name := p.ident()
		p.ws()
		if p.i < len(p.src) && p.src[p.i] == '(' {
			p.i++
			args := p.args(')')
			return hclCall(name, args)
		}
		return p.reference(name)
	}
	p.i = len(p.src)
	return hclUnknown
}

// args reads a call's arguments to the closing bracket (an expanding
// ... after the last is read as its list's elements).
func (p *hclEval) args(closer byte) []hclVal {
	var out []hclVal
	for len(out) < 64 {
		p.ws()
		if p.i >= len(p.src) {
			return out
		}
		if p.src[p.i] == closer {
			p.i++
			return out
		}
		v := p.expr()
		if p.eat("...") && v.isLst {
			out = append(out, v.list...)
		} else {
			out = append(out, v)
		}
		if !p.eat(",") {
			p.ws()
			if p.i < len(p.src) && p.src[p.i] == closer {
				p.i++
			} else {
				p.i = len(p.src)
			}
			return out
		}
	}
	p.i = len(p.src)
	return out
}

// reference reads a name and what follows it: var.x, local.x, self.x,
// each.key, path.module, a for expression's own names.
func (p *hclEval) reference(name string) hclVal {
	switch name {
	case "true", "false":
		return hclStr(name)
	case "null":
		return hclVal{known: true, null: true}
	}
	if v, ok := p.scope[name]; ok {
		return v
	}
	if !strings.HasPrefix(p.src[p.i:], ".") {
		return hclUnknown
	}
	p.i++
	attr := p.ident()
	e := p.env
	switch name {
	case "var":
		return e.ref(e.vars, attr)
	case "local":
		return e.ref(e.locals, attr)
	case "self":
		if attr == "output" {
			attr = "input" // terraform_data's output is its input
		}
		return e.ref(e.self, attr)
	case "each":
		if e.each != nil && (attr == "key" || attr == "value") {
			if attr == "key" {
				return e.each[0]
			}
			return e.each[1]
		}
	case "path":
		return hclStr(".") // the module's folder: the command's own
	}
	return hclUnknown
}

// template reads a quoted string: its escapes, and each ${...} evaluated
// (unknown makes the string unknown); a %{...} directive is unknown.
func (p *hclEval) template() hclVal {
	s, end, ok := hclQuoted(p.src, p.i)
	if !ok {
		p.i = len(p.src)
		return hclUnknown
	}
	p.i = end
	return p.env.interpolate(s, p.scope)
}

// interpolate evaluates the ${...} of a template's text.
func (e *hclModuleEnv) interpolate(s string, scope map[string]hclVal) hclVal {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "$${"), strings.HasPrefix(s[i:], "%%{"):
			b.WriteString(s[i+1 : i+3])
			i += 2
		case strings.HasPrefix(s[i:], "%{"):
			return hclUnknown
		case hclInterpEnd(s, i) > i:
			k := hclInterpEnd(s, i)
			inner := strings.TrimSuffix(strings.TrimPrefix(s[i+2:k-1], "~"), "~")
			v := e.eval(inner, scope)
			if !v.plain() || v.null {
				return hclUnknown
			}
			b.WriteString(v.s)
			i = k - 1
		default:
			b.WriteByte(s[i])
		}
		if b.Len() > maxHCLValue {
			return hclUnknown
		}
	}
	return hclStr(b.String())
}

// listOrFor reads a list, or a [for ...] expression, after its [.
func (p *hclEval) listOrFor() hclVal {
	save := p.i
	p.ws()
	if strings.HasPrefix(p.src[p.i:], "for") && p.i+3 < len(p.src) && !isHCLIdentStart(p.src[p.i+3]) {
		p.i += 3
		return p.forExpr(']')
	}
	p.i = save
	elems := p.args(']')
	return hclVal{known: true, isLst: true, list: elems}
}

// forExpr reads `for [k,] v in coll : expr [if cond]` to closer: a list
// for ], an object's values (read as a list) for }.
func (p *hclEval) forExpr(closer byte) hclVal {
	p.ws()
	k := p.ident()
	v := ""
	if p.eat(",") {
		p.ws()
		v = p.ident()
	}
	if !p.eat("in") {
		p.i = len(p.src)
		return hclUnknown
	}
	// the collection: read to the ':' at depth 0
	start := p.i
	coll := p.expr()
	if !p.eat(":") || p.i <= start {
		p.i = len(p.src)
		return hclUnknown
	}
	body := p.i
	end := hclSpanEnd(p.src, body, closer)
	if end < 0 {
		p.i = len(p.src)
		return hclUnknown
	}
	p.i = end + 1
	text := p.src[body:end]
	cond := ""
	if at := hclTopWord(text, "if"); at >= 0 {
		text, cond = text[:at], text[at+2:]
	}
	if closer == '}' {
		if at := hclTopWord(text, "=>"); at >= 0 {
			text = text[at+2:]
		}
	}
	var elems []hclVal
	var keys []hclVal
	switch {
	case coll.isLst:
		elems = coll.list
		for n := range elems {
			keys = append(keys, hclStr(strconv.Itoa(n)))
		}
	case coll.isObj:
		for _, name := range sortedKeys(coll.obj) {
			keys = append(keys, hclStr(name))
			elems = append(elems, coll.obj[name])
		}
	default:
		return hclUnknown
	}
	out := hclVal{known: true, isLst: true}
	for n, el := range elems {
		if n >= 256 || !p.step() {
			return hclUnknown
		}
		scope := map[string]hclVal{}
		for name, val := range p.scope {
			scope[name] = val
		}
		if v == "" {
			scope[k] = el
		} else {
			scope[k], scope[v] = keys[n], el
		}
		if cond != "" {
			c := p.env.eval(cond, scope)
			if !c.plain() {
				return hclUnknown
			}
			if c.s != "true" {
				continue
			}
		}
		out.list = append(out.list, p.env.eval(text, scope))
	}
	return out
}

// sortedKeys returns an object's names in order, as Terraform walks them.
func sortedKeys(m map[string]hclVal) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// hclSpanEnd returns the offset of closer at depth 0 from i (strings
// skipped), or -1.
func hclSpanEnd(s string, i int, closer byte) int {
	depth := 0
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			if _, end, ok := hclQuoted(s, i); ok {
				i = end - 1
			} else {
				return -1
			}
		case c == '(' || c == '[' || c == '{':
			depth++
		case depth == 0 && c == closer:
			return i
		case c == ')' || c == ']' || c == '}':
			if depth--; depth < 0 {
				return -1
			}
		}
	}
	return -1
}

// hclTopWord returns the offset of word at depth 0 in s, standing alone
// (not inside a name or a string), or -1.
func hclTopWord(s, word string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			if _, end, ok := hclQuoted(s, i); ok {
				i = end - 1
			}
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case depth == 0 && strings.HasPrefix(s[i:], word):
			before := i == 0 || !isHCLIdentStart(s[i-1]) && !(s[i-1] >= '0' && s[i-1] <= '9')
			after := i+len(word) >= len(s) || !isHCLIdentStart(s[i+len(word)])
			if before && (after || !isHCLIdentStart(word[0])) {
				return i
			}
		}
	}
	return -1
}

// object reads { name = value, ... } (or a {for ...}, read as unknown)
// after its {.
func (p *hclEval) object() hclVal {
	p.ws()
	if strings.HasPrefix(p.src[p.i:], "for") && p.i+3 < len(p.src) && !isHCLIdentStart(p.src[p.i+3]) {
		p.i += 3
		p.forExpr('}')
		return hclUnknown
	}
	out := hclVal{known: true, isObj: true, obj: map[string]hclVal{}}
	for len(out.obj) < 256 {
		p.ws()
		if p.i >= len(p.src) {
			return hclUnknown
		}
		if p.src[p.i] == '}' {
			p.i++
			return out
		}
		var name string
		switch c := p.src[p.i]; {
		case c == '"':
			s, end, ok := hclQuoted(p.src, p.i)
			if !ok {
				p.i = len(p.src)
				return hclUnknown
			}
			name, p.i = s, end
		case isHCLIdentStart(c):
			name = p.ident()
		default:
			p.i = len(p.src)
			return hclUnknown
		}
		if !p.eat("=") && !p.eat(":") {
			p.i = len(p.src)
			return hclUnknown
		}
		out.obj[name] = p.expr()
		p.eat(",")
	}
	p.i = len(p.src)
	return hclUnknown
}

// hclFormatVerb matches a format verb: group 1 its letter.
var hclFormatVerb = lazyRE(`%[-+# 0]*\d*(?:\.\d+)?([a-zA-Z%])`)

// hclCall applies a function to its arguments: the string and list
// functions paths are built with; any other function is unknown.
func hclCall(name string, args []hclVal) hclVal {
	str := func(n int) (string, bool) {
		if n < len(args) && args[n].plain() && !args[n].null {
			return args[n].s, true
		}
		return "", false
	}
	one := func(f func(string) string) hclVal {
		if s, ok := str(0); ok && len(args) == 1 {
			return hclStr(f(s))
		}
		return hclUnknown
	}
	two := func(f func(a, b string) string) hclVal {
		a, ok1 := str(0)
		b, ok2 := str(1)
		if ok1 && ok2 && len(args) == 2 {
			return hclStr(f(a, b))
		}
		return hclUnknown
	}
	switch name {
	case "pathexpand":
		return one(func(s string) string {
			if s == "~" || strings.HasPrefix(s, "~/") {
				return hclHome + s[1:]
			}
			return s
		})
	case "env":
		return one(func(s string) string {
			if s == "HOME" || s == "USERPROFILE" {
				return hclHome
			}
			return "$" + s
		})
	case "abspath", "trimspace", "chomp", "lower", "upper", "tostring":
		return one(map[string]func(string) string{
			"abspath": func(s string) string { return s }, "trimspace": strings.TrimSpace,
			"chomp": func(s string) string { return strings.TrimRight(s, "\r\n") },
			"lower": strings.ToLower, "upper": strings.ToUpper, "tostring": func(s string) string { return s },
		}[name])
	case "dirname":
		return one(path.Dir)
	case "basename":
		return one(path.Base)
	case "trimsuffix":
		return two(strings.TrimSuffix)
	case "trimprefix":
		return two(strings.TrimPrefix)
	case "trim":
		return two(strings.Trim)
	case "replace":
		a, ok1 := str(0)
		b, ok2 := str(1)
		c, ok3 := str(2)
		if ok1 && ok2 && ok3 && len(args) == 3 && !(len(b) > 1 && b[0] == '/' && b[len(b)-1] == '/') {
			return hclStr(strings.ReplaceAll(a, b, c))
		}
	case "format":
		f, ok := str(0)
		if !ok {
			return hclUnknown
		}
		return hclFormat(f, args[1:])
	case "formatlist":
		f, ok := str(0)
		if !ok || len(args) < 2 {
			return hclUnknown
		}
		n := -1
		for _, a := range args[1:] {
			if a.isLst {
				n = len(a.list)
			}
		}
		if n < 0 || n > 256 {
			return hclUnknown
		}
		out := hclVal{known: true, isLst: true}
		for k := range n {
			row := make([]hclVal, 0, len(args)-1)
			for _, a := range args[1:] {
				if a.isLst {
					if k >= len(a.list) {
						return hclUnknown
					}
					a = a.list[k]
				}
				row = append(row, a)
			}
			out.list = append(out.list, hclFormat(f, row))
		}
		return out
	case "join":
		sep, ok := str(0)
		if !ok || len(args) < 2 {
			return hclUnknown
		}
		var parts []string
		for _, a := range args[1:] {
			if !a.isLst {
				return hclUnknown
			}
			for _, el := range a.list {
				if !el.plain() {
					return hclUnknown
				}
				parts = append(parts, el.s)
			}
		}
		return hclStr(strings.Join(parts, sep))
	case "split":
		sep, ok1 := str(0)
		s, ok2 := str(1)
		if ok1 && ok2 && sep != "" {
			out := hclVal{known: true, isLst: true}
			for _, part := range strings.SplitN(s, sep, 257) {
				out.list = append(out.list, hclStr(part))
			}
			return out
		}
	case "concat", "flatten":
		out := hclVal{known: true, isLst: true}
		for _, a := range args {
			if !a.isLst {
				if name == "flatten" || !a.known {
					return hclUnknown
				}
			}
			out.list = append(out.list, a.list...)
		}
		return out
	case "tolist", "toset", "distinct", "compact", "sort":
		if len(args) != 1 || !args[0].isLst {
			return hclUnknown
		}
		out := hclVal{known: true, isLst: true}
		for _, el := range args[0].list {
			if name == "compact" && el.plain() && (el.s == "" || el.null) {
				continue
			}
			out.list = append(out.list, el)
		}
		return out
	case "coalesce":
		for _, a := range args {
			if !a.plain() {
				return hclUnknown
			}
			if !a.null && a.s != "" {
				return a
			}
		}
	case "coalescelist":
		for _, a := range args {
			if !a.isLst {
				return hclUnknown
			}
			if len(a.list) > 0 {
				return a
			}
		}
	case "try":
		if len(args) > 0 && args[0].known {
			return args[0]
		}
	case "length":
		if len(args) == 1 && args[0].isLst {
			return hclStr(strconv.Itoa(len(args[0].list)))
		}
		if len(args) == 1 && args[0].plain() {
			return hclStr(strconv.Itoa(len(args[0].s)))
		}
	case "element":
		if len(args) == 2 && args[0].isLst && len(args[0].list) > 0 {
			if n, err := strconv.Atoi(args[1].s); err == nil && n >= 0 {
				return args[0].list[n%len(args[0].list)]
			}
		}
	}
	return hclUnknown
}

// hclFormat applies format's %s, %q, %v and %d (and %%); another verb
// makes the value unknown.
func hclFormat(f string, args []hclVal) hclVal {
	var b strings.Builder
	n, last := 0, 0
	for _, m := range hclFormatVerb.FindAllStringSubmatchIndex(f, 64) {
		b.WriteString(f[last:m[0]])
		last = m[1]
		verb := f[m[2]:m[3]]
		if verb == "%" {
			b.WriteByte('%')
			continue
		}
		if n >= len(args) || !args[n].plain() {
			return hclUnknown
		}
		a := args[n].s
		n++
		switch verb {
		case "s", "v", "d":
			b.WriteString(a)
		case "q":
			b.WriteString(`"` + strings.ReplaceAll(strings.ReplaceAll(a, `\`, `\\`), `"`, `\"`) + `"`)
		default:
			return hclUnknown
		}
	}
	b.WriteString(f[last:])
	return hclStr(b.String())
}
