package audit

import (
	"path"
	"sort"
	"strings"
	"sync"
)

// Rule credential-read, a private key read in a Perl script that only
// inspects what it read: the notion of keyinspect.go for Python, on Perl
// read through a small lexer (comments, POD, the data section, strings,
// here-documents, q//-style quotes and regular expressions). An SSH key
// auditor opens each key under ~/.ssh to look at its armour line, or
// base64-decodes an OpenSSH body for the cipher name, keeps the
// fingerprint `ssh-keygen -l` prints and reports file names, modes and
// yes/no answers; the key cannot leave through it, so the read is
// medium, not high, and a network call in any program of the skill lifts
// it back to high (raiseInspectedKeyReads).
//
// A handle opened for reading (open, sysopen; not on a path shown to
// hold no private key: a literal or a scalar set only to one ending in
// config, known_hosts, authorized_keys or .pub) is content, and so is
// what is read from it (<$fh>, readline, read into a buffer), a
// File::Slurp or Path::Tiny read, a bare <> and a call of a sub of the
// script that returns content. Content is followed through the
// script's variables (my scopes are the blocks they are declared in),
// list assignments, hash and array stores, push, loops over it ($_ and a
// loop variable), the captures of a match against it ($1, a list
// assignment of the match) and the subs of the script: one handed
// content gets it in @_ (shift, $_[0]), and one returning it (return,
// or the value of a statement of its body) makes its calls content. It
// counts as inspected when every use is a test (=~ m//, eq, ==,
// defined, length, index, a ?: condition, an if or unless), a change
// in place (s///, tr///, chomp, undef) or an assignment through a
// function that parses it (decode_base64, unpack, substr, split, lc,
// join, a digest). Printed, written, interpolated into a string, a
// command or a substitution, formatted by sprintf, handed to any other
// function, method or code reference, stored in %ENV or a package
// variable, or returned by a sub another Perl file of the skill calls
// (raisePerlInspectedKeyReads), it may leave: high stays. So does a
// script that copies or moves files (File::Copy, rename, link), opens a
// socket or a handle the reader does not follow (IO::File, Tie::File),
// or starts any process but ssh-keygen listing a fingerprint or public
// key (-l, -y, -e, -B) and the like (stat, ls, file, wc, chmod): `cat`,
// `head`, `openssl` or `ssh-keygen -i` would print the key itself.

var (
	// perlKeyBail are what the reader does not follow: file copies and
	// moves, sockets, handles and process runners other than open and
	// the quoted commands it reads.
	perlKeyBail = lazyRE(`\bFile::Copy\b|\bIO::Socket|\bIO::File\b|\bTie::File\b|\bFile::Map\b|\bSys::Mmap\b|\bIPC::(?:Open[23]|Run\d?|Cmd|System::Simple)\b|\bCapture::Tiny\b|\bProc::\w+|(?:^|[^$@%&>\w:])(?:socket|syscall|rename|link|symlink|fork|pipe)\s*[($]|->\s*(?:open|fdopen)\s*\(`)
	// perlNonKeyLit is a string literal naming an SSH file that holds no
	// private key.
	perlNonKeyLit = lazyRE(`['"](?:[^'"\n]*/)?(?:config|known_hosts[\w.]*|authorized_keys\w*|[\w.@$-]*\.pub|environment|allowed_signers)['"]`)
	// perlKeyNameLit is a string literal naming a private key file.
	perlKeyNameLit = lazyRE(`id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?['"]`)
	// perlStrLit is a quoted literal of the raw text.
	perlStrLit = lazyRE(`"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'`)
	// perlVarTok is a variable in blanked Perl: its sigil, and its name
	// in group 1 (a deref ($$x, @{$x}) names x).
	perlVarTok = lazyRE(`[$@%](?:\s*\{\s*)?\$*(\w+)`)
	// perlDeclRe declares lexical names: a list (group 1) or one name
	// (group 2).
	perlDeclRe = lazyRE(`\b(?:my|our|state)\s*(?:\(([^()]*)\)|[$@%](\w+))`)
	// perlSubHead heads a named sub's block (group 1), or an anonymous
	// one's (no group).
	perlSubHead = lazyRE(`^sub\s+(?:[\w:]*::)?(\w+)|\bsub\s*(?:\([^()]*\)\s*)?$`)
	// perlReadFn is a function or method that reads a file whole.
	perlReadFn = lazyRE(`(?:\b(?:read_file|read_text|read_binary|read_lines|read_file_lines|slurp\w*)\s*\(|->\s*(?:slurp\w*|lines\w*|openr\w*|opena\w*|openrw\w*)\b)`)
	// perlOpenRe is a call of open or sysopen.
	perlOpenRe = lazyRE(`(?:^|[^$@%&>\w:])(sys)?open\b\s*\(?`)
	// perlRunRe is a call of system, exec or readpipe.
	perlRunRe = lazyRE(`(?:^|[^$@%&>\w:])(?:system|exec|readpipe)\b\s*\(?`)
	// perlShiftRe is shift or pop of @_ (none named, or @_).
	perlShiftRe = lazyRE(`(?:^|[^$@%&>\w:])(?:shift|pop)\b(?:\s*\(\s*(?:@_)?\s*\)|\s*@_\b|\s*(?:[;,)}]|->|\|\||//|\bor\b|\?|$))`)
	// perlCmpAfter follows a value compared or used as a condition.
	perlCmpAfter = lazyRE(`^(?:(?:eq|ne|lt|gt|le|ge|cmp)\b|==|!=|<=>|<=|>=|<(?:[^<]|$)|>(?:[^>]|$)|\?)`)
	// perlCmpBefore precedes a value compared, negated or tested.
	perlCmpBefore = lazyRE(`(?:\b(?:eq|ne|lt|gt|le|ge|cmp|not|defined|ref|exists|length)|==|!=|<=>|<=|>=|[^=\-]>|<|!|(?:^|[^\w$@%])-[a-zA-Z]|\$#\{?)$`)
	// perlImplicitPrint prints $_ (print or say with no list).
	perlImplicitPrint = lazyRE(`(?:^|[^$@%&>\w:])(?:print|say)\b\s*(?:\{[^{}]*\}\s*|\$\w+\s*|[A-Z]\w*\s*)?(?:;|$|\b(?:if|unless|for|foreach|while|until)\b)`)
)

// perlTestFuncs take content and give back no content (a test, a size,
// a position, nothing) or act on a handle; undef, chomp and chop change
// their argument in place.
var perlTestFuncs = sync.OnceValue(func() map[string]bool {
	return set("defined", "length", "ref", "exists", "index", "rindex", "close", "binmode", "eof", "seek", "tell", "fileno",
		"flock", "stat", "lstat", "undef", "chomp", "chop", "open", "sysopen", "opendir", "closedir", "wantarray", "utf8::is_utf8", "is_utf8",
		"looks_like_number", "blessed", "reftype", "pos", "study", "lock")
})

// perlPureFuncs take content and give back a value derived from it
// without printing, storing or sending it.
var perlPureFuncs = sync.OnceValue(func() map[string]bool {
	return set("decode_base64", "encode_base64", "decode_base64url", "encode_base64url", "unpack", "pack", "substr", "lc",
		"uc", "lcfirst", "ucfirst", "split", "join", "reverse", "sort", "grep", "map", "first", "any", "all", "none", "notall", "uniq",
		"uniqstr", "ord", "chr", "hex", "oct", "int", "abs", "scalar", "readline", "sha1", "sha1_hex", "sha1_base64", "sha256", "sha256_hex",
		"sha256_base64", "sha512", "sha512_hex", "md5", "md5_hex", "md5_base64", "trim", "quotemeta", "keys", "values", "each", "decode_json",
		"from_json", "decode", "encode", "getc", "sum", "sum0", "max", "min", "maxstr", "minstr")
})

// perlPureMethods are the methods whose value derives from their
// receiver and arguments (a digest's).
var perlPureMethods = sync.OnceValue(func() map[string]bool { return set("add", "hexdigest", "digest", "b64digest") })

// perlBlockFuncs take a block run with $_ set to each item.
var perlBlockFuncs = sync.OnceValue(func() map[string]bool { return set("map", "grep", "first", "any", "all", "none", "notall", "sort") })

// perlFilterFuncs take a block whose value is a yes or no.
var perlFilterFuncs = sync.OnceValue(func() map[string]bool { return set("grep", "first", "any", "all", "none", "notall") })

// perlNamedUnary take one term, the next after their name.
var perlNamedUnary = sync.OnceValue(func() map[string]bool {
	return set("defined", "length", "ref", "exists", "undef", "chomp", "chop", "lc", "uc", "lcfirst", "ucfirst", "ord", "chr",
		"hex", "oct", "int", "abs", "quotemeta", "scalar", "close", "readline", "fileno", "eof", "stat", "lstat", "shift", "pop", "keys",
		"values", "each", "lock", "study", "pos", "getc")
})

