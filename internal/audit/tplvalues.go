package audit

import (
	"context"
	"path"
	"sort"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// A template engine's file (Jinja, Nunjucks, Twig, Tera, Liquid) renders
// what its tags compute, not what they spell: a value bound with
// {% set mode = "bypass" ~ "Permissions" %}, {% set p = ["ne", "ver"] |
// join %}, a dict of such values, Liquid's {% assign a = "by" | append:
// "pass" %} or a {% set %}…{% endset %} / {% capture %} block is
// written out wherever {{ mode }} stands, also when the value comes from
// a partial the file imports ({% import "_partials/profile.njk" as p %}
// then {{ p.house.mode }}, {% from "x.njk" import house %}). A template
// of settings or of a script (settings.json.njk, config.toml.j2,
// setup.sh.jinja) is read as the file it renders (templateCodeExt), so
// its placeholders are resolved the way Rust consts and Perl strings
// are (resolvedCode): each {{ … }} whose value the file's or its
// partials' literal bindings determine is replaced by that value on the
// same line, and the rules read the rendered text. A placeholder whose
// value depends on the render's context (a variable the tool passes, a
// filter not known here, a macro) stays as it is.

// tplEngineExts are the extensions of template engines whose files bind
// values with set/assign tags and import partials: Jinja, Nunjucks,
// Twig, Tera, Liquid, and the generic template extensions such files
// are also given.
var tplEngineExts = lazySet(".j2", ".jinja", ".jinja2", ".njk", ".nunjucks", ".twig", ".tera", ".liquid",
	".tpl", ".tmpl", ".template")

// maxTplPartials bounds the partials a template's values are read from.
const maxTplPartials = 8

var (
	// tplSetTag is a one-line binding ({% set x = expr %}, Liquid's
	// {% assign x = expr %}): group 1 the name, group 2 the expression.
	tplSetTag = lazyRE(`(?s)\{%-?\s*(?:set|assign)\s+([A-Za-z_]\w*)\s*=\s*(.*?)\s*-?%\}`)
	// tplBlockSet is a block binding ({% set x %}…{% endset %}, Liquid's
	// {% capture x %}…{% endcapture %}): group 1 the name, 2 the body.
	tplBlockSet = lazyRE(`(?s)\{%-?\s*(?:set|capture)\s+([A-Za-z_]\w*)\s*-?%\}(.*?)\{%-?\s*end(?:set|capture)\s*-?%\}`)
	// tplOutput is an output tag {{ expr }}: group 1 the expression.
	tplOutput = lazyRE(`(?s)\{\{-?\s*(.*?)\s*-?\}\}`)
	// tplImport is {% import "file" as ns %}: group 1 the quoted file,
	// group 2 the namespace.
	tplImport = lazyRE(`\{%-?\s*import\s+("[^"\n]*"|'[^'\n]*')\s+as\s+([A-Za-z_]\w*)`)
	// tplFromImport is {% from "file" import a, b as c %}: group 1 the
	// quoted file, group 2 the names.
	tplFromImport = lazyRE(`\{%-?\s*from\s+("[^"\n]*"|'[^'\n]*')\s+import\s+(.*?)\s*-?%\}`)
)

// isEngineTemplate reports whether rel is a template engine's file, by
// its last extension or, read under its rendered name
// (settings.json.njk read as settings.json.njk.json), the one before.
func isEngineTemplate(rel string) bool {
	b := path.Base(rel)
	for i := 0; i < 2; i++ {
		e := strings.ToLower(path.Ext(b))
		if e == "" {
			return false
		}
		if tplEngineExts()[e] {
			return true
		}
		b = strings.TrimSuffix(b, path.Ext(b))
	}
	return false
}

// tplImportedNames returns the files a template imports values from
// (the quoted names of its import and from-import tags).
func tplImportedNames(content string) []string {
	var out []string
	for _, m := range tplImport.FindAllStringSubmatch(content, 16) {
		out = append(out, m[1][1:len(m[1])-1])
	}
	for _, m := range tplFromImport.FindAllStringSubmatch(content, 16) {
		out = append(out, m[1][1:len(m[1])-1])
	}
	return out
}

// tplPartialFile returns the skill file an import of name from the
// template rel means: the file at name relative to rel's folder, else
// the file whose path ends in /name (the loader's root is the tool's
// choice, so any folder of the skill may be it); "" when none.
func tplPartialFile(rel, name string, files []string) string {
	name = strings.TrimPrefix(path.Clean("/"+name), "/")
	if name == "" || name == "." {
		return ""
	}
	near := path.Join(path.Dir(rel), name)
	for _, f := range files {
		if f == near {
			return f
		}
	}
	for _, f := range files {
		if f != rel && (f == name || strings.HasSuffix(f, "/"+name)) {
			return f
		}
	}
	return ""
}

// templatePartialsOf returns the partials a template engine's file
// imports values from, and those its partials import, read as the audit
// reads every file, at most maxTplPartials; nil for any other file.
// Their hashes are part of the template's cache key, so a changed
// partial reads the template again.
func templatePartialsOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string) []linkedFile {
	if !isEngineTemplate(rel) || !strings.Contains(content, "import") {
		return nil
	}
	var out []linkedFile
	have := map[string]bool{rel: true}
	queue := []struct{ rel, text string }{{rel, content}}
	for len(queue) > 0 && len(out) < maxTplPartials {
		cur := queue[0]
		queue = queue[1:]
		for _, name := range tplImportedNames(cur.text) {
			f := tplPartialFile(cur.rel, name, files)
			if f == "" || have[f] || len(out) >= maxTplPartials {
				continue
			}
			have[f] = true
			text, err := readForAudit(ctx, src, s, f)
			if err != nil {
				continue
			}
			out = append(out, linkedFile{rel: f, text: text})
			queue = append(queue, struct{ rel, text string }{f, text})
		}
	}
	return out
}

