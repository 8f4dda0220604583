package audit

import (
	"path"
	"sort"
	"strconv"
	"strings"
)

// GNU make's text functions, evaluated before a Makefile's recipes are
// read as shell, so a command assembled by make is seen as make hands
// it to the shell: FETCH := cu$(strip rl) is curl, $(addprefix s,h) is
// sh, $(subst @,,c@u@r@l) is curl, $(call f,x) is f's text with $(1)
// bound to x. Arguments are expanded over the file's own variables
// (every assignment and define, the last one winning, += appending);
// a variable the file never assigns keeps its shell form ${X}, as
// makeRefs writes it. The functions that touch the filesystem
// (wildcard, realpath) or run code at make time (eval) give "", shell
// gives the command substitution the shell would run. Work is bounded:
// makeMaxDepth nested expansions, makeMaxSteps references per line and
// makeMaxOut bytes per result, so a self-doubling variable costs no more
// than its cap. The functions and
// their arguments follow the GNU make manual, "Functions for
// Transforming Text".

// makeMaxDepth bounds nested expansions (variables within variables,
// functions within arguments).
const makeMaxDepth = 12

// makeMaxOut bounds the bytes one expansion returns.
const makeMaxOut = 64 << 10

// makeMaxSteps bounds the references one line's expansion follows, so
// A = $(A)$(A)$(A)$(A) costs a fixed amount, not 4^makeMaxDepth.
const makeMaxSteps = 20000

// makeVars are a Makefile's variables: name to unexpanded value.
type makeVars map[string]string

// makeVarTable collects the variables a Makefile's lines assign, in
// order: = and := set, ?= sets an unset name, += appends with a space,
// and a define … endef block sets its body.
func makeVarTable(lines []string) makeVars {
	vars := makeVars{}
	def, body := "", []string(nil)
	for _, l := range lines {
		if def != "" {
			if strings.TrimSpace(l) == "endef" {
				vars[def] = strings.Join(body, "\n")
				def, body = "", nil
			} else {
				body = append(body, l)
			}
			continue
		}
		if strings.HasPrefix(l, "\t") {
			continue
		}
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "define" {
			def = strings.TrimRight(f[1], ":=?+!")
			continue
		}
		m := makeAssign.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		name, val := m[1], strings.TrimSpace(m[2])
		op := strings.TrimSpace(l[len(strings.SplitN(l, m[1], 2)[0])+len(m[1]):])
		switch {
		case strings.HasPrefix(op, "?="):
			if _, ok := vars[name]; !ok {
				vars[name] = val
			}
		case strings.HasPrefix(op, "+="):
			if old, ok := vars[name]; ok && old != "" {
				val = old + " " + val
			}
			vars[name] = val
		default:
			vars[name] = val
		}
	}
	return vars
}

// makeFuncs returns s with every call of a make function in it replaced
// by its result; plain variable references outside a function are left
// for makeRefs.
func makeFuncs(s string, vars makeVars) string {
	if !strings.Contains(s, "$(") && !strings.Contains(s, "${") {
		return s
	}
	out := (&makeEval{vars: vars}).expand(s, false, 0)
	if strings.Contains(out, "\n") {
		// a multi-line value called into the line (a define): its lines
		// are commands, and the line keeps its place
		out = makeCanned(out)
	}
	return out
}

// makeEval expands make text over one file's variables; params are the
// bindings of call's $(1)… and foreach's variable.
type makeEval struct {
	vars   makeVars
	params []map[string]string
	// cond counts the conditions of if, or and and being expanded: a
	// variable the file never sets is empty there, as in a clean
	// environment, not its shell form.
	cond int
	// steps counts references expanded, up to makeMaxSteps.
	steps int
}

