package audit

import (
	"encoding/hex"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Perl strings built from character codes or packed bytes: a command,
// host or path spelled as numbers (join '', map { chr } (99, 117, 114,
// 108), chr(46) . "ssh", pack("H*", "6375726c"), pack("C*", 99, 117),
// sprintf("%c%c", 114, 109), sprintf('%c' x 4, @codes)) says nothing to
// the rules that read Perl by pattern. perlDecodeCode writes each such
// expression as the string literal it builds, so those rules read the
// command, host or path the program uses, and reports each decoded
// string for the encoded-literal rule (scanEncoded), which judges it as
// it judges a hex or base64 literal. It decodes chr of a number (also
// hex or oct of a literal, and $_ xored with, plus or minus a number in
// a map), join of a literal separator over a map of chr or over such
// terms, pack with a template of one letter (C, c, U, W, H, h, A, a),
// sprintf of a format holding %c (%s, %d and %% too) and runs of these joined with
// literals by the . operator; a list may be a list of numbers, a qw() or
// an array bound once in the file to one, a pack argument a scalar bound
// once to a literal. Only text that is printable is written: bytes a
// program packs for a binary protocol (a header, a length) are left as
// they are.

// decodedLit is a string a program builds that the code does not spell
// out: where its literal stands in the code the rules read (its offset)
// and its text.
type decodedLit struct {
	off  int
	text string
}

// isPerlFile reports whether rel (content) is a Perl script or module,
// as scanOtherLang tells: by extension, else by shebang.
func isPerlFile(rel, content string) bool {
	switch strings.ToLower(path.Ext(rel)) {
	case ".pl", ".pm":
		return true
	}
	if strings.HasPrefix(content, "#!") {
		first, _, _ := strings.Cut(content, "\n")
		return strings.Contains(first, "perl")
	}
	return false
}

var (
	// perlDecodeWord is a word that may start a decodable term: a join
	// over none of them builds nothing this reader decodes.
	perlDecodeWord = lazyRE(`\b(?:chr|join|pack|sprintf)\b`)
	// perlRebinds bind a scalar as a loop variable or names in a list
	// assignment: group 1 the name or the list. Each starts with a literal,
	// which the regexp package finds fast.
	perlRebinds = []*lazyRegexp{
		lazyRE(`for(?:each)?\s+(?:my\s+|our\s+)?(\$[A-Za-z_]\w*)`),
		lazyRE(`my\s*\(([^()]*)\)\s*=`),
		lazyRE(`our\s*\(([^()]*)\)\s*=`),
		lazyRE(`local\s*\(([^()]*)\)\s*=`),
	}
	// perlListVar is a variable in a list assignment.
	perlListVar = lazyRE(`[\$@][A-Za-z_]\w*`)
	// perlPackTpl is a pack template decoded: group 1 its one letter.
	perlPackTpl = lazyRE(`^\s*(?:U0)?([CcUWHhAa])\s*(?:\*|\d+)?\s*$`)
	// perlMapChr is the body of a map that makes a character of each
	// element: group 1 hex or oct, group 2 an operator and group 3 the
	// number it applies to $_ (spaces removed first).
	perlMapChr = lazyRE(`^chr\(?(?:(hex|oct)(?:\(\$_\)|\$_)?|\$_(?:([-+^])(0[xX][0-9a-fA-F]+|\d+))?|\(\$_([-+^])(0[xX][0-9a-fA-F]+|\d+)\))?\)?;?$`)
	// perlFmtConv is one sprintf conversion this reader fills.
	perlFmtConv = lazyRE(`%(?:%|c|s|d)`)
	// perlSimpleScalar is a scalar %s may take: it reads the same
	// interpolated into the literal written in its place.
	perlSimpleScalar = lazyRE(`^\$(?:[A-Za-z_]\w*|\{\w+\})(?:\{\s*['"]?\w+['"]?\s*\}|\[\s*\d+\s*\])?$`)
)

// maxPerlDecode bounds the expressions decoded in one file,
// maxPerlDecodeText the text one expression decodes to, and maxPerlWork
// the bytes of argument lists read in one file, so a crafted file of
// nested calls costs a bounded amount of work.
const (
	maxPerlDecode     = 512
	maxPerlDecodeText = 16 << 10
	maxPerlWork       = 8 << 20
)

// perlDecoder reads the decodable expressions of one Perl file (its
// whole-line comments and POD blanked).
type perlDecoder struct {
	c     string
	binds *perlBinds
	depth int
}

// perlBinds are the scalars and arrays bound exactly once in a Perl
// file, collected on first use (few files need them).
type perlBinds struct {
	c       string
	spent   int // bytes the argument lists read have cost, up to maxPerlWork
	done    bool
	scalars map[string]string // a scalar bound once: its value's source
	arrays  map[string]string // an array bound once: its value's source
	// strs are the texts the scalars build, as perlScalarStr read them
	// (perlstrexpr.go)
	strs map[string]perlStrMemo
	// arrayBinds counts the bindings of each array (a list assignment
	// naming it, a loop over it do not count here: see collect)
	arrayBinds map[string]int
	// grown are the arrays' push and unshift lists (perlargv.go), read
	// on first use
	grown *perlGrown
}

// newPerlDecoder reads c, a Perl file with its whole-line comments and
// POD blanked.
func newPerlDecoder(c string) *perlDecoder {
	return &perlDecoder{c: c, binds: &perlBinds{c: c}}
}

// scalar returns the source of the value of the scalar name bound once.
func (b *perlBinds) scalar(name string) (string, bool) {
	b.collect()
	v, ok := b.scalars[name]
	return v, ok
}

// array returns the source of the value of the array name bound once.
func (b *perlBinds) array(name string) (string, bool) {
	b.collect()
	v, ok := b.arrays[name]
	return v, ok
}

// perlDecodeCode returns text (a Perl file) with each expression that
// builds a printable string from character codes or packed bytes written
// as that string's double-quoted literal, each line kept where it was;
// the strings decoded, at their offsets in the returned text; and
// whether it decoded any.
func perlDecodeCode(text string) (string, []decodedLit, bool) {
	if !containsAny(text, []string{"chr", "join", "pack", "sprintf"}) {
		return text, nil, false
	}
	d := newPerlDecoder(stripHashComments(text))
	type edit struct {
		from, to int
		body     string // the literal's body, double-quoted
		text     string
	}
	var edits []edit
	c := d.c
	for i := 0; i < len(c) && len(edits) < maxPerlDecode; i++ {
		ch := c[i]
		switch {
		case ch == '#' && perlComment(c, i):
			for i < len(c) && c[i] != '\n' {
				i++
			}
			continue
		case ch == '"' || ch == '\'' || ch == '`':
			e := stringEnd(c, i, true)
			// only a literal joined to what follows may start a decoded run
			if k := skipSpace(c, e+1); ch != '`' && k < len(c) && c[k] == '.' {
				if body, txt, end, dec := d.chain(i); dec {
					edits = append(edits, edit{i, end, body, txt})
					i = end - 1
					continue
				}
			}
			i = e
			continue
		case isWordStart(c, i):
			if body, txt, end, dec := d.chain(i); dec {
				edits = append(edits, edit{i, end, body, txt})
				i = end - 1
				continue
			}
			for i+1 < len(c) && isWordByte(c[i+1]) {
				i++
			}
		}
	}
	if len(edits) == 0 {
		return text, nil, false
	}
	var b strings.Builder
	var lits []decodedLit
	last := 0
	for _, e := range edits {
		b.WriteString(text[last:e.from])
		lits = append(lits, decodedLit{b.Len(), e.text})
		b.WriteString(`"` + e.body + `"`)
		b.WriteString(strings.Repeat("\n", strings.Count(text[e.from:e.to], "\n")))
		last = e.to
	}
	b.WriteString(text[last:])
	return b.String(), lits, true
}

// perlComment reports whether the # at c[i] starts a comment: not $#x,
// not the delimiter of s#..#, qw#..# and the like.
func perlComment(c string, i int) bool {
	if i > 0 && (c[i-1] == '$' || c[i-1] == '@') {
		return false
	}
	j := i
	for j > 0 && isWordByte(c[j-1]) {
		j--
	}
	switch c[j:i] {
	case "s", "m", "q", "qq", "qw", "qr", "qx", "tr", "y":
		return false
	}
	return true
}

// isWordStart reports whether an identifier starts at c[i] that is not a
// variable, a method, a package's name or a hash key (it may be a
// builtin call).
func isWordStart(c string, i int) bool {
	if !isWordByte(c[i]) || c[i] >= '0' && c[i] <= '9' {
		return false
	}
	if i == 0 {
		return true
	}
	switch p := c[i-1]; {
	case isWordByte(p), p == '$', p == '@', p == '%', p == '&', p == ':':
		return false
	case p == '>' && i >= 2 && c[i-2] == '-':
		return false
	}
	return true
}

// collect collects the scalars and arrays bound exactly once in the
// file, once: a name assigned again (.=, s///), bound in a list
// assignment or as a loop variable is left out.
func (b *perlBinds) collect() {
	if b.done {
		return
	}
	b.done = true
	c := b.c
	n := map[string]int{} // sigil and name: bindings seen
	b.scalars, b.arrays = map[string]string{}, map[string]string{}
	for i := 0; i < len(c); i++ {
		sig := c[i]
		if sig != '$' && sig != '@' {
			continue
		}
		j := i + 1
		for j < len(c) && isWordByte(c[j]) {
			j++
		}
		if j == i+1 || c[i+1] >= '0' && c[i+1] <= '9' {
			continue
		}
		key := c[i:j]
		k := skipSpace(c, j)
		switch rest := c[k:min(len(c), k+4)]; {
		case strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==") && !strings.HasPrefix(rest, "=~") && !strings.HasPrefix(rest, "=>"):
			if n[key]++; n[key] == 1 {
				start := k + 1
				v := strings.TrimSpace(c[start : start+perlStmtEnd(c[start:])])
				if sig == '$' {
					b.scalars[key[1:]] = v
				} else {
					b.arrays[key[1:]] = v
				}
			}
		case strings.HasPrefix(rest, ".="), strings.HasPrefix(rest, "x="), strings.HasPrefix(rest, "||="), strings.HasPrefix(rest, "//="), strings.HasPrefix(rest, "=~"):
			n[key]++
		}
		i = j - 1
	}
	for _, re := range perlRebinds {
		for _, m := range re.FindAllStringSubmatch(c, 4096) {
			for _, f := range perlListVar.FindAllString(m[1], -1) {
				n[f]++
			}
		}
	}
	b.arrayBinds = map[string]int{}
	for key, k := range n {
		if key[0] == '@' {
			b.arrayBinds[key[1:]] = k
		}
		switch {
		case k == 1:
		case key[0] == '$':
			delete(b.scalars, key[1:])
		default:
			delete(b.arrays, key[1:])
		}
	}
}

// perlInterp is a scalar interpolated in a double-quoted string, not an
// element of a hash or an array: group 1 or 2 its name.
var perlInterp = lazyRE(`\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))(?:[^\w{\[]|$)`)

// interpolate returns the body of a double-quoted string with each
// scalar bound once to a literal replaced by that literal's text (one
// level: what that text interpolates stays as written).
func (d *perlDecoder) interpolate(s string) string {
	return perlInterp.ReplaceAllStringFunc(s, func(m string) string {
		g := perlInterp.FindStringSubmatch(m)
		name, tail := g[1]+g[2], ""
		if g[2] != "" {
			tail = m[1+len(g[2]):]
		}
		v, _ := d.binds.scalar(name)
		if q := len(v); q >= 2 && (v[0] == '"' || v[0] == '\'') && stringEnd(v, 0, true) == q-1 {
			return v[1:q-1] + tail
		}
		return m
	})
}

// perlStmtEnd returns the length of the expression at s[0:], up to its
// statement's ; or a closing bracket it did not open.
func perlStmtEnd(s string) int {
	depth := 0
	for j := 0; j < len(s) && j < 4000; j++ {
		switch ch := s[j]; ch {
		case '"', '\'', '`':
			j = stringEnd(s, j, true)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return j
			}
			depth--
		case ';':
			if depth == 0 {
				return j
			}
		}
	}
	return min(len(s), 4000)
}