// perlNonCall are words that call nothing: operators, declarations,
// quote operators and the standard handles.
var perlNonCall = sync.OnceValue(func() map[string]bool {
	return set("my", "our", "local", "state", "eq", "ne", "lt", "gt", "le", "ge", "cmp", "x", "isa", "m", "s", "tr", "y", "qr",
		"q", "qq", "qw", "qx", "__PACKAGE__", "__FILE__", "__LINE__", "STDIN", "STDOUT", "STDERR", "else", "sub")
})

// perlControl are the words heading a condition or a loop.
var perlControl = sync.OnceValue(func() map[string]bool { return set("if", "unless", "while", "until", "elsif", "for", "foreach") })

// perlLowPrec are the low-precedence logical operators: what follows
// one is not the argument of a list operator before it.
var perlLowPrec = sync.OnceValue(func() map[string]bool { return set("and", "or", "not", "xor") })

// perlSafeProgs are the programs a key inspector may start: they print
// no private key (ssh-keygen and ssh-add only with their listing
// options, perlSafeCmd).
var perlSafeProgs = sync.OnceValue(func() map[string]bool {
	return set("ssh-keygen", "ssh-add", "stat", "ls", "file", "wc", "id", "uname", "hostname", "whoami", "date", "test",
		"true", "false", "chmod")
})

// perlLex is a Perl file read for the key reader: blank is the text with
// comments, POD, the data section and the bodies of strings, quotes and
// regular expressions blanked (offsets and newlines kept), but for the
// variables interpolated in strings, commands and replacements; interp
// the spans of those interpolating bodies; ops the match, substitution
// and transliteration operators by their first byte; cmds the commands
// run through backquotes, qx or a backquoted here-document.
type perlLex struct {
	blank  []byte
	interp [][2]int
	ops    map[int]perlOp
	opAt   []int // the offsets of ops, sorted
	cmds   []string
}

// perlOp is a regular-expression operator: its kind ('m', 's', 't' for
// tr and y) and whether it returns the changed text (the r flag).
type perlOp struct {
	kind byte
	r    bool
}

// perlHeredoc is a here-document whose body starts on the next line.
type perlHeredoc struct {
	term           string
	interp, indent bool
	cmd            bool
}

// lexPerl reads text (see perlLex).
func lexPerl(text string) *perlLex {
	lx := &perlLex{blank: []byte(text), ops: map[int]perlOp{}}
	b := lx.blank
	n := len(b)
	var pending []perlHeredoc
	lineStart := true
	prev, prevWord := byte(0), ""
	for i := 0; i < n; {
		c := b[i]
		if c == '\n' {
			i++
			if len(pending) > 0 {
				i = lx.heredocs(text, i, pending)
				pending = nil
			}
			lineStart = true
			continue
		}
		if c == ' ' || c == '\t' || c == '\r' || c == '\f' {
			i++
			continue
		}
		if lineStart {
			lineStart = false
			if c == '=' && i+1 < n && isLetter(b[i+1]) {
				i = lx.blankPOD(i)
				lineStart = true
				continue
			}
			if strings.HasPrefix(text[i:], "__END__") || strings.HasPrefix(text[i:], "__DATA__") {
				lx.blankSpan(i, n)
				break
			}
		}
		switch {
		case c == '#':
			j := i
			for j < n && b[j] != '\n' {
				j++
			}
			lx.blankSpan(i, j)
			i = j
			continue
		case c == '$' && i+1 < n && strings.IndexByte("/\\,;!@&'\"`+.|?<>0#", b[i+1]) >= 0:
			// a punctuation variable ($/, $', $#x's $#): written $^ so
			// that its byte is read as no comma, semicolon or quote
			if b[i+1] != '#' && b[i+1] != '\n' {
				b[i+1] = '^'
			}
			i += 2
			prev, prevWord = 'v', ""
			continue
		case (c == '$' || c == '@' || c == '%' || c == '&') && i+1 < n && (isWordByte(b[i+1]) || b[i+1] == '$' || b[i+1] == '{' || b[i+1] == ':'):
			j := i + 1
			for j < n && b[j] == '$' {
				j++
			}
			if j < n && b[j] == '{' {
				i = j // ${ … } and @{ … }: the brace is read as code
				prev, prevWord = '{', ""
				continue
			}
			for j < n && (isWordByte(b[j]) || b[j] == ':' && j+1 < n && b[j+1] == ':') {
				if b[j] == ':' {
					j++
				}
				j++
			}
			if j == i+1 && (c == '%' || c == '&') {
				i++
				prev, prevWord = c, ""
				continue
			}
			i = j
			prev, prevWord = 'v', ""
			continue
		case isWordByte(c) && (c < '0' || c > '9'):
			j := i
			for j < n && (isWordByte(b[j]) || b[j] == ':' && j+1 < n && b[j+1] == ':') {
				if b[j] == ':' {
					j++
				}
				j++
			}
			w := text[i:j]
			if end, ok := lx.quoteLike(text, i, j, w); ok {
				i = end
				prev, prevWord = 'v', ""
				continue
			}
			i = j
			prev, prevWord = 'w', w
			continue
		case c == '\'':
			e := stringEnd(text, i, false)
			lx.blankSpan(i+1, min(e, n))
			i = e + 1
			prev, prevWord = 'v', ""
			continue
		case c == '"' || c == '`':
			e := stringEnd(text, i, false)
			lx.interpBody(text, i+1, min(e, n))
			if c == '`' {
				lx.cmds = append(lx.cmds, text[i+1:min(e, n)])
			}
			i = e + 1
			prev, prevWord = 'v', ""
			continue
		case c == '<' && i+2 < n && b[i+1] == '<' && prev != 'v' && prev != ')' && prev != ']':
			if h, end, ok := perlHeredocStart(text, i); ok {
				pending = append(pending, h)
				lx.blankSpan(i, end)
				b[i], b[end-1] = '"', '"'
				i = end
				prev, prevWord = 'v', ""
				continue
			}
		case c == '/' && perlRegexPos(prev, prevWord):
			lx.ops[i] = perlOp{kind: 'm'}
			e := perlDelimEnd(text, i)
			lx.blankSpan(i, min(e+1, n))
			b[i] = 'm'
			i = e + 1
			for i < n && isLetter(b[i]) {
				b[i] = ' '
				i++
			}
			prev, prevWord = 'v', ""
			continue
		}
		prev, prevWord = c, ""
		i++
	}
	for off := range lx.ops {
		lx.opAt = append(lx.opAt, off)
	}
	sort.Ints(lx.opAt)
	return lx
}

// isLetter reports an ASCII letter.
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// perlRegexPos reports whether a / after prev (the last significant
// byte: 'v' a value, 'w' the word prevWord) starts a regular expression
// rather than dividing.
func perlRegexPos(prev byte, prevWord string) bool {
	switch prev {
	case 0, '(', ',', '=', '!', '~', '&', '|', '{', ';', ':', '?', '[':
		return true
	case 'w':
		switch prevWord {
		case "split", "grep", "map", "if", "unless", "and", "or", "not", "return", "when", "while", "until", "push", "unshift", "x":
			return true
		}
	}
	return false
}

// blankSpan blanks b[s:e], newlines kept.
func (lx *perlLex) blankSpan(s, e int) {
	for k := s; k < e && k < len(lx.blank); k++ {
		if lx.blank[k] != '\n' {
			lx.blank[k] = ' '
		}
	}
}

// blankPOD blanks the POD block starting at i (a line starting with
// =word) through its =cut line, and returns the offset after it.
func (lx *perlLex) blankPOD(i int) int {
	n := len(lx.blank)
	j := i
	for j < n {
		e := j
		for e < n && lx.blank[e] != '\n' {
			e++
		}
		cut := strings.HasPrefix(string(lx.blank[j:e]), "=cut")
		lx.blankSpan(j, e)
		j = e + 1
		if cut {
			break
		}
	}
	return min(j, n)
}

// interpBody blanks an interpolating body b[s:e] but for its variables
// (sigil and name), and records it as interpolated.
func (lx *perlLex) interpBody(text string, s, e int) {
	b := lx.blank
	for k := s; k < e; k++ {
		switch c := text[k]; {
		case c == '\\':
			b[k] = ' '
			if k+1 < e && text[k+1] != '\n' {
				k++
				b[k] = ' '
			}
		case (c == '$' || c == '@') && k+1 < e && (isWordByte(text[k+1]) || text[k+1] == '{' || text[k+1] == '$'):
			k++
			for k < e && (text[k] == '$' || text[k] == '{' || text[k] == ' ') {
				if text[k] == '{' {
					b[k] = ' '
				}
				k++
			}
			for k < e && isWordByte(text[k]) {
				k++
			}
			k--
		case c != '\n':
			b[k] = ' '
		}
	}
	lx.interp = append(lx.interp, [2]int{s, e})
}

