package audit

import (
	"sort"
	"strings"
)

// The changes a Python script makes to the settings it writes back (see
// pyagenttighten.go): every line of a scope that holds the value or an
// alias of a part of it is read for what it does with each: a read, a
// change at a key path (judged by settingsChangeTightens), a new alias
// (an assignment, a loop variable, a parameter of the script's own
// function it is handed to), or a hand-over to code the walk does not
// know, which fails the judgement.

// alias records name in scope sc as holding a (a part of the settings),
// merging with what it held (two different parts: unknown); it reports
// whether anything changed.
func (t *pyTight) alias(sc int, name string, a pyAlias) bool {
	m := t.names[sc]
	if m == nil {
		m = map[string]pyAlias{}
		t.names[sc] = m
	}
	old, ok := m[name]
	switch {
	case !ok:
		m[name] = a
		return true
	case old.value:
		return false
	case a.value:
		m[name] = a
		return true
	case old.known && a.known && old.origin == a.origin && strings.Join(old.path, "\x00") == strings.Join(a.path, "\x00"):
		return false
	case !old.known:
		return false
	}
	m[name] = pyAlias{}
	return true
}

// changesTighten walks every scope holding the settings until no new
// alias appears, and reports whether every change there tightens.
func (t *pyTight) changesTighten() bool {
	for round := 0; round < 12; round++ {
		changed := false
		scopes := make([]int, 0, len(t.names))
		for sc := range t.names {
			scopes = append(scopes, sc)
		}
		sort.Ints(scopes)
		for _, sc := range scopes {
			ok, ch := t.scopeChanges(sc)
			if !ok {
				return false
			}
			changed = changed || ch
		}
		if !changed {
			return true
		}
	}
	return false
}

// scopeChanges reads the lines of scope sc (functions nested in it
// too): aliases first, then every use of a name holding the settings.
func (t *pyTight) scopeChanges(sc int) (ok, changed bool) {
	var lines []int
	for i := range t.fl.lines {
		if i != sc && t.fl.inScope(i, sc) {
			lines = append(lines, i)
		}
	}
	for grown := true; grown; {
		grown = false
		for _, i := range lines {
			t.keyLine, t.keyScope = i+1, sc
			g, ok := t.aliasLine(sc, t.fl.lines[i])
			t.keyLine = 0
			if !ok {
				return false, changed
			}
			grown = grown || g
			changed = changed || g
		}
	}
	for _, i := range lines {
		l := t.fl.lines[i]
		if strings.HasPrefix(l.blank, "def ") || strings.HasPrefix(l.blank, "async def ") {
			continue
		}
		for _, p := range pyStmtParts(l.blank) {
			pb, po := l.blank[p[0]:p[1]], l.orig[p[0]:p[1]]
			names := make([]string, 0, len(t.names[sc]))
			for n := range t.names[sc] {
				names = append(names, n)
			}
			sort.Strings(names)
			for _, n := range names {
				for _, at := range pyWordsAt(pb, n) {
					t.keyLine, t.keyScope = i+1, sc
					ok, ch := t.use(sc, pb, po, n, at)
					t.keyLine = 0
					if !ok {
						return false, changed
					}
					changed = changed || ch
				}
			}
		}
	}
	return true, changed
}

// mentions reports whether blanked text b names a settings alias of
// scope sc.
func (t *pyTight) mentions(sc int, b string) bool {
	for n := range t.names[sc] {
		if len(pyWordsAt(b, n)) > 0 {
			return true
		}
	}
	return false
}