// chain reads the terms at c[i:] joined by the . operator: the literal's
// double-quoted body and text it builds, where it ends, and whether any
// term was decoded (a run of plain literals is left as it is).
func (d *perlDecoder) chain(i int) (body, text string, end int, decoded bool) {
	c := d.c
	var bb, tb strings.Builder
	j := i
	for n := 0; n < 256; n++ {
		b, t, e, dec, ok := d.term(j)
		if !ok || b != "" && perlVarEnd.MatchString(bb.String()) && perlNameByte(b[0]) {
			break // "$x" . "A" is not "$xA"
		}
		bb.WriteString(b)
		tb.WriteString(t)
		decoded = decoded || dec
		end = e
		if tb.Len() > maxPerlDecodeText {
			return "", "", 0, false
		}
		k := skipSpace(c, e)
		if k >= len(c) || c[k] != '.' || k+1 < len(c) && (c[k+1] == '.' || c[k+1] == '=') {
			break
		}
		j = skipSpace(c, k+1)
	}
	if end == 0 {
		return "", "", 0, false
	}
	return bb.String(), tb.String(), end, decoded
}

// perlVarEnd is a double-quoted body that ends in an interpolated
// variable, whose name what is joined after it would lengthen.
var perlVarEnd = lazyRE(`[\$@](?:\w|::)+$|[\$@]\{\w+\}$`)