// perlHeredocStart reads a here-document marker at text[i:] (<<"EOF",
// <<'EOF', <<EOF, <<~EOF, <<`EOC`), returning its terminator and the
// offset after the marker.
func perlHeredocStart(text string, i int) (perlHeredoc, int, bool) {
	j := i + 2
	h := perlHeredoc{interp: true}
	if j < len(text) && text[j] == '~' {
		h.indent = true
		j++
	}
	if j >= len(text) {
		return h, 0, false
	}
	switch q := text[j]; {
	case q == '"' || q == '\'' || q == '`':
		e := strings.IndexByte(text[j+1:], q)
		if e < 0 || strings.ContainsRune(text[j+1:j+1+e], '\n') {
			return h, 0, false
		}
		h.term = text[j+1 : j+1+e]
		h.interp, h.cmd = q != '\'', q == '`'
		return h, j + e + 2, true
	case isLetter(q) || q == '_':
		e := j
		for e < len(text) && isWordByte(text[e]) {
			e++
		}
		h.term = text[j:e]
		return h, e, true
	}
	return h, 0, false
}

// heredocs blanks the bodies of the here-documents pending from the line
// before i, and returns the offset after the last terminator.
func (lx *perlLex) heredocs(text string, i int, pending []perlHeredoc) int {
	n := len(text)
	for _, h := range pending {
		start := i
		end := n
		j := i
		for j < n {
			e := strings.IndexByte(text[j:], '\n')
			if e < 0 {
				e = n
			} else {
				e += j
			}
			line := text[j:e]
			if h.indent {
				line = strings.TrimLeft(line, " \t")
			}
			if strings.TrimRight(line, "\r") == h.term {
				end = j
				lx.blankSpan(j, e)
				i = min(e+1, n)
				break
			}
			j = e + 1
		}
		if end == n {
			i = n
		}
		if h.interp {
			lx.interpBody(text, start, end)
		} else {
			lx.blankSpan(start, end)
		}
		if h.cmd {
			lx.cmds = append(lx.cmds, text[start:end])
		}
	}
	return i
}

// perlDelimEnd returns the offset of the delimiter closing the one at
// text[i] (a bracket's pair, nested; else the same byte), or len(text).
func perlDelimEnd(text string, i int) int {
	open := text[i]
	closer := open
	switch open {
	case '(':
		closer = ')'
	case '[':
		closer = ']'
	case '{':
		closer = '}'
	case '<':
		closer = '>'
	}
	depth := 0
	for j := i + 1; j < len(text); j++ {
		switch c := text[j]; {
		case c == '\\':
			j++
		case c == closer && depth == 0:
			return j
		case c == closer:
			depth--
		case c == open && open != closer:
			depth++
		}
	}
	return len(text)
}

// quoteLike reads the quote operator w at text[i:j] (q, qq, qw, qx, m,
// qr, s, tr, y) if one starts there, blanking it, and returns the offset
// after it.
func (lx *perlLex) quoteLike(text string, i, j int, w string) (int, bool) {
	switch w {
	case "q", "qq", "qw", "qx", "m", "qr", "s", "tr", "y":
	default:
		return 0, false
	}
	if i > 0 {
		switch p := text[i-1]; {
		case p == '$' || p == '@' || p == '%' || p == '&' || p == '*' || p == '-' || p == ':':
			return 0, false // a variable, a method, a file test (-s)
		case p == '>' && i > 1 && text[i-2] == '-':
			return 0, false
		}
	}
	d := j
	for d < len(text) && (text[d] == ' ' || text[d] == '\t') {
		d++
	}
	if d >= len(text) {
		return 0, false
	}
	dc := text[d]
	if isWordByte(dc) || dc == '\n' || dc == ',' || dc == ';' || dc == ')' || dc == ']' || dc == '}' || dc == '>' || dc == '=' || d > j && dc == '#' {
		return 0, false
	}
	e := perlDelimEnd(text, d)
	b := lx.blank
	end := min(e+1, len(text))
	switch w {
	case "q", "qw":
		lx.blankSpan(i, end)
		b[d] = '\''
		if e < len(text) {
			b[e] = '\''
		}
	case "qq", "qx":
		lx.blankSpan(i, d+1)
		lx.interpBody(text, d+1, min(e, len(text)))
		b[d] = '"'
		if e < len(text) {
			b[e] = '"'
		}
		if w == "qx" {
			lx.cmds = append(lx.cmds, text[d+1:min(e, len(text))])
		}
	case "m", "qr":
		lx.ops[i] = perlOp{kind: 'm'}
		if w == "qr" {
			lx.blankSpan(i+len(w), d+1)
			lx.interpBody(text, d+1, min(e, len(text)))
			if e < len(text) {
				b[e] = ' '
			}
		} else {
			lx.blankSpan(i+len(w), end)
		}
	case "s", "tr", "y":
		lx.blankSpan(i+len(w), end)
		// the second part: after the bracket pair's closer, its own
		// delimiters; else up to the same delimiter again
		r := e
		if e < len(text) && text[d] != text[e] {
			r = e + 1
			for r < len(text) && (text[r] == ' ' || text[r] == '\t' || text[r] == '\n') {
				r++
			}
		}
		if r >= len(text) {
			lx.ops[i] = perlOp{kind: w[0]}
			return len(text), true
		}
		e2 := perlDelimEnd(text, r)
		if w == "s" && text[r] != '\'' {
			lx.blankSpan(r, r+1)
			lx.interpBody(text, r+1, min(e2, len(text)))
		} else {
			lx.blankSpan(r, min(e2+1, len(text)))
		}
		if e2 < len(text) {
			b[e2] = ' '
		}
		end = min(e2+1, len(text))
		kind := w[0]
		if kind == 'y' {
			kind = 't'
		}
		op := perlOp{kind: kind}
		for end < len(text) && isLetter(text[end]) {
			op.r = op.r || text[end] == 'r'
			b[end] = ' '
			end++
		}
		lx.ops[i] = op
		return end, true
	}
	for end < len(text) && isLetter(text[end]) && (w == "m" || w == "qr") {
		b[end] = ' '
		end++
	}
	return end, true
}

// inInterp reports whether offset off lies in an interpolated body.
func (lx *perlLex) inInterp(off int) bool {
	k := sort.Search(len(lx.interp), func(k int) bool { return lx.interp[k][1] > off })
	return k < len(lx.interp) && lx.interp[k][0] <= off
}

// plPiece is one statement piece of blanked Perl: its text (s), its
// offset in the file, the blocks it is in (the file's 0 first,
// innermost last; a block's head is in the block it opens), the named
// sub it is in ("" at file level, "\x00" in an anonymous one) and the
// block it heads (-1: none).
type plPiece struct {
	s     string
	off   int
	chain []int
	sub   string
	opens int
}

// plBrace is an open brace: a block (its id and the sub it is the body
// of) or an expression's (a subscript, an anonymous hash, a map, do or
// eval block used as a value), and the bracket depth outside it.
type plBrace struct {
	block  bool
	id     int
	sub    string
	parens int
}

// maxPerlBlockDepth bounds the blocks nested in a file the reader
// follows (each piece keeps the blocks it is in).
const maxPerlBlockDepth = 200

// perlPieces splits blanked code into statement pieces at each ; and
// block brace (not inside brackets or an expression's braces); false
// when its blocks nest deeper than maxPerlBlockDepth.
func perlPieces(blank string) ([]plPiece, bool) {
	var out []plPiece
	var stack []plBrace
	parens, start, nextID := 0, 0, 1
	lastExpr := false
	chain := func(extra int) []int {
		c := []int{0}
		for _, e := range stack {
			if e.block {
				c = append(c, e.id)
			}
		}
		if extra >= 0 {
			c = append(c, extra)
		}
		return c
	}
	sub := func() string {
		for k := len(stack) - 1; k >= 0; k-- {
			if stack[k].block && stack[k].sub != "" {
				return stack[k].sub
			}
		}
		return ""
	}
	flush := func(end, opens int) {
		t := blank[start:end]
		lead := len(t) - len(strings.TrimLeft(t, " \t\n\r\f"))
		if s := strings.TrimSpace(t); s != "" && len(out) < 50000 {
			out = append(out, plPiece{s: s, off: start + lead, chain: chain(opens), sub: sub(), opens: opens})
		}
		start = end + 1
	}
	for i := 0; i < len(blank); i++ {
		switch blank[i] {
		case '(', '[':
			parens++
		case ')', ']':
			if parens > 0 {
				parens--
			}
		case ';':
			if parens == 0 && (len(stack) == 0 || stack[len(stack)-1].block) {
				flush(i, -1)
			}
		case '{':
			if perlBlockBrace(blank, i, start, lastExpr) {
				id := nextID
				nextID++
				name := ""
				if m := perlSubHead.FindStringSubmatch(strings.TrimSpace(blank[start:i])); m != nil {
					name = m[1]
					if name == "" {
						name = "\x00"
					}
				}
				if len(stack) >= maxPerlBlockDepth {
					return nil, false
				}
				flush(i, id)
				stack = append(stack, plBrace{block: true, id: id, sub: name, parens: parens})
				parens = 0
			} else {
				if len(stack) >= maxPerlBlockDepth {
					return nil, false
				}
				stack = append(stack, plBrace{parens: parens})
			}
		case '}':
			if len(stack) == 0 {
				continue
			}
			top := stack[len(stack)-1]
			if top.block {
				flush(i, -1)
				stack = stack[:len(stack)-1]
				parens = top.parens
				lastExpr = false
			} else {
				stack = stack[:len(stack)-1]
				lastExpr = true
			}
		}
	}
	flush(len(blank), -1)
	return out, true
}