// aliasLine records the aliases line l of scope sc makes: the targets
// of an assignment, a for or a with whose value names the settings;
// false when it binds them in a way the walk does not read.
func (t *pyTight) aliasLine(sc int, l pyKeyedLine) (grown, ok bool) {
	b := l.blank
	for _, m := range pyForClause.FindAllStringSubmatchIndex(b, -1) {
		if !t.mentions(sc, b[m[1]:]) {
			continue
		}
		for _, n := range pyWordRe.FindAllString(b[m[2]:m[3]], -1) {
			grown = t.alias(sc, n, pyAlias{}) || grown
		}
	}
	if strings.HasPrefix(b, "with ") || strings.HasPrefix(b, "async with ") {
		if i := strings.LastIndex(b, " as "); i >= 0 && t.mentions(sc, b[:i]) {
			for _, n := range pyWordRe.FindAllString(b[i+4:], -1) {
				grown = t.alias(sc, n, pyAlias{}) || grown
			}
		}
	}
	for _, p := range pyStmtParts(b) {
		pb, po := b[p[0]:p[1]], l.orig[p[0]:p[1]]
		eq := pyAssignAt(pb)
		if eq < 0 {
			continue
		}
		rhsB, rhs := pb[eq+1:], strings.TrimSpace(po[eq+1:])
		if !t.mentions(sc, rhsB) {
			continue
		}
		if pyAssignAt(rhsB) >= 0 {
			return grown, false // a = b = value
		}
		lhs := strings.TrimSpace(pb[:eq])
		if i := strings.IndexByte(lhs, ':'); i > 0 && isPyIdent(strings.TrimSpace(lhs[:i])) {
			lhs = strings.TrimSpace(lhs[:i])
		}
		targets := pySplitArgs(strings.Trim(lhs, "()[] "))
		for _, tg := range targets {
			tg = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(tg), "*"))
			base := pyWordRe.FindString(tg)
			if base == "" {
				return grown, false
			}
			if _, held := t.names[sc][base]; held && tg != base {
				continue // a change to the settings: judged as a use
			}
			a := pyAlias{}
			if tg == base && len(targets) == 1 {
				if path, origin, ok := t.chainPath(sc, rhs); ok {
					a = pyAlias{path: path, known: true, origin: origin}
					if pathHasAlt(path) {
						a.bound = t.keyLine
					}
				}
			}
			grown = t.alias(sc, base, a) || grown
		}
	}
	return grown, true
}

// pyForClause is a for clause (a statement's or a comprehension's):
// group 1 its targets.
var pyForClause = lazyRE(`\bfor\s+([\w\s,()\[\]*]+?)\s+in\b`)

// pyStmtParts splits a logical line (blanked) into its statements: a
// compound header and the body after its colon, and statements joined
// by semicolons.
func pyStmtParts(b string) [][2]int {
	var out [][2]int
	start := 0
	head := false
	for _, kw := range []string{"if ", "elif ", "else", "for ", "while ", "with ", "try", "except", "finally", "async "} {
		if strings.HasPrefix(b, kw) {
			head = true
		}
	}
	depth := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ':':
			if head && depth == 0 {
				out = append(out, [2]int{start, i})
				start, head = i+1, false
			}
		case ';':
			if depth == 0 {
				out = append(out, [2]int{start, i})
				start = i + 1
			}
		}
	}
	out = append(out, [2]int{start, len(b)})
	for i := range out {
		for out[i][0] < out[i][1] && b[out[i][0]] == ' ' {
			out[i][0]++
		}
	}
	return out
}

