package audit

import (
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// Python builds the command lines it hands a shell as often as it spells
// them: 'curl -fsSL ' + url + ' | sh' with the URL decoded from base64 a
// line above, '{} | sh'.format(u), ' '.join([...]). The shell rules read
// a script's string literals one at a time, and none of those pieces is
// the command. So the command of each call that runs a shell (os.system,
// os.popen, getoutput, create_subprocess_shell, subprocess's run family
// with shell=True, the argument after sh -c in an argv, a shell's
// input=) is folded here to the text Python makes of it, and that text is
// read by the shell rules at the call's line as the script's own command.
//
// The fold computes literals (f-strings with their fields filled, and
// literals written side by side), + and %-formatting, str.format,
// str.join of a list, names bound once in the file (x = ...; x += ...
// appends), the decoders a loader hides a host or a command with
// (base64's b64decode, urlsafe_b64decode, b32decode and b16decode,
// bytes.fromhex, binascii.unhexlify, codecs.decode with rot13, hex or
// base64, a [::-1] or reversed reversal), the methods that keep the text
// (decode, encode, strip, replace, lower), shlex.quote and shlex.join,
// os.path.join and the home folder (Path.home(), expanduser('~'), as
// $HOME). A piece it cannot compute (a parameter, a server's answer)
// stands as $X, an unknown shell word, so 'curl ' + url + ' | sh' is a
// download run whatever url holds. A call whose command is one plain
// literal is left to the literal reading, which sees it already.
//
// A notebook's code cells are this Python too, and IPython fills a shell
// escape's {expr} and $name from the kernel's names before the shell
// runs it (!curl {u} | sh, !{cmd}): notebook.go expands those with the
// same fold.

// pyFoldMaxDepth bounds how deep names and calls are followed, and
// pyFoldMaxSteps the work of one fold (a file of names bound to each
// other, or of huge expressions, must not stall the audit).
const (
	pyFoldMaxDepth = 12
	pyFoldMaxSteps = 4000
	pyFoldMaxLen   = 1 << 16
)

// pyUnknown is the shell word a piece the fold cannot compute becomes.
const pyUnknown = "$X"

// pyBindRe is a line binding a name: group 1 the name, group 2 the
// operator (= or +=); the value starts at the match's end.
var pyBindRe = lazyRE(`(?m)^[ \t]*([A-Za-z_]\w*)[ \t]*(\+?=)[ \t]*(?:[^=\s]|$)`)

// pyFolder folds Python string expressions of one file (see above).
type pyFolder struct {
	f string
	// defs holds, for each name bound once with = and appended to with
	// +=, where its values start in f (the = value first, then the +=
	// ones in file order); a name bound twice is absent. vals caches the
	// values read from there.
	defs map[string][]int
	vals map[string][]string
	// steps counts the work of the current fold; resolved counts what
	// the fold computed beyond a plain literal (a name, a decoder, a
	// join of pieces).
	steps, resolved int
}

// newPyFolder reads the bindings of f (Python, comments blanked).
func newPyFolder(f string) *pyFolder {
	p := &pyFolder{f: f, defs: map[string][]int{}, vals: map[string][]string{}}
	sets := map[string]int{}
	for _, m := range pyBindRe.FindAllStringSubmatchIndex(f, 4000) {
		name, op := f[m[2]:m[3]], f[m[4]:m[5]]
		if op == "=" {
			sets[name]++
			p.defs[name] = append([]int{m[5]}, p.defs[name]...)
		} else {
			p.defs[name] = append(p.defs[name], m[5])
		}
	}
	for n := range p.defs {
		if sets[n] != 1 {
			delete(p.defs, n) // bound twice, or only appended to
		}
	}
	return p
}

// values returns the value expressions of name n (see defs), and
// whether the file binds it once.
func (p *pyFolder) values(n string) ([]string, bool) {
	if v, ok := p.vals[n]; ok {
		return v, true
	}
	starts, ok := p.defs[n]
	if !ok {
		return nil, false
	}
	var out []string
	for _, st := range starts {
		for st < len(p.f) && (p.f[st] == ' ' || p.f[st] == '\t') {
			st++
		}
		out = append(out, strings.TrimSpace(p.f[st:pyExprEnd(p.f, st)]))
	}
	p.vals[n] = out
	return out, true
}

// pyExprEnd returns the end of the expression starting at f[i]: the
// first newline outside brackets and strings that no backslash continues.
func pyExprEnd(f string, i int) int {
	depth := 0
	for j := i; j < len(f) && j-i < pyFoldMaxLen; j++ {
		switch c := f[j]; c {
		case '\'', '"':
			if j+2 < len(f) && f[j+1] == c && f[j+2] == c {
				end := strings.Index(f[j+3:], f[j:j+3])
				if end < 0 {
					return len(f)
				}
				j += end + 5
				continue
			}
			j = stringEnd(f, j, true)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return j
			}
			depth--
		case '\\':
			j++
		case '\n':
			if depth == 0 {
				return j
			}
		}
	}
	return min(len(f), i+pyFoldMaxLen)
}