// perlNameByte reports whether b, right after an interpolated variable,
// would be read as part of it (its name, an index, a key, a method).
func perlNameByte(b byte) bool {
	return isWordByte(b) || b == '[' || b == '{' || b == ':' || b == '-'
}

// skipSpace returns the index of the first byte at or after i in c that
// is not white space.
func skipSpace(c string, i int) int {
	for i < len(c) && (c[i] == ' ' || c[i] == '\t' || c[i] == '\n' || c[i] == '\r') {
		i++
	}
	return i
}

// term reads one term at c[i:]: a quoted literal, or a chr, join, pack
// or sprintf call this reader decodes. It returns the term's
// double-quoted body and text, where it ends, whether it was decoded and
// whether it could be read.
func (d *perlDecoder) term(i int) (body, text string, end int, decoded, ok bool) {
	c := d.c
	if i >= len(c) {
		return
	}
	if q := c[i]; q == '"' || q == '\'' {
		e := stringEnd(c, i, true)
		if e >= len(c) || c[e] != q {
			return
		}
		raw := c[i+1 : e]
		if q == '"' {
			return raw, raw, e + 1, false, true
		}
		t := strings.NewReplacer(`\\`, `\`, `\'`, `'`).Replace(raw)
		if strings.ContainsAny(t, "$@") {
			return // would interpolate once double-quoted
		}
		return perlQuoteBody(t), t, e + 1, false, true
	}
	w := i
	for w < len(c) && isWordByte(c[w]) {
		w++
	}
	switch c[i:w] {
	case "chr", "join", "pack", "sprintf":
	default:
		return
	}
	if d.depth > 4 || d.binds.spent > maxPerlWork {
		return
	}
	d.depth++
	defer func() { d.depth-- }()
	args, e, ok := perlCallArgs(c, w)
	if !ok {
		d.binds.spent += 4000
		return
	}
	d.binds.spent += e - w
	var s string
	switch c[i:w] {
	case "chr":
		if len(args) != 1 {
			return
		}
		n, nok := d.num(args[0])
		if !nok {
			return
		}
		s, ok = perlChars([]int{n})
	case "join":
		s, ok = d.join(args)
	case "pack":
		s, ok = d.pack(args)
	case "sprintf":
		var b string
		b, s, ok = d.sprintf(args)
		if ok {
			return b, s, e, true, true
		}
	default:
		return
	}
	if !ok {
		return
	}
	return perlQuoteBody(s), s, e, true, true
}

// perlQuoteBody writes s as the body of a double-quoted Perl literal on
// one line. Sigils are kept: the rules read "$HOME" in a command as the
// shell does.
func perlQuoteBody(s string) string { return perlQuoter.Replace(s) }

// perlQuoter escapes text for a double-quoted literal on one line.
var perlQuoter = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`, "\r", `\r`)

// perlCallArgs returns the top-level arguments of the call whose name
// ends at c[i] (in parentheses, or up to its statement's end without
// them) and where the call ends.
func perlCallArgs(c string, i int) ([]string, int, bool) {
	j := skipSpace(c, i)
	if j >= len(c) {
		return nil, 0, false
	}
	paren := c[j] == '('
	start := j
	if paren {
		start = j + 1
	}
	var out []string
	depth, from := 0, start
	for k := start; k < len(c) && k < start+4000; k++ {
		switch ch := c[k]; ch {
		case '"', '\'', '`':
			k = stringEnd(c, k, true)
		case '(', '[', '{':
			depth++
		case ')', ']', '}', ';':
			if depth > 0 && ch != ';' {
				depth--
				continue
			}
			if depth > 0 {
				continue
			}
			if a := strings.TrimSpace(c[from:k]); a != "" {
				out = append(out, a)
			}
			if paren {
				if ch != ')' {
					return nil, 0, false
				}
				return out, k + 1, len(out) > 0
			}
			end := k
			for end > from && (c[end-1] == ' ' || c[end-1] == '\t' || c[end-1] == '\n' || c[end-1] == '\r') {
				end--
			}
			return out, end, len(out) > 0
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(c[from:k]))
				from = k + 1
			}
		}
	}
	return nil, 0, false
}