// use judges one use of settings alias n at offset at of statement pb
// (blanked; po as written) in scope sc.
func (t *pyTight) use(sc int, pb, po, n string, at int) (ok, changed bool) {
	a := t.names[sc][n]
	if strings.HasPrefix(pb, "del ") {
		if at < 4 {
			return false, false
		}
		end, path, known, ok := t.chain(pb, po, at+len(n), a, false)
		if !ok {
			return false, false
		}
		if rest := strings.TrimSpace(pb[end:]); rest != "" && !strings.HasPrefix(rest, ",") {
			return false, false
		}
		if len(path) == len(a.path) {
			return true, false // del name: unbinds it
		}
		return known && settingsChangeTightens(path, changeDelete, ""), false
	}
	eq := pyAssignAt(pb)
	aug, op := pyAugAt(pb)
	if at == 0 {
		end, path, known, ok := t.chain(pb, po, len(n), a, true)
		if !ok {
			return false, false
		}
		rest := strings.TrimLeft(pb[end:], " ")
		switch {
		case eq >= 0 && strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "=="):
			if len(path) == len(a.path) && end == len(n) {
				return true, false // the name is bound anew: its bindings are judged
			}
			return known && t.setTightens(sc, path, a.origin, strings.TrimSpace(po[eq+1:])), false
		case aug >= 0 && end <= aug && strings.TrimSpace(pb[end:aug]) == "":
			if !known {
				return false, false
			}
			switch op {
			case '+', '|':
				return settingsChangeTightens(path, changeAdd, ""), false
			case '-', '&':
				return settingsChangeTightens(path, changeRemove, ""), false
			}
			return false, false
		}
	}
	lhsEnd := eq
	if lhsEnd < 0 {
		lhsEnd = aug
	}
	if lhsEnd >= 0 && at < lhsEnd && (at == 0 || !pyInsideBrackets(pb[:lhsEnd], at)) {
		if eq >= 0 && eq == lhsEnd {
			// one name among several unpacked from the script's own
			// function (pyagenttightenunpack.go)
			if changed, ok := t.unpackBound(sc, pb[:eq], po[eq+1:]); ok {
				return true, changed
			}
		}
		return false, false // an attribute set, or one target among several
	}
	end, _, _, ok := t.chain(pb, po, at+len(n), a, true)
	if !ok {
		return false, false
	}
	return t.context(sc, pb, po, at, end)
}

// chain reads the accesses after a settings alias (a at offset i of pb):
// subscripts, .get and .setdefault step into a key; a mutating method
// ends it and is judged (judge false: any fails). It returns the
// offset past the chain, the key path reached and whether it is known.
func (t *pyTight) chain(pb, po string, i int, a pyAlias, judge bool) (end int, path []string, known, ok bool) {
	path = append([]string(nil), a.path...)
	known = a.known
	for i < len(pb) {
		j := i
		for j < len(pb) && pb[j] == ' ' {
			j++
		}
		if j >= len(pb) {
			break
		}
		switch {
		case pb[j] == '[':
			close := pyCloseParen(pb, j)
			if close >= len(pb) {
				return i, path, known, false
			}
			path = append(path, t.key(po[j+1:close]))
			i = close + 1
			continue
		case pb[j] == '(':
			return i, path, known, false // the value called
		case pb[j] == '.':
			m := pyWordRe.FindStringIndex(pb[j+1:])
			if m == nil || m[0] != 0 {
				return i, path, known, false
			}
			meth := pb[j+1 : j+1+m[1]]
			k := j + 1 + m[1]
			for k < len(pb) && pb[k] == ' ' {
				k++
			}
			if k >= len(pb) || pb[k] != '(' {
				i, known = k, false // an attribute: what it holds is not followed
				continue
			}
			close := pyCloseParen(pb, k)
			if close >= len(pb) {
				return i, path, known, false
			}
			args := pySplitArgs(po[k+1 : close])
			switch {
			case meth == "get":
				if len(args) == 0 {
					return i, path, known, false
				}
				path = append(path, t.key(args[0]))
			case meth == "setdefault":
				if len(args) == 0 {
					return i, path, known, false
				}
				path = append(path, t.key(args[0]))
				if len(args) > 1 && !pyEmptyLit(args[1]) {
					v, lit := pyTightLit(args[1])
					if !judge || !known || !lit || !settingsChangeTightens(path, changeSet, v) {
						return i, path, known, false
					}
				}
			case pyTightSets().changers[meth]:
				if !judge || !known || !t.mutationTightens(path, meth, args) {
					return i, path, known, false
				}
				return close + 1, path, known, true
			case pyTightSets().readMethods[meth]:
				known = false // a read (items(), copy(), lower()): its result may still hold a part
			default:
				return i, path, known, false // a method of an object the walk does not know
			}
			i = close + 1
			continue
		}
		break
	}
	return i, path, known, true
}

