package audit

import (
	"slices"
	"strings"
)

// A hardener often makes the same change to a few lists in one loop:
//
//	for key in ("deny", "ask"):
//	    current = perms.get(key, [])
//	    perms[key] = current + [r for r in preset.get(key, []) if r not in current]
//
// The key is a variable, which the walk of pyagenttightenchg.go cannot
// read as one key; but a loop variable over a literal list of plain
// strings, bound nowhere else in its scope and read in that loop's body,
// holds each of those keys in turn. Such a subscript is read as all of
// them at once (keyAlt): a change there tightens only when it tightens
// at every one of them (settingsChangeTightens), so ("deny", "allow")
// keeps an added entry high. A part read through an alias bound in an
// earlier pass of the loop may be another key's, so an alias holding
// such a key is followed only from the binding that reaches its use in
// the same pass (keyAliasReaches).

// keyAlt joins the keys a loop variable may hold in one element of a key
// path (and starts it): no key of a settings file holds it.
const keyAlt = "\x1f"

// keyAlts returns the keys element k of a key path stands for: the
// loop's keys for a keyAlt element, else k itself.
func keyAlts(k string) ([]string, bool) {
	rest, ok := strings.CutPrefix(k, keyAlt)
	if !ok {
		return nil, false
	}
	return strings.Split(rest, keyAlt), true
}

// pathHasAlt reports whether a key path holds a loop variable's keys.
func pathHasAlt(path []string) bool {
	return slices.ContainsFunc(path, func(k string) bool { return strings.HasPrefix(k, keyAlt) })
}

// expandAlt calls ok with every key path path stands for, one key of
// each keyAlt element at a time, and reports whether every call passed;
// the first element with alternatives is expanded, the rest by
// recursion.
func expandAlt(path []string, ok func([]string) bool) bool {
	for i, k := range path {
		alts, is := keyAlts(k)
		if !is {
			continue
		}
		for _, a := range alts {
			p := slices.Clone(path)
			p[i] = a
			if !expandAlt(p, ok) {
				return false
			}
		}
		return true
	}
	return ok(path)
}

// key is the key subscript or .get argument e names on the line being
// read: a string literal's text, a loop variable's keys (keyAlt), or ""
// for anything else.
func (t *pyTight) key(e string) string {
	if k := pyTightKey(e); k != "" || !isPyIdent(strings.TrimSpace(e)) || t.keyLine <= 0 {
		return k
	}
	keys, ok := t.loopKeys(strings.TrimSpace(e), t.keyScope, t.keyLine-1)
	if !ok {
		return ""
	}
	return keyAlt + strings.Join(keys, keyAlt)
}

// loopKeys returns the keys name holds at line li of scope sc: its one
// binding in sc is a for statement whose only target it is, over a
// literal tuple, list or set of plain non-empty strings, and li lies in
// that loop's body, where no comprehension binds the name again (and
// not in a function nested there, which reads the name when it is
// called, not in the pass that defined it).
func (t *pyTight) loopKeys(name string, sc, li int) ([]string, bool) {
	if li < 0 || li >= len(t.fl.lines) || t.fl.scope[li] != sc || t.isParam(name, sc) {
		return nil, false
	}
	bs := t.bindings(name, sc)
	if len(bs) != 1 || bs[0].kind != "for" || bs[0].line >= li {
		return nil, false
	}
	head := t.fl.lines[bs[0].line]
	m := pyForIn.FindStringSubmatchIndex(head.blank)
	if m == nil || strings.TrimSpace(head.blank[m[2]:m[3]]) != name {
		return nil, false
	}
	for i := bs[0].line + 1; i <= li; i++ {
		if t.fl.lines[i].indent <= head.indent {
			return nil, false // past the loop's body
		}
	}
	for _, c := range pyForClause.FindAllStringSubmatch(t.fl.lines[li].blank, -1) {
		if pyCallsWith(c[1], name) {
			return nil, false
		}
	}
	it := strings.TrimSpace(head.orig[m[4]:m[5]])
	if len(it) < 2 || !strings.ContainsRune("([{", rune(it[0])) || pyCloseParen(pyBlankKeep(it), 0) != len(it)-1 {
		return nil, false
	}
	var keys []string
	for _, el := range pySplitArgs(it[1 : len(it)-1]) {
		if strings.TrimSpace(el) == "" {
			continue // a trailing comma
		}
		k := pyTightKey(el)
		if k == "" || strings.Contains(k, keyAlt) {
			return nil, false
		}
		keys = append(keys, k)
	}
	return keys, len(keys) > 0
}

// keyAliasReaches reports whether alias n of scope sc, whose key path
// holds a loop variable's keys, is read at the line being read from the
// binding made in the same pass of the loop: n is bound once in sc, on
// an earlier line of the loop's body that every path to the line being
// read passes (no line between is indented less than it).
func (t *pyTight) keyAliasReaches(n string, sc int, a pyAlias) bool {
	at, b := t.keyLine-1, a.bound-1
	if at < 0 || b < 0 || b >= at || at >= len(t.fl.lines) || sc != t.keyScope {
		return false
	}
	if bs := t.bindings(n, sc); len(bs) != 1 || bs[0].line != b {
		return false
	}
	ind := t.fl.lines[b].indent
	for i := b + 1; i <= at; i++ {
		if t.fl.lines[i].indent < ind {
			return false
		}
	}
	return true
}
