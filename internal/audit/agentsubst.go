package audit

import (
	"strconv"
	"strings"
)

// Which way a textual substitution moves an agent's settings, for rule
// agent-tamper (see agentdirection.go). A hardener that cannot parse a
// settings file edits its text: Python's re.sub(r'^approval_policy\s*=.*$',
// 'approval_policy = "on-request"', text, flags=re.M), str.replace, or a
// shell's sed -i 's/^sandbox_mode.*/sandbox_mode = "read-only"/'. Such a
// substitution tightens when what it takes out is a key's setting and what
// it puts in its place only sets keys to values settingsChangeTightens
// accepts (or nothing, where deleting the key tightens). So the pattern
// must begin, after anchors, spaces and an optional quote, with a key,
// that key's match must stay on its line (no DOTALL, no [\s\S], no \n but
// at its end), it must have no alternative that reaches the key, and the
// replacement, with its backreferences filled from groups whose text is
// literal (r'^(approval_policy\s*=\s*).*$' with r'\1"untrusted"'), must be
// assignment lines `key = value` (TOML) or `"key": value` (JSON) only.
// A replacement that sets "never", "danger-full-access", bypassPermissions
// or any key or value the table does not know, or a pattern the reader
// cannot follow, is not known to tighten.

// substDialect is the regular-expression syntax a substitution's pattern
// and replacement are written in.
type substDialect int

const (
	// substLiteral is a plain text pattern (str.replace) with a plain
	// text replacement.
	substLiteral substDialect = iota
	// substPython is Python's re: groups (…), \1 and \g<name> in the
	// replacement.
	substPython
	// substSedBRE is sed's basic syntax: groups \(…\), \1 and & in the
	// replacement; the text is one line at a time.
	substSedBRE
	// substSedERE is sed -E: groups (…), \1 and &; one line at a time.
	substSedERE
)

// rxKind is the kind of one element of a pattern.
type rxKind int

const (
	rxLit    rxKind = iota // a literal character
	rxAny                  // .
	rxClass                // [...], or an escape standing for a set (\s, \w)
	rxOpen                 // a group's opening
	rxClose                // a group's closing
	rxAlt                  // |
	rxQuant                // *, +, ?, {m,n} (and a lazy ? after one)
	rxAnchor               // ^, $, \A, \Z, \b, \B
	rxFlags                // an inline flag group (?m), (?s)
)

// rxTok is one element of a pattern.
type rxTok struct {
	kind rxKind
	// lit is an rxLit's character.
	lit byte
	// class is an rxClass's text: the body between brackets, or the
	// escape (`\s`).
	class string
	// capture and name tell a capturing group's opening.
	capture bool
	name    string
	// text is an rxFlags' letters, or an rxAnchor's.
	text string
}