// mutationTightens judges a mutating method called on the settings part
// at path with args.
func (t *pyTight) mutationTightens(path []string, meth string, args []string) bool {
	switch meth {
	case "append", "extend", "insert", "add":
		return settingsChangeTightens(path, changeAdd, "")
	case "remove", "discard", "clear", "popitem", "difference_update", "intersection_update":
		return settingsChangeTightens(path, changeRemove, "")
	case "pop":
		if len(args) > 0 {
			if _, body, ok := pyStrLitWhole(strings.TrimSpace(args[0])); ok {
				return settingsChangeTightens(append(path, body), changeDelete, "")
			}
		}
		return settingsChangeTightens(path, changeRemove, "")
	case "sort", "reverse":
		return true
	case "update":
		if len(args) == 0 {
			return true
		}
		for _, a := range args {
			a = strings.TrimSpace(a)
			if k, v, kw := pyKwarg(a); kw {
				lv, lit := pyTightLit(v)
				if !lit || !settingsChangeTightens(append(path, k), changeSet, lv) {
					return false
				}
				continue
			}
			if !strings.HasPrefix(a, "{") || pyCloseParen(pyBlankKeep(a), 0) != len(a)-1 {
				return false
			}
			for _, kv := range pySplitArgs(a[1 : len(a)-1]) {
				c := pyTopOp(pyBlankKeep(kv), ":")
				if c < 0 {
					return false
				}
				_, key, ok := pyStrLitWhole(strings.TrimSpace(kv[:c]))
				lv, lit := pyTightLit(kv[c+1:])
				if !ok || !lit || !settingsChangeTightens(append(path, key), changeSet, lv) {
					return false
				}
			}
		}
		return true
	}
	return false
}

// pyTightKey is the key a subscript or .get names: a string literal's
// text, or "" for anything else (a variable, an index, a slice).
func pyTightKey(e string) string {
	if p, body, ok := pyStrLitWhole(strings.TrimSpace(e)); ok && !strings.ContainsAny(p, "fF") {
		return body
	}
	return ""
}

// pyTightLit reads a literal a settings key may be set to: true, false,
// null, a string's text, [] or {}, a number.
func pyTightLit(e string) (string, bool) {
	e = pyTightStrip(e)
	switch e {
	case "True":
		return "true", true
	case "False":
		return "false", true
	case "None":
		return "null", true
	case "[]", "()", "list()", "tuple()":
		return "[]", true
	case "{}", "dict()":
		return "{}", true
	}
	if p, body, ok := pyStrLitWhole(e); ok && !strings.ContainsAny(p, "fF") {
		return body, true
	}
	if e != "" && strings.Trim(e, "0123456789.-") == "" {
		return e, true
	}
	return "", false
}

// pyEmptyLit reports whether e is an empty container or None: a
// setdefault default that only makes room for a key.
func pyEmptyLit(e string) bool {
	v, ok := pyTightLit(e)
	return ok && (v == "[]" || v == "{}" || v == "null")
}

// setTightens judges setting the settings part at path to rhs (scope
// sc): a literal, the same part again, a filter of its own entries
// (changeRemove) or its entries and more (changeAdd).
func (t *pyTight) setTightens(sc int, path []string, origin, rhs string) bool {
	if v, lit := pyTightLit(rhs); lit {
		return settingsChangeTightens(path, changeSet, v)
	}
	if p, o, ok := t.chainPath(sc, rhs); ok && o == origin && samePath(p, path) {
		if n := pyTightStrip(rhs); isPyIdent(n) && !t.names[sc][n].value && len(t.bindings(n, sc)) != 1 {
			return false // an alias bound twice may hold anything
		}
		return true
	}
	if t.subsetOf(sc, rhs, path, origin) {
		return settingsChangeTightens(path, changeRemove, "")
	}
	if t.supersetOf(sc, rhs, path, origin) {
		return settingsChangeTightens(path, changeAdd, "")
	}
	return false
}

// samePath reports whether two key paths are equal and wholly known.
func samePath(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] || a[i] == "" {
			return false
		}
	}
	return true
}