// tplRendered returns content with each output tag whose value the
// template's bindings (and its partials') determine replaced by that
// value, lines kept, and whether anything was replaced.
func tplRendered(rel, content string, partials []linkedFile) (string, bool) {
	if !strings.Contains(content, "{{") {
		return content, false
	}
	r := tplRenderer{partials: partials}
	env := r.bindings(rel, content, 0, true)
	if env.out == content {
		return content, false
	}
	return env.out, true
}

// tplRenderer resolves a template's values against its partials.
type tplRenderer struct {
	partials []linkedFile
	steps    int // evaluation steps taken, bounded (tplMaxSteps)
	// envs holds each partial's names once read, so a partial imported
	// many times (or importing itself) is read once.
	envs map[string]map[string]tplVal
}

// tplMaxSteps bounds the expression steps one file's resolution takes.
const tplMaxSteps = 20000

// tplEnv is what reading a template yields: its top-level names' values
// and, when asked for, its text with the output tags resolved.
type tplEnv struct {
	vars map[string]tplVal
	out  string
}

// bindings reads the template text (file rel) in order: imports bind
// namespaces and names from partials, set/assign tags and blocks bind
// names, and, when render is set, output tags are replaced by the value
// they have at that point.
func (r *tplRenderer) bindings(rel, text string, depth int, render bool) tplEnv {
	env := tplEnv{vars: map[string]tplVal{}}
	type event struct {
		at, end int
		kind    int // 0 import, 1 from-import, 2 set, 3 block set, 4 output
		m       []int
	}
	var evs []event
	add := func(kind int, ms [][]int) {
		for _, m := range ms {
			evs = append(evs, event{m[0], m[1], kind, m})
		}
	}
	if depth < 3 {
		add(0, tplImport.FindAllStringSubmatchIndex(text, 16))
		add(1, tplFromImport.FindAllStringSubmatchIndex(text, 16))
	}
	add(2, tplSetTag.FindAllStringSubmatchIndex(text, 256))
	add(3, tplBlockSet.FindAllStringSubmatchIndex(text, 64))
	add(4, tplOutput.FindAllStringSubmatchIndex(text, 1024))
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].at < evs[j].at })
	var b strings.Builder
	last, block := 0, 0
	for _, e := range evs {
		if e.at < last || e.at < block {
			continue // inside an earlier tag or a set block
		}
		m := e.m
		switch e.kind {
		case 0, 1:
			q := text[m[2]:m[3]]
			penv := r.partialEnv(rel, q[1:len(q)-1], depth)
			if e.kind == 0 {
				env.vars[text[m[4]:m[5]]] = tplVal{kind: tvDict, dict: penv}
				break
			}
			for _, item := range strings.Split(strings.TrimSuffix(strings.TrimSpace(text[m[4]:m[5]]), "with context"), ",") {
				f := strings.Fields(item)
				switch {
				case len(f) == 1:
					env.vars[f[0]] = penv[f[0]]
				case len(f) == 3 && f[1] == "as":
					env.vars[f[2]] = penv[f[0]]
				}
			}
		case 2:
			env.vars[text[m[2]:m[3]]] = r.eval(text[m[4]:m[5]], env.vars)
		case 3:
			body := tplOutput.ReplaceAllStringFunc(text[m[4]:m[5]], func(t string) string {
				v := r.eval(tplOutput.FindStringSubmatch(t)[1], env.vars)
				if s, ok := v.text(); ok {
					return s
				}
				return t
			})
			if strings.Contains(body, "{{") || strings.Contains(body, "{%") {
				env.vars[text[m[2]:m[3]]] = tplVal{}
			} else {
				env.vars[text[m[2]:m[3]]] = tplVal{kind: tvStr, s: strings.TrimSpace(body)}
			}
			block = m[1] // its output tags are the block's, bound above
		case 4:
			if !render {
				continue
			}
			s, ok := r.eval(text[m[2]:m[3]], env.vars).text()
			if !ok || strings.ContainsAny(s, "\n\r") || strings.Contains(s, "{{") {
				continue
			}
			b.WriteString(text[last:m[0]])
			b.WriteString(s)
			// the lines the tag spanned are kept
			b.WriteString(strings.Repeat("\n", strings.Count(text[m[0]:m[1]], "\n")))
			last = m[1]
		}
	}
	if render {
		b.WriteString(text[last:])
		env.out = b.String()
	}
	return env
}