// fold returns the text Python makes of expression e, with pieces it
// cannot compute as $X, and whether e is a string expression the fold
// reads at all (false: nothing of it is known).
func (p *pyFolder) fold(e string) (string, bool) {
	p.steps, p.resolved = 0, 0
	v := p.eval(e, 0)
	return v.s, v.known
}

// pyVal is a folded value: its text, whether any of it is known, and
// whether all of it is (a decoder needs all of its input).
type pyVal struct {
	s            string
	known, exact bool
}

var pyValUnknown = pyVal{s: pyUnknown}

// str returns the text of v for a concatenation: unknown as $X.
func (v pyVal) str() string {
	if !v.known {
		return pyUnknown
	}
	return v.s
}

// eval folds e (see fold); a value longer than pyFoldMaxLen is unknown.
func (p *pyFolder) eval(e string, depth int) pyVal {
	if v := p.eval0(e, depth); len(v.s) <= pyFoldMaxLen {
		return v
	}
	return pyValUnknown
}

// eval0 folds e without the length bound on its value.
func (p *pyFolder) eval0(e string, depth int) pyVal {
	p.steps++
	e = strings.TrimSpace(e)
	if e == "" || depth > pyFoldMaxDepth || p.steps > pyFoldMaxSteps || len(e) > pyFoldMaxLen {
		return pyValUnknown
	}
	if parts := pySplitTop(e, '+'); len(parts) > 1 {
		return p.concat(parts, depth)
	}
	if parts := pySplitTop(e, '%'); len(parts) == 2 {
		f := p.eval(parts[0], depth+1)
		if !f.known {
			return pyValUnknown
		}
		p.resolved++
		return p.percent(f, parts[1], depth)
	}
	return p.primary(e, depth)
}

// primary folds a primary expression and its trailers (calls, methods,
// subscripts).
func (p *pyFolder) primary(e string, depth int) pyVal {
	var v pyVal
	rest := ""
	switch {
	case pyLitStart(e):
		n, s, exact := p.literals(e, depth)
		if n == 0 {
			return pyValUnknown
		}
		v, rest = pyVal{s, true, exact}, e[n:]
	case e[0] == '(':
		end := pyCloseAt(e, 0)
		if end < 0 {
			return pyValUnknown
		}
		inner := e[1:end]
		if len(callArgs(inner+")")) != 1 {
			return pyValUnknown // a tuple
		}
		v, rest = p.eval(inner, depth+1), e[end+1:]
	case e[0] >= '0' && e[0] <= '9':
		n := 0
		for n < len(e) && e[n] >= '0' && e[n] <= '9' {
			n++
		}
		v, rest = pyVal{e[:n], true, true}, e[n:] // an integer, as %d and str() write it
	case isIdentByte(e[0]):
		n := 0
		for n < len(e) && (isIdentByte(e[n]) || e[n] == '.') {
			n++
		}
		name, after := e[:n], strings.TrimLeft(e[n:], " \t")
		if strings.HasPrefix(after, "(") {
			end := pyCloseAt(after, 0)
			if end < 0 {
				return pyValUnknown
			}
			v, rest = p.call(name, callArgs(after[1:end+1]), depth), after[end+1:]
		} else {
			v, rest = p.name(name, depth), after
		}
	default:
		return pyValUnknown
	}
	return p.trailers(v, rest, depth)
}

// name folds a name: one bound in the file, or the home folder.
func (p *pyFolder) name(n string, depth int) pyVal {
	vals, ok := p.values(n)
	if !ok {
		return pyValUnknown
	}
	return p.concat(vals, depth)
}

// concat folds each of exprs and joins their values: known when one is,
// exact when all are (a `+` join, or a name's values appended with `+=`).
func (p *pyFolder) concat(exprs []string, depth int) pyVal {
	var sb strings.Builder
	known, exact := false, true
	for _, e := range exprs {
		v := p.eval(e, depth+1)
		known = known || v.known
		exact = exact && v.exact
		sb.WriteString(v.str())
		if sb.Len() > pyFoldMaxLen {
			return pyValUnknown
		}
	}
	if !known {
		return pyValUnknown
	}
	p.resolved++
	return pyVal{sb.String(), true, exact}
}