// rxTokens splits pattern p of dialect d into elements; false for a
// syntax the reader does not follow (a backreference in the pattern, a
// lookaround, an unclosed class).
func rxTokens(p string, d substDialect) ([]rxTok, bool) {
	var out []rxTok
	if d == substLiteral {
		for i := 0; i < len(p); i++ {
			out = append(out, rxTok{kind: rxLit, lit: p[i]})
		}
		return out, true
	}
	bre := d == substSedBRE
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\':
			if i+1 >= len(p) {
				return nil, false
			}
			i++
			e := p[i]
			switch {
			case bre && e == '(':
				out = append(out, rxTok{kind: rxOpen, capture: true})
			case bre && e == ')':
				out = append(out, rxTok{kind: rxClose})
			case bre && e == '|':
				out = append(out, rxTok{kind: rxAlt})
			case bre && (e == '+' || e == '?'):
				out = append(out, rxTok{kind: rxQuant})
			case bre && e == '{':
				j := strings.Index(p[i:], `\}`)
				if j < 0 {
					return nil, false
				}
				i += j + 1
				out = append(out, rxTok{kind: rxQuant})
			case strings.IndexByte("sSwWdD", e) >= 0:
				out = append(out, rxTok{kind: rxClass, class: `\` + string(e)})
			case strings.IndexByte("AZbB", e) >= 0 || d != substPython && strings.IndexByte("<>`'", e) >= 0:
				out = append(out, rxTok{kind: rxAnchor, text: `\` + string(e)})
			case e == 'n':
				out = append(out, rxTok{kind: rxLit, lit: '\n'})
			case e == 't':
				out = append(out, rxTok{kind: rxLit, lit: '\t'})
			case e == 'r':
				out = append(out, rxTok{kind: rxLit, lit: '\r'})
			case e >= '0' && e <= '9', e == 'x', e == 'u', e == 'U', e == 'N', e == 'c', e == 'o':
				return nil, false // a backreference, or a character by its code
			case e >= 'a' && e <= 'z' || e >= 'A' && e <= 'Z':
				return nil, false // an escape this reader does not know
			default:
				out = append(out, rxTok{kind: rxLit, lit: e})
			}
		case c == '[':
			j := i + 1
			if j < len(p) && p[j] == '^' {
				j++
			}
			if j < len(p) && p[j] == ']' {
				j++
			}
			for j < len(p) && p[j] != ']' {
				switch {
				case p[j] == '[' && j+1 < len(p) && p[j+1] == ':':
					k := strings.Index(p[j+2:], ":]")
					if k < 0 {
						return nil, false
					}
					j += k + 4
					continue
				case p[j] == '\\' && !bre && d != substSedERE:
					j++
				}
				j++
			}
			if j >= len(p) {
				return nil, false
			}
			out = append(out, rxTok{kind: rxClass, class: p[i+1 : j]})
			i = j
		case c == '.':
			out = append(out, rxTok{kind: rxAny})
		case c == '^' || c == '$':
			out = append(out, rxTok{kind: rxAnchor, text: string(c)})
		case c == '*':
			out = append(out, rxTok{kind: rxQuant})
		case !bre && (c == '+' || c == '?'):
			if c == '?' && len(out) > 0 && out[len(out)-1].kind == rxQuant {
				continue // lazy
			}
			out = append(out, rxTok{kind: rxQuant})
		case !bre && c == '{':
			j := strings.IndexByte(p[i:], '}')
			if j < 0 || strings.Trim(p[i+1:i+j], "0123456789,") != "" {
				out = append(out, rxTok{kind: rxLit, lit: c})
				continue
			}
			i += j
			out = append(out, rxTok{kind: rxQuant})
		case !bre && c == '|':
			out = append(out, rxTok{kind: rxAlt})
		case !bre && c == ')':
			out = append(out, rxTok{kind: rxClose})
		case !bre && c == '(':
			if !strings.HasPrefix(p[i:], "(?") || d != substPython {
				out = append(out, rxTok{kind: rxOpen, capture: true})
				continue
			}
			rest := p[i+2:]
			switch {
			case strings.HasPrefix(rest, ":"):
				out = append(out, rxTok{kind: rxOpen})
				i += 2
			case strings.HasPrefix(rest, "P<"):
				k := strings.IndexByte(rest, '>')
				if k < 0 {
					return nil, false
				}
				out = append(out, rxTok{kind: rxOpen, capture: true, name: rest[2:k]})
				i += 2 + k
			default:
				k := strings.IndexByte(rest, ')')
				if k < 0 || strings.Trim(rest[:k], "aiLmu") != "" {
					// a lookaround, a conditional, a comment; or
					// DOTALL (s) or VERBOSE (x: spaces are not
					// literal)
					return nil, false
				}
				out = append(out, rxTok{kind: rxFlags, text: rest[:k]})
				i += 2 + k
			}
		default:
			out = append(out, rxTok{kind: rxLit, lit: c})
		}
	}
	return out, true
}

// classMatches reports whether class (an rxClass's text) matches byte c.
func classMatches(class string, c byte) bool {
	if len(class) == 2 && class[0] == '\\' {
		return escMatches(class[1], c)
	}
	neg := strings.HasPrefix(class, "^")
	if neg {
		class = class[1:]
	}
	hit := false
	for j := 0; j < len(class) && !hit; j++ {
		switch {
		case class[j] == '[' && j+1 < len(class) && class[j+1] == ':':
			k := strings.Index(class[j+2:], ":]")
			if k < 0 {
				return true
			}
			hit = posixMatches(class[j+2:j+2+k], c)
			j += k + 3
		case class[j] == '\\' && j+1 < len(class):
			j++
			switch e := class[j]; e {
			case 's', 'S', 'w', 'W', 'd', 'D':
				hit = escMatches(e, c)
			case 'n':
				hit = c == '\n'
			case 't':
				hit = c == '\t'
			case 'r':
				hit = c == '\r'
			default:
				hit = c == e
			}
		case j+2 < len(class) && class[j+1] == '-' && class[j+2] != ']':
			hit = c >= class[j] && c <= class[j+2]
			j += 2
		default:
			hit = c == class[j]
		}
	}
	return hit != neg
}

// escMatches reports whether the escape \e (a set such as \s, a blank
// such as \n, or an escaped character) matches byte c.
func escMatches(e, c byte) bool {
	space := c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
	word := c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	digit := c >= '0' && c <= '9'
	switch e {
	case 's':
		return space
	case 'S':
		return !space
	case 'w':
		return word
	case 'W':
		return !word
	case 'd':
		return digit
	case 'D':
		return !digit
	case 'n':
		return c == '\n'
	case 't':
		return c == '\t'
	case 'r':
		return c == '\r'
	}
	return c == e
}

// posixMatches reports whether the POSIX class name ([:space:]) matches c.
func posixMatches(name string, c byte) bool {
	switch name {
	case "space":
		return escMatches('s', c)
	case "blank":
		return c == ' ' || c == '\t'
	case "alpha":
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	case "digit":
		return escMatches('d', c)
	case "alnum":
		return escMatches('w', c) && c != '_'
	case "upper":
		return c >= 'A' && c <= 'Z'
	case "lower":
		return c >= 'a' && c <= 'z'
	}
	return true
}

// rxSpace reports whether tok matches only blanks: a space, a tab, a
// line break, \s, [ \t], [[:space:]].
func rxSpace(tok rxTok) bool {
	switch tok.kind {
	case rxLit:
		return tok.lit == ' ' || tok.lit == '\t' || tok.lit == '\n' || tok.lit == '\r'
	case rxClass:
		for c := 0; c < 256; c++ {
			if classMatches(tok.class, byte(c)) && !escMatches('s', byte(c)) {
				return false
			}
		}
		return true
	}
	return false
}

// isKeyByte reports whether c may stand in a settings key.
func isKeyByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// substPattern is what settingsSubstTightens reads from a pattern.
type substPattern struct {
	// key is the key the pattern begins with.
	key string
	// groups holds the literal text of each capturing group (1-based;
	// group 0 the whole pattern), ok false where a group's text is not
	// literal.
	groups []substGroup
	// names maps a named group to its number.
	names map[string]int
	// crossLine says the match may run past the end of the key's line.
	crossLine bool
	// crossJSON says the match may run past the key's value in JSON
	// written on one line (a . or a set holding , or }).
	crossJSON bool
	// value is the value the pattern requires the key to hold
	// (`^sandbox_mode\s*=\s*"danger-full-access"`), pinned false when it
	// matches any.
	value  string
	pinned bool
}

// substGroup is the literal text of a capturing group.
type substGroup struct {
	text string
	ok   bool
}

// readSubstPattern reads pattern p (dialect d; dotall when the call's
// flags make . match a line break); false when it does not begin with a
// key or an alternative reaches the key.
func readSubstPattern(p string, d substDialect, dotall bool) (substPattern, bool) {
	toks, ok := rxTokens(p, d)
	if !ok || len(toks) == 0 {
		return substPattern{}, false
	}
	sp := substPattern{groups: []substGroup{{}}, names: map[string]int{}}
	// the key: after anchors, flags, spaces, group openings and a quote
	i := 0
	var stack []int // token index of each open group
lead:
	for ; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.kind == rxFlags:
		case t.kind == rxAnchor && (t.text == "^" || t.text == `\A` || t.text == `\b`):
		case t.kind == rxOpen:
			stack = append(stack, i)
		case rxSpace(t), t.kind == rxLit && (t.lit == '"' || t.lit == '\''):
		case t.kind == rxQuant && i > 0 && (rxSpace(toks[i-1]) || toks[i-1].kind == rxLit && (toks[i-1].lit == '"' || toks[i-1].lit == '\'')):
		default:
			break lead
		}
	}
	start := i
	for i < len(toks) && toks[i].kind == rxLit && isKeyByte(toks[i].lit) {
		i++
	}
	if i == start || toks[start].lit >= '0' && toks[start].lit <= '9' || i < len(toks) && toks[i].kind == rxQuant {
		return substPattern{}, false
	}
	for k := start; k < i; k++ {
		sp.key += string(toks[k].lit)
	}
	keyEnd := i
	// what follows the key: alternatives, line and value crossings
	for j := 0; j < len(toks); j++ {
		t := toks[j]
		switch t.kind {
		case rxOpen:
			if j >= keyEnd {
				stack = append(stack, j)
			}
		case rxClose:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case rxAlt:
			if len(stack) == 0 || stack[len(stack)-1] < keyEnd {
				return substPattern{}, false // an alternative to the key
			}
		case rxAny:
			if j >= keyEnd {
				sp.crossJSON = true
				sp.crossLine = sp.crossLine || dotall
			}
		case rxClass:
			if j < keyEnd {
				continue
			}
			if classMatches(t.class, ',') || classMatches(t.class, '}') {
				sp.crossJSON = sp.crossJSON || classMatches(t.class, '"')
			}
			if classMatches(t.class, '\n') && !rxSpace(t) && classMatches(t.class, '"') && classMatches(t.class, '\'') {
				sp.crossLine = true // [\s\S], [^#]: past the line's end
			}
		case rxLit:
			if t.lit == '\n' && j >= keyEnd && !rxTrailing(toks[j+1:]) {
				sp.crossLine = true
			}
		}
	}
	if d == substSedBRE || d == substSedERE {
		sp.crossLine = false // sed reads a line at a time
	}
	// the groups' literal text
	num := 0
	for j, t := range toks {
		if t.kind != rxOpen || !t.capture {
			continue
		}
		num++
		end, depth := len(toks), 0
		for k := j; k < len(toks); k++ {
			if toks[k].kind == rxOpen {
				depth++
			} else if toks[k].kind == rxClose {
				depth--
				if depth == 0 {
					end = k
					break
				}
			}
		}
		text, ok := rxLiteralText(toks[min(j+1, end):end])
		sp.groups = append(sp.groups, substGroup{text, ok})
		if t.name != "" {
			sp.names[t.name] = num
		}
	}
	text, ok := rxLiteralText(toks)
	sp.groups[0] = substGroup{text, ok}
	if rest, ok := rxLiteralText(toks[keyEnd:]); ok {
		rest = strings.TrimSpace(rest)
		rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(rest, `"`), `'`))
		if strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, ":") {
			sp.value, sp.pinned = substValue(strings.TrimSuffix(strings.TrimSpace(rest[1:]), ","))
		}
	}
	return sp, true
}

// rxTrailing reports whether toks, what follows a line break in a
// pattern, match nothing more: a ?, an anchor, a group's closing.
func rxTrailing(toks []rxTok) bool {
	for _, t := range toks {
		if t.kind != rxQuant && t.kind != rxAnchor && t.kind != rxClose {
			return false
		}
	}
	return true
}

// rxLiteralText returns the text toks match when it is fixed but for
// blanks: literals, spaces and blank sets (as one space), an optional
// quote (as the quote), anchors and groups (as nothing); false for
// anything else.
func rxLiteralText(toks []rxTok) (string, bool) {
	var sb strings.Builder
	for i, t := range toks {
		switch {
		case t.kind == rxAnchor, t.kind == rxOpen, t.kind == rxClose, t.kind == rxFlags:
		case rxSpace(t):
			sb.WriteByte(' ')
		case t.kind == rxQuant:
			if i == 0 || !rxSpace(toks[i-1]) && !(toks[i-1].kind == rxLit && (toks[i-1].lit == '"' || toks[i-1].lit == '\'')) {
				return "", false
			}
		case t.kind == rxLit:
			sb.WriteByte(t.lit)
		default:
			return "", false
		}
	}
	return sb.String(), true
}

// substAssign is one assignment line of a replacement.
type substAssign struct {
	key, val string
	json     bool
}

// readAssignments reads text as assignment lines only (`key = value`,
// `"key": value`, a trailing comma allowed); false for any other line.
func readAssignments(text string) ([]substAssign, bool) {
	var out []substAssign
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(line), ","))
		if line == "" {
			continue
		}
		sep := strings.IndexAny(line, "=:")
		if sep <= 0 {
			return nil, false
		}
		key := strings.TrimSpace(line[:sep])
		quoted := len(key) >= 2 && (key[0] == '"' && key[len(key)-1] == '"' || key[0] == '\'' && key[len(key)-1] == '\'')
		if quoted {
			key = key[1 : len(key)-1]
		}
		for i := 0; i < len(key); i++ {
			if !isKeyByte(key[i]) {
				return nil, false
			}
		}
		if key == "" {
			return nil, false
		}
		val, ok := substValue(strings.TrimSpace(line[sep+1:]))
		if !ok {
			return nil, false
		}
		out = append(out, substAssign{key: key, val: val, json: line[sep] == ':'})
	}
	return out, true
}

