package audit

import (
	"strconv"
	"strings"
)

// A settings hardener often returns the file's settings as it read them
// beside the tightened copy, so the caller can show the diff or count
// what it added:
//
//	def proposed(path):
//	    data = load_json(path) or {}
//	    new = json.loads(json.dumps(data))
//	    …
//	    return data, new
//
//	old, new = proposed(path)
//	path.write_text(json.dumps(new, indent=2))
//
// A name unpacked from a call of one of the script's functions (plain
// names on the left, no starred one) holds the element at its place of
// the tuple every return of that function spells out; bindings gives it
// as that element of the call (proposed(path)[1]), and value reads such
// an element of a call as the settings when that element of every
// return is (pyCallElem). A return that is no tuple literal of enough
// elements, or a function the walk does not know, keeps the write high.

// pyUnpackCall returns the right side a tuple unpacking binds its name
// at index idx of the left side lhs to: rhs (a call of a function the
// script defines, defs) subscripted by that index; ok is false for any
// other unpacking (a starred name, a right side that is not such a
// call).
func pyUnpackCall(lhs, rhs string, idx int, defs map[string]int) (string, bool) {
	parts := pySplitArgs(strings.Trim(lhs, "()[] "))
	if len(parts) < 2 || idx < 0 || idx >= len(parts) {
		return "", false
	}
	for _, p := range parts {
		if !isPyIdent(strings.TrimSpace(p)) {
			return "", false
		}
	}
	fn, _, ok := pyCallOf(rhs)
	if !ok {
		return "", false
	}
	if d, known := defs[fn]; !known || d < 0 {
		return "", false
	}
	return strings.TrimSpace(rhs) + "[" + strconv.Itoa(idx) + "]", true
}

// pyCallOf splits e, a whole call fn(args) of a plain or dotted name,
// into the name and its arguments.
func pyCallOf(e string) (fn string, args []string, ok bool) {
	e = strings.TrimSpace(e)
	if !strings.HasSuffix(e, ")") {
		return "", nil, false
	}
	b := pyBlankKeep(e)
	open := pyOpenOf(b)
	if open <= 0 || b[open] != '(' {
		return "", nil, false
	}
	fn = strings.TrimSpace(e[:open])
	for _, part := range strings.Split(fn, ".") {
		if !isPyIdent(part) {
			return "", nil, false
		}
	}
	return fn, pySplitArgs(e[open+1 : len(e)-1]), true
}

// pyCallElem splits e, an element of a call's result picked by an
// integer literal (f(x)[1]), into the call and the index.
func pyCallElem(e string) (call string, idx int, ok bool) {
	e = strings.TrimSpace(e)
	if !strings.HasSuffix(e, "]") {
		return "", 0, false
	}
	open := strings.LastIndexByte(e, '[')
	if open <= 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(e[open+1 : len(e)-1])
	if err != nil || n < 0 || n > 32 {
		return "", 0, false
	}
	call = e[:open]
	if _, _, isCall := pyCallOf(call); !isCall {
		return "", 0, false
	}
	return call, n, true
}

// pyTupleElem returns element idx of r, a tuple literal (a, b or
// (a, b)) of at least two elements.
func pyTupleElem(r string, idx int) (string, bool) {
	r = strings.TrimSpace(r)
	if strings.HasPrefix(r, "(") && pyCloseParen(pyBlankKeep(r), 0) == len(r)-1 {
		r = r[1 : len(r)-1]
	}
	parts := pySplitArgs(r)
	if len(parts) < 2 || idx >= len(parts) {
		return "", false
	}
	el := strings.TrimSpace(parts[idx])
	if el == "" || strings.HasPrefix(el, "*") {
		return "", false
	}
	return el, true
}

// elemValue reports whether e, an element of a call of the script's own
// function (pyCallElem), is the settings: that element of every return
// of the function is (value, read in the function's scope with the
// parameters the call fills with the settings).
func (t *pyTight) elemValue(e string, sc int, target string, params map[string]bool, depth int) (judged, ok bool) {
	call, idx, isElem := pyCallElem(e)
	if !isElem {
		return false, false
	}
	fn, args, _ := pyCallOf(call)
	d, known := t.fl.defs[fn]
	if !known || d < 0 {
		return true, false
	}
	return true, t.everyReturn(d, args, sc, target, params, depth, "()["+strconv.Itoa(idx)+"]",
		func(a string, sc int, target string, params map[string]bool, depth int) bool {
			return t.value(a, sc, target, params, false, depth)
		},
		func(r string, d int, target string, params map[string]bool, depth int) bool {
			el, ok := pyTupleElem(r, idx)
			return ok && t.value(el, d, target, params, true, depth)
		})
}

// unpackBound reads a settings alias among the targets lhs of a tuple
// unpacking from rhs, a call of the script's own function: the name is
// bound anew (its bindings are judged where it is read, through
// pyUnpackCall), and every other target may hold another part of the
// same settings (return d, d), so each becomes an alias of an unknown
// part, whose every use is then judged; ok is false for any other
// unpacking.
func (t *pyTight) unpackBound(sc int, lhs, rhs string) (changed, ok bool) {
	if _, ok := pyUnpackCall(lhs, rhs, 0, t.fl.defs); !ok {
		return false, false
	}
	for _, p := range pySplitArgs(strings.Trim(lhs, "()[] ")) {
		changed = t.alias(sc, strings.TrimSpace(p), pyAlias{}) || changed
	}
	return changed, true
}