// call folds a call of the function named n (dotted) with arguments
// args as written.
func (p *pyFolder) call(n string, args []string, depth int) pyVal {
	base := n[strings.LastIndexByte(n, '.')+1:]
	arg := func(i int) pyVal {
		if i >= len(args) || strings.Contains(args[i], "=") && isPyIdent(strings.TrimSpace(args[i][:strings.IndexByte(args[i], '=')])) {
			return pyValUnknown
		}
		return p.eval(args[i], depth+1)
	}
	if homeExpr.MatchString(n + "()") {
		p.resolved++
		return pyVal{"$HOME", true, false}
	}
	switch base {
	case "b64decode", "standard_b64decode", "urlsafe_b64decode", "decodebytes", "decodestring", "b32decode", "b16decode", "fromhex", "unhexlify", "a2b_hex", "a2b_base64":
		v := arg(0)
		if !v.exact {
			return pyValUnknown
		}
		s, ok := pyFoldDecode(base, v.s)
		if !ok {
			return pyValUnknown
		}
		p.resolved++
		return pyVal{s, true, true}
	case "decode", "encode":
		if n != "codecs."+base {
			return pyValUnknown
		}
		v, codec := arg(0), arg(1)
		if !v.exact || !codec.exact {
			return pyValUnknown
		}
		s, ok := pyCodec(codec.s, v.s)
		if !ok {
			return pyValUnknown
		}
		p.resolved++
		return pyVal{s, true, true}
	case "str", "bytes", "bytearray", "reversed":
		if n != base || len(args) == 0 {
			return pyValUnknown
		}
		v := arg(0)
		if base == "reversed" && v.exact {
			p.resolved++
			return pyVal{pyReverse(v.s), true, true}
		} else if base == "reversed" {
			return pyValUnknown
		}
		return v
	case "quote":
		if n != "shlex.quote" && n != "pipes.quote" {
			return pyValUnknown
		}
		v := arg(0)
		if !v.exact {
			return v
		}
		return pyVal{pyShellQuote(v.s), true, true}
	case "join":
		switch n {
		case "shlex.join":
			return p.joinList(args, " ", true, depth)
		case "os.path.join", "posixpath.join", "path.join":
			var sb strings.Builder
			known, exact := false, true
			for i := range args {
				v := arg(i)
				known, exact = known || v.known, exact && v.exact
				if i > 0 && !strings.HasSuffix(sb.String(), "/") {
					sb.WriteByte('/')
				}
				sb.WriteString(v.str())
				if sb.Len() > pyFoldMaxLen {
					return pyValUnknown
				}
			}
			if !known {
				return pyValUnknown
			}
			p.resolved++
			return pyVal{sb.String(), true, exact}
		}
	case "expanduser":
		v := arg(0)
		if v.exact && (v.s == "~" || strings.HasPrefix(v.s, "~/")) {
			p.resolved++
			return pyVal{"$HOME" + v.s[1:], true, false}
		}
		return v
	case "chr":
		if n != "chr" || len(args) != 1 {
			return pyValUnknown
		}
		if c, err := strconv.ParseInt(strings.TrimSpace(args[0]), 0, 32); err == nil && c > 0 && c < unicode.MaxRune {
			return pyVal{string(rune(c)), true, true}
		}
	}
	return pyValUnknown
}

// trailers applies the method calls and subscripts in rest to v.
func (p *pyFolder) trailers(v pyVal, rest string, depth int) pyVal {
	for {
		p.steps++
		rest = strings.TrimLeft(rest, " \t")
		if rest == "" {
			return v
		}
		if p.steps > pyFoldMaxSteps {
			return pyValUnknown
		}
		switch rest[0] {
		case '[':
			end := pyCloseAt(rest, 0)
			if end < 0 {
				return pyValUnknown
			}
			if strings.ReplaceAll(rest[1:end], " ", "") != "::-1" || !v.exact {
				return pyValUnknown
			}
			p.resolved++
			v, rest = pyVal{pyReverse(v.s), true, true}, rest[end+1:]
		case '.':
			n := 1
			for n < len(rest) && isIdentByte(rest[n]) {
				n++
			}
			m, after := rest[1:n], strings.TrimLeft(rest[n:], " \t")
			if !strings.HasPrefix(after, "(") {
				return pyValUnknown
			}
			end := pyCloseAt(after, 0)
			if end < 0 {
				return pyValUnknown
			}
			v = p.method(v, m, callArgs(after[1:end+1]), depth)
			rest = after[end+1:]
		default:
			return pyValUnknown
		}
		if !v.known {
			return v
		}
	}
}

