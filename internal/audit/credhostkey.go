package audit

import (
	"strings"
	"sync"
)

// Rule credential-exfil, a netrc entry looked up by the host of the
// request it authenticates: a Python script that parses ~/.netrc, takes
// only the entry whose machine is the host of the URL it fetches
// (netrc().hosts.get(urlsplit(url).hostname)) and puts it in that
// request's auth header does what curl --netrc does. The credential goes
// to the host it is stored for whatever the URL is, so the script
// authenticates; it does not exfiltrate: credential-read, medium (the
// read of ~/.netrc alone ranks the same). The judgement is made on the
// code, not on names: every lookup is keyed by a variable holding the
// hostname of a URL variable (followed through assignments and the
// arguments a function is called with), every connection the script
// opens goes to one of those URLs, and what a lookup returns (followed
// through variables, tuple unpacking and functions returning it) is only
// tested, encoded and put in an Authorization header (add_header,
// headers=, auth=). Critical stays: a send to any other destination (a
// literal host, a computed one), the credential in a body, query, URL,
// print or any other call, the file read or copied whole (any file
// opened for reading: one reached by a path the scan does not follow
// could be the netrc), the netrc object used other than by a keyed
// lookup, lookups keyed by two URL variables (a mirror could log in to
// the target with the source's entry), a lookup, URL parse or request
// in a loop (a pass could reuse an earlier pass's entry), and
// authenticators(), which falls back to the default entry for a host the
// file does not list and so hands a catch-all credential to whatever
// host the URL names.

// pyHostKeyedAuth reports whether Python code c (comments blanked) reads
// ~/.netrc only to authenticate each request to the host its entry is
// for (see above).
func pyHostKeyedAuth(c string) bool {
	if strings.Contains(c, "authenticators") {
		return false
	}
	lines := pyKeyedLines(c)
	keys, ok := pyNetrcKeys(c)
	if !ok || len(keys) == 0 || !pyNetrcPathOnlyParsed(c, lines) || pyOpensToRead(c) {
		return false
	}
	urls := keyedURLs{}
	for _, k := range keys {
		if !pyHostKeyOf(c, lines, k, urls) {
			return false
		}
	}
	if !oneKeyedURL(urls) {
		return false
	}
	for _, lk := range keys {
		if pyKeyedInLoop(lines, lk.off) {
			return false
		}
	}
	for _, parses := range urls {
		for _, q := range parses {
			if pyKeyedInLoop(lines, q.off) {
				return false
			}
		}
	}
	return pyURLsKept(c, lines, urls) && pyKeyedDests(c, lines, urls) && pyCredInAuthOnly(lines, urls)
}

// oneKeyedURL reports whether every lookup is keyed by the host of one
// URL variable, parsed in one function: with two, the entry of one
// URL's host could authenticate the request to the other (a mirror
// sending the source registry's login to the target).
func oneKeyedURL(urls keyedURLs) bool {
	if len(urls) != 1 {
		return false
	}
	for _, parses := range urls {
		for _, q := range parses {
			if q.scope != parses[0].scope {
				return false
			}
		}
	}
	return true
}

// pyLoopHead starts a for or while loop.
var pyLoopHead = lazyRE(`^(?:async\s+)?(?:for|while)\b`)

// pyKeyedInLoop reports whether offset off is inside a for or while loop of
// lines (on its head's line too): an entry looked up on one pass, kept
// in a name set only when empty, would log in to the next pass's host.
func pyKeyedInLoop(lines []pyKeyedLine, off int) bool {
	var open []int // the indents of the loops around
	for _, l := range lines {
		if l.off > off {
			break
		}
		for len(open) > 0 && l.indent <= open[len(open)-1] {
			open = open[:len(open)-1]
		}
		if pyLoopHead.MatchString(l.blank) {
			if l.off+len(l.blank) >= off {
				return true
			}
			open = append(open, l.indent)
		}
	}
	return len(open) > 0
}

// pyKeyedLine is a logical line of Python: blank has string literals'
// text blanked (f-strings kept), orig is as written, the two the same
// length; indent is its first physical line's indentation and off its
// offset in the code.
type pyKeyedLine struct {
	blank, orig string
	indent, off int
}