// perlBlockBrace reports whether the { at blank[i] opens a block (a
// sub's, a control statement's, else, a bare block, do or eval at the
// start of a statement) rather than an expression's brace; start is
// where the statement began.
func perlBlockBrace(blank string, i, start int, lastExpr bool) bool {
	j := i - 1
	for j >= start && (blank[j] == ' ' || blank[j] == '\t' || blank[j] == '\n' || blank[j] == '\r') {
		j--
	}
	if j < start {
		return true
	}
	switch c := blank[j]; {
	case c == ')':
		return true
	case c == '}':
		return !lastExpr
	case c == ':':
		head := strings.TrimSpace(blank[start:j])
		return head != "" && isIdentBytes(head)
	case isWordByte(c):
		k := j
		for k >= start && (isWordByte(blank[k]) || blank[k] == ':') {
			k--
		}
		w := blank[k+1 : j+1]
		if k >= start {
			if p := blank[k]; p == '$' || p == '@' || p == '%' || p == '&' || p == '>' && k > 0 && blank[k-1] == '-' {
				return false // a subscript: $h{…}, $x->{…}
			}
		}
		switch w {
		case "else", "BEGIN", "END", "INIT", "CHECK", "UNITCHECK", "sub", "try", "catch", "finally", "default", "continue", "defer":
			return true
		case "do", "eval":
			return strings.TrimSpace(blank[start:k+1]) == ""
		}
		before := strings.TrimRight(blank[start:k+1], " \t\n")
		return strings.HasSuffix(before, "sub") || strings.HasSuffix(before, "package")
	}
	return false
}

// plKey is a lexical name: the block declaring it (0: the file's, or
// undeclared) and the name without its sigil.
type plKey struct {
	block int
	name  string
}

// plFlow is what the key reader knows of a Perl file.
type plFlow struct {
	raw       string
	lx        *perlLex
	pieces    []plPiece
	declared  map[int]map[string]bool
	tainted   map[plKey]bool
	params    map[string]bool // subs whose @_ holds content
	returners map[string]bool
	subs      map[string]int // named subs by definitions
	nonKey    map[string]bool
	lastMatch bool // the last match's captures hold content
	cur       *plPiece
	localUS   bool // $_ holds content in the current piece (map, grep, a for modifier over content)
	work      int  // bytes scanned, bounded by maxPerlKeyWork
}

// maxPerlKeyWork bounds the bytes the reader scans in one file over all
// its passes, so a crafted file (long statements of many uses, many subs
// returning content) costs a bounded amount of work: past it the read
// stays high.
const maxPerlKeyWork = 1 << 26

// spend charges n bytes of work and reports whether the budget holds.
func (fl *plFlow) spend(n int) bool {
	fl.work += n + 1
	return fl.work <= maxPerlKeyWork
}

// perlKeyReadInspected reports whether the Perl script text only
// inspects the private keys it may read (see above).
func perlKeyReadInspected(text string) bool {
	_, ok := perlKeyInspect(text)
	return ok
}

// perlKeyInspect is perlKeyReadInspected, also returning the subs of the
// file that return content (raisePerlInspectedKeyReads follows their
// calls from other files).
func perlKeyInspect(text string) ([]string, bool) {
	if len(text) > 1<<20 || perlKeyBail.MatchString(stripHashComments(text)) {
		return nil, false
	}
	lx := lexPerl(text)
	for _, c := range lx.cmds {
		if !perlSafeCmd(c) {
			return nil, false
		}
	}
	blank := string(lx.blank)
	pieces, ok := perlPieces(blank)
	if !ok {
		return nil, false
	}
	fl := &plFlow{raw: text, lx: lx, pieces: pieces, declared: map[int]map[string]bool{}, tainted: map[plKey]bool{},
		params: map[string]bool{}, returners: map[string]bool{}, subs: map[string]int{}, nonKey: map[string]bool{}}
	if !fl.prepare(blank) {
		return nil, false
	}
	for pass := 0; pass < 8; pass++ {
		n, p, r := len(fl.tainted), len(fl.params), len(fl.returners)
		fl.lastMatch = false
		for k := range fl.pieces {
			fl.cur = &fl.pieces[k]
			if !fl.piece() || fl.work > maxPerlKeyWork {
				return nil, false
			}
		}
		if len(fl.tainted) == n && len(fl.params) == p && len(fl.returners) == r {
			var out []string
			for s := range fl.returners {
				out = append(out, s)
			}
			sort.Strings(out)
			return out, true
		}
	}
	return nil, false
}

// prepare collects the declarations of each block, the named subs, the
// scalars bound only to paths of files holding no key, and checks the
// processes the file starts; false when one may print a key.
func (fl *plFlow) prepare(blank string) bool {
	for _, p := range fl.pieces {
		scope := p.chain[len(p.chain)-1]
		for _, m := range perlDeclRe.FindAllStringSubmatch(p.s, -1) {
			names := m[2]
			if m[1] != "" {
				names = m[1]
			}
			for _, v := range perlVarTok.FindAllStringSubmatch(names, -1) {
				fl.declare(scope, v[1])
			}
			if m[2] != "" {
				fl.declare(scope, m[2])
			}
		}
		if p.opens >= 0 && perlLoopOfUnderscore(p.s) {
			fl.declare(p.opens, "_")
		}
		if m := perlSubHead.FindStringSubmatch(p.s); m != nil && m[1] != "" && p.opens >= 0 {
			fl.subs[m[1]]++
		}
		for _, m := range perlRunRe.FindAllStringIndex(p.s, -1) {
			args := perlArgs(p.s, m[1])
			if len(args) == 0 || !fl.safeRun(p, args) {
				return false
			}
		}
		for _, m := range perlOpenRe.FindAllStringSubmatchIndex(p.s, -1) {
			if args := perlArgs(p.s, m[1]); m[2] < 0 && !fl.safePipe(p, args) {
				return false
			}
		}
	}
	// scalars every assignment of which names a file holding no key
	bad := map[string]bool{}
	for _, p := range fl.pieces {
		for _, m := range perlVarTok.FindAllStringSubmatchIndex(p.s, -1) {
			if p.s[m[0]] != '$' {
				continue
			}
			rest := strings.TrimLeft(p.s[m[1]:], " \t\n")
			if !strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "==") || strings.HasPrefix(rest, "=~") || strings.HasPrefix(rest, "=>") {
				continue
			}
			name := p.s[m[2]:m[3]]
			at := m[1] + len(p.s[m[1]:]) - len(rest) + 1
			end := perlExprEnd(p.s, at)
			if perlNonKeyValue(fl.raw[p.off+at : p.off+end]) {
				fl.nonKey[name] = true
			} else {
				bad[name] = true
			}
		}
	}
	for n := range bad {
		delete(fl.nonKey, n)
	}
	return true
}

// declare records that block declares name.
func (fl *plFlow) declare(block int, name string) {
	if fl.declared[block] == nil {
		fl.declared[block] = map[string]bool{}
	}
	fl.declared[block][name] = true
}

// perlLoopOfUnderscore reports whether a block's head sets $_ for it: a
// for or foreach with no loop variable, a while reading a handle into
// $_.
func perlLoopOfUnderscore(head string) bool {
	h := strings.TrimSpace(strings.TrimPrefix(head, "}"))
	for _, kw := range []string{"foreach", "for"} {
		if rest, ok := strings.CutPrefix(h, kw); ok {
			rest = strings.TrimSpace(rest)
			return strings.HasPrefix(rest, "(") && !strings.Contains(rest, ";")
		}
	}
	if rest, ok := strings.CutPrefix(h, "while"); ok {
		rest = strings.TrimSpace(rest)
		return strings.HasPrefix(rest, "(") && strings.Contains(rest, "<") && !strings.Contains(rest, "=")
	}
	return false
}

// perlNonKeyValue reports whether the raw expression names a file that
// holds no private key: its last string literal does, and no literal
// names a key file.
func perlNonKeyValue(raw string) bool {
	lits := perlStrLit.FindAllString(raw, -1)
	if len(lits) == 0 || perlKeyNameLit.MatchString(raw) {
		return false
	}
	return perlNonKeyLit.MatchString(lits[len(lits)-1])
}