// method folds v.m(args).
func (p *pyFolder) method(v pyVal, m string, args []string, depth int) pyVal {
	switch m {
	case "decode", "encode":
		if len(args) > 0 {
			if c := p.eval(args[0], depth+1); c.exact {
				if s, ok := pyCodec(c.s, v.s); ok && v.exact {
					return pyVal{s, true, true}
				}
			}
		}
		return v
	case "strip", "lstrip", "rstrip":
		cut := " \t\r\n"
		if len(args) > 0 {
			c := p.eval(args[0], depth+1)
			if !c.exact {
				return v
			}
			cut = c.s
		}
		switch m {
		case "strip":
			v.s = strings.Trim(v.s, cut)
		case "lstrip":
			v.s = strings.TrimLeft(v.s, cut)
		default:
			v.s = strings.TrimRight(v.s, cut)
		}
		return v
	case "lower", "upper":
		if !v.exact {
			return v
		}
		if m == "lower" {
			v.s = strings.ToLower(v.s)
		} else {
			v.s = strings.ToUpper(v.s)
		}
		return v
	case "replace":
		if len(args) < 2 {
			return pyValUnknown
		}
		a, b := p.eval(args[0], depth+1), p.eval(args[1], depth+1)
		if !a.exact || !b.known || a.s == "" || len(v.s)+strings.Count(v.s, a.s)*len(b.str()) > pyFoldMaxLen {
			return pyValUnknown
		}
		p.resolved++
		return pyVal{strings.ReplaceAll(v.s, a.s, b.str()), true, v.exact && b.exact}
	case "join":
		if !v.exact || len(args) != 1 {
			return pyValUnknown
		}
		return p.joinList(args, v.s, false, depth)
	case "format":
		p.resolved++
		return p.format(v, args, depth)
	}
	return pyValUnknown
}

// joinList folds sep.join(list) (args[0] a list or tuple literal, a name
// bound to one, or reversed(x)); quote quotes each element for a shell
// (shlex.join).
func (p *pyFolder) joinList(args []string, sep string, quote bool, depth int) pyVal {
	if len(args) != 1 {
		return pyValUnknown
	}
	a := strings.TrimSpace(args[0])
	if vals, ok := p.values(a); ok && len(vals) == 1 {
		a = strings.TrimSpace(vals[0])
	}
	if l, ok := p.listSum(a, depth); ok {
		a = l // args + ["|", "sh"]: one list
	}
	if !strings.HasPrefix(a, "[") && !strings.HasPrefix(a, "(") {
		v := p.eval(a, depth+1) // ''.join(reversed(x)), ''.join('abc')
		if !v.exact || quote || len(v.s)*(len(sep)+1) > pyFoldMaxLen {
			return pyValUnknown
		}
		p.resolved++
		return pyVal{strings.Join(strings.Split(v.s, ""), sep), true, true}
	}
	end := pyCloseAt(a, 0)
	if end != len(a)-1 {
		return pyValUnknown
	}
	elems := callArgs(a[1 : end+1])
	if len(elems) == 1 && strings.Contains(elems[0], " for ") {
		return pyValUnknown // a comprehension
	}
	var parts []string
	known, exact, size := false, true, 0
	for _, el := range elems {
		v := p.eval(el, depth+1)
		known, exact = known || v.known, exact && v.exact
		s := v.str()
		if quote && v.exact {
			s = pyShellQuote(s)
		}
		parts = append(parts, s)
		if size += len(s) + len(sep); size > pyFoldMaxLen {
			return pyValUnknown
		}
	}
	if !known {
		return pyValUnknown
	}
	p.resolved++
	return pyVal{strings.Join(parts, sep), true, exact}
}

// listSum returns a sum of lists (list literals, or names bound once to
// one) as one list literal: ["curl", url] + ["|", "sh"].
func (p *pyFolder) listSum(a string, depth int) (string, bool) {
	parts := pySplitTop(a, '+')
	if len(parts) < 2 || depth > pyFoldMaxDepth {
		return "", false
	}
	var elems []string
	for _, part := range parts {
		part = strings.TrimSpace(part)
		if vals, ok := p.values(part); ok && len(vals) == 1 {
			part = strings.TrimSpace(vals[0])
		}
		if !strings.HasPrefix(part, "[") || pyCloseAt(part, 0) != len(part)-1 {
			return "", false
		}
		if inner := strings.TrimSpace(part[1 : len(part)-1]); inner != "" {
			elems = append(elems, strings.TrimSuffix(inner, ","))
		}
	}
	return "[" + strings.Join(elems, ", ") + "]", true
}