// expand expands the references in s. With full unset (a recipe or
// assignment line) only function calls, computed names ($($(X))) and
// names the shell cannot hold are expanded; with full set (inside a
// function's arguments) every reference is.
func (e *makeEval) expand(s string, full bool, depth int) string {
	if depth > makeMaxDepth {
		return ""
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if b.Len() > makeMaxOut {
			break
		}
		if s[i] != '$' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		c := s[i+1]
		if c == '$' {
			b.WriteString("$$")
			i++
			continue
		}
		if c != '(' && c != '{' {
			if full {
				if v, ok := e.lookup(string(c)); ok {
					b.WriteString(e.expand(v, true, depth+1))
					i++
					continue
				}
			}
			b.WriteByte('$')
			continue
		}
		if e.steps++; e.steps > makeMaxSteps {
			break
		}
		end := makeClose(s, i+1)
		if end < 0 {
			b.WriteString(s[i:])
			break
		}
		inner := s[i+2 : end]
		b.WriteString(e.ref(s[i:end+1], inner, full, depth))
		i = end
	}
	out := b.String()
	if len(out) > makeMaxOut {
		out = out[:makeMaxOut]
	}
	return out
}

// makeClose returns the index of the parenthesis or brace closing the
// one at open, counting only that kind as make does, or -1.
func makeClose(s string, open int) int {
	o := s[open]
	cl := byte(')')
	if o == '{' {
		cl = '}'
	}
	n := 0
	for j := open; j < len(s); j++ {
		switch s[j] {
		case o:
			n++
		case cl:
			n--
			if n == 0 {
				return j
			}
		}
	}
	return -1
}

// ref expands one reference whose text is whole and contents inner.
func (e *makeEval) ref(whole, inner string, full bool, depth int) string {
	fn, rest := inner, ""
	if k := strings.IndexAny(inner, " \t"); k > 0 {
		fn, rest = inner[:k], strings.TrimLeft(inner[k:], " \t")
	}
	if fn != "shell" && isMakeFunc(fn) && (rest != "" || fn == "strip") {
		return e.call(fn, rest, depth+1)
	}
	if fn == "shell" {
		cmd := e.expand(rest, full, depth+1)
		if out, ok := makeShellOutput(cmd); ok {
			return out
		}
		return "$(shell " + cmd + ")"
	}
	if !full && makeShellName.MatchString(inner) {
		if v, ok := e.lookup(inner); ok && strings.Contains(v, "\n") {
			// a canned recipe (define … endef): its lines are commands,
			// run one after the other
			return makeCanned(e.expand(v, true, depth+1))
		}
		return whole // a plain variable: makeRefs writes it for the shell
	}
	name := e.expand(inner, true, depth+1)
	from, to, sub := "", "", false
	if k := strings.IndexByte(name, ':'); k > 0 && strings.Contains(name[k:], "=") {
		ft := strings.SplitN(name[k+1:], "=", 2)
		name, from, to, sub = name[:k], ft[0], ft[1], true
	}
	v, ok := e.lookup(name)
	if !ok {
		if makeShellName.MatchString(name) && !sub && e.cond == 0 {
			return "${" + name + "}"
		}
		if !full {
			return whole
		}
		return ""
	}
	v = e.expand(v, true, depth+1)
	if sub {
		if !strings.Contains(from, "%") {
			from, to = "%"+from, "%"+to
		}
		v = makePatsubst(from, to, v)
	}
	return v
}

// lookup returns the value of a variable: a call or foreach parameter
// first, then the file's own.
func (e *makeEval) lookup(name string) (string, bool) {
	for i := len(e.params) - 1; i >= 0; i-- {
		if v, ok := e.params[i][name]; ok {
			return v, true
		}
	}
	v, ok := e.vars[name]
	return v, ok
}

// isMakeFunc reports whether fn is a function makeEval evaluates (shell
// is written back as a command substitution); a switch, not a table, so
// package init builds nothing.
func isMakeFunc(fn string) bool {
	switch fn {
	case "subst", "patsubst", "strip", "findstring", "filter", "filter-out", "sort",
		"word", "wordlist", "words", "firstword", "lastword", "dir", "notdir", "suffix", "basename",
		"addsuffix", "addprefix", "join", "if", "or", "and", "call", "value", "foreach", "origin",
		"flavor", "info", "warning", "error", "eval", "wildcard", "realpath", "abspath", "shell", "let":
		return true
	}
	return false
}