// str returns the text of an argument that is a literal, a scalar bound
// once to one, or a term this reader decodes.
func (d *perlDecoder) str(a string) (string, bool) {
	a = strings.TrimSpace(a)
	if strings.HasPrefix(a, "$") {
		if v, ok := d.binds.scalar(a[1:]); ok && isIdentBytes(a[1:]) {
			a = v
		}
	}
	sub := &perlDecoder{c: a, binds: d.binds, depth: d.depth + 1}
	_, t, end, _, ok := sub.term(0)
	if !ok || end != len(a) || strings.ContainsAny(a[:1], `"`) && strings.ContainsAny(t, "$@") {
		return "", false
	}
	return t, true
}

// isIdentBytes reports whether s is one identifier.
func isIdentBytes(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isWordByte(s[i]) {
			return false
		}
	}
	return true
}

// num returns the number an argument is: a numeric literal (decimal,
// 0x, 0b, octal), hex or oct of a literal, or a scalar bound once to one.
func (d *perlDecoder) num(a string) (int, bool) {
	a = strings.TrimSpace(a)
	if strings.HasPrefix(a, "$") && isIdentBytes(a[1:]) {
		v, ok := d.binds.scalar(a[1:])
		if !ok {
			return 0, false
		}
		a = v
	}
	for _, f := range []string{"hex", "oct"} {
		if rest, ok := strings.CutPrefix(a, f); ok && (strings.HasPrefix(rest, "(") || strings.HasPrefix(rest, " ")) {
			rest = strings.TrimSpace(rest)
			if strings.HasPrefix(rest, "(") && strings.HasSuffix(rest, ")") {
				rest = strings.TrimSpace(rest[1 : len(rest)-1])
			}
			s, ok := d.str(rest)
			if !ok {
				return 0, false
			}
			return perlHexOct(f, s)
		}
	}
	if n, ok := perlNumLit(a); ok {
		return n, true
	}
	if a == "" || a[0] != '"' && a[0] != '\'' {
		return 0, false
	}
	s, ok := d.str(a) // a string numifies as the decimal it starts with
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	return n, err == nil
}