// partialEnv returns the top-level names a partial the template rel
// imports as name binds; empty when the partial is not among the linked
// ones.
func (r *tplRenderer) partialEnv(rel, name string, depth int) map[string]tplVal {
	var files []string
	for _, p := range r.partials {
		files = append(files, p.rel)
	}
	f := tplPartialFile(rel, name, files)
	if e, ok := r.envs[f]; ok {
		return e
	}
	if r.envs == nil {
		r.envs = map[string]map[string]tplVal{}
	}
	r.envs[f] = map[string]tplVal{} // while it is read: an import cycle finds nothing
	for _, p := range r.partials {
		if p.rel == f && f != "" {
			r.envs[f] = r.bindings(p.rel, p.text, depth+1, false).vars
		}
	}
	return r.envs[f]
}

// tplVal kinds: unknown (the render's context decides it), a string, a
// list, a dict, or another literal (number, boolean) kept as its text.
const (
	tvUnknown = iota
	tvStr
	tvList
	tvDict
	tvLit
)

// tplVal is a template expression's value as far as literals make it.
type tplVal struct {
	kind int
	s    string
	list []tplVal
	dict map[string]tplVal
}

// text returns the value as an output tag writes it, and whether it is
// known: a string as it is, a number or boolean as written (true, not
// Python's True: the settings formats' spelling).
func (v tplVal) text() (string, bool) {
	switch v.kind {
	case tvStr:
		return v.s, true
	case tvLit:
		return strings.ToLower(v.s), true
	}
	return "", false
}

// eval evaluates a template expression over env; unknown when any part
// of it is not a literal, a bound name or a known filter.
func (r *tplRenderer) eval(expr string, env map[string]tplVal) tplVal {
	p := tplParser{toks: tplTokens(expr), env: env, r: r}
	v := p.expr(0)
	if p.i != len(p.toks) || p.bad {
		return tplVal{}
	}
	return v
}

// tplParser parses and evaluates one expression's tokens.
type tplParser struct {
	toks []string
	i    int
	env  map[string]tplVal
	r    *tplRenderer
	bad  bool
}