// substValue reads a setting's literal value: a quoted string without
// escapes, true, false, null or a number.
func substValue(v string) (string, bool) {
	switch v {
	case "true", "false", "null":
		return v, true
	}
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		body := v[1 : len(v)-1]
		if strings.ContainsAny(body, "\"'\\") {
			return "", false
		}
		return body, true
	}
	if _, err := strconv.ParseFloat(v, 64); err == nil {
		return v, true
	}
	return "", false
}

// fillReplacement returns the replacement repl (dialect d) with its
// escapes resolved and its backreferences filled from sp's groups; false
// for a reference to a group whose text is not literal, or an escape the
// reader does not know (sed's \U, \L).
func fillReplacement(repl string, d substDialect, sp substPattern) (string, bool) {
	if d == substLiteral {
		return repl, true
	}
	group := func(n int) (string, bool) {
		if n < 0 || n >= len(sp.groups) || !sp.groups[n].ok {
			return "", false
		}
		return sp.groups[n].text, true
	}
	var sb strings.Builder
	for i := 0; i < len(repl); i++ {
		c := repl[i]
		if c == '&' && d != substPython {
			g, ok := group(0)
			if !ok {
				return "", false
			}
			sb.WriteString(g)
			continue
		}
		if c != '\\' {
			sb.WriteByte(c)
			continue
		}
		if i+1 >= len(repl) {
			return "", false
		}
		i++
		e := repl[i]
		switch {
		case e >= '0' && e <= '9':
			n := int(e - '0')
			if d == substPython && i+1 < len(repl) && repl[i+1] >= '0' && repl[i+1] <= '9' {
				i++
				n = n*10 + int(repl[i]-'0')
			}
			g, ok := group(n)
			if !ok {
				return "", false
			}
			sb.WriteString(g)
		case e == 'g' && d == substPython:
			if i+1 >= len(repl) || repl[i+1] != '<' {
				return "", false
			}
			k := strings.IndexByte(repl[i:], '>')
			if k < 0 {
				return "", false
			}
			ref := repl[i+2 : i+k]
			i += k
			n, err := strconv.Atoi(ref)
			if err != nil {
				var found bool
				if n, found = sp.names[ref]; !found {
					return "", false
				}
			}
			g, ok := group(n)
			if !ok {
				return "", false
			}
			sb.WriteString(g)
		case e == 'n':
			sb.WriteByte('\n')
		case e == 't':
			sb.WriteByte('\t')
		case e >= 'a' && e <= 'z' || e >= 'A' && e <= 'Z':
			return "", false // \U, \L, \E, an unknown escape
		default:
			sb.WriteByte(e)
		}
	}
	return sb.String(), true
}