// perlNumLit reads a Perl numeric literal (underscores allowed).
func perlNumLit(a string) (int, bool) {
	a = strings.ReplaceAll(a, "_", "")
	if a == "" {
		return 0, false
	}
	var n int64
	var err error
	switch {
	case strings.HasPrefix(a, "0x") || strings.HasPrefix(a, "0X"):
		n, err = strconv.ParseInt(a[2:], 16, 32)
	case strings.HasPrefix(a, "0b") || strings.HasPrefix(a, "0B"):
		n, err = strconv.ParseInt(a[2:], 2, 32)
	case len(a) > 1 && a[0] == '0':
		n, err = strconv.ParseInt(a[1:], 8, 32)
	default:
		n, err = strconv.ParseInt(a, 10, 32)
	}
	return int(n), err == nil
}

// perlHexOct is Perl's hex or oct of the string s.
func perlHexOct(f, s string) (int, bool) {
	s = strings.ReplaceAll(strings.TrimSpace(s), "_", "")
	if f == "hex" {
		s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
		n, err := strconv.ParseInt(s, 16, 32)
		return int(n), err == nil && s != ""
	}
	switch {
	case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") || strings.HasPrefix(s, "x"):
		return perlHexOct("hex", strings.TrimPrefix(s, "x"))
	case strings.HasPrefix(s, "0b") || strings.HasPrefix(s, "0B") || strings.HasPrefix(s, "b"):
		s = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(s, "0b"), "0B"), "b")
		n, err := strconv.ParseInt(s, 2, 32)
		return int(n), err == nil && s != ""
	}
	n, err := strconv.ParseInt(s, 8, 32)
	return int(n), err == nil && s != ""
}

