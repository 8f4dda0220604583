package audit

import (
	"strconv"
	"strings"
)

// A Python hardener that edits a settings file's text rather than parsing
// it (Codex's config.toml, read with read_text and written back with
// write_text) is judged by the substitutions it makes (agentsubst.go):
// the text written must be the text read from that same file (followed
// through names and the script's own functions, as pyTight.value follows
// a parsed value), each step a re.sub or str.replace whose pattern and
// replacement are plain literals and whose change settingsSubstTightens
// accepts. Any other step (a join, a concatenation, an f-string, a
// compiled pattern, flags the reader does not know) is not followed.

// pyReFlagOK are the re flags a substitution may be given: none of them
// lets a match run past its line (re.S) or makes the pattern's spaces
// insignificant (re.X).
var pyReFlagOK = lazySet("re.M", "re.MULTILINE", "re.I", "re.IGNORECASE", "re.A", "re.ASCII", "re.U", "re.UNICODE", "0")

// text reports whether e, read in scope sc, is the text of the file
// target names, with only tightening substitutions made (params: the
// parameters of sc that hold such a text).
func (t *pyTight) text(e string, sc int, target string, params map[string]bool, depth int) bool {
	e = pyTightStrip(e)
	if depth > 16 || e == "" {
		return false
	}
	if target != "" && t.readOf(e, sc, target, depth+1) {
		return true
	}
	if isPyIdent(e) {
		return t.textName(e, sc, target, params, depth)
	}
	if !strings.HasSuffix(e, ")") {
		return false
	}
	open := pyOpenOf(pyBlankKeep(e))
	if open <= 0 {
		return false
	}
	fn, args := strings.TrimSpace(e[:open]), pySplitArgs(e[open+1:len(e)-1])
	switch {
	case fn == "re.sub":
		subject, ok := pyReSubTightens(args)
		return ok && t.text(subject, sc, target, params, depth+1)
	case strings.HasSuffix(fn, ".replace") && (len(args) == 2 || len(args) == 3):
		old, ok1 := pyPlainLit(args[0])
		repl, ok2 := pyPlainLit(args[1])
		return ok1 && ok2 && old != "" && settingsSubstTightens(old, repl, substLiteral, false) &&
			t.text(fn[:len(fn)-len(".replace")], sc, target, params, depth+1)
	}
	if d, ok := t.fl.defs[fn]; ok && d >= 0 {
		return t.textReturns(d, args, sc, target, params, depth)
	}
	return false
}

// pyPlainLit returns the text of a plain string literal (no f-string, no
// bytes), its escapes resolved; false for an escape by a character's
// code (\1 is chr(1) outside a raw string).
func pyPlainLit(e string) (string, bool) {
	p, body, ok := pyStrLitWhole(pyTightStrip(e))
	if !ok || strings.ContainsAny(p, "fFbB") {
		return "", false
	}
	if strings.ContainsAny(p, "rR") {
		return body, true
	}
	for i := 0; i+1 < len(body); i++ {
		if body[i] == '\\' {
			if c := body[i+1]; c >= '0' && c <= '9' || c == 'x' || c == 'u' || c == 'U' || c == 'N' {
				return "", false
			}
			i++
		}
	}
	return pyUnescape(body), true
}

// pyReSubTightens reads the arguments of a re.sub call: it returns the
// text substituted and whether the pattern and replacement are literals
// whose change only tightens, with flags that keep a match on its line.
func pyReSubTightens(args []string) (string, bool) {
	var pos []string
	kw := map[string]string{}
	for _, a := range args {
		a = strings.TrimSpace(a)
		if k, v, isKw := pyKwarg(a); isKw {
			kw[k] = strings.TrimSpace(v)
			continue
		}
		if strings.HasPrefix(a, "*") {
			return "", false
		}
		pos = append(pos, a)
	}
	get := func(i int, name string) string {
		if i < len(pos) {
			return pos[i]
		}
		return kw[name]
	}
	pat, ok1 := pyPlainLit(get(0, "pattern"))
	repl, ok2 := pyPlainLit(get(1, "repl"))
	subject := get(2, "string")
	if !ok1 || !ok2 || subject == "" || len(pos) > 5 {
		return "", false
	}
	if c := get(3, "count"); c != "" {
		if _, err := strconv.Atoi(c); err != nil {
			return "", false
		}
	}
	if f := get(4, "flags"); f != "" {
		for _, part := range strings.Split(f, "|") {
			if !pyReFlagOK()[strings.TrimSpace(part)] {
				return "", false
			}
		}
	}
	return subject, settingsSubstTightens(pat, repl, substPython, false)
}

// textName is text for a name: a parameter the call filled with the
// text, or a name every binding of which is such a text (text = re.sub(…,
// text) steps from itself: the names's every value is reached from the
// text read through tightening steps).
func (t *pyTight) textName(name string, sc int, target string, params map[string]bool, depth int) bool {
	key := t.nameKey("text:", name, sc, target, params)
	if v, ok := t.memo[key]; ok {
		return v
	}
	t.memo[key] = true
	ok := t.textName0(name, sc, target, params, depth)
	t.memo[key] = ok
	return ok
}

// textName0 is textName's walk.
func (t *pyTight) textName0(name string, sc int, target string, params map[string]bool, depth int) bool {
	bs := t.reaching(t.bindings(name, sc), sc)
	if t.isParam(name, sc) {
		if !params[name] {
			return false
		}
		bs = append(bs, pyBinding{kind: "=", rhs: name, line: -1})
	}
	if len(bs) == 0 || t.augmented(name, sc) {
		return false
	}
	return t.everyBinding(bs, name, sc, func(rhs string) bool { return t.text(rhs, sc, target, params, depth+1) })
}

// augmented reports whether a line of scope sc changes name in place
// (text += …): a binding bindings does not list.
func (t *pyTight) augmented(name string, sc int) bool {
	for i, l := range t.fl.lines {
		if t.fl.scope[i] != sc {
			continue
		}
		for _, p := range pyStmtParts(l.blank) {
			b := l.blank[p[0]:p[1]]
			if at, _ := pyAugAt(b); at >= 0 && strings.TrimSpace(b[:at]) == name {
				return true
			}
		}
	}
	return false
}

// mapKeys returns the keys of m.
func mapKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// textReturns reports whether every return of the function whose def
// is line d, called with args from scope sc, is such a text: its
// parameters given one by the call are.
func (t *pyTight) textReturns(d int, args []string, sc int, target string, params map[string]bool, depth int) bool {
	return t.everyReturn(d, args, sc, target, params, depth, "text()", t.text,
		func(r string, d int, target string, params map[string]bool, depth int) bool {
			return r != "" && t.text(r, d, target, params, depth)
		})
}