// pyBlankKeep blanks the text of the string literals of c (of an
// f-string, all but its {expressions}), keeping the quotes and every
// offset.
func pyBlankKeep(c string) string {
	b := []byte(c)
	for _, m := range strLit.FindAllStringIndex(c, -1) {
		f := pyFStringRe.MatchString(c[max(0, m[0]-2):m[0]])
		q := 1
		if strings.HasPrefix(c[m[0]:], `"""`) || strings.HasPrefix(c[m[0]:], "'''") {
			q = 3
		}
		depth := 0
		for i := m[0] + q; i < m[1]-q; i++ {
			if f {
				// an f-string keeps its {expressions}; {{ is a brace
				switch {
				case b[i] == '{' && depth == 0 && i+1 < m[1]-q && b[i+1] == '{':
					b[i], b[i+1] = ' ', ' '
					i++
					continue
				case b[i] == '{':
					depth++
				case b[i] == '}' && depth > 0:
					depth--
					continue
				}
				if depth > 0 {
					continue
				}
			}
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

// pyKeyedLines joins c's physical lines that brackets or a backslash
// continue, blanking literals as pyBlankStrings does but keeping every
// offset, so a call found in blank has its literal arguments at the same
// place in orig.
func pyKeyedLines(c string) []pyKeyedLine {
	blank := pyBlankKeep(c)
	var out []pyKeyedLine
	var cb, co strings.Builder
	depth, start, indent := 0, 0, -1
	off := 0
	for off <= len(c) {
		end := strings.IndexByte(c[off:], '\n')
		if end < 0 {
			end = len(c)
		} else {
			end += off
		}
		bl, ol := blank[off:end], c[off:end]
		if indent < 0 {
			start, indent = off, len(bl)-len(strings.TrimLeft(bl, " \t"))
		}
		cb.WriteString(bl)
		cb.WriteByte(' ')
		co.WriteString(ol)
		co.WriteByte(' ')
		for i := 0; i < len(bl); i++ {
			switch bl[i] {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth = max(0, depth-1)
			}
		}
		off = end + 1
		if depth > 0 && off <= len(c) || strings.HasSuffix(strings.TrimSpace(bl), "\\") {
			continue
		}
		lb, lo := cb.String(), co.String()
		lead := len(lb) - len(strings.TrimLeft(lb, " \t"))
		if t := strings.TrimSpace(lb); t != "" {
			out = append(out, pyKeyedLine{blank: strings.TrimRight(lb[lead:], " \t\r"), orig: lo[lead : lead+len(strings.TrimRight(lb[lead:], " \t\r"))], indent: indent, off: start + lead})
		}
		cb.Reset()
		co.Reset()
		depth, indent = 0, -1
		if len(out) > 20000 {
			break
		}
	}
	return out
}

var (
	// pyNetrcCall is a call of Python's netrc parser.
	pyNetrcCall = lazyRE(`\bnetrc\.netrc\(|(?:^|[^.\w])netrc\(`)
	// pyHostsLookup is a lookup in a parsed netrc's hosts by a variable
	// (.hosts.get(host), .hosts[host]), which gives no default entry.
	pyHostsLookup = lazyRE(`^\s*\.\s*hosts\s*(?:\.\s*get\(\s*([A-Za-z_]\w*)\s*(?:,\s*None\s*)?\)|\[\s*([A-Za-z_]\w*)\s*\])`)
	// pyHostsMember is a parsed netrc's hosts as a whole, as the right
	// side of a membership test (host in n.hosts).
	pyHostsMember = lazyRE(`^\s*\.\s*hosts\b\s*(?:[^.\[(]|$)`)
	// pyAssignedTo names the variable a value is assigned to: the text
	// before it on its line.
	pyAssignedTo = lazyRE(`(?:^|\n)[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*$`)
	// pyURLSplit is a URL parsed by urllib (urlsplit(url), urlparse(url)).
	pyURLSplit = lazyRE(`^(?:[\w.]*\.)?url(?:split|parse)\(\s*([A-Za-z_]\w*)\s*\)`)
	// pyHostAttr is the host of a parsed URL, with what a lookup key is
	// commonly normalised by.
	pyHostAttr = lazyRE(`^(.*?)\s*\.\s*(?:hostname|netloc)((?:\s*\.\s*(?:lower|strip)\(\s*\))*)(?:\s+or\s+(?:""|''|None))?$`)
	// pyDefRe is a function definition and its parameters.
	pyDefRe = lazyRE(`^(?:async\s+)?def\s+(\w+)\s*\(([^)]*)\)`)
)

// netrcKeyed is a lookup in a parsed netrc: the variable it is keyed
// by and its offset in the code.
type netrcKeyed struct {
	key string
	off int
}

// pyNetrcKeys returns every netrc lookup in c; false when a parsed netrc
// is used any other way (iterated, passed on, looked up by a literal or
// through authenticators).
func pyNetrcKeys(c string) ([]netrcKeyed, bool) {
	var keys []netrcKeyed
	key := func(m []string, off int) {
		keys = append(keys, netrcKeyed{m[1] + m[2], off})
	}
	calls := pyNetrcCall.FindAllStringIndex(c, 16)
	if len(calls) == 0 || len(calls) == 16 {
		return nil, false
	}
	for _, m := range calls {
		open := strings.IndexByte(c[m[0]:m[1]], '(') + m[0]
		end := pyCloseParen(c, open)
		if end >= len(c) {
			return nil, false
		}
		if l := pyHostsLookup.FindStringSubmatch(c[end+1:]); l != nil {
			key(l, end)
			continue
		}
		// n = netrc.netrc(...): every later use of n is a keyed lookup
		start := m[0]
		if c[start] != 'n' {
			start++
		}
		a := pyAssignedTo.FindStringSubmatch(c[max(0, start-200):start])
		if a == nil {
			return nil, false
		}
		n := a[1]
		rest := c[end+1:]
		for u := wordIndex(rest, n, 0); u >= 0; u = wordIndex(rest, n, u+len(n)) {
			if u > 0 && rest[u-1] == '.' {
				continue // an attribute of something else
			}
			l := pyHostsLookup.FindStringSubmatch(rest[u+len(n):])
			if l == nil && pyHostsMember.MatchString(rest[u+len(n):]) && strings.HasSuffix(strings.TrimRight(rest[:u], " \t"), " in") {
				continue // host in n.hosts: a test
			}
			if l == nil {
				return nil, false
			}
			key(l, end+1+u)
		}
	}
	return keys, true
}

// pyNetrcPathOnlyParsed reports whether the netrc file is only handed to
// the parser: no line naming it (a literal ~/.netrc, $NETRC, or a
// variable assigned from one) reads, opens, copies or sends it, and a
// variable holding its path is only tested, stat'ed, shown in a message
// or handed to netrc.netrc().
func pyNetrcPathOnlyParsed(c string, lines []pyKeyedLine) bool {
	blank := pyBlankKeep(c)
	paths := map[string]bool{}
	for _, l := range lines {
		if !pyNamesNetrc(l.orig) {
			continue
		}
		if pyFileUse.MatchString(l.blank) {
			return false
		}
		if a := pyAssignRe.FindStringSubmatch(l.blank); a != nil && identRe.MatchString(strings.TrimSpace(a[1])) {
			paths[strings.TrimSpace(a[1])] = true
		}
	}
	for p := range paths {
		for u := wordIndex(blank, p, 0); u >= 0; u = wordIndex(blank, p, u+len(p)) {
			if u > 0 && blank[u-1] == '.' {
				continue
			}
			before := strings.TrimRight(blank[max(0, u-40):u], " \t")
			after := strings.TrimLeft(blank[u+len(p):], " \t")
			switch {
			case assignmentStart(blank, u) && strings.HasPrefix(after, "=") && !strings.HasPrefix(after, "=="):
			case pyPathTest.MatchString(after):
			case pyPathParse.MatchString(before) && strings.HasPrefix(after, ")"):
			case strings.HasSuffix(before, "{") && (strings.HasPrefix(after, "}") || strings.HasPrefix(after, "!") || strings.HasPrefix(after, ":")):
				// shown in an f-string message
			default:
				return false
			}
		}
	}
	return true
}

// pyNamesNetrc reports whether a string literal of line names the netrc
// file (~/.netrc, the NETRC variable).
func pyNamesNetrc(line string) bool {
	for _, m := range strLit.FindAllStringIndex(line, -1) {
		if lit := line[m[0]:m[1]]; strings.Contains(lit, ".netrc") || strings.Trim(lit, `'"`) == "NETRC" {
			return true
		}
	}
	return false
}

var (
	// pyFileUse reads, opens, copies or sends a file, or runs a command.
	pyFileUse = lazyRE(`\bopen\(|\.read_text\(|\.read_bytes\(|\.read\(|\bcopy\w*\(|\bmove\(|\bFileIO\(|\bsubprocess\.|\bos\.(?:system|popen|rename|replace|link|symlink)\(|\bfiles\s*=|\bdata\s*=|\bjson\s*=`)
	// pyPathTest is what may follow a path variable: a test or stat of the
	// file.
	pyPathTest = lazyRE(`^\.\s*(?:exists|is_file|stat|lstat|owner|name\b|suffix\b)`)
	// pyPathParse is what may precede a path variable: the parser, a
	// test or stat of the file, str().
	pyPathParse = lazyRE(`(?:(?:\bnetrc\.netrc\(|(?:^|[^.\w])netrc\()(?:\s*str\()?|\bos\.path\.(?:exists|isfile|getsize)\(|\bos\.stat\()$`)
)

// keyedURLs maps each URL variable whose hostname keys a lookup to where
// it was parsed for it.
type keyedURLs map[string][]urlParse

// urlParse is a URL variable parsed for its hostname: the def it is in
// (an index into the logical lines, -1 for the module) and its offset.
type urlParse struct{ scope, off int }

// assignedVal is a value assigned to a variable and the assignment's
// offset.
type assignedVal struct {
	val string
	off int
}

// assignedAt is assignedValues with the offset of each assignment, each
// value trimmed of spaces.
func assignedAt(c, name string, n int) []assignedVal {
	var out []assignedVal
	eachAssignment(c, name, n, func(v string, off int) {
		out = append(out, assignedVal{strings.TrimSpace(v), off})
	})
	return out
}

// pyScopeOf returns the index in lines of the innermost def whose body
// holds offset off, or -1 for the module.
func pyScopeOf(lines []pyKeyedLine, off int) int {
	def := -1
	var stack []int
	for i, l := range lines {
		if l.off > off {
			break
		}
		for len(stack) > 0 && l.indent <= lines[stack[len(stack)-1]].indent {
			stack = stack[:len(stack)-1]
		}
		if l.off+len(l.blank) >= off && pyDefRe.MatchString(l.blank) {
			break // the def line itself is in the scope around it
		}
		if pyDefRe.MatchString(l.blank) {
			stack = append(stack, i)
		}
	}
	if len(stack) > 0 {
		def = stack[len(stack)-1]
	}
	return def
}

var (
	// pyOpenCall opens a file: open(), io.open(), codecs.open().
	pyOpenCall = lazyRE(`(?:^|[^.\w])(?:(?:io|codecs)\.)?open\(|\.read_(?:text|bytes)\(`)
	// pyWriteMode is a mode that opens a file only to write it.
	pyWriteMode = lazyRE(`^[rfbuRFBU]*['"][wax]b?t?['"]$`)
)

// pyOpensToRead reports whether c opens any file for reading (open() in
// its default or a reading mode, read_text, read_bytes): the netrc file
// reached by a path the scan does not follow would be read whole.
func pyOpensToRead(c string) bool {
	blank := pyBlankKeep(c)
	for _, m := range pyOpenCall.FindAllStringIndex(blank, -1) {
		if strings.HasPrefix(blank[m[0]:m[1]], ".read_") || strings.HasPrefix(blank[m[0]:m[1]], "read_") {
			return true
		}
		mode := ""
		pos := 0
		for _, a := range callArgs(c[m[1]:]) {
			if k, v, ok := strings.Cut(a, "="); ok && identRe.MatchString(strings.TrimSpace(k)) && !strings.HasPrefix(v, "=") {
				if strings.TrimSpace(k) == "mode" {
					mode = strings.TrimSpace(v)
				}
				continue
			}
			if pos == 1 {
				mode = a
			}
			pos++
		}
		if !pyWriteMode.MatchString(mode) {
			return true
		}
	}
	return false
}

// pyHostKeyOf reports whether the key of lookup lk is the hostname of a
// URL variable: assigned once, from one, or, when it is a parameter of
// the function the lookup is in, given one by every call of that
// function. It adds those URL variables to urls.
func pyHostKeyOf(c string, lines []pyKeyedLine, lk netrcKeyed, urls keyedURLs) bool {
	k := lk.key
	vals := assignedAt(c, k, 2)
	if len(vals) > 1 {
		return false // set twice: the entry looked up may not be the destination's
	}
	for _, v := range vals {
		if !pyHostOf(c, lines, v.val, v.off, urls) {
			return false
		}
	}
	if def := pyScopeOf(lines, lk.off); def >= 0 {
		d := pyDefRe.FindStringSubmatch(lines[def].blank)
		if i, self := pyParamIndex(d[2], k); i >= 0 {
			return pyCallersPassHost(c, lines, d[1], k, i, self, urls)
		}
	}
	return len(vals) > 0
}

// pyParamIndex returns the position of parameter k in a def's parameter
// list (self and cls not counted), or -1, and whether the first is self
// or cls.
func pyParamIndex(params, k string) (int, bool) {
	ps := strings.Split(params, ",")
	self := false
	i := 0
	for j, p := range ps {
		name := strings.TrimSpace(p)
		if c := strings.IndexAny(name, ":="); c >= 0 {
			name = strings.TrimSpace(name[:c])
		}
		if j == 0 && (name == "self" || name == "cls") {
			self = true
			continue
		}
		if name == k {
			return i, self
		}
		i++
	}
	return -1, self
}

// pyCallersPassHost reports whether every call of function fn (outside
// its def) passes a URL's hostname as its parameter k, at position i.
// A method (self) is found by its attribute calls too; a function never
// called in the file, or handed on as a value, is called from elsewhere
// with anything.
func pyCallersPassHost(c string, lines []pyKeyedLine, fn, k string, i int, self bool, urls keyedURLs) bool {
	if fn == "__init__" {
		return false // called through its class, not followed
	}
	calls := 0
	for _, l := range lines {
		for u := wordIndex(l.blank, fn, 0); u >= 0; u = wordIndex(l.blank, fn, u+len(fn)) {
			if d := pyDefRe.FindStringSubmatchIndex(l.blank); d != nil && d[2] == u {
				continue // the def itself
			}
			after := strings.TrimLeft(l.blank[u+len(fn):], " ")
			if !strings.HasPrefix(after, "(") || u > 0 && l.blank[u-1] == '.' && !self {
				return false
			}
			calls++
			arg, pos := "", 0
			for _, a := range callArgs(after[1:]) {
				if kk, v, ok := strings.Cut(a, "="); ok && identRe.MatchString(strings.TrimSpace(kk)) && !strings.HasPrefix(v, "=") {
					if strings.TrimSpace(kk) == k {
						arg = v
					}
					continue
				}
				if pos == i {
					arg = a
				}
				pos++
			}
			arg = strings.TrimSpace(arg)
			if arg == "" || !pyHostOf(c, lines, arg, l.off+u, urls) && !(identRe.MatchString(arg) && pyHostVar(c, lines, arg, urls)) {
				return false
			}
		}
	}
	return calls > 0
}

// pyHostVar reports whether variable v is assigned once, from a URL's
// hostname.
func pyHostVar(c string, lines []pyKeyedLine, v string, urls keyedURLs) bool {
	vals := assignedAt(c, v, 2)
	return len(vals) == 1 && pyHostOf(c, lines, vals[0].val, vals[0].off, urls)
}

// pyHostOf reports whether expression e (at offset off) is the hostname
// of a URL variable (urlsplit(url).hostname, parts.hostname with parts =
// urlparse(url)), adding the URL variable and where it was parsed to
// urls.
func pyHostOf(c string, lines []pyKeyedLine, e string, off int, urls keyedURLs) bool {
	m := pyHostAttr.FindStringSubmatch(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(e), ";")))
	if m == nil {
		return false
	}
	recv := strings.TrimSpace(m[1])
	if s := pyURLSplit.FindStringSubmatch(recv); s != nil && len(s[0]) == len(recv) {
		urls[s[1]] = append(urls[s[1]], urlParse{pyScopeOf(lines, off), off})
		return true
	}
	if !identRe.MatchString(recv) {
		return false
	}
	vals := assignedAt(c, recv, 2)
	if len(vals) != 1 {
		return false
	}
	s := pyURLSplit.FindStringSubmatch(vals[0].val)
	if s == nil || len(s[0]) != len(vals[0].val) {
		return false
	}
	urls[s[1]] = append(urls[s[1]], urlParse{pyScopeOf(lines, vals[0].off), vals[0].off})
	return true
}

// pyURLsKept reports whether no URL variable in urls is set again, in
// the def it was parsed in, after it was parsed: the request then goes
// to the host the entry was looked up for.
func pyURLsKept(c string, lines []pyKeyedLine, urls keyedURLs) bool {
	for u, parses := range urls {
		for _, a := range assignedAt(c, u, 16) {
			s := pyScopeOf(lines, a.off)
			for _, p := range parses {
				if p.scope == s && a.off > p.off {
					return false
				}
			}
		}
	}
	return true
}

// pyKeyedDests reports whether every connection c opens goes to one of
// the URL variables urls, parsed for its host in the same def before
// the call, directly or through a Request made from one, and no network
// call the scan cannot follow to a destination is made.
func pyKeyedDests(c string, lines []pyKeyedLine, urls keyedURLs) bool {
	calls := pyDestCall.FindAllStringIndex(c, maxDestCalls+1)
	if len(calls) > maxDestCalls {
		return false
	}
	li := newLineIndex(c)
	covered := map[int]bool{}
	for _, m := range calls {
		covered[li.line(m[0])] = true
		if pyKeyedInLoop(lines, m[0]) {
			return false
		}
		at := urlParse{pyScopeOf(lines, m[0]), m[0]}
		if !pyKeyedDest(c, callArgs(c[m[1]:]), c[m[0]:m[1]], urls, at, 0) {
			return false
		}
	}
	for _, re := range []*lazyRegexp{pyNet, pySend} {
		for _, m := range re.FindAllStringIndex(c, -1) {
			ln := li.line(m[0])
			if !covered[ln] && !noDest.MatchString(c[m[0]:m[1]]) && !importLine.MatchString(lineText(c, li, ln)) {
				return false
			}
		}
	}
	return true
}

// pyKeyedDest reports whether a connection call named name with
// arguments args, made at at, goes to a URL variable in urls.
func pyKeyedDest(c string, args []string, name string, urls keyedURLs, at urlParse, depth int) bool {
	var pos []string
	for _, a := range args {
		if k, v, ok := strings.Cut(a, "="); ok && identRe.MatchString(strings.TrimSpace(k)) && !strings.HasPrefix(v, "=") {
			if k = strings.TrimSpace(k); k == "url" || k == "base_url" || k == "host" {
				return pyKeyedURL(c, v, urls, at, depth)
			}
			continue
		}
		pos = append(pos, a)
	}
	if len(pos) == 0 {
		return true // a session or client made with no destination yet
	}
	if (strings.HasSuffix(name, "request(") || strings.HasSuffix(name, "stream(")) && len(pos) > 1 && methodLit.MatchString(pos[0]) {
		pos = pos[1:]
	}
	return pyKeyedURL(c, pos[0], urls, at, depth)
}

// pyKeyedURL reports whether expression e, used at at, is a URL variable
// in urls parsed in the same def before, or a Request made from one
// (inline, or through a variable assigned only such Requests).
func pyKeyedURL(c string, e string, urls keyedURLs, at urlParse, depth int) bool {
	e = strings.TrimSpace(e)
	if depth > 3 {
		return false
	}
	for _, p := range urls[e] {
		if p.scope == at.scope && p.off < at.off {
			return true
		}
	}
	if i := strings.IndexByte(e, '('); i > 0 && strings.HasSuffix(e, ")") && strings.HasSuffix(e[:i], "Request") {
		return pyKeyedDest(c, callArgs(e[i+1:]), e[:i+1], urls, at, depth+1)
	}
	if !identRe.MatchString(e) || urls[e] != nil {
		return false
	}
	vals := assignedAt(c, e, 4)
	for _, v := range vals {
		i := strings.IndexByte(v.val, '(')
		if i < 0 || !strings.HasSuffix(v.val, ")") || !strings.HasSuffix(v.val[:i], "Request") {
			return false
		}
		if !pyKeyedDest(c, callArgs(v.val[i+1:]), v.val[:i+1], urls, at, depth+1) {
			return false
		}
	}
	return len(vals) > 0
}

// maxKeyedLine bounds the logical line, and maxKeyedCalls the calls in
// one, pyCredInAuthOnly follows the credential through: a longer line
// is not followed and the read stays reported as sent.
const (
	maxKeyedLine  = 4000
	maxKeyedCalls = 64
)

// pyKeyedTables are the calls pyCredInAuthOnly lets the credential
// through, built on first use.
var pyKeyedTables = sync.OnceValue(func() struct{ pure, header, connKw map[string]bool } {
	pure := set("HTTPBasicAuth", "HTTPDigestAuth", "BasicAuth", "b64encode", "standard_b64encode", "urlsafe_b64encode", "format", "tuple", "encode", "decode", "str", "bytes")
	for k := range pyPureFuncs() {
		pure[k] = true
	}
	return struct{ pure, header, connKw map[string]bool }{
		pure:   pure,
		header: set("add_header", "add_unredirected_header", "putheader"),
		connKw: set("auth", "headers"),
	}
})

// pyCredInAuthOnly reports whether what a netrc lookup returns, followed
// through the variables it is assigned to, the functions returning it
// and their callers, is only tested, encoded or put in an Authorization
// header or the auth= or headers= argument of a connection (whose
// destination pyKeyedDests checked); a URL variable never holds it.
func pyCredInAuthOnly(lines []pyKeyedLine, urls keyedURLs) bool {
	tainted := map[string]bool{}
	returners := map[string]bool{}
	for pass := 0; pass < 8; pass++ {
		n := len(tainted) + len(returners)
		var fns []struct {
			name   string
			indent int
		}
		for _, l := range lines {
			for len(fns) > 0 && l.indent <= fns[len(fns)-1].indent {
				fns = fns[:len(fns)-1]
			}
			if d := pyDefRe.FindStringSubmatch(l.blank); d != nil {
				fns = append(fns, struct {
					name   string
					indent int
				}{d[1], l.indent})
				continue
			}
			fn := ""
			if len(fns) > 0 {
				fn = fns[len(fns)-1].name
			}
			if !pyKeyedLineOK(l, fn, tainted, returners, urls) {
				return false
			}
		}
		if len(tainted)+len(returners) == n {
			return true
		}
	}
	return false
}

// pyKeyedTaint reports whether s holds the credential: a tainted name
// (not an attribute or a keyword argument's name), a netrc lookup, or a
// call of a function returning it.
func pyKeyedTaint(s string, tainted, returners map[string]bool) bool {
	if strings.Contains(s, ".hosts") && pyHostsLookup.MatchString(s[strings.Index(s, ".hosts"):]) {
		return true
	}
	for _, m := range pyWordRe.FindAllStringIndex(s, -1) {
		w := s[m[0]:m[1]]
		if m[0] > 0 && s[m[0]-1] == '.' && !returners[w] {
			continue
		}
		after := strings.TrimLeft(s[m[1]:], " ")
		if tainted[w] && !(strings.HasPrefix(after, "=") && !strings.HasPrefix(after, "==")) {
			return true
		}
		if returners[w] && strings.HasPrefix(after, "(") {
			return true
		}
	}
	return false
}

// pyKeyedLineOK checks one logical line of function fn: it taints what
// the credential is assigned to and reports false when the credential
// may go anywhere but an auth header.
func pyKeyedLineOK(l pyKeyedLine, fn string, tainted, returners map[string]bool, urls keyedURLs) bool {
	b := l.blank
	if !pyKeyedTaint(b, tainted, returners) {
		return true
	}
	if len(b) > maxKeyedLine {
		return false // not followed: the read stays reported as sent
	}
	taint := func(s string) bool {
		for _, w := range pyWordRe.FindAllString(pyItemOrAttr.ReplaceAllString(s, ""), -1) {
			if urls[w] != nil {
				return false
			}
			if !pyKeywords()[w] {
				tainted[w] = true
			}
		}
		return true
	}
	if m := pyWithRe.FindStringSubmatchIndex(b); m != nil {
		return taint(b[m[4]:m[5]]) && pyKeyedCalls(l, b[m[2]:m[3]], m[2], tainted, returners)
	}
	if m := pyForRe.FindStringSubmatchIndex(b); m != nil {
		return taint(b[m[2]:m[3]]) && pyKeyedCalls(l, b[m[4]:m[5]], m[4], tainted, returners)
	}
	if pyCondRe.MatchString(b) {
		return pyKeyedCalls(l, b, 0, tainted, returners)
	}
	if rest, ok := strings.CutPrefix(b, "return"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '(') {
		if fn == "" {
			return false
		}
		returners[fn] = true
		return pyKeyedCalls(l, b, 0, tainted, returners)
	}
	if strings.HasPrefix(b, "yield") || strings.Contains(b, "lambda") || strings.Contains(b, "global ") {
		return false
	}
	if m := pyAssignRe.FindStringSubmatch(b); m != nil {
		lhs := strings.TrimSpace(m[1])
		rhs := b[len(b)-len(m[2]):]
		if !pyKeyedTaint(rhs, tainted, returners) {
			return true
		}
		ok, rest := pyKeyedCallsRest(l, rhs, len(b)-len(m[2]), tainted, returners)
		if !ok {
			return false
		}
		if !pyKeyedTaint(rest, tainted, returners) {
			return true // a response, or what a header was set on
		}
		o := l.orig[:len(lhs)]
		switch {
		case strings.HasSuffix(lhs, ".auth"):
			return true // a session's auth, sent to where its requests go
		case strings.Contains(lhs, "headers[") && pyAuthHeaderLit.MatchString(o[strings.Index(lhs, "headers[")+len("headers["):]):
			return true
		}
		return taint(lhs)
	}
	return pyKeyedCalls(l, b, 0, tainted, returners)
}

// pyAuthHeaderLit is the Authorization header's name as a literal.
var pyAuthHeaderLit = lazyRE(`^\s*['"](?i:authorization)['"]`)

// pyKeyedCalls reports whether every call in s (at offset at of line l)
// handed the credential is a pure one, a method of it, a mutator (its
// receiver then holds it), an Authorization header set on a request, or
// a connection given it only as auth= or headers=.
func pyKeyedCalls(l pyKeyedLine, s string, at int, tainted, returners map[string]bool) bool {
	ok, _ := pyKeyedCallsRest(l, s, at, tainted, returners)
	return ok
}

// pyKeyedCallsRest is pyKeyedCalls, also returning s with the arguments
// of the header and connection calls blanked: what the expression holds
// of the credential besides what those calls sent.
func pyKeyedCallsRest(l pyKeyedLine, s string, at int, tainted, returners map[string]bool) (bool, string) {
	t := pyKeyedTables()
	rest := []byte(s)
	sent := func(open, end int) {
		for i := open + 1; i < end; i++ {
			rest[i] = ' '
		}
	}
	calls := pyCallRe.FindAllStringSubmatchIndex(s, maxKeyedCalls+1)
	if len(calls) > maxKeyedCalls {
		return false, ""
	}
	for _, m := range calls {
		open := m[1] - 1
		end := pyCloseParen(s, open)
		inner := s[open+1 : end]
		if !pyKeyedTaint(inner, tainted, returners) {
			continue
		}
		callee := s[m[2]:m[3]]
		last := callee[strings.LastIndexByte(callee, '.')+1:]
		recv := strings.TrimSuffix(callee, "."+last)
		switch {
		case pyKeywords()[callee] || pyStmtWords()[callee]:
		case callee == "":
			if m[2] > 0 && (s[m[2]-1] == ')' || s[m[2]-1] == ']') {
				return false, ""
			}
		case pyDestCall.MatchString(s[m[2]:m[1]]) || strings.HasSuffix(callee, "Request"):
			for _, a := range callArgs(inner + ")") {
				if !pyKeyedTaint(a, tainted, returners) {
					continue
				}
				k, _, ok := strings.Cut(a, "=")
				if !ok || !identRe.MatchString(strings.TrimSpace(k)) || !t.connKw[strings.TrimSpace(k)] {
					return false, "" // in the body, the query, the URL
				}
			}
			sent(open, end)
		case t.header[last]:
			o := l.orig[at+open+1 : at+end]
			if !pyAuthHeaderLit.MatchString(o) {
				return false, ""
			}
			sent(open, end)
		case pyMutators()[last] && recv != callee:
			if root := pyWordRe.FindString(recv); root != "" {
				tainted[root] = true
			}
		case t.pure[last]:
		default:
			return false, ""
		}
	}
	return true, string(rest)
}

// hostKeyedReason is the reason of a netrc read used only to
// authenticate each request to the host its entry is for.
func hostKeyedReason(what string) string {
	return "reads " + what + " and sends each request only the entry of the host it goes to (looked up by the request URL's host, as curl --netrc does), in its auth header: authentication, not exfiltration"
}
