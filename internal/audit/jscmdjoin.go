package audit

import "strings"

// A JavaScript command line joined from an array before a shell runs
// it: execSync(["curl", "-fsSL", url, "|", "sh"].join(" ")), or const
// parts = [...]; exec(parts.join(" ")). The shell runs the joined text,
// so an array of literals and names joined with a literal separator is
// folded into the template literal it makes (`curl -fsSL ${url} | sh`;
// an element that is not a literal or a name is an unknown word), in
// place of the join or, for a name declared once and only ever joined,
// of the declaration's array, padded to keep offsets and lines. Only a
// join whose text the shell rules would read (a pipe, curl, a shell) is
// folded.

var (
	// jsCmdArrayJoin is an array literal joined with a literal separator:
	// group 1 the elements, group 2 the separator.
	jsCmdArrayJoin = lazyRE(`\[([^\[\]\n]*)\]\s*\.\s*join\(\s*("[^"\n\\]*"|'[^'\n\\]*')\s*\)`)
	// jsArrayDecl is a name declared with an array literal: group 1 the
	// name, group 2 the elements.
	jsArrayDecl = lazyRE(`\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*\[([^\[\]\n]*)\]`)
	// jsIdentOnly is a name or a member chain.
	jsIdentOnly = lazyRE(`^[A-Za-z_$][\w$]*$`)
)

// jsJoinText returns the template literal body of elems joined by sep:
// literals as their text, names as ${name}, others $X; ok false when an
// element is empty or holds a backtick.
func jsJoinText(elems, sep string) (string, bool) {
	var parts []string
	for _, el := range splitTop(elems) {
		el = strings.TrimSpace(el)
		switch {
		case el == "":
			continue
		case len(el) >= 2 && (el[0] == '"' || el[0] == '\'') && el[len(el)-1] == el[0] && !strings.ContainsAny(el[1:len(el)-1], "`\\$"):
			parts = append(parts, el[1:len(el)-1])
		case jsIdentOnly.MatchString(el):
			parts = append(parts, "${"+el+"}")
		default:
			parts = append(parts, "$X")
		}
	}
	if len(parts) == 0 {
		return "", false
	}
	return strings.Join(parts, sep), true
}

// foldJSCmdJoins returns c with the joins of command arrays folded (see
// the top of this file), the same length.
func foldJSCmdJoins(c string) string {
	if !strings.Contains(c, "join(") {
		return c
	}
	b := []byte(c)
	put := func(start, end int, text string) {
		lit := "`" + text + "`"
		if len(lit) > end-start || strings.Contains(text, "\n") || !shellish.MatchString(text) {
			return
		}
		copy(b[start:end], lit+strings.Repeat(" ", end-start-len(lit)))
	}
	for _, m := range jsCmdArrayJoin.FindAllStringSubmatchIndex(c, 64) {
		sep := c[m[4]+1 : m[5]-1]
		if text, ok := jsJoinText(c[m[2]:m[3]], sep); ok {
			put(m[0], m[1], text)
		}
	}
	for _, m := range jsArrayDecl.FindAllStringSubmatchIndex(c, 64) {
		name := c[m[2]:m[3]]
		sep, ok := jsOnlyJoined(c, name, m[1])
		if !ok {
			continue
		}
		if text, ok := jsJoinText(c[m[4]:m[5]], sep); ok {
			// the array's brackets: [ at the element list's start - 1
			put(m[4]-1, m[5]+1, text)
		}
	}
	return string(b)
}

// jsOnlyJoined returns the separator every use of name after off joins
// it with; ok false when it is used otherwise, never, or with two.
func jsOnlyJoined(c, name string, off int) (string, bool) {
	sep, uses := "", 0
	rest := c[off:]
	for i := 0; i < len(rest); {
		k := strings.Index(rest[i:], name)
		if k < 0 {
			break
		}
		k += i
		i = k + len(name)
		if k > 0 && (isIdentByte(rest[k-1]) || rest[k-1] == '$' || rest[k-1] == '.') || i < len(rest) && (isIdentByte(rest[i]) || rest[i] == '$') {
			continue
		}
		m := jsJoinAfter.FindStringSubmatch(rest[i:])
		if m == nil {
			return "", false
		}
		s := m[1][1 : len(m[1])-1]
		if uses > 0 && s != sep {
			return "", false
		}
		sep, uses = s, uses+1
	}
	return sep, uses > 0
}

// jsJoinAfter is .join(SEP) right after a name: group 1 the separator.
var jsJoinAfter = lazyRE(`^\s*\.\s*join\(\s*("[^"\n\\]*"|'[^'\n\\]*')\s*\)`)