// format folds f.format(args): {} and {0} positional fields, {name}
// keyword ones, conversions and format specs dropped.
func (p *pyFolder) format(f pyVal, args []string, depth int) pyVal {
	var pos []pyVal
	kw := map[string]pyVal{}
	for _, a := range args {
		if k, v, ok := strings.Cut(a, "="); ok && isPyIdent(strings.TrimSpace(k)) && !strings.HasPrefix(v, "=") {
			kw[strings.TrimSpace(k)] = p.eval(v, depth+1)
			continue
		}
		pos = append(pos, p.eval(a, depth+1))
	}
	next := 0
	exact := f.exact
	s := pyFields(f.s, func(field string) string {
		var v pyVal
		switch {
		case field == "":
			if next < len(pos) {
				v = pos[next]
			} else {
				v = pyValUnknown
			}
			next++
		case field[0] >= '0' && field[0] <= '9':
			i, err := strconv.Atoi(field)
			if err != nil || i >= len(pos) {
				v = pyValUnknown
			} else {
				v = pos[i]
			}
		default:
			var ok bool
			if v, ok = kw[field]; !ok {
				v = pyValUnknown
			}
		}
		exact = exact && v.exact
		return v.str()
	})
	return pyVal{s, true, exact}
}

// percent folds f % args: %s, %r, %d and %i conversions filled in order
// from a tuple or a single value; %% is a percent sign.
func (p *pyFolder) percent(f pyVal, args string, depth int) pyVal {
	args = strings.TrimSpace(args)
	var vals []pyVal
	if strings.HasPrefix(args, "(") && pyCloseAt(args, 0) == len(args)-1 && len(callArgs(args[1:])) != 1 || strings.HasSuffix(strings.TrimSpace(args[:max(0, len(args)-1)]), ",") {
		for _, a := range callArgs(args[1:]) {
			vals = append(vals, p.eval(a, depth+1))
		}
	} else {
		vals = []pyVal{p.eval(args, depth+1)}
	}
	var sb strings.Builder
	exact, next := f.exact, 0
	s := f.s
	for i := 0; i < len(s); i++ {
		if s[i] != '%' || i+1 >= len(s) {
			sb.WriteByte(s[i])
			continue
		}
		j := i + 1
		for j < len(s) && strings.IndexByte("-+ #0123456789.", s[j]) >= 0 {
			j++
		}
		if j >= len(s) {
			sb.WriteString(s[i:])
			break
		}
		switch s[j] {
		case '%':
			sb.WriteByte('%')
		case 's', 'r', 'd', 'i', 'a', 'x', 'f':
			v := pyValUnknown
			if next < len(vals) {
				v = vals[next]
			}
			next++
			exact = exact && v.exact
			sb.WriteString(v.str())
		default:
			sb.WriteString(s[i : j+1])
		}
		if sb.Len() > pyFoldMaxLen {
			break // eval drops a value this long
		}
		i = j
	}
	return pyVal{sb.String(), true, exact}
}

// literals reads the string literals at the start of e written side by
// side ('a' "b" f'{c}'), returning the bytes read, their joined text and
// whether all of it is known (an f-string's fields folded).
func (p *pyFolder) literals(e string, depth int) (int, string, bool) {
	var sb strings.Builder
	exact, n, count := true, 0, 0
	for {
		i := n
		for i < len(e) && isRESpace(e[i]) {
			i++
		}
		if i >= len(e) || !pyLitStart(e[i:]) {
			break
		}
		end, prefix, body, ok := pyLiteral(e[i:])
		if !ok {
			return 0, "", false
		}
		pre := strings.ToLower(prefix)
		if !strings.Contains(pre, "r") {
			body = pyUnescape(body)
		}
		if strings.Contains(pre, "f") {
			body = pyFields(body, func(field string) string {
				v := p.eval(field, depth+1)
				if v.known {
					p.resolved++
				}
				exact = exact && v.exact
				return v.str()
			})
		}
		sb.WriteString(body)
		n = i + end
		count++
	}
	if count > 1 {
		p.resolved++
	}
	return n, sb.String(), exact
}

// pyLitStart reports whether e starts a string literal: an optional
// prefix (r, b, u, f and their pairs) and a quote.
func pyLitStart(e string) bool {
	i := 0
	for i < len(e) && i < 2 && strings.IndexByte("rRbBuUfF", e[i]) >= 0 {
		i++
	}
	return i < len(e) && (e[i] == '\'' || e[i] == '"')
}

// pyLiteral reads the string literal at the start of e: its length, its
// prefix and its body as written (escapes kept).
func pyLiteral(e string) (end int, prefix, body string, ok bool) {
	i := 0
	for i < len(e) && i < 2 && strings.IndexByte("rRbBuUfF", e[i]) >= 0 {
		i++
	}
	if i >= len(e) {
		return 0, "", "", false
	}
	q := e[i]
	if q != '"' && q != '\'' {
		return 0, "", "", false // a name (SCOPES), not a literal closed by its own last letter
	}
	if i+2 < len(e) && e[i+1] == q && e[i+2] == q {
		c := strings.Index(e[i+3:], e[i:i+3])
		if c < 0 {
			return 0, "", "", false
		}
		return i + 3 + c + 3, e[:i], e[i+3 : i+3+c], true
	}
	j := stringEnd(e, i, true)
	if j >= len(e) || e[j] != q {
		return 0, "", "", false
	}
	return j + 1, e[:i], e[i+1 : j], true
}