// perlChars returns the text of the character codes ns, when every one
// is printable (or a newline or tab).
func perlChars(ns []int) (string, bool) {
	if len(ns) == 0 || len(ns) > maxPerlDecodeText {
		return "", false
	}
	var b strings.Builder
	for _, n := range ns {
		r := rune(n)
		if n < 0 || n > unicode.MaxRune || !utf8.ValidRune(r) || !unicode.IsPrint(r) && r != '\n' && r != '\t' {
			return "", false
		}
		b.WriteRune(r)
	}
	return b.String(), true
}

// elems returns the elements of a list argument: a parenthesized list
// or qw() (read element by element), or an array bound once to one.
func (d *perlDecoder) elems(args []string) ([]string, bool) {
	var out []string
	for _, a := range args {
		a = strings.TrimSpace(a)
		switch {
		case strings.HasPrefix(a, "@") && isIdentBytes(a[1:]):
			v, ok := d.binds.array(a[1:])
			if !ok || d.depth > 4 {
				return nil, false
			}
			d.depth++
			sub, ok := d.elems([]string{v})
			d.depth--
			if !ok {
				return nil, false
			}
			out = append(out, sub...)
		case strings.HasPrefix(a, "qw"):
			w := strings.TrimSpace(a[2:])
			if len(w) < 2 || isWordByte(w[0]) {
				return nil, false
			}
			out = append(out, strings.Fields(w[1:len(w)-1])...)
		case strings.HasPrefix(a, "(") && strings.HasSuffix(a, ")"):
			inner, _, ok := perlCallArgs(a, 0)
			if !ok {
				return nil, false
			}
			sub, ok := d.elems(inner)
			if !ok {
				return nil, false
			}
			out = append(out, sub...)
		default:
			out = append(out, a)
		}
		if len(out) > maxPerlDecodeText {
			return nil, false
		}
	}
	return out, len(out) > 0
}

// nums returns the numbers of a list argument (see elems): numeric
// literals, or in a qw() or a quoted element the decimal number the
// string reads as.
func (d *perlDecoder) nums(args []string) ([]int, bool) {
	es, ok := d.elems(args)
	if !ok {
		return nil, false
	}
	ns := make([]int, 0, len(es))
	for _, e := range es {
		n, ok := d.num(e)
		if !ok {
			if n, ok = perlQwNum(e); !ok {
				return nil, false
			}
		}
		ns = append(ns, n)
	}
	return ns, true
}

// perlQwNum is the number a qw() word numifies as: its decimal.
func perlQwNum(w string) (int, bool) {
	n, err := strconv.Atoi(w)
	return n, err == nil
}

