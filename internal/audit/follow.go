package audit

import "strings"

// The rules follow variables through a script by name: where a
// destination variable is assigned (destinations.expr) and every use of
// an environment copy (childEnvCopy). A regular expression compiled per
// name cost more than the rest of the follow, once for each variable; the
// scans below find the same text with strings.Index and a few byte
// checks. Each keeps the exact semantics of the pattern it replaced
// (quoted in its doc comment), down to matches that span lines and the order and
// overlap rules of regexp's FindAll, so no finding changes; a test
// checks each against its pattern.

// isRESpace reports whether b is in regexp's \s class ([\t\n\f\r ]:
// no \v, nothing outside ASCII).
func isRESpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r'
}

// isAnnotByte reports whether b is in the type annotation class
// [\w\[\], .|] of an assignment (url: str = ..., x: List[str] = ...).
func isAnnotByte(b byte) bool {
	return isWordByte(b) || b == '[' || b == ']' || b == ',' || b == ' ' || b == '.' || b == '|'
}

// assignedValues returns the right-hand sides of the first n assignments
// to the variable name in code c, as the first group of
//
//	(?m)^\s*(?:(?:const|let|var)\s+)?NAME\s*(?::\s*[\w\[\], .|]+)?=[ \t]*([^=\n][^\n]*)$
//
// with FindAllStringSubmatch(c, n) would give them. name is an
// identifier (identRe), as destinations.expr passes: the scan relies on
// its first byte being none of \s, ':' and '=' and on its last being no
// \s.
func assignedValues(c, name string, n int) []string {
	var out []string
	eachAssignment(c, name, n, func(v string, _ int) { out = append(out, v) })
	return out
}

// eachAssignment calls yield with the right-hand side and the offset of
// each of the first n assignments to name in c (see assignedValues).
func eachAssignment(c, name string, n int, yield func(v string, off int)) {
	for found, off := 0, 0; found < n && off < len(c); {
		i := strings.Index(c[off:], name)
		if i < 0 {
			break
		}
		p := off + i
		off = p + 1
		if !assignmentStart(c, p) {
			continue
		}
		v, end, ok := assignmentValue(c, p+len(name))
		if !ok {
			continue
		}
		yield(v, p)
		found++
		// FindAll goes on from the match's end, the end of a line: an
		// occurrence before it cannot start a match, and the \s run
		// before any later one that reaches back past it holds the
		// line start after it, where a match can start
		off = end
	}
}

// assignmentStart reports whether the name at c[p] can begin an
// assignment: what precedes it is only \s characters back to a line
// start, or const, let or var, one or more \s characters, and before the
// keyword only \s characters back to a line start.
func assignmentStart(c string, p int) bool {
	if lineStartBefore(c, p) {
		return true
	}
	j := p
	for j > 0 && isRESpace(c[j-1]) {
		j--
	}
	if j == p {
		return false
	}
	for _, kw := range [...]string{"const", "let", "var"} {
		if strings.HasSuffix(c[:j], kw) && lineStartBefore(c, j-len(kw)) {
			return true
		}
	}
	return false
}

// lineStartBefore reports whether ^\s* in multiline mode can end at k:
// the \s run right before k reaches the text's start or holds a '\n'.
func lineStartBefore(c string, k int) bool {
	q := k
	for q > 0 && isRESpace(c[q-1]) {
		q--
	}
	return q == 0 || strings.IndexByte(c[q:k], '\n') >= 0
}

// assignmentValue matches the rest of an assignment from c[q], just
// after the name: \s*, an optional type annotation :\s*[\w\[\], .|]+,
// '=', then [ \t]*([^=\n][^\n]*)$. It returns the group's text and the
// end of the match (the end of the '=' sign's line).
func assignmentValue(c string, q int) (string, int, bool) {
	for q < len(c) && isRESpace(c[q]) {
		q++
	}
	if q < len(c) && c[q] == ':' {
		// :\s*[class]+ then '=': the text up to the first byte in
		// neither class must be a \s run then a non-empty class run
		// (a space is in both)
		start, k := q+1, q+1
		lastSpaceOnly := -1 // the last byte in \s but not in the class
		for k < len(c) && (isRESpace(c[k]) || isAnnotByte(c[k])) {
			if !isAnnotByte(c[k]) {
				lastSpaceOnly = k
			}
			k++
		}
		if k == start || lastSpaceOnly == k-1 {
			return "", 0, false // no class byte before the '='
		}
		for j := start; j < lastSpaceOnly; j++ {
			if !isRESpace(c[j]) {
				return "", 0, false // a class byte before a \s-only one
			}
		}
		q = k
	}
	if q >= len(c) || c[q] != '=' {
		return "", 0, false
	}
	q++
	end := len(c)
	if nl := strings.IndexByte(c[q:], '\n'); nl >= 0 {
		end = q + nl
	}
	// [ \t]* is greedy: the group starts at the first other byte, or
	// gives back one blank when that byte is '=' or the line's end
	g := q
	for g < end && (c[g] == ' ' || c[g] == '\t') {
		g++
	}
	if g == end || c[g] == '=' {
		if g == q {
			return "", 0, false
		}
		g--
	}
	return c[g:end], end, true
}

// wordIndex returns the index of the first occurrence of word in s at or
// after from that has a \b boundary at both ends (wordBoundary, as
// regexp's `\b`+QuoteMeta(word)+`\b` matches it), or -1. s is the whole
// input: its start and end are boundaries next to a word byte. Stepping
// on from the end of each match gives FindAllStringIndex's matches; word
// must not be empty.
func wordIndex(s, word string, from int) int {
	for from <= len(s) {
		i := strings.Index(s[from:], word)
		if i < 0 {
			return -1
		}
		p := from + i
		if wordBoundary(s, p) && wordBoundary(s, p+len(word)) {
			return p
		}
		from = p + 1
	}
	return -1
}