// perlExprEnd returns where the expression starting at s[at:] ends: a
// top-level comma, a low-precedence or/and, a statement modifier, or a
// closing bracket.
func perlExprEnd(s string, at int) int {
	depth := 0
	for i := at; i < len(s); i++ {
		switch c := s[i]; {
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth == 0 {
				return i
			}
			depth--
		case depth == 0 && c == ',':
			return i
		case depth == 0 && isWordByte(c) && (i == 0 || !isWordByte(s[i-1]) && s[i-1] != '$' && s[i-1] != '@' && s[i-1] != '%'):
			e := i
			for e < len(s) && isWordByte(s[e]) {
				e++
			}
			switch s[i:e] {
			case "or", "and", "if", "unless", "for", "foreach", "while", "until":
				return i
			}
			i = e - 1
		}
	}
	return len(s)
}

// perlArgs splits the argument list starting at s[at:] (after a call's
// name and an optional opening parenthesis) at its top-level commas, up
// to its end (perlExprEnd of each), as offsets into s.
func perlArgs(s string, at int) [][2]int {
	var out [][2]int
	i := at
	for i < len(s) && len(out) < 64 {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
			i++
		}
		e := perlExprEnd(s, i)
		if e > i {
			out = append(out, [2]int{i, e})
		}
		if e >= len(s) || s[e] != ',' {
			break
		}
		i = e + 1
	}
	return out
}

// literalBody returns the text of a raw argument that is one quoted
// literal, and whether it is one.
func literalBody(raw string) (string, bool) {
	t := strings.TrimSpace(raw)
	if len(t) >= 2 && (t[0] == '\'' || t[0] == '"') && t[len(t)-1] == t[0] && perlStrLit.FindString(t) == t {
		return t[1 : len(t)-1], true
	}
	return "", false
}

// safeRun reports whether a system, exec or readpipe call (its arguments
// args in piece p) starts only programs that print no key: its first
// argument a literal command (one string) or program (a list).
func (fl *plFlow) safeRun(p plPiece, args [][2]int) bool {
	first, ok := literalBody(fl.raw[p.off+args[0][0] : p.off+args[0][1]])
	if !ok {
		return false
	}
	if len(args) == 1 {
		return perlSafeCmd(first)
	}
	cmd := first
	for _, a := range args[1:] {
		if lit, ok := literalBody(fl.raw[p.off+a[0] : p.off+a[1]]); ok {
			cmd += " " + lit
		} else {
			cmd += " X"
		}
	}
	return perlSafeCmd(strings.ReplaceAll(strings.ReplaceAll(cmd, "|", " "), ";", " "))
}

// safePipe reports whether an open (its arguments args in piece p) that
// starts a process ('-|', '|-', "cmd |", "| cmd") starts one that prints
// no key; an open of a file is safe here.
func (fl *plFlow) safePipe(p plPiece, args [][2]int) bool {
	raw := func(a [2]int) string { return fl.raw[p.off+a[0] : p.off+a[1]] }
	switch {
	case len(args) >= 3:
		mode, lit := literalBody(raw(args[1]))
		if !lit {
			return false // a mode the reader cannot read may start a process
		}
		if !strings.Contains(mode, "|") {
			return true
		}
		return fl.safeRun(p, args[2:])
	case len(args) == 2:
		body, lit := literalBody(raw(args[1]))
		b := strings.TrimSpace(body)
		if !lit {
			return false // a two-argument open of a value may be a pipe
		}
		if strings.HasPrefix(b, "|") || strings.HasSuffix(b, "|") {
			return perlSafeCmd(strings.Trim(b, "| "))
		}
	}
	return true
}

// perlSafeCmd reports whether every command of a shell command line runs
// a program that prints no private key: one of perlSafeProgs, ssh-keygen
// with a listing option (-l, -y, -e, -B) and not -i (which prints the
// key it converts), ssh-add listing (-l, -L).
func perlSafeCmd(line string) bool {
	if strings.Contains(line, "$(") || strings.Contains(line, "`") {
		return false
	}
	r := strings.NewReplacer("&&", "\n", "||", "\n", "|", "\n", ";", "\n")
	for _, seg := range strings.Split(r.Replace(line), "\n") {
		f := strings.Fields(seg)
		for len(f) > 0 && strings.Contains(f[0], "=") && !strings.HasPrefix(f[0], "-") {
			f = f[1:] // VAR=value before the program
		}
		if len(f) == 0 {
			continue
		}
		prog := path.Base(strings.Trim(f[0], `"'`))
		if !perlSafeProgs()[prog] {
			return false
		}
		if prog != "ssh-keygen" && prog != "ssh-add" {
			continue
		}
		listing := false
		for _, a := range f[1:] {
			if !strings.HasPrefix(a, "-") || strings.HasPrefix(a, "--") {
				continue
			}
			flags := a[1:]
			if prog == "ssh-keygen" && strings.ContainsAny(flags, "ipcAaMRDkK") {
				return false
			}
			if prog == "ssh-keygen" && strings.ContainsAny(flags, "lyeB") || prog == "ssh-add" && strings.ContainsAny(flags, "lL") {
				listing = true
			}
		}
		if !listing {
			return false
		}
	}
	return true
}

// resolve returns the key of name as the current piece sees it.
func (fl *plFlow) resolve(name string) plKey {
	ch := fl.cur.chain
	for k := len(ch) - 1; k >= 0; k-- {
		if fl.declared[ch[k]][name] {
			return plKey{ch[k], name}
		}
	}
	return plKey{0, name}
}

// has reports whether name holds content in the current piece.
func (fl *plFlow) has(name string) bool {
	return name == "_" && fl.localUS || fl.tainted[fl.resolve(name)]
}

// taint records that name holds content.
func (fl *plFlow) taint(name string) {
	if len(fl.tainted) < 4096 {
		fl.tainted[fl.resolve(name)] = true
	}
}

// plUse is a use of content in a piece: its span and whether it is a
// read (of a handle, a file, a sub returning content).
type plUse struct {
	s, e int
	read bool
}

// uses returns the uses of content in s, the current piece's text (the
// captures of a match only when caps).
func (fl *plFlow) uses(s string, caps bool) []plUse {
	var out []plUse
	fl.spend(len(s) * (4 + len(fl.returners)))
	inSub := fl.cur.sub != "" && fl.params[fl.cur.sub]
	for _, m := range perlVarTok.FindAllStringSubmatchIndex(s, -1) {
		name := s[m[2]:m[3]]
		sigil := s[m[0]]
		if m[0] > 0 && s[m[0]-1] == '&' {
			continue
		}
		use := false
		switch {
		case name[0] >= '0' && name[0] <= '9':
			use = caps && fl.lastMatch
		case name == "_" && (sigil == '@' || m[1] < len(s) && s[m[1]] == '['):
			use = inSub
		default:
			use = fl.has(name)
		}
		if !use {
			continue
		}
		u := plUse{m[0], perlSubscriptEnd(s, m[1]), false}
		if u.s > 0 && s[u.s-1] == '<' && u.e < len(s) && s[u.e] == '>' {
			u.s, u.e, u.read = u.s-1, u.e+1, true
		}
		out = append(out, u)
	}
	// bareword handles and the files named on the command line
	for i := strings.IndexByte(s, '<'); i >= 0 && i < len(s); {
		j := i + 1
		for j < len(s) && (isWordByte(s[j]) || s[j] == ':') {
			j++
		}
		if j < len(s) && s[j] == '>' && (i == 0 || s[i-1] != '<') {
			if w := s[i+1 : j]; w == "" || w == "ARGV" || fl.tainted[plKey{0, "*" + w}] {
				out = append(out, plUse{i, j + 1, true})
			}
		}
		k := strings.IndexByte(s[i+1:], '<')
		if k < 0 {
			break
		}
		i += k + 1
	}
	for _, m := range perlReadFn.FindAllStringIndex(s, -1) {
		end := m[1]
		if s[m[1]-1] == '(' {
			end = min(len(s), pyCloseParen(s, m[1]-1)+1)
			if perlNonKeyValue(fl.raw[fl.cur.off+m[1] : fl.cur.off+end]) {
				continue
			}
		}
		out = append(out, plUse{m[0], end, true})
	}
	for r := range fl.returners {
		for at := wordIndex(s, r, 0); at >= 0 && len(out) < 512; at = wordIndex(s, r, at+len(r)) {
			if at > 0 && (strings.IndexByte("$@%", s[at-1]) >= 0 || s[at-1] == '>' && at > 1 && s[at-2] == '-' && !perlSelfBefore(s, at-2)) {
				continue
			}
			if strings.HasSuffix(strings.TrimRight(s[:at], " \t"), "sub") {
				continue
			}
			e := at + len(r)
			if rest := strings.TrimLeft(s[e:], " \t"); strings.HasPrefix(rest, "(") {
				open := e + len(s[e:]) - len(rest)
				e = min(len(s), pyCloseParen(s, open)+1)
			}
			out = append(out, plUse{at, e, true})
		}
	}
	if inSub {
		for _, m := range perlShiftRe.FindAllStringIndex(s, -1) {
			st := m[0]
			for st < m[1] && !isLetter(s[st]) {
				st++
			}
			out = append(out, plUse{st, st + len("shift"), true})
		}
	}
	if caps && fl.lastMatch {
		for _, tok := range []string{"$&", "$+{"} {
			for at := strings.Index(s, tok); at >= 0; {
				out = append(out, plUse{at, perlSubscriptEnd(s, at+2), false})
				k := strings.Index(s[at+1:], tok)
				if k < 0 {
					break
				}
				at += k + 1
			}
		}
	}
	return out
}