func (p *tplParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

func (p *tplParser) next() string {
	t := p.peek()
	if p.i < len(p.toks) {
		p.i++
	}
	return t
}

func (p *tplParser) want(t string) {
	if p.next() != t {
		p.bad = true
	}
}

// expr is a concatenation (~, +) of filtered terms.
func (p *tplParser) expr(depth int) tplVal {
	if depth > 32 {
		p.bad = true
		return tplVal{}
	}
	v := p.filtered(depth)
	for !p.bad && (p.peek() == "~" || p.peek() == "+") {
		op := p.next()
		w := p.filtered(depth)
		v = tplConcat(op, v, w)
	}
	return v
}

// tplConcat joins two values as ~ (any two as text) or + (strings, or
// lists) does.
func tplConcat(op string, a, b tplVal) tplVal {
	if op == "+" && a.kind == tvList && b.kind == tvList {
		return tplVal{kind: tvList, list: append(append([]tplVal(nil), a.list...), b.list...)}
	}
	as, aok := a.text()
	bs, bok := b.text()
	if !aok || !bok || op == "+" && (a.kind != tvStr || b.kind != tvStr) {
		return tplVal{}
	}
	return tplVal{kind: tvStr, s: as + bs}
}

// filtered is a term followed by filters (| join("-"), Liquid's |
// append: "x").
func (p *tplParser) filtered(depth int) tplVal {
	v := p.postfix(depth)
	for !p.bad && p.peek() == "|" {
		p.next()
		name := p.next()
		var args []tplVal
		switch p.peek() {
		case "(":
			p.next()
			for !p.bad && p.peek() != ")" && p.peek() != "" {
				if len(p.toks) > p.i+1 && p.toks[p.i+1] == "=" && tplIdent(p.peek()) {
					p.i += 2 // a keyword argument: d=…, attribute=…
				}
				args = append(args, p.expr(depth+1))
				if p.peek() == "," {
					p.next()
				}
			}
			p.want(")")
		case ":":
			p.next()
			args = append(args, p.postfix(depth+1))
			for !p.bad && p.peek() == "," {
				p.next()
				args = append(args, p.postfix(depth+1))
			}
		}
		v = tplFilter(name, v, args)
	}
	return v
}

// tplFilter applies a known filter; any other makes the value unknown.
func tplFilter(name string, v tplVal, args []tplVal) tplVal {
	arg := func(i int, def string) (string, bool) {
		if i >= len(args) {
			return def, true
		}
		return args[i].text()
	}
	switch name {
	case "join":
		sep, ok := arg(0, "")
		if !ok || v.kind != tvList {
			return tplVal{}
		}
		var parts []string
		for _, e := range v.list {
			s, ok := e.text()
			if !ok {
				return tplVal{}
			}
			parts = append(parts, s)
		}
		return tplVal{kind: tvStr, s: strings.Join(parts, sep)}
	case "safe", "string", "e", "escape", "default", "d":
		if name == "string" && v.kind == tvLit {
			return tplVal{kind: tvStr, s: strings.ToLower(v.s)}
		}
		if v.kind == tvStr && (name == "e" || name == "escape") && strings.ContainsAny(v.s, `<>&"'`) {
			return tplVal{}
		}
		return v
	case "list":
		if v.kind == tvStr {
			var l []tplVal
			for _, r := range v.s {
				l = append(l, tplVal{kind: tvStr, s: string(r)})
			}
			return tplVal{kind: tvList, list: l}
		}
		return v
	case "reverse":
		switch v.kind {
		case tvStr:
			rs := []rune(v.s)
			for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
				rs[i], rs[j] = rs[j], rs[i]
			}
			return tplVal{kind: tvStr, s: string(rs)}
		case tvList:
			l := make([]tplVal, len(v.list))
			for i, e := range v.list {
				l[len(l)-1-i] = e
			}
			return tplVal{kind: tvList, list: l}
		}
		return tplVal{}
	}
	s, ok := v.text()
	if !ok || v.kind != tvStr {
		return tplVal{}
	}
	switch name {
	case "append", "prepend":
		a, ok := arg(0, "")
		if !ok || len(args) != 1 {
			return tplVal{}
		}
		if name == "append" {
			return tplVal{kind: tvStr, s: s + a}
		}
		return tplVal{kind: tvStr, s: a + s}
	case "lower", "downcase":
		return tplVal{kind: tvStr, s: strings.ToLower(s)}
	case "upper", "upcase":
		return tplVal{kind: tvStr, s: strings.ToUpper(s)}
	case "trim", "strip":
		return tplVal{kind: tvStr, s: strings.TrimSpace(s)}
	case "replace":
		a, aok := arg(0, "")
		b, bok := arg(1, "")
		if !aok || !bok || len(args) != 2 || a == "" {
			return tplVal{}
		}
		return tplVal{kind: tvStr, s: strings.ReplaceAll(s, a, b)}
	}
	return tplVal{}
}