// call evaluates the function fn over its unexpanded argument text.
func (e *makeEval) call(fn, rest string, depth int) string {
	args := makeSplitArgs(rest)
	x := func(i int) string {
		if i >= len(args) {
			return ""
		}
		return e.expand(args[i], true, depth)
	}
	// the last argument of a fixed-arity function keeps its commas
	tail := func(n int) []string {
		if len(args) > n {
			args = append(args[:n-1], strings.Join(args[n-1:], ","))
		}
		return args
	}
	switch fn {
	case "subst":
		tail(3)
		return strings.ReplaceAll(x(2), x(0), x(1))
	case "patsubst":
		tail(3)
		return makePatsubst(x(0), x(1), x(2))
	case "strip":
		tail(1)
		return strings.Join(strings.Fields(x(0)), " ")
	case "findstring":
		tail(2)
		if strings.Contains(x(1), x(0)) {
			return x(0)
		}
		return ""
	case "filter", "filter-out":
		tail(2)
		pats := strings.Fields(x(0))
		var out []string
		for _, w := range strings.Fields(x(1)) {
			hit := false
			for _, p := range pats {
				if _, ok := makeMatch(p, w); ok {
					hit = true
				}
			}
			if hit == (fn == "filter") {
				out = append(out, w)
			}
		}
		return strings.Join(out, " ")
	case "sort":
		tail(1)
		w := strings.Fields(x(0))
		sort.Strings(w)
		return strings.Join(dedupSorted(w), " ")
	case "word", "wordlist":
		n := 2
		if fn == "wordlist" {
			n = 3
		}
		tail(n)
		w := strings.Fields(x(n - 1))
		from, _ := strconv.Atoi(strings.TrimSpace(x(0)))
		to := from
		if fn == "wordlist" {
			to, _ = strconv.Atoi(strings.TrimSpace(x(1)))
		}
		if from < 1 || from > len(w) || to < from {
			return ""
		}
		return strings.Join(w[from-1:min(to, len(w))], " ")
	case "words":
		tail(1)
		return strconv.Itoa(len(strings.Fields(x(0))))
	case "firstword", "lastword":
		tail(1)
		w := strings.Fields(x(0))
		if len(w) == 0 {
			return ""
		}
		if fn == "firstword" {
			return w[0]
		}
		return w[len(w)-1]
	case "dir", "notdir", "suffix", "basename", "abspath":
		tail(1)
		var out []string
		for _, w := range strings.Fields(x(0)) {
			out = append(out, makePathFunc(fn, w))
		}
		return strings.Join(out, " ")
	case "addsuffix", "addprefix":
		tail(2)
		var out []string
		for _, w := range strings.Fields(x(1)) {
			if fn == "addprefix" {
				out = append(out, x(0)+w)
			} else {
				out = append(out, w+x(0))
			}
		}
		return strings.Join(out, " ")
	case "join":
		tail(2)
		a, b := strings.Fields(x(0)), strings.Fields(x(1))
		out := make([]string, max(len(a), len(b)))
		for i := range out {
			if i < len(a) {
				out[i] = a[i]
			}
			if i < len(b) {
				out[i] += b[i]
			}
		}
		return strings.Join(out, " ")
	case "if":
		tail(3)
		if strings.TrimSpace(e.condition(args[0], depth)) != "" {
			return x(1)
		}
		return x(2)
	case "or":
		for i := range args {
			if v := e.condition(args[i], depth); strings.TrimSpace(v) != "" {
				return v
			}
		}
		return ""
	case "and":
		v := ""
		for i := range args {
			if v = e.condition(args[i], depth); strings.TrimSpace(v) == "" {
				return ""
			}
		}
		return v
	case "call":
		name := strings.TrimSpace(x(0))
		body, ok := e.lookup(name)
		if !ok {
			return ""
		}
		p := map[string]string{"0": name}
		for i := 1; i < len(args); i++ {
			p[strconv.Itoa(i)] = x(i)
		}
		e.params = append(e.params, p)
		defer func() { e.params = e.params[:len(e.params)-1] }()
		return e.expand(body, true, depth)
	case "value":
		v, _ := e.lookup(strings.TrimSpace(x(0)))
		return v
	case "foreach":
		tail(3)
		if len(args) < 3 {
			return ""
		}
		name := strings.TrimSpace(x(0))
		var out []string
		for _, w := range strings.Fields(x(1)) {
			e.params = append(e.params, map[string]string{name: w})
			out = append(out, e.expand(args[2], true, depth))
			e.params = e.params[:len(e.params)-1]
			if len(out) > 256 {
				break
			}
		}
		return strings.Join(out, " ")
	case "let":
		tail(3)
		names, words := strings.Fields(x(0)), strings.Fields(x(1))
		p := map[string]string{}
		for i, n := range names {
			switch {
			case i == len(names)-1 && i < len(words):
				p[n] = strings.Join(words[i:], " ")
			case i < len(words):
				p[n] = words[i]
			default:
				p[n] = ""
			}
		}
		e.params = append(e.params, p)
		defer func() { e.params = e.params[:len(e.params)-1] }()
		if len(args) < 3 {
			return ""
		}
		return e.expand(args[2], true, depth)
	case "origin":
		if _, ok := e.lookup(strings.TrimSpace(x(0))); ok {
			return "file"
		}
		return "undefined"
	case "flavor":
		if _, ok := e.lookup(strings.TrimSpace(x(0))); ok {
			return "recursive"
		}
		return "undefined"
	}
	return "" // info, warning, error, eval, wildcard, realpath
}