// perlSelfBefore reports whether the -> ending before s[at] follows
// $self, $class or __PACKAGE__: a method of the script's own.
func perlSelfBefore(s string, at int) bool {
	t := strings.TrimRight(s[:at], " \t")
	return strings.HasSuffix(t, "$self") || strings.HasSuffix(t, "$class") || strings.HasSuffix(t, "__PACKAGE__")
}

// perlSubscriptEnd returns the offset after the subscripts following a
// variable ending at e ([…], {…}, ->[…], ->{…}).
func perlSubscriptEnd(s string, e int) int {
	for e < len(s) {
		j := e
		if strings.HasPrefix(s[j:], "->") && j+2 < len(s) && (s[j+2] == '[' || s[j+2] == '{') {
			j += 2
		}
		if j < len(s) && (s[j] == '[' || s[j] == '{') {
			e = min(len(s), pyCloseParen(s, j)+1)
			continue
		}
		break
	}
	return e
}

// piece checks the current piece: it records what it taints and reports
// false when content may leave through it.
func (fl *plFlow) piece() bool {
	p := fl.cur
	s := p.s
	if len(s) > 8192 {
		if len(fl.uses(s, true)) > 0 {
			return false // a piece too long to follow
		}
		return true
	}
	fl.opens(s)
	fl.localUS = false
	uses := fl.uses(s, false)
	// the matches of this piece: their captures hold content when one
	// matches content
	matched, onContent := false, false
	for k := sort.SearchInts(fl.lx.opAt, p.off); k < len(fl.lx.opAt) && fl.lx.opAt[k] < p.off+len(s); k++ {
		off := fl.lx.opAt[k]
		if fl.lx.ops[off].kind == 't' {
			continue
		}
		matched = true
		at := off - p.off
		before := strings.TrimRight(s[:at], " \t\n")
		if strings.HasSuffix(before, "=~") || strings.HasSuffix(before, "!~") {
			lhs := strings.TrimRight(before[:len(before)-2], " \t\n")
			for _, u := range uses {
				if u.e == len(lhs) {
					onContent = true
				}
			}
		} else if fl.has("_") {
			onContent = true
		}
	}
	if matched {
		fl.lastMatch = onContent
	}
	uses = fl.uses(s, true)
	if len(uses) > 256 {
		return false
	}
	for again := 0; again < 2; again++ {
		for _, u := range uses {
			if fl.lx.inInterp(p.off + u.s) {
				return false // interpolated into a string, a command or a replacement
			}
		}
		if fl.has("_") && perlImplicitPrint.MatchString(s) {
			return false
		}
		local := fl.localUS
		for _, u := range uses {
			if fl.tested(s, u) {
				continue
			}
			if !fl.walk(s, u) {
				return false
			}
		}
		if fl.localUS == local {
			return true
		}
		// $_ now holds content in this piece: its uses of it too
		uses = fl.uses(s, true)
	}
	return true
}

// opens taints the handles the piece s opens for reading a file that
// may hold a key (bareword handles as "*NAME" of the file).
func (fl *plFlow) opens(s string) {
	for _, m := range perlOpenRe.FindAllStringSubmatchIndex(s, -1) {
		args := perlArgs(s, m[1])
		if len(args) == 0 {
			continue
		}
		raw := func(a [2]int) string { return fl.raw[fl.cur.off+a[0] : fl.cur.off+a[1]] }
		read, pathArg := true, ""
		switch {
		case m[2] >= 0: // sysopen FH, PATH, FLAGS
			if len(args) < 2 {
				continue
			}
			pathArg = raw(args[1])
			read = len(args) < 3 || !strings.Contains(raw(args[2]), "O_WRONLY")
		case len(args) >= 3:
			mode, lit := literalBody(raw(args[1]))
			mode = strings.TrimSpace(mode)
			switch {
			case !lit:
			case strings.Contains(mode, "|"):
				read = false // a pipe: its program is checked (safeRun)
			case strings.HasPrefix(mode, ">") || strings.HasPrefix(mode, "+>"):
				read = false
			}
			pathArg = raw(args[2])
		case len(args) == 2:
			pathArg = raw(args[1])
			if body, lit := literalBody(pathArg); lit {
				b := strings.TrimSpace(body)
				switch {
				case strings.HasPrefix(b, "|") || strings.HasSuffix(b, "|"):
					read = false
				case strings.HasPrefix(b, ">") || strings.HasPrefix(b, "+>"):
					read = false
				}
			}
		}
		if !read || fl.pathNonKey(pathArg) {
			continue
		}
		h := strings.TrimSpace(s[args[0][0]:args[0][1]])
		for _, kw := range []string{"my ", "our ", "local ", "state "} {
			h = strings.TrimSpace(strings.TrimPrefix(h, kw))
		}
		h = strings.TrimLeft(h, `\*`)
		if v := perlVarTok.FindStringSubmatch(h); v != nil {
			fl.taint(v[1])
		} else if isIdentBytes(h) && h != "" {
			fl.tainted[plKey{0, "*" + h}] = true
		}
	}
}

// pathNonKey reports whether a raw path argument names a file holding no
// private key: such a literal, or a scalar only ever bound to one.
func (fl *plFlow) pathNonKey(raw string) bool {
	t := strings.TrimSpace(raw)
	if strings.HasPrefix(t, "$") && isIdentBytes(t[1:]) {
		return fl.nonKey[t[1:]]
	}
	return perlNonKeyValue(t)
}

// tested reports whether the use u in s is a test, whose value holds
// none of the content; a match in a list assignment hands its captures
// to the targets, which it taints.
func (fl *plFlow) tested(s string, u plUse) bool {
	after := strings.TrimLeft(s[u.e:], " \t\n")
	if strings.HasPrefix(after, "=~") || strings.HasPrefix(after, "!~") {
		at := u.e + len(s[u.e:]) - len(after) + 2
		for at < len(s) && (s[at] == ' ' || s[at] == '\t' || s[at] == '\n') {
			at++
		}
		if op, ok := fl.lx.ops[fl.cur.off+at]; ok && op.r {
			return false // s///r and tr///r return the changed text
		}
		// in list context a match gives its captures: a list
		// assignment's targets hold them, a call or return hands them on
		if !fl.spend(2 * len(s)) {
			return false
		}
		switch c := perlCallee(s, u.s); {
		case c.kind == plAssign && c.list:
			fl.taintTarget(s, c)
		case c.kind == plReturn || c.kind == plCall && !perlTestFuncs()[c.word] && !perlFilterFuncs()[c.word]:
			return false
		}
		return true
	}
	if perlCmpAfter.MatchString(after) {
		return true
	}
	before := strings.TrimRight(s[:u.s], " \t\n")
	if s[u.s] == '@' && strings.HasSuffix(strings.TrimRight(before, "( \t"), "scalar") {
		return true // an array's size
	}
	return perlCmpBefore.MatchString(before) && !strings.HasSuffix(before, "=>") && !strings.HasSuffix(before, "->")
}

// plCallee kinds: where the value at a position goes.
const (
	plNone    = iota // the statement's value (discard: a statement of an expression block not its last)
	plAssign         // the right side of an assignment (at: the =)
	plControl        // the condition or list of a control word
	plReturn         // returned
	plCall           // an argument of a call (word; method, computed)
	plSubscript
)

// plCallee is where perlCallee found a value goes.
type plCallee struct {
	kind             int
	word             string
	at, start        int
	method, computed bool
	discard, list    bool
	self             bool
}