// settingsSubstTightens reports whether replacing each match of pattern
// pat with repl (dialect d; dotall when . matches a line break) in an
// agent's settings text only lowers what the agent may do: see the top
// of this file.
func settingsSubstTightens(pat, repl string, d substDialect, dotall bool) bool {
	sp, ok := readSubstPattern(pat, d, dotall)
	if !ok || sp.crossLine {
		return false
	}
	text, ok := fillReplacement(repl, d, sp)
	if !ok {
		return false
	}
	sets, ok := readAssignments(text)
	if !ok {
		return false
	}
	reset := false
	for _, a := range sets {
		if a.json && sp.crossJSON {
			return false // one line of JSON: the match may take other keys
		}
		if !settingsChangeTightens([]string{a.key}, changeSet, a.val) {
			return false
		}
		reset = reset || a.key == sp.key
	}
	if reset {
		return true
	}
	// The key's setting is taken out. A mode's default asks, but the
	// line taken out may have held a stricter mode than the default
	// (sandbox_mode = "read-only"): only a mode pinned to a value that
	// does not ask or sandbox is removed for the better.
	if settingsKeys().modeKeys[sp.key] != nil && (!sp.pinned || settingsChangeTightens([]string{sp.key}, changeSet, sp.value)) {
		return false
	}
	return settingsChangeTightens([]string{sp.key}, changeDelete, "")
}