// join reads join(SEP, LIST): LIST a map of chr over a list (see
// perlMapChr), or terms this reader reads as text.
func (d *perlDecoder) join(args []string) (string, bool) {
	if len(args) < 2 {
		return "", false
	}
	rest := args[1:]
	if !perlDecodeWord.MatchString(strings.Join(rest, ",")) {
		return "", false // plain strings: nothing decoded
	}
	sep, ok := d.str(args[0])
	if !ok {
		return "", false
	}
	if m := strings.TrimSpace(rest[0]); strings.HasPrefix(m, "map") && len(m) > 3 && !isWordByte(m[3]) {
		s, ok := d.mapChr(strings.TrimSpace(m[3:]), rest[1:], sep)
		return s, ok
	}
	parts := make([]string, 0, len(rest))
	for _, a := range rest {
		s, ok := d.str(a)
		if !ok {
			return "", false
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, sep), true
}

// mapChr reads map BLOCK LIST or map(EXPR, LIST) whose body makes a
// character of each element (the block or expression is m, the rest of
// the list more), joined with sep.
func (d *perlDecoder) mapChr(m string, more []string, sep string) (string, bool) {
	var body string
	var list []string
	switch {
	case strings.HasPrefix(m, "{"):
		end := rustSkipCall(m, 1)
		if end > len(m) || end < 2 {
			return "", false
		}
		body = m[1 : end-1]
		if l := strings.TrimSpace(m[end:]); l != "" {
			list = append(list, l)
		}
		list = append(list, more...)
	case strings.HasPrefix(m, "("):
		inner, e, ok := perlCallArgs(m, 0)
		if !ok || len(inner) < 2 || strings.TrimSpace(m[e:]) != "" {
			return "", false
		}
		body, list = inner[0], append(inner[1:], more...)
	default: // map EXPR, LIST: the expression is the first element
		body, list = m, more
	}
	f := perlMapChr.FindStringSubmatch(strings.Join(strings.Fields(body), ""))
	if f == nil || len(list) == 0 {
		return "", false
	}
	var ns []int
	if f[1] != "" {
		es, ok := d.elems(list)
		if !ok {
			return "", false
		}
		for _, e := range es {
			s, ok := d.str(e)
			if !ok {
				s = e
			}
			n, ok := perlHexOct(f[1], s)
			if !ok {
				return "", false
			}
			ns = append(ns, n)
		}
	} else {
		var ok bool
		if ns, ok = d.nums(list); !ok {
			return "", false
		}
	}
	op, k := f[2], f[3]
	if f[4] != "" {
		op, k = f[4], f[5]
	}
	if op != "" {
		v, _ := perlNumLit(k)
		for i, n := range ns {
			switch op {
			case "^":
				ns[i] = n ^ v
			case "+":
				ns[i] = n + v
			case "-":
				ns[i] = n - v
			}
		}
	}
	var b strings.Builder
	for i, n := range ns {
		s, ok := perlChars([]int{n})
		if !ok {
			return "", false
		}
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(s)
	}
	return b.String(), true
}

// pack reads pack with a template of one letter (see perlPackTpl): C,
// c, U, W over numbers, H and h over a hex string, A and a over strings.
func (d *perlDecoder) pack(args []string) (string, bool) {
	if len(args) < 2 {
		return "", false
	}
	tpl, ok := d.str(args[0])
	if !ok {
		return "", false
	}
	m := perlPackTpl.FindStringSubmatch(tpl)
	if m == nil {
		return "", false
	}
	switch m[1] {
	case "C", "c", "U", "W":
		ns, ok := d.nums(args[1:])
		if !ok {
			return "", false
		}
		return perlChars(ns)
	case "H", "h":
		if len(args) != 2 {
			return "", false
		}
		h, ok := d.str(args[1])
		if !ok || len(h)%2 != 0 {
			return "", false
		}
		if m[1] == "h" { // low nybble first
			b := []byte(h)
			for i := 0; i+1 < len(b); i += 2 {
				b[i], b[i+1] = b[i+1], b[i]
			}
			h = string(b)
		}
		raw, err := hex.DecodeString(h)
		if err != nil || !utf8.Valid(raw) {
			return "", false
		}
		s := string(raw)
		var ns []int
		for _, r := range s {
			ns = append(ns, int(r))
		}
		return perlChars(ns)
	default: // A, a
		var b strings.Builder
		for _, a := range args[1:] {
			s, ok := d.str(a)
			if !ok {
				return "", false
			}
			b.WriteString(s)
		}
		return b.String(), true
	}
}

// format returns the text of a sprintf format: literals joined by the .
// operator, each maybe repeated with x by a number or by an array's
// length ('%c' x 4 . '%s', '%c' x @codes).
func (d *perlDecoder) format(f string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(f); {
		if q := f[i]; q != '"' && q != '\'' {
			return "", false
		}
		e := stringEnd(f, i, true)
		if e >= len(f) {
			return "", false
		}
		lit, ok := d.str(f[i : e+1])
		if !ok {
			return "", false
		}
		i = skipSpace(f, e+1)
		times := 1
		if i+1 < len(f) && f[i] == 'x' && !isWordByte(f[i+1]) || i+1 < len(f) && f[i] == 'x' && f[i+1] >= '0' && f[i+1] <= '9' {
			i = skipSpace(f, i+1)
			j := i
			for j < len(f) && (f[j] == '@' || isWordByte(f[j])) {
				j++
			}
			k := f[i:j]
			if strings.HasPrefix(k, "@") {
				es, ok := d.elems([]string{k})
				if !ok {
					return "", false
				}
				times = len(es)
			} else if n, ok := perlNumLit(k); ok && n >= 1 && n <= 4096 {
				times = n
			} else {
				return "", false
			}
			i = skipSpace(f, j)
		}
		b.WriteString(strings.Repeat(lit, times))
		if b.Len() > maxPerlDecodeText {
			return "", false
		}
		if i >= len(f) {
			return b.String(), true
		}
		if f[i] != '.' {
			return "", false
		}
		i = skipSpace(f, i+1)
	}
	return "", false
}

// sprintf reads sprintf of a format holding %c (a literal, or a literal
// repeated with x by a number or an array's length) over its arguments:
// %c a character code, %d a number, %s a literal or a plain scalar (kept
// as the scalar, which the double-quoted literal interpolates). It
// returns the literal's body and the text.
func (d *perlDecoder) sprintf(args []string) (string, string, bool) {
	if len(args) < 2 {
		return "", "", false
	}
	fs, ok := d.format(strings.TrimSpace(args[0]))
	if !ok || !strings.Contains(fs, "%c") {
		return "", "", false
	}
	es, ok := d.elems(args[1:])
	if !ok {
		return "", "", false
	}
	var body, text strings.Builder
	last, k := 0, 0
	for _, m := range perlFmtConv.FindAllStringIndex(fs, -1) {
		body.WriteString(perlQuoteBody(fs[last:m[0]]))
		text.WriteString(fs[last:m[0]])
		last = m[1]
		conv := fs[m[0]+1 : m[1]]
		if conv == "%" {
			body.WriteString("%")
			text.WriteString("%")
			continue
		}
		if k >= len(es) {
			return "", "", false
		}
		a := strings.TrimSpace(es[k])
		k++
		switch conv {
		case "c":
			n, ok := d.num(a)
			if !ok {
				return "", "", false
			}
			s, ok := perlChars([]int{n})
			if !ok {
				return "", "", false
			}
			body.WriteString(perlQuoteBody(s))
			text.WriteString(s)
		case "d":
			n, ok := d.num(a)
			if !ok {
				return "", "", false
			}
			body.WriteString(strconv.Itoa(n))
			text.WriteString(strconv.Itoa(n))
		case "s":
			if len(a) >= 2 && a[0] == '"' && stringEnd(a, 0, true) == len(a)-1 {
				body.WriteString(a[1 : len(a)-1]) // interpolated as before
				text.WriteString(a[1 : len(a)-1])
			} else if s, ok := d.str(a); ok {
				body.WriteString(perlQuoteBody(s))
				text.WriteString(s)
			} else if perlSimpleScalar.MatchString(a) {
				body.WriteString(a)
				text.WriteString(a)
			} else {
				return "", "", false
			}
		}
	}
	if k != len(es) {
		return "", "", false
	}
	body.WriteString(perlQuoteBody(fs[last:]))
	text.WriteString(fs[last:])
	if text.Len() > maxPerlDecodeText {
		return "", "", false
	}
	return body.String(), text.String(), true
}