// chainPath returns the key path e reaches when it is a settings alias
// followed only by steps into keys (d["permissions"], perms.get("allow",
// []), a default after or: perms.get("allow") or []).
func (t *pyTight) chainPath(sc int, e string) ([]string, string, bool) {
	e = pyTightStrip(e)
	if parts := pyTopSplitWord(e, " or "); len(parts) == 2 && pyEmptyLit(parts[1]) {
		e = pyTightStrip(parts[0])
	}
	n := pyWordRe.FindString(e)
	a, held := t.names[sc][n]
	if n == "" || !strings.HasPrefix(e, n) || !held || !a.known || a.bound > 0 && !t.keyAliasReaches(n, sc, a) {
		return nil, "", false
	}
	b := pyBlankKeep(e)
	end, path, known, ok := t.chain(b, e, len(n), a, false)
	if !ok || !known || end != len(e) {
		return nil, "", false
	}
	return path, a.origin, true
}

// pyUnwrap takes off calls of fns around e that have one positional
// argument (sorted(x, key=len), list(x)).
func pyUnwrap(e string, fns map[string]bool) string {
	for n := 0; n < 8; n++ {
		e = pyTightStrip(e)
		if !strings.HasSuffix(e, ")") {
			return e
		}
		open := pyOpenOf(pyBlankKeep(e))
		if open <= 0 || !fns[strings.TrimSpace(e[:open])] {
			return e
		}
		var pos []string
		for _, a := range pySplitArgs(e[open+1 : len(e)-1]) {
			if _, _, kw := pyKwarg(strings.TrimSpace(a)); !kw {
				pos = append(pos, a)
			}
		}
		if len(pos) != 1 {
			return e
		}
		e = pos[0]
	}
	return e
}

// subsetOf reports whether rhs keeps only entries of the settings part
// at path: [r for r in SRC if …], {k: v for k, v in SRC.items() if …},
// filter(f, SRC), set(SRC) - other, each perhaps in list() or sorted().
func (t *pyTight) subsetOf(sc int, rhs string, path []string, origin string) bool {
	e := pyUnwrap(rhs, set("list", "sorted", "tuple", "set", "frozenset"))
	src := ""
	switch {
	case len(e) > 1 && (e[0] == '[' || e[0] == '{') && pyCloseParen(pyBlankKeep(e), 0) == len(e)-1:
		body := e[1 : len(e)-1]
		bb := pyBlankKeep(body)
		f := pyTopOp(bb, " for ")
		if f < 0 {
			return false
		}
		elem, rest := strings.TrimSpace(body[:f]), body[f+len(" for "):]
		rb := bb[f+len(" for "):]
		in := pyTopOp(rb, " in ")
		if in < 0 {
			return false
		}
		vars, after := strings.TrimSpace(rest[:in]), rest[in+len(" in "):]
		ab := rb[in+len(" in "):]
		if pyTopOp(ab, " for ") >= 0 {
			return false
		}
		if i := pyTopOp(ab, " if "); i >= 0 {
			after = after[:i]
		}
		src = strings.TrimSpace(after)
		norm := func(s string) string { return strings.Join(strings.Fields(strings.ReplaceAll(s, ",", ", ")), " ") }
		switch {
		case isPyIdent(elem) && elem == vars:
		case e[0] == '{' && strings.HasSuffix(src, ".items()") && strings.ReplaceAll(norm(elem), " :", ":") == strings.ReplaceAll(norm(vars), ",", ":"):
			src = strings.TrimSuffix(src, ".items()")
		default:
			return false // entries changed, not only kept
		}
	case strings.HasPrefix(e, "filter("):
		args := pySplitArgs(e[len("filter(") : len(e)-1])
		if len(args) != 2 {
			return false
		}
		src = args[1]
	default:
		parts := pySplitTop(e, '-')
		if len(parts) < 2 {
			return false
		}
		src = pyUnwrap(parts[0], set("set", "frozenset"))
	}
	p, o, ok := t.chainPath(sc, src)
	return ok && o == origin && samePath(p, path)
}