// pyUnescape resolves a Python literal's backslash escapes (\n, \t,
// quotes, \\, \xHH, \uHHHH; a line continuation is dropped).
func pyUnescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			sb.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			sb.WriteByte('\n')
		case 't':
			sb.WriteByte('\t')
		case 'r':
			sb.WriteByte('\r')
		case '\n':
		case 'x', 'u':
			w := 2
			if c == 'u' {
				w = 4
			}
			if i+w < len(s) {
				if r, err := strconv.ParseUint(s[i+1:i+1+w], 16, 32); err == nil {
					sb.WriteRune(rune(r))
					i += w
					continue
				}
			}
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case '\\', '\'', '"':
			sb.WriteByte(c)
		default:
			sb.WriteByte('\\')
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// pyFields fills the replacement fields of a format string or f-string
// body ({expr}, {expr!r}, {expr:spec}; {{ and }} are braces) with fill
// of the field's expression.
func pyFields(s string, fill func(field string) string) string {
	if !strings.ContainsAny(s, "{}") {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '}' && i+1 < len(s) && s[i+1] == '}' || c == '{' && i+1 < len(s) && s[i+1] == '{' {
			sb.WriteByte(c)
			i++
			continue
		}
		if c != '{' {
			sb.WriteByte(c)
			continue
		}
		depth, j := 1, i+1
		for j < len(s) && depth > 0 {
			switch s[j] {
			case '{', '[', '(':
				depth++
			case '}', ']', ')':
				depth--
			case '\'', '"':
				j = stringEnd(s, j, true)
			}
			j++
		}
		if depth > 0 {
			sb.WriteString(s[i:])
			break
		}
		field := s[i+1 : j-1]
		if k := pyFieldEnd(field); k >= 0 {
			field = field[:k]
		}
		sb.WriteString(fill(strings.TrimSuffix(strings.TrimSpace(field), "=")))
		if sb.Len() > pyFoldMaxLen {
			break // eval drops a value this long
		}
		i = j - 1
	}
	return sb.String()
}

// pyFieldEnd returns where a field's expression ends before its !
// conversion or : spec (outside brackets and strings), or -1.
func pyFieldEnd(f string) int {
	depth := 0
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case '[', '(', '{':
			depth++
		case ']', ')', '}':
			depth--
		case '\'', '"':
			i = stringEnd(f, i, true)
		case '!':
			if depth == 0 && (i+1 >= len(f) || f[i+1] != '=') {
				return i
			}
		case ':':
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// pySplitTop splits e at the operator op outside brackets and strings
// (a binary one: not a sign after another operator); one part when op
// does not stand at the top.
func pySplitTop(e string, op byte) []string {
	var parts []string
	depth, start := 0, 0
	prevOperand := false
	for i := 0; i < len(e); i++ {
		c := e[i]
		switch {
		case c == '\'' || c == '"':
			if i+2 < len(e) && e[i+1] == c && e[i+2] == c {
				end := strings.Index(e[i+3:], e[i:i+3])
				if end < 0 {
					return []string{e}
				}
				i += end + 5
			} else {
				i = stringEnd(e, i, true)
			}
			prevOperand = true
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
			prevOperand = true
		case c == op && depth == 0 && prevOperand && (i+1 >= len(e) || e[i+1] != '='):
			parts = append(parts, e[start:i])
			start = i + 1
			prevOperand = false
		case c == ' ' || c == '\t' || c == '\n' || c == '\\':
		default:
			prevOperand = isIdentByte(c)
		}
	}
	return append(parts, e[start:])
}

// pyFoldDecode decodes s with the base64, base32, base16 or hex decoder
// named fn, when what it gives is text.
func pyFoldDecode(fn, s string) (string, bool) {
	s = strings.TrimSpace(s)
	var b []byte
	var err error
	switch fn {
	case "urlsafe_b64decode":
		b, err = base64.URLEncoding.DecodeString(pyPad(s))
	case "b32decode":
		b, err = base32.StdEncoding.DecodeString(pyPad8(s))
	case "b16decode", "fromhex", "unhexlify", "a2b_hex":
		b, err = hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	default:
		b, err = base64.StdEncoding.DecodeString(pyPad(strings.Join(strings.Fields(s), "")))
	}
	if err != nil || !utf8.Valid(b) {
		return "", false
	}
	return string(b), true
}

// pyCodec decodes s with codecs.decode's codec named c (rot13, hex,
// base64; a text codec such as utf-8 leaves it as it is).
func pyCodec(c, s string) (string, bool) {
	switch strings.ReplaceAll(strings.ToLower(c), "-", "_") {
	case "rot13", "rot_13":
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return 'a' + (r-'a'+13)%26
			case r >= 'A' && r <= 'Z':
				return 'A' + (r-'A'+13)%26
			}
			return r
		}, s), true
	case "hex", "hex_codec":
		return pyFoldDecode("fromhex", s)
	case "base64", "base64_codec", "base_64":
		return pyFoldDecode("b64decode", s)
	case "utf8", "utf_8", "ascii", "latin_1", "latin1", "utf_16", "":
		return s, true
	}
	return "", false
}

