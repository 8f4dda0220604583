package audit

import "strings"

// The parser of the Jsonnet evaluator (jsonnetvalues.go): the whole
// expression language is parsed so that a file's structure is followed,
// but forms the evaluator does not compute (self, super, $,
// comprehensions, slices, error, importstr) parse to unknown nodes.

// jsTok is a Jsonnet token: kind 's' a string (text its value), 'n' a
// number, 'i' a name or keyword, 'o' an operator.
type jsTok struct {
	kind byte
	text string
	line int
}

// jsMaxTokens bounds the tokens read of one file.
const jsMaxTokens = 200000

// jsTokens splits Jsonnet source into tokens, comments left out; an
// unterminated string or comment ends the list with a token no parse
// accepts.
func jsTokens(src string) []jsTok {
	var out []jsTok
	line := 1
	bad := func() []jsTok { return append(out, jsTok{kind: 'o', text: "\x00", line: line}) }
	for i := 0; i < len(src); {
		if len(out) > jsMaxTokens {
			return bad()
		}
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '#' || c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j := strings.Index(src[i+2:], "*/")
			if j < 0 {
				return bad()
			}
			line += strings.Count(src[i:i+2+j], "\n")
			i += j + 4
		case strings.HasPrefix(src[i:], "|||"):
			// a text block: its lines up to the closing |||, the first
			// line's indentation taken off each
			start := line
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				return bad()
			}
			k := i + j + 1
			var b strings.Builder
			indent := ""
			first := true
			closed := false
			for k < len(src) {
				e := strings.IndexByte(src[k:], '\n')
				ln := src[k:]
				if e >= 0 {
					ln = src[k : k+e]
				}
				line++
				if strings.HasPrefix(strings.TrimLeft(ln, " \t"), "|||") {
					k += strings.Index(src[k:], "|||") + 3
					closed = true
					break
				}
				if first && strings.TrimSpace(ln) != "" {
					indent = ln[:len(ln)-len(strings.TrimLeft(ln, " \t"))]
					first = false
				}
				b.WriteString(strings.TrimPrefix(ln, indent))
				b.WriteByte('\n')
				if e < 0 {
					k = len(src)
					break
				}
				k += e + 1
			}
			if !closed {
				return bad()
			}
			out = append(out, jsTok{kind: 's', text: b.String(), line: start})
			i = k
		case c == '"' || c == '\'' || c == '@' && i+1 < len(src) && (src[i+1] == '"' || src[i+1] == '\''):
			verbatim := c == '@'
			if verbatim {
				i++
				c = src[i]
			}
			start := line
			var b strings.Builder
			j := i + 1
			for ; j < len(src); j++ {
				d := src[j]
				if d == '\n' {
					line++
				}
				if verbatim && d == c {
					if j+1 < len(src) && src[j+1] == c {
						b.WriteByte(c)
						j++
						continue
					}
					break
				}
				if !verbatim && d == c {
					break
				}
				if !verbatim && d == '\\' && j+1 < len(src) {
					j++
					switch src[j] {
					case 'n':
						b.WriteByte('\n')
					case 't':
						b.WriteByte('\t')
					case 'r':
						b.WriteByte('\r')
					case 'u':
						return bad() // a code point: not followed here
					default:
						b.WriteByte(src[j])
					}
					continue
				}
				b.WriteByte(d)
			}
			if j >= len(src) {
				return bad()
			}
			out = append(out, jsTok{kind: 's', text: b.String(), line: start})
			i = j + 1
		case c >= '0' && c <= '9':
			j := i
			for j < len(src) && (src[j] >= '0' && src[j] <= '9' || src[j] == '.' || src[j] == 'e' || src[j] == 'E' ||
				(src[j] == '+' || src[j] == '-') && (src[j-1] == 'e' || src[j-1] == 'E')) {
				j++
			}
			out = append(out, jsTok{kind: 'n', text: src[i:j], line: line})
			i = j
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(src) && (src[j] == '_' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			out = append(out, jsTok{kind: 'i', text: src[i:j], line: line})
			i = j
		default:
			op := src[i : i+1]
			for _, m := range []string{":::", "::", "==", "!=", "<=", ">=", "&&", "||", "<<", ">>"} {
				if strings.HasPrefix(src[i:], m) {
					op = m
					break
				}
			}
			out = append(out, jsTok{kind: 'o', text: op, line: line})
			i += len(op)
		}
	}
	return out
}