// supersetOf reports whether rhs holds every entry of the settings part
// at path and more: SRC + [...], [*SRC, ...], set(SRC) | {...},
// list(dict.fromkeys(SRC + [...])), perhaps in sorted().
func (t *pyTight) supersetOf(sc int, rhs string, path []string, origin string) bool {
	e := pyUnwrap(rhs, set("list", "sorted", "tuple", "set", "dict.fromkeys"))
	is := func(part string) bool {
		p, o, ok := t.chainPath(sc, pyUnwrap(part, set("list", "set", "sorted", "tuple")))
		return ok && o == origin && samePath(p, path)
	}
	if len(e) > 1 && e[0] == '[' && pyCloseParen(pyBlankKeep(e), 0) == len(e)-1 {
		for _, el := range pySplitArgs(e[1 : len(e)-1]) {
			if el = strings.TrimSpace(el); strings.HasPrefix(el, "*") && is(el[1:]) {
				return true
			}
		}
		return false
	}
	for _, op := range []byte{'+', '|'} {
		if parts := pySplitTop(e, op); len(parts) > 1 {
			for _, p := range parts {
				if is(p) {
					return true
				}
			}
		}
	}
	return false
}

// context judges what receives the settings part a use reads (from at
// to end in pb): nothing, a function the script defines (its parameter
// then holds it), a function that keeps none of it, or a store into a
// container that then holds it; any other code fails.
func (t *pyTight) context(sc int, pb, po string, at, end int) (ok, changed bool) {
	exact := true
	for pos := at; ; {
		p := pyEnclosing(pb, pos)
		if p < 0 {
			return true, changed
		}
		k := p - 1
		for k >= 0 && pb[k] == ' ' {
			k--
		}
		callish := k >= 0 && (isIdentByte(pb[k]) || pb[k] == ')' || pb[k] == ']')
		if callish && isIdentByte(pb[k]) {
			w := k
			for w > 0 && isIdentByte(pb[w-1]) {
				w--
			}
			if pyKeywords()[pb[w:k+1]] || pyStmtWords()[pb[w:k+1]] || pb[w:k+1] == "del" {
				callish = false
			}
		}
		if pb[p] == '{' && pyInFString(pb, p) {
			return true, changed // formatted into a new string: nothing holds the part
		}
		if !callish || pb[p] == '{' {
			exact = false
			pos = p
			continue
		}
		if pb[p] == '[' {
			return true, changed // a key: x[d["k"]]
		}
		fn := pyPrimaryBefore(po, pb, p)
		start := k + 1 - len(fn)
		if start < 0 {
			return false, changed
		}
		close := pyCloseParen(pb, p)
		argsB := pySplitArgs(pb[p+1 : min(close, len(pb))])
		idx, kw, off := -1, "", p+1
		use := strings.TrimSpace(po[at:end])
		for i, a := range argsB {
			if pos >= off && pos < off+len(a) {
				idx = i
				arg := strings.TrimSpace(po[off : off+len(a)])
				if k, v, isKw := pyKwarg(arg); isKw {
					kw, arg = k, v
				}
				exact = exact && arg == use
				break
			}
			off += len(a) + 1
		}
		if idx < 0 {
			return false, changed
		}
		fnb := strings.Join(strings.Fields(pb[start:k+1]), "")
		switch v, how := t.callee(sc, fnb, idx, kw, exact, at, end, pb, po); how {
		case "fail":
			return false, changed
		case "stop":
			return true, changed || v
		default:
			changed = changed || v
			if !t.resultKept(pb, po, min(close+1, len(pb))) {
				return false, changed
			}
			exact = false
			pos = start
		}
	}
}

// pyInFString reports whether offset p of statement b (blanked: string
// literals hold only their f-string {expressions}) stands inside an
// f-string literal: the brace there opens a replacement field.
func pyInFString(b string, p int) bool {
	for i := 0; i < p && i < len(b); i++ {
		c := b[i]
		if c != '"' && c != '\'' {
			continue
		}
		q := b[i : i+1]
		if strings.HasPrefix(b[i:], strings.Repeat(q, 3)) {
			q = strings.Repeat(q, 3)
		}
		j := strings.Index(b[i+len(q):], q)
		if j < 0 {
			return false
		}
		end := i + len(q) + j
		if p < end {
			return pyFStringRe.MatchString(b[max(0, i-2):i])
		}
		i = end + len(q) - 1
	}
	return false
}