// perlCallee walks back from pos in s to what takes the value there: the
// call whose arguments hold it (with parentheses or a list operator's),
// an assignment, a control word, return, a subscript; a block's value
// (do, eval, map, an anonymous hash) is passed through to the code
// around it, and a statement of an expression block that is not its
// last gives its value to nothing (discard).
func perlCallee(s string, pos int) plCallee {
	depth := 0
	for i := pos - 1; i >= 0; i-- {
		c := s[i]
		switch {
		case c == ')' || c == ']' || c == '}':
			depth++
		case c == '(' || c == '[' || c == '{':
			if depth > 0 {
				depth--
				continue
			}
			if c != '(' && perlSubscriptOpen(s, i) {
				return plCallee{kind: plSubscript, at: i, start: perlRootStart(s, i)}
			}
			if c == '{' {
				if !perlLastStmt(s, pos) {
					return plCallee{kind: plNone, discard: true}
				}
				w, ws := perlWordBefore(s, i)
				switch {
				case w == "sub":
					return plCallee{kind: plCall, computed: true}
				case perlBlockFuncs()[w]:
					return plCallee{kind: plCall, word: w, start: ws}
				case w == "do" || w == "eval":
					i = ws
				}
				continue
			}
			if c == '(' {
				w, ws := perlWordBefore(s, i)
				j := i - 1
				for j >= 0 && (s[j] == ' ' || s[j] == '\t') {
					j--
				}
				switch {
				case w != "" && ws > 0 && s[ws-1] == '&':
					return plCallee{kind: plCall, word: w, start: ws - 1}
				case w != "" && ws > 0 && (s[ws-1] == '$' || s[ws-1] == '@' || s[ws-1] == '%'):
					// foreach my $x (LIST); &$code(…) calls code
					if ws > 1 && s[ws-2] == '&' {
						return plCallee{kind: plCall, computed: true}
					}
					lw, lws := perlWordBefore(s, ws-1)
					if lw == "my" || lw == "our" || lw == "state" {
						lw, lws = perlWordBefore(s, lws)
					}
					if lw == "for" || lw == "foreach" {
						return plCallee{kind: plControl, word: lw, start: lws}
					}
					return plCallee{kind: plCall, computed: true}
				case w != "" && ws > 1 && s[ws-1] == '>' && s[ws-2] == '-':
					return plCallee{kind: plCall, word: w, start: ws, method: true, self: perlSelfBefore(s, ws-2)}
				case w != "" && perlControl()[w]:
					return plCallee{kind: plControl, word: w, start: ws}
				case w == "return":
					return plCallee{kind: plReturn}
				case w != "" && perlLowPrec()[w]:
					return plCallee{kind: plNone}
				case w != "" && !perlNonCall()[w]:
					return plCallee{kind: plCall, word: w, start: ws}
				case w == "" && j >= 0 && (s[j] == '>' || s[j] == '}' || s[j] == ']' || s[j] == ')' || isWordByte(s[j])):
					return plCallee{kind: plCall, computed: true}
				}
			}
			// grouping brackets, an anonymous array: the value goes on
		case c == ';' && depth == 0:
			if !perlLastStmt(s, pos) {
				return plCallee{kind: plNone, discard: true}
			}
			k := perlOpener(s, i)
			if k < 0 {
				return plCallee{kind: plNone, discard: true}
			}
			i = k + 1 // read the opener next
			continue
		case c == '=' && depth == 0 && perlAssignEq(s, i):
			return perlTarget(s, i)
		case depth == 0 && isWordByte(c):
			k := i
			for k > 0 && (isWordByte(s[k-1]) || s[k-1] == ':') {
				k--
			}
			w := s[k : i+1]
			next := i
			i = k
			if k > 0 && (strings.IndexByte("$@%&*", s[k-1]) >= 0 || s[k-1] == '>' && k > 1 && s[k-2] == '-') {
				continue // a variable, a method with no arguments
			}
			if w[0] >= '0' && w[0] <= '9' {
				continue
			}
			after := strings.TrimLeft(s[next+1:], " \t\n")
			switch {
			case strings.HasPrefix(after, "=>") || strings.HasPrefix(after, "::"):
				continue
			case perlControl()[w]:
				return plCallee{kind: plControl, word: w, start: k}
			case w == "return":
				return plCallee{kind: plReturn}
			case perlLowPrec()[w]:
				return plCallee{kind: plNone}
			case perlNonCall()[w] || strings.HasPrefix(after, "("):
				continue
			case perlNamedUnary()[w] && strings.TrimSpace(s[next+1:pos]) != "":
				continue // a named unary takes only the term after it
			case after == "" || !perlArgStart(after[0]):
				continue // a bareword term: a constant, a handle
			}
			return plCallee{kind: plCall, word: w, start: k}
		}
	}
	return plCallee{kind: plNone}
}

// perlArgStart reports whether c may start a list operator's argument.
func perlArgStart(c byte) bool {
	return isWordByte(c) || strings.IndexByte(`$@%"'`+"`"+`<\-{[(&!+`, c) >= 0
}

// perlWordBefore returns the word ending just before s[i] (spaces
// skipped) and its start, or "".
func perlWordBefore(s string, i int) (string, int) {
	j := i - 1
	for j >= 0 && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n') {
		j--
	}
	e := j + 1
	for j >= 0 && (isWordByte(s[j]) || s[j] == ':') {
		j--
	}
	if j+1 == e {
		return "", i
	}
	w := s[j+1 : e]
	if k := strings.LastIndex(w, "::"); k >= 0 {
		w = w[k+2:]
	}
	return w, j + 1
}

// perlSubscriptOpen reports whether the [ or { at s[i] opens a
// subscript: right after a variable, a subscript or ->.
func perlSubscriptOpen(s string, i int) bool {
	if i == 0 {
		return false
	}
	p := s[i-1]
	if p == '>' && i > 1 && s[i-2] == '-' || p == '}' || p == ']' {
		return true
	}
	if !isWordByte(p) {
		return p == '$'
	}
	k := i - 1
	for k > 0 && isWordByte(s[k-1]) {
		k--
	}
	return k > 0 && (s[k-1] == '$' || s[k-1] == '@' || s[k-1] == '%')
}

// perlRootStart returns the start of the variable a subscript at s[i]
// belongs to.
func perlRootStart(s string, i int) int {
	for k := i - 1; k >= 0; k-- {
		if s[k] == '$' || s[k] == '@' || s[k] == '%' {
			if k == 0 || s[k-1] != '$' && s[k-1] != '@' && s[k-1] != '%' {
				return k
			}
		}
		if s[k] == ' ' || s[k] == ';' || s[k] == ',' || s[k] == '=' || s[k] == '(' {
			return k + 1
		}
	}
	return 0
}

// perlLastStmt reports whether the statement holding pos is the last of
// the brace or piece it stands in: no ; before the closer but one ending
// it.
func perlLastStmt(s string, pos int) bool {
	depth := 0
	for i := pos; i < len(s); i++ {
		switch c := s[i]; {
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth == 0 {
				return true
			}
			depth--
		case c == ';' && depth == 0:
			rest := strings.TrimLeft(s[i+1:], " \t\n;")
			return rest == "" || rest[0] == '}'
		}
	}
	return true
}

// perlOpener returns the offset of the unmatched bracket before s[i], or
// -1.
func perlOpener(s string, i int) int {
	depth := 0
	for k := i - 1; k >= 0; k-- {
		switch s[k] {
		case ')', ']', '}':
			depth++
		case '(', '[', '{':
			if depth == 0 {
				return k
			}
			depth--
		}
	}
	return -1
}

// perlAssignEq reports whether the = at s[i] assigns (=, .=, ||=, //=,
// +=…), not ==, =~, =>, <=, >=, !=.
func perlAssignEq(s string, i int) bool {
	if i+1 < len(s) && (s[i+1] == '=' || s[i+1] == '~' || s[i+1] == '>') {
		return false
	}
	if i > 0 && (s[i-1] == '=' || s[i-1] == '!' || s[i-1] == '<' && !(i > 1 && s[i-2] == '<') || s[i-1] == '>' && !(i > 1 && s[i-2] == '>')) {
		return false
	}
	return true
}

// perlTarget returns the assignment whose = is at s[i]: its target's
// start and whether the target is a list (a list assignment hands it a
// match's captures).
func perlTarget(s string, i int) plCallee {
	k := i
	for k > 0 && strings.IndexByte(".+-*/|&^%x<>", s[k-1]) >= 0 && !(s[k-1] == 'x' && k > 1 && isWordByte(s[k-2])) {
		k--
	}
	depth := 0
	st := 0
	for j := k - 1; j >= 0; j-- {
		c := s[j]
		if c == ')' || c == ']' || c == '}' {
			depth++
		} else if c == '(' || c == '[' || c == '{' {
			if depth == 0 {
				st = j + 1
				break
			}
			depth--
		} else if depth == 0 && (c == ',' || c == ';') {
			st = j + 1
			break
		}
	}
	t := strings.TrimSpace(s[st:k])
	for _, kw := range []string{"my", "our", "local", "state"} {
		if rest, ok := strings.CutPrefix(t, kw); ok && (rest == "" || !isWordByte(rest[0])) {
			t = strings.TrimSpace(rest)
		}
	}
	list := strings.HasPrefix(t, "(") || strings.HasPrefix(t, "@") || strings.HasPrefix(t, "%")
	return plCallee{kind: plAssign, at: i, start: st + len(s[st:k]) - len(strings.TrimLeft(s[st:k], " \t\n")), list: list}
}