// postfix is a primary followed by attribute (.name) and subscript
// ([expr]) lookups.
func (p *tplParser) postfix(depth int) tplVal {
	v := p.primary(depth)
	for !p.bad {
		switch p.peek() {
		case ".":
			p.next()
			v = v.get(tplVal{kind: tvStr, s: p.next()})
		case "[":
			p.next()
			k := p.expr(depth + 1)
			p.want("]")
			v = v.get(k)
		default:
			return v
		}
	}
	return v
}

// get looks a key up in a dict or an index in a list.
func (v tplVal) get(k tplVal) tplVal {
	switch v.kind {
	case tvDict:
		if k.kind == tvStr {
			return v.dict[k.s]
		}
	case tvList:
		if k.kind == tvLit {
			n := 0
			for _, c := range k.s {
				if c < '0' || c > '9' || n > 1<<20 {
					return tplVal{}
				}
				n = n*10 + int(c-'0')
			}
			if k.s != "" && n < len(v.list) {
				return v.list[n]
			}
		}
	}
	return tplVal{}
}

// primary is a literal, a bound name, a list or dict literal, or a
// parenthesised expression.
func (p *tplParser) primary(depth int) tplVal {
	p.r.steps++
	if p.r.steps > tplMaxSteps {
		p.bad = true
		return tplVal{}
	}
	t := p.next()
	switch {
	case t == "":
		p.bad = true
	case t[0] == '"' || t[0] == '\'':
		return tplVal{kind: tvStr, s: tplUnquote(t)}
	case t[0] >= '0' && t[0] <= '9':
		return tplVal{kind: tvLit, s: t}
	case t == "(":
		v := p.expr(depth + 1)
		p.want(")")
		return v
	case t == "[":
		l := tplVal{kind: tvList}
		for !p.bad && p.peek() != "]" && p.peek() != "" {
			l.list = append(l.list, p.expr(depth+1))
			if p.peek() == "," {
				p.next()
			}
		}
		p.want("]")
		return l
	case t == "{":
		d := tplVal{kind: tvDict, dict: map[string]tplVal{}}
		for !p.bad && p.peek() != "}" && p.peek() != "" {
			k := p.next()
			if k != "" && (k[0] == '"' || k[0] == '\'') {
				k = tplUnquote(k)
			} else if !tplIdent(k) {
				p.bad = true
				break
			}
			p.want(":")
			d.dict[k] = p.expr(depth + 1)
			if p.peek() == "," {
				p.next()
			}
		}
		p.want("}")
		return d
	case tplIdent(t):
		switch t {
		case "true", "True", "false", "False":
			return tplVal{kind: tvLit, s: t}
		}
		return p.env[t]
	default:
		p.bad = true
	}
	return tplVal{}
}

// tplIdent reports whether t is a name.
func tplIdent(t string) bool {
	if t == "" {
		return false
	}
	for i, c := range t {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// tplUnquote returns a quoted token's text, its backslash escapes of a
// quote or backslash undone.
func tplUnquote(t string) string {
	s := t[1 : len(t)-1]
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// tplTokens splits a template expression into tokens: quoted strings,
// names, numbers and one-character operators; an unterminated string
// ends the list with a token no parse accepts.
func tplTokens(expr string) []string {
	var out []string
	for i := 0; i < len(expr); {
		c := expr[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(expr) && expr[j] != c {
				if expr[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(expr) {
				return append(out, "\x00")
			}
			out = append(out, expr[i:j+1])
			i = j + 1
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
			j := i
			for j < len(expr) && (expr[j] == '_' || expr[j] >= 'a' && expr[j] <= 'z' || expr[j] >= 'A' && expr[j] <= 'Z' || expr[j] >= '0' && expr[j] <= '9') {
				j++
			}
			out = append(out, expr[i:j])
			i = j
		default:
			out = append(out, expr[i:i+1])
			i++
		}
		if len(out) > 4096 {
			return append(out, "\x00")
		}
	}
	return out
}