// pyPad pads base64 text to a multiple of four.
func pyPad(s string) string {
	for len(s)%4 != 0 {
		s += "="
	}
	return s
}

// pyPad8 pads base32 text to a multiple of eight.
func pyPad8(s string) string {
	for len(s)%8 != 0 {
		s += "="
	}
	return s
}

// pyReverse reverses s by runes.
func pyReverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// pyShellQuote quotes s as shlex.quote does (the shell reads it back as
// one word).
func pyShellQuote(s string) string {
	if q, err := syntax.Quote(s, syntax.LangBash); err == nil {
		return q
	}
	return pyUnknown
}

// pyShellNames are the shells whose -c argument is a command line the
// shell rules read.
var pyShellNames = lazySet("sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "busybox")

// pyShellCommand returns the expression of the command line a call named
// name with arguments args hands a shell (see above), or "".
func (p *pyFolder) pyShellCommand(name string, args []string) string {
	base := name[strings.LastIndexByte(name, '.')+1:]
	shellLine := name == "os.system" || name == "os.popen" || base == "getoutput" || base == "getstatusoutput" || base == "create_subprocess_shell"
	var elems []string
	input := ""
	for i, a := range args {
		if k, v, ok := strings.Cut(a, "="); ok && isPyIdent(strings.TrimSpace(k)) && !strings.HasPrefix(v, "=") {
			switch strings.TrimSpace(k) {
			case "shell":
				shellLine = shellLine || strings.TrimSpace(v) == "True" || strings.TrimSpace(v) == "1"
			case "input":
				input = v
			case "args":
				elems = append(elems, pyListElems(v)...)
			}
			continue
		}
		if i == 0 || strings.HasPrefix(a, "[") || strings.HasPrefix(a, "(") {
			elems = append(elems, pyListElems(a)...)
		} else {
			elems = append(elems, a)
		}
	}
	if len(elems) == 0 {
		return ""
	}
	if shellLine {
		return elems[0]
	}
	isShell := func(e string) bool {
		save := p.resolved
		v, ok := p.fold(e)
		p.resolved = save
		v = v[strings.LastIndexByte(v, '/')+1:]
		return ok && pyShellNames()[v]
	}
	for i := 0; i+2 < len(elems) && i < 4; i++ {
		if !isShell(elems[i]) {
			continue
		}
		j := i + 1
		if isShell(elems[j]) && j+2 < len(elems) {
			j++ // argv[0] after the program: os.execl("/bin/sh", "sh", "-c", s)
		}
		if f, ok := p.fold(elems[j]); ok && (f == "-c" || f == "-lc" || f == "-ec" || f == "-ce" || f == "-xc") {
			return elems[j+1]
		}
	}
	if input != "" && isShell(elems[0]) && (len(elems) == 1 || len(elems) == 2 && strings.Trim(strings.TrimSpace(elems[1]), `'"`) == "-s") {
		return input
	}
	return ""
}

// pyShellHints are the words a Python file must hold for one of its
// calls to hand a shell a command line: a shell-line call, shell=True, a
// shell's inline flag, a shell's input=.
var pyShellHints = []string{"system(", "popen(", "shell=", "shell =", "getoutput(", "getstatusoutput(", "create_subprocess_shell",
	"-c'", `-c"`, "-lc'", `-lc"`, "-ec'", `-ec"`, "-ce'", `-ce"`, "-xc'", `-xc"`, "input="}

// scanPyBuiltCommands reads, with the shell rules, the command line of
// each shell call in Python script c (comments blanked) that the script
// assembles (see above), at the call's line.
func scanPyBuiltCommands(sc *skillCtx, rel, c string, w where) {
	if !containsAny(c, pyShellHints) {
		return
	}
	var runs []jsRun
	if strings.Contains(c, "getattr(") {
		runs, _ = pyGetattrRuns(c, pyConstStrings(c))
	}
	if strings.Contains(c, " as ") {
		runs = append(runs, pyAliasShellRuns(c)...)
	}
	bare := strings.Contains(c, "from subprocess import") || strings.Contains(c, "from os import")
	for _, r := range pyProcessCalls(c, 128) {
		if !strings.Contains(r.name, ".") && !bare {
			continue // a function of the script's own named run or call
		}
		runs = append(runs, r)
	}
	if len(runs) == 0 {
		return
	}
	var p *pyFolder // read once a call needs it
	var li lineIndex
	for _, r := range runs {
		args := callArgs(c[r.after:])
		if len(args) == 0 {
			continue
		}
		if p == nil {
			p, li = newPyFolder(c), newLineIndex(c)
		}
		e := p.pyShellCommand(r.name, args)
		if e == "" {
			continue
		}
		cmd, ok := p.fold(e)
		if !ok || p.resolved == 0 || strings.TrimSpace(cmd) == "" || strings.Trim(cmd, " \t$X") == "" {
			continue // unknown, or a plain literal the literal reading sees
		}
		before := len(sc.findings)
		ln := li.line(r.at)
		scanShell(sc, rel, cmd, ln, w)
		for i := before; i < len(sc.findings); i++ {
			// the evidence is the script's line, which shows only pieces:
			// the reason names the command they make
			f := &sc.findings[i]
			f.Reason += Printable(" (the command as the script assembles it: " + Escape(cmd, 120) + ")")
			f.Evidence = Escape(strings.TrimSpace(lineText(c, li, ln)), 160)
		}
	}
}

// pyAliasShellRuns returns the process calls made through an alias of os
// or subprocess, named as through the module (_s.run is subprocess.run).
func pyAliasShellRuns(c string) []jsRun {
	var runs []jsRun
	for _, line := range pyImportLines.FindAllString(c, 64) {
		for _, a := range pyAsItem.FindAllStringSubmatch(line, 16) {
			pre := a[2] + "."
			for off := 0; len(runs) < 128; {
				i := strings.Index(c[off:], pre)
				if i < 0 {
					break
				}
				i += off
				off = i + len(pre)
				if i > 0 && (isIdentByte(c[i-1]) || c[i-1] == '.') {
					continue
				}
				j := off
				for j < len(c) && isIdentByte(c[j]) {
					j++
				}
				name := c[off:j]
				rest := strings.TrimLeft(c[j:], " \t")
				if (pyProcName(name) || name == "getoutput" || name == "getstatusoutput") && strings.HasPrefix(rest, "(") {
					runs = append(runs, jsRun{a[1] + "." + name, i, j + strings.Index(c[j:], "(") + 1})
				}
			}
		}
	}
	return runs
}

var (
	// pyImportLines are a script's import statements (one line each).
	pyImportLines = lazyRE(`(?m)^[ \t]*import[ \t][^\n]*`)
	// pyAsItem is os or subprocess renamed in an import's list.
	pyAsItem = lazyRE(`\b(os|subprocess)[ \t]+as[ \t]+([A-Za-z_]\w*)`)
)

// pyProcessCalls returns the first n calls of c that pyShellRun matches
// (subprocess's run family, os.system, os.popen, os.exec*, os.spawn*,
// pty.spawn, create_subprocess_*), found by walking back from each
// opening parenthesis to the dotted name before it: a large file is read
// in one pass rather than by the pattern at every byte.
func pyProcessCalls(c string, n int) []jsRun {
	var out []jsRun
	for i := 0; i < len(c) && len(out) < n; i++ {
		if c[i] != '(' {
			continue
		}
		e := i
		for e > 0 && isRESpace(c[e-1]) {
			e--
		}
		b := e
		for b > 0 && (isIdentByte(c[b-1]) || c[b-1] == '.') {
			b--
		}
		if b == e || pyProcessCallName(c[b:e]) == "" {
			continue
		}
		out = append(out, jsRun{c[b:e], b, i + 1})
	}
	return out
}

// pyProcessCallName returns name when it is one pyShellRun matches, else
// "".
func pyProcessCallName(name string) string {
	base := strings.TrimPrefix(name, "subprocess.")
	switch base {
	case "run", "call", "check_call", "check_output", "Popen", "getoutput", "getstatusoutput":
		return name
	}
	base = strings.TrimPrefix(name, "asyncio.")
	switch {
	case base == "create_subprocess_shell" || base == "create_subprocess_exec":
		return name
	case name == "commands.getoutput" || name == "os.system" || name == "os.popen" || name == "pty.spawn" || name == "os.posix_spawn" || name == "os.posix_spawnp":
		return name
	case strings.HasPrefix(name, "os.exec") || strings.HasPrefix(name, "os.spawn"):
		rest := name[len("os.exec"):]
		if strings.HasPrefix(name, "os.spawn") {
			rest = name[len("os.spawn"):]
		}
		for j := 0; j < len(rest); j++ {
			if !isIdentByte(rest[j]) {
				return ""
			}
		}
		return name
	}
	return ""
}