// taintTarget taints the names an assignment (c) stores in; false when
// the target is the environment or a package variable another module may
// read.
func (fl *plFlow) taintTarget(s string, c plCallee) bool {
	k := c.at
	for k > 0 && strings.IndexByte(".+-*/|&^%x<>", s[k-1]) >= 0 && !(s[k-1] == 'x' && k > 1 && isWordByte(s[k-2])) {
		k--
	}
	t := s[c.start:k]
	raw := fl.raw[fl.cur.off+c.start : fl.cur.off+k]
	if rest, ok := strings.CutPrefix(strings.TrimSpace(t), "our"); strings.Contains(raw, "::") || ok && (rest == "" || !isWordByte(rest[0])) {
		return false // a package variable: another module may show it
	}
	inner := strings.TrimSpace(t)
	for _, kw := range []string{"my", "local", "state"} {
		if rest, ok := strings.CutPrefix(inner, kw); ok && (rest == "" || !isWordByte(rest[0])) {
			inner = strings.TrimSpace(rest)
		}
	}
	var elems []string
	if strings.HasPrefix(inner, "(") {
		body := strings.TrimSuffix(strings.TrimPrefix(inner, "("), ")")
		for _, a := range perlArgs(body, 0) {
			elems = append(elems, body[a[0]:a[1]])
		}
	} else {
		elems = []string{inner}
	}
	for _, e := range elems {
		m := perlVarTok.FindStringSubmatch(e)
		if m == nil {
			if strings.ContainsAny(e, "$@%*") {
				return false // a punctuation variable ($, $\), a glob: output settings
			}
			continue
		}
		if m[1] == "ENV" {
			return false
		}
		fl.taint(m[1])
	}
	return true
}

// walk follows the value of the use u in s outward through the calls
// and assignments holding it: false when it may leave.
func (fl *plFlow) walk(s string, u plUse) bool {
	pos := u.s
	read := u.read // the value is what was read (not an assignment's)
	for step := 0; step < 64; step++ {
		if !fl.spend(2 * len(s)) {
			return false
		}
		c := perlCallee(s, pos)
		switch c.kind {
		case plNone:
			if c.discard || fl.cur.sub == "" {
				return true
			}
			return fl.returns() // a sub's statement: maybe its value
		case plAssign:
			if !fl.taintTarget(s, c) {
				return false
			}
			pos, read = c.start, false
			continue
		case plControl:
			if c.word == "for" || c.word == "foreach" || read && (c.word == "while" || c.word == "until") {
				fl.taintLoop(s, c)
			}
			return true
		case plReturn:
			return fl.returns()
		case plSubscript:
			// a key or index: the container holds it
			if m := perlVarTok.FindStringSubmatch(s[c.start:c.at]); m != nil {
				fl.taint(m[1])
			}
			return true
		}
		// a call
		switch {
		case c.computed:
			return false
		case c.method && perlPureMethods()[c.word]:
			pos = c.start
		case c.method && c.self && fl.subs[c.word] == 1:
			fl.params[c.word] = true
			return true
		case c.method:
			return false
		case perlTestFuncs()[c.word]:
			return true
		case c.word == "push" || c.word == "unshift" || c.word == "splice":
			if m := perlVarTok.FindStringSubmatch(s[c.start:]); m != nil {
				fl.taint(m[1])
			}
			return true
		case c.word == "read" || c.word == "sysread":
			args := perlArgs(s, perlArgsStart(s, c.start))
			for _, a := range args[min(1, len(args)):] {
				for _, m := range perlVarTok.FindAllStringSubmatch(s[a[0]:a[1]], -1) {
					fl.taint(m[1])
				}
			}
			return true
		case fl.subs[c.word] == 1:
			fl.params[c.word] = true
			return true
		case perlPureFuncs()[c.word]:
			if perlBlockFuncs()[c.word] {
				fl.localUS = true // $_ in the block
			}
			pos = c.start
		default:
			return false
		}
	}
	return false
}

// perlArgsStart returns where the arguments of the call whose name
// starts at s[at] begin (after the name and an opening parenthesis).
func perlArgsStart(s string, at int) int {
	e := at
	for e < len(s) && (isWordByte(s[e]) || s[e] == ':' || s[e] == '&') {
		e++
	}
	for e < len(s) && (s[e] == ' ' || s[e] == '\t') {
		e++
	}
	if e < len(s) && s[e] == '(' {
		e++
	}
	return e
}

// returns records that the current piece's sub returns content (at file
// level the value goes nowhere); false in an anonymous sub or one
// defined twice, whose callers are not followed.
func (fl *plFlow) returns() bool {
	sub := fl.cur.sub
	switch {
	case sub == "":
		return true
	case sub == "\x00" || fl.subs[sub] != 1:
		return false
	}
	fl.returners[sub] = true
	return true
}

// taintLoop taints what a loop over content sets: its loop variable, or
// $_.
func (fl *plFlow) taintLoop(s string, c plCallee) {
	head := strings.TrimSpace(s[c.start:])
	if m := perlLoopVar.FindStringSubmatch(head); m != nil {
		fl.taint(m[1])
		return
	}
	if c.start == 0 && fl.cur.opens >= 0 {
		fl.taint("_") // the loop's block (declared there)
		return
	}
	fl.localUS = true // a statement modifier: $_ in the statement
}

// perlLoopVar is a foreach's loop variable (group 1).
var perlLoopVar = lazyRE(`^for(?:each)?\s+(?:my\s+|our\s+|state\s+)?\$(\w+)\s*\(`)

// perlSubDef is a named sub's definition: group 1 its name.
var perlSubDef = lazyRE(`(?m)^[ \t]*sub[ \t]+(?:[\w:]*::)?(\w+)`)

// raisePerlInspectedKeyReads lifts a Perl file's private key read found
// only inspected back to high when another Perl file of the skill calls
// one of its subs returning content, or when it calls a sub another Perl
// file of the skill defines (a module of the skill it loads): what the
// other file does with the content, or with the key's path, is not
// followed.
func raisePerlInspectedKeyReads(findings []Finding, texts map[string]string) {
	rels := make([]string, 0, len(texts))
	for rel := range texts {
		if isPerlFile(rel, texts[rel]) {
			rels = append(rels, rel)
		}
	}
	sort.Strings(rels)
	for i := range findings {
		f := &findings[i]
		if f.RuleID != "credential-read" || f.Severity != Medium || !strings.HasSuffix(f.Reason, keyInspectedNote) || !isPerlFile(f.File, texts[f.File]) {
			continue
		}
		returners, _ := perlKeyInspect(texts[f.File])
	files:
		for _, rel := range rels {
			if rel == f.File {
				continue
			}
			for _, r := range returners {
				if wordIndex(texts[rel], r, 0) >= 0 {
					f.Severity = High
					f.Reason = strings.TrimSuffix(f.Reason, keyInspectedNote) + "; " + rel + " calls " + r + ", which returns what it read, and is not followed"
					break files
				}
			}
			other := stripHashComments(texts[rel])
			var pkgs []string
			for _, m := range perlPackageDef.FindAllStringSubmatch(other, 100) {
				pkgs = append(pkgs, m[1])
			}
			for _, m := range perlSubDef.FindAllStringSubmatch(other, 1000) {
				if perlCallsSub(texts[f.File], m[1], pkgs) {
					f.Severity = High
					f.Reason = strings.TrimSuffix(f.Reason, keyInspectedNote) + "; it calls " + m[1] + " of " + rel + ", which is not followed"
					break files
				}
			}
		}
	}
}

// perlPackageDef is a package declaration: group 1 its name.
var perlPackageDef = lazyRE(`(?m)^[ \t]*package[ \t]+([\w:]+)`)

// perlCallsSub reports whether Perl text calls the sub name: as a
// function (name(…), &name), or through one of the packages pkgs that
// define it (Pkg::name, Pkg->name); a method of another class (->new)
// is not counted.
func perlCallsSub(text, name string, pkgs []string) bool {
	for at := wordIndex(text, name, 0); at >= 0; at = wordIndex(text, name, at+len(name)) {
		before := strings.TrimRight(text[:at], " \t")
		after := strings.TrimLeft(text[at+len(name):], " \t")
		for _, p := range pkgs {
			if strings.HasSuffix(before, p+"::") || strings.HasSuffix(before, p+"->") {
				return true
			}
		}
		if strings.HasSuffix(before, "&") && !strings.HasSuffix(before, "&&") {
			return true
		}
		if !strings.HasPrefix(after, "(") || strings.HasSuffix(before, "->") || strings.HasSuffix(before, "::") || strings.HasSuffix(before, "sub") {
			continue
		}
		if before != "" && strings.IndexByte("$@%", before[len(before)-1]) >= 0 {
			continue
		}
		return true
	}
	return false
}