// jsParser parses one file's tokens.
type jsParser struct {
	toks []jsTok
	i    int
	bad  bool
	file string
}

func (p *jsParser) peek() jsTok {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return jsTok{}
}

// is reports whether the next token is the operator or keyword t.
func (p *jsParser) is(t string) bool {
	k := p.peek()
	return (k.kind == 'o' || k.kind == 'i') && k.text == t
}

func (p *jsParser) next() jsTok {
	t := p.peek()
	if p.i < len(p.toks) {
		p.i++
	} else {
		p.bad = true
	}
	return t
}

func (p *jsParser) want(t string) {
	if !p.is(t) {
		p.bad = true
		return
	}
	p.i++
}

func (p *jsParser) name() string {
	t := p.next()
	if t.kind != 'i' {
		p.bad = true
	}
	return t.text
}

var jsUnknownNode = &jsNode{kind: jnUnknown}

// jsBinaryLevels are Jsonnet's binary operators, loosest first.
var jsBinaryLevels = [][]string{{"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", "<=", ">", ">=", "in"},
	{"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}}

// expr parses an expression.
func (p *jsParser) expr(depth int) *jsNode {
	if depth > 200 || p.bad {
		p.bad = true
		return jsUnknownNode
	}
	t := p.peek()
	if t.kind == 'i' {
		switch t.text {
		case "local":
			p.next()
			binds := p.binds(depth, ";")
			p.want(";")
			return &jsNode{kind: jnLocal, binds: binds, kids: []*jsNode{p.expr(depth + 1)}}
		case "if":
			p.next()
			n := &jsNode{kind: jnIf, kids: []*jsNode{p.expr(depth + 1)}}
			p.want("then")
			n.kids = append(n.kids, p.expr(depth+1))
			if p.is("else") {
				p.next()
				n.kids = append(n.kids, p.expr(depth+1))
			}
			return n
		case "function":
			p.next()
			params, defs := p.params(depth)
			return &jsNode{kind: jnFunc, params: params, kids: append([]*jsNode{p.expr(depth + 1)}, defs...)}
		case "assert":
			p.next()
			p.expr(depth + 1)
			if p.is(":") {
				p.next()
				p.expr(depth + 1)
			}
			p.want(";")
			return p.expr(depth + 1)
		case "error":
			p.next()
			p.expr(depth + 1)
			return jsUnknownNode
		}
	}
	return p.binary(0, depth)
}

// binary parses the operators of level lv and tighter.
func (p *jsParser) binary(lv, depth int) *jsNode {
	if lv == len(jsBinaryLevels) {
		return p.unary(depth)
	}
	n := p.binary(lv+1, depth)
	for !p.bad {
		t := p.peek()
		found := false
		for _, op := range jsBinaryLevels[lv] {
			if (t.kind == 'o' || t.kind == 'i' && op == "in") && t.text == op {
				found = true
			}
		}
		if !found {
			return n
		}
		p.next()
		if t.text == "in" && p.is("super") {
			p.next()
			n = jsUnknownNode
			continue
		}
		n = &jsNode{kind: jnBinary, op: t.text, kids: []*jsNode{n, p.binary(lv+1, depth+1)}}
	}
	return n
}

// unary parses prefix operators and keyword-led expressions in operand
// position (a + if c then x else y).
func (p *jsParser) unary(depth int) *jsNode {
	if depth > 200 {
		p.bad = true
		return jsUnknownNode
	}
	t := p.peek()
	if t.kind == 'o' && (t.text == "-" || t.text == "+" || t.text == "!" || t.text == "~") {
		p.next()
		return &jsNode{kind: jnUnary, op: t.text, kids: []*jsNode{p.unary(depth + 1)}}
	}
	if t.kind == 'i' && (t.text == "local" || t.text == "if" || t.text == "function" || t.text == "assert" || t.text == "error") {
		return p.expr(depth + 1)
	}
	return p.postfix(depth)
}

// postfix parses a primary and its lookups, calls and object applies.
func (p *jsParser) postfix(depth int) *jsNode {
	n := p.primary(depth)
	for !p.bad {
		switch {
		case p.is("."):
			p.next()
			k := p.name()
			n = &jsNode{kind: jnIndex, kids: []*jsNode{n, {kind: jnLit, lit: jsVal{kind: jsStr, s: k}}}}
		case p.is("["):
			p.next()
			var k *jsNode
			if !p.is(":") {
				k = p.expr(depth + 1)
			}
			if p.is(":") || p.is("::") {
				// a slice: not computed
				for !p.bad && !p.is("]") {
					p.next()
					if !p.is("]") && !p.is(":") {
						p.expr(depth + 1)
					}
				}
				k = jsUnknownNode
			}
			p.want("]")
			n = &jsNode{kind: jnIndex, kids: []*jsNode{n, k}}
		case p.is("("):
			p.next()
			c := &jsNode{kind: jnCall, kids: []*jsNode{n}}
			for !p.bad && !p.is(")") {
				name := ""
				if p.peek().kind == 'i' && p.i+1 < len(p.toks) && p.toks[p.i+1].kind == 'o' && p.toks[p.i+1].text == "=" {
					name = p.next().text
					p.next()
				}
				c.kids = append(c.kids, p.expr(depth+1))
				c.named = append(c.named, name)
				if !p.is(")") {
					p.want(",")
				}
			}
			p.want(")")
			if p.is("tailstrict") {
				p.next()
			}
			n = c
		case p.is("{"):
			n = &jsNode{kind: jnBinary, op: "+", kids: []*jsNode{n, p.primary(depth)}}
		default:
			return n
		}
	}
	return n
}

// primary parses a literal, a name, an import, a parenthesised
// expression, an array or an object.
func (p *jsParser) primary(depth int) *jsNode {
	if depth > 200 {
		p.bad = true
		return jsUnknownNode
	}
	t := p.next()
	switch t.kind {
	case 's':
		return &jsNode{kind: jnLit, lit: jsVal{kind: jsStr, s: t.text}}
	case 'n':
		return &jsNode{kind: jnLit, lit: jsVal{kind: jsNum, s: t.text}}
	case 'i':
		switch t.text {
		case "true", "false":
			return &jsNode{kind: jnLit, lit: jsVal{kind: jsBool, s: t.text}}
		case "null":
			return &jsNode{kind: jnLit, lit: jsVal{kind: jsNull}}
		case "self", "super":
			return jsUnknownNode
		case "import", "importstr", "importbin":
			f := p.next()
			if f.kind != 's' {
				p.bad = true
				return jsUnknownNode
			}
			if t.text != "import" {
				return jsUnknownNode
			}
			return &jsNode{kind: jnImport, op: jsonnetImportPath(p.file, f.text)}
		case "local", "if", "function", "assert", "error", "then", "else", "for", "in", "tailstrict":
			p.bad = true
			return jsUnknownNode
		}
		return &jsNode{kind: jnName, op: t.text}
	case 'o':
		switch t.text {
		case "$":
			return jsUnknownNode
		case "(":
			n := p.expr(depth + 1)
			p.want(")")
			return n
		case "[":
			return p.array(depth + 1)
		case "{":
			return p.object(depth + 1)
		}
	}
	p.bad = true
	return jsUnknownNode
}

// jsonnetImportPath is the file an import of name in file means, as
// far as the evaluator knows the skill's files (jsonnetImportFile chose
// which were read); the name is resolved against the importing file's
// folder, and an unresolved name is looked for by suffix when read.
func jsonnetImportPath(file, name string) string {
	return file + "\x00" + name
}

// array parses an array literal's rest (after [); a comprehension is
// unknown.
func (p *jsParser) array(depth int) *jsNode {
	n := &jsNode{kind: jnArray}
	for !p.bad && !p.is("]") {
		n.kids = append(n.kids, p.expr(depth+1))
		if p.is("for") {
			p.compSpec(depth)
			p.want("]")
			return jsUnknownNode
		}
		if !p.is("]") {
			p.want(",")
		}
	}
	p.want("]")
	return n
}

// compSpec parses a comprehension's for and if clauses.
func (p *jsParser) compSpec(depth int) {
	for !p.bad && (p.is("for") || p.is("if")) {
		if p.next().text == "for" {
			p.name()
			p.want("in")
		}
		p.expr(depth + 1)
	}
}

// object parses an object literal's rest (after {); a comprehension is
// unknown.
func (p *jsParser) object(depth int) *jsNode {
	n := &jsNode{kind: jnObject}
	for !p.bad && !p.is("}") {
		switch {
		case p.is("local"):
			p.next()
			n.binds = append(n.binds, p.binds(depth, ",")...)
		case p.is("assert"):
			p.next()
			p.expr(depth + 1)
			if p.is(":") {
				p.next()
				p.expr(depth + 1)
			}
		default:
			f := jsFieldNode{line: p.peek().line}
			t := p.next()
			switch {
			case t.kind == 'i' || t.kind == 's':
				f.key = &jsNode{kind: jnLit, lit: jsVal{kind: jsStr, s: t.text}}
			case t.kind == 'o' && t.text == "[":
				f.key = p.expr(depth + 1)
				p.want("]")
			default:
				p.bad = true
				return jsUnknownNode
			}
			var params []string
			var defs []*jsNode
			method := p.is("(")
			if method {
				params, defs = p.params(depth)
			}
			if p.is("+") {
				p.next()
				f.plus = true
			}
			switch {
			case p.is(":"), p.is(":::"):
				p.next()
			case p.is("::"):
				p.next()
				f.hidden = true
			default:
				p.bad = true
				return jsUnknownNode
			}
			f.val = p.expr(depth + 1)
			if method {
				f.val = &jsNode{kind: jnFunc, params: params, kids: append([]*jsNode{f.val}, defs...)}
			}
			if p.is("for") {
				p.compSpec(depth)
				p.want("}")
				return jsUnknownNode
			}
			n.fields = append(n.fields, f)
		}
		if !p.is("}") {
			p.want(",")
		}
	}
	p.want("}")
	return n
}

// binds parses local bindings separated by commas, up to end (";" of a
// local expression; "," of an object's local binds one).
func (p *jsParser) binds(depth int, end string) []jsBind {
	var out []jsBind
	for !p.bad {
		b := jsBind{name: p.name()}
		if p.is("(") {
			b.fn = true
			b.params, b.defs = p.params(depth)
		}
		p.want("=")
		b.val = p.expr(depth + 1)
		out = append(out, b)
		if end == "," || !p.is(",") {
			return out
		}
		p.next()
	}
	return out
}

// params parses a parameter list (x, y=default).
func (p *jsParser) params(depth int) ([]string, []*jsNode) {
	p.want("(")
	var names []string
	var defs []*jsNode
	for !p.bad && !p.is(")") {
		names = append(names, p.name())
		var d *jsNode
		if p.is("=") {
			p.next()
			d = p.expr(depth + 1)
		}
		defs = append(defs, d)
		if !p.is(")") {
			p.want(",")
		}
	}
	p.want(")")
	return names, defs
}