// condition expands a condition of if, or or and (see makeEval.cond).
func (e *makeEval) condition(arg string, depth int) string {
	e.cond++
	defer func() { e.cond-- }()
	return e.expand(arg, true, depth)
}

// makeSplitArgs splits a function's argument text at its top-level
// commas (a comma inside a nested reference belongs to it).
func makeSplitArgs(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '{':
			depth++
		case ')', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// makeMatch matches w against a make pattern p (one % matching any
// text); the text % matched is returned.
func makeMatch(p, w string) (string, bool) {
	k := strings.IndexByte(p, '%')
	if k < 0 {
		return "", p == w
	}
	pre, suf := p[:k], p[k+1:]
	if len(w) >= len(pre)+len(suf) && strings.HasPrefix(w, pre) && strings.HasSuffix(w, suf) {
		return w[len(pre) : len(w)-len(suf)], true
	}
	return "", false
}

// makePatsubst is $(patsubst pat,repl,text): each word matching pat is
// replaced by repl, its % standing for what pat's % matched.
func makePatsubst(pat, repl, text string) string {
	var out []string
	for _, w := range strings.Fields(text) {
		if stem, ok := makeMatch(pat, w); ok {
			if strings.Contains(pat, "%") {
				w = strings.Replace(repl, "%", stem, 1)
			} else {
				w = repl
			}
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// makePathFunc is one of make's file name functions over one word.
func makePathFunc(fn, w string) string {
	switch fn {
	case "dir":
		if k := strings.LastIndexByte(w, '/'); k >= 0 {
			return w[:k+1]
		}
		return "./"
	case "notdir":
		return w[strings.LastIndexByte(w, '/')+1:]
	case "suffix":
		if e := path.Ext(w); e != "" && !strings.Contains(e, "/") {
			return e
		}
		return ""
	case "basename":
		if e := path.Ext(w); e != "" {
			return w[:len(w)-len(e)]
		}
		return w
	}
	if strings.HasPrefix(w, "/") {
		return path.Clean(w)
	}
	return w
}

// dedupSorted drops repeats from a sorted list.
func dedupSorted(w []string) []string {
	out := w[:0]
	for i, s := range w {
		if i == 0 || s != w[i-1] {
			out = append(out, s)
		}
	}
	return out
}

// makeShellName matches a variable name the shell can hold as ${NAME}.
var makeShellName = lazyRE(`^[A-Za-z_][A-Za-z0-9_]*$`)

// makeCanned writes the lines of a canned recipe as one shell line (so
// the recipe line keeps its place), each without make's @, - and +
// prefixes.
func makeCanned(body string) string {
	var cmds []string
	for _, l := range strings.Split(body, "\n") {
		if l = strings.TrimLeft(strings.TrimSpace(l), "@-+"); l != "" {
			cmds = append(cmds, l)
		}
	}
	return strings.Join(cmds, "; ")
}