// pyEnclosing returns the offset of the innermost bracket of b open at
// offset i, or -1.
func pyEnclosing(b string, i int) int {
	var stack []int
	for k := 0; k < i && k < len(b); k++ {
		switch b[k] {
		case '(', '[', '{':
			stack = append(stack, k)
		case ')', ']', '}':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if len(stack) == 0 {
		return -1
	}
	return stack[len(stack)-1]
}

// callee judges a call fn handed a settings part as argument idx
// (keyword kw): "stop" when nothing more can reach it, "pass" when the
// call's result may hold it (judged where it goes), "fail" otherwise;
// changed reports a new alias.
func (t *pyTight) callee(sc int, fn string, idx int, kw string, exact bool, at, end int, pb, po string) (changed bool, how string) {
	if d, ok := t.fl.defs[fn]; ok {
		if d < 0 {
			return false, "fail"
		}
		m := pyDefRe.FindStringSubmatch(t.fl.lines[d].blank)
		if m == nil {
			return false, "fail"
		}
		raw := pySplitArgs(m[2])
		names := pyParams(m[2])
		p := kw
		if p == "" {
			if idx >= len(raw) || idx >= len(names) || strings.HasPrefix(strings.TrimSpace(raw[idx]), "*") {
				return false, "fail"
			}
			p = names[idx]
		}
		a := pyAlias{}
		if exact {
			if path, _, ok := t.chainPath(sc, po[at:end]); ok && !pathHasAlt(path) {
				a = pyAlias{path: path, known: true, origin: p} // a loop's key is not the parameter's at every call
			}
		}
		return t.alias(d, p, a), "pass"
	}
	switch {
	case pyTightSets().pure[fn]:
		return false, "stop"
	case pyTightSets().pass[fn]:
		return false, "pass"
	}
	dot := strings.LastIndexByte(fn, '.')
	if dot <= 0 {
		return false, "fail"
	}
	recv, meth := fn[:dot], fn[dot+1:]
	base := pyWordRe.FindString(recv)
	if _, held := t.names[sc][base]; held && strings.HasPrefix(recv, base) {
		return false, "stop" // stored into the settings: its own change is judged
	}
	switch {
	case pyTightSets().storeMethods[meth]:
		if base == "" || !strings.HasPrefix(recv, base) {
			return false, "fail"
		}
		return t.alias(sc, base, pyAlias{}), "stop"
	case pyTightSets().pureMethods[meth]:
		return false, "stop"
	}
	switch recv {
	case "difflib", "re", "textwrap", "shlex", "os.path", "html", "hashlib", "logging":
		return false, "stop"
	}
	return false, "fail"
}

// enclosingCall returns the call whose parentheses on line l hold
// offset at: its name (spaces taken out), its arguments as written and
// the index of the one holding at; "" when there is none.
func (t *pyTight) enclosingCall(l pyKeyedLine, at int) (fn string, args []string, idx int) {
	p := pyEnclosing(l.blank, at)
	if p <= 0 || l.blank[p] != '(' {
		return "", nil, -1
	}
	f := pyPrimaryBefore(l.orig, l.blank, p)
	if f == "" {
		return "", nil, -1
	}
	close := pyCloseParen(l.blank, p)
	if close > len(l.blank) {
		close = len(l.blank)
	}
	argsB := pySplitArgs(l.blank[p+1 : close])
	off := p + 1
	for i, a := range argsB {
		args = append(args, l.orig[off:off+len(a)])
		if at >= off && at < off+len(a) {
			idx = i
		}
		off += len(a) + 1
	}
	return strings.Join(strings.Fields(f), ""), args, idx
}

// resultKept reports whether a call's result that may hold a settings
// part (its parenthesis closing before offset from) is not changed
// where it stands: no mutating method, subscript set or augmented
// assignment on it.
func (t *pyTight) resultKept(pb, po string, from int) bool {
	end, _, _, ok := t.chain(pb, po, from, pyAlias{}, true)
	if !ok {
		return false
	}
	rest := strings.TrimLeft(pb[end:], " ")
	if strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==") {
		return false
	}
	if at, _ := pyAugAt(rest); at == 0 || at == 1 && rest[0] == rest[1] {
		return false
	}
	return true
}
