package audit

import (
	"sort"
	"strings"
	"sync"
)

// A reader of PowerShell's statements for the rules that follow values
// through a script (psenvsend.go): PowerShell has no Go parser, and a
// value moves through hashtables written over many lines, splatted
// parameters, pipelines and functions, which line patterns do not see.
// The reader splits the code into statements, knows its string literals,
// and reads a command's arguments, a hashtable's entries, a method call's
// arguments and a function's parameters. It is lenient: text it cannot
// read is left as it stands, and no input makes it read a byte twice per
// level of nesting (nesting deeper than psMaxNest is read flat).

// psMaxNest bounds the nesting of quotes inside subexpressions the
// reader follows ("$("$(…)")"); deeper text is read as plain characters.
const psMaxNest = 32

// psStmt is one statement of a PowerShell script: its text and its offset
// in the code.
type psStmt struct {
	s   string
	off int
}

// psCode is a PowerShell script read into statements, with the spans of
// its single-quoted strings (text, not code: '$env:X' reads nothing).
type psCode struct {
	code  string
	stmts []psStmt
	lits  [][2]int // single-quoted string and here-string bodies, in order
	// blockEnd maps the offset of a script block's '{' (a function's
	// body) to its '}'.
	blockEnd map[int]int
}

// psSkipSQ returns the offset of the quote closing the single-quoted
// string opened at i (” is a quote inside it), or len(code)-1.
func psSkipSQ(code string, i int) int {
	for j := i + 1; j < len(code); j++ {
		if code[j] == '\'' {
			if j+1 < len(code) && code[j+1] == '\'' {
				j++
				continue
			}
			return j
		}
	}
	return len(code) - 1
}

// psSkipDQ returns the offset of the quote closing the double-quoted
// string opened at i: a backtick escapes the next byte, "" is a quote
// inside it, and a subexpression $( … ) may hold quotes of its own.
func psSkipDQ(code string, i, nest int) int {
	for j := i + 1; j < len(code); j++ {
		switch code[j] {
		case '`':
			j++
		case '"':
			if j+1 < len(code) && code[j+1] == '"' {
				j++
				continue
			}
			return j
		case '$':
			if j+1 < len(code) && code[j+1] == '(' && nest < psMaxNest {
				j = psSkipParen(code, j+1, nest+1)
			}
		}
	}
	return len(code) - 1
}

// psSkipParen returns the offset of the bracket closing the one opened
// at i ('(', '[' or '{'), past quotes; len(code)-1 when it is not closed.
func psSkipParen(code string, i, nest int) int {
	depth := 0
	for j := i; j < len(code); j++ {
		switch c := code[j]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return j
			}
		case '`':
			j++
		case '\'':
			j = psSkipSQ(code, j)
		case '"':
			if nest < psMaxNest {
				j = psSkipDQ(code, j, nest+1)
			}
		}
	}
	return len(code) - 1
}

// psHereEnd returns the offset just past a here-string opened at i (@'
// or @" at the end of a line), closed by a line starting with '@ or "@;
// -1 when i opens none.
func psHereEnd(code string, i int) int {
	if i+1 >= len(code) || code[i] != '@' || (code[i+1] != '\'' && code[i+1] != '"') {
		return -1
	}
	q := code[i+1]
	j := i + 2
	for j < len(code) && (code[j] == ' ' || code[j] == '\t' || code[j] == '\r') {
		j++
	}
	if j >= len(code) || code[j] != '\n' {
		return -1
	}
	end := strings.Index(code[j:], "\n"+string(q)+"@")
	if end < 0 {
		return len(code)
	}
	return j + end + 3
}

// readPS splits code (comments blanked) into statements: at newlines
// and semicolons outside brackets, and at the braces of script blocks (a
// loop's or an if's body, a function's), so a body's statements stand
// alone; a hashtable @{ … }, an array @( … ), parentheses and brackets
// hold their lines together, and a line ending in a backtick, '|', ',' or
// '=' goes on to the next.
func readPS(code string) *psCode {
	p := &psCode{code: code, blockEnd: map[int]int{}}
	type open struct {
		at   int
		hold bool // holds lines together (not a script block)
	}
	var stack []open
	depth := 0
	start := 0
	emit := func(end int) {
		if strings.TrimSpace(code[start:end]) != "" {
			p.stmts = append(p.stmts, psStmt{code[start:end], start})
		}
		start = end + 1
	}
	for i := 0; i < len(code); i++ {
		c := code[i]
		switch c {
		case '@':
			if e := psHereEnd(code, i); e >= 0 {
				if code[i+1] == '\'' {
					p.lits = append(p.lits, [2]int{i + 2, max(i+2, e-2)})
				}
				i = e - 1
			}
		case '\'':
			j := psSkipSQ(code, i)
			p.lits = append(p.lits, [2]int{i + 1, j})
			i = j
		case '"':
			i = psSkipDQ(code, i, 0)
		case '`':
			i++
		case '$':
			if i+1 < len(code) && code[i+1] == '{' {
				// ${env:X}: a variable's name, not a block
				for j := i + 2; j < min(len(code), i+256) && code[j] != '\n'; j++ {
					if code[j] == '}' {
						i = j
						break
					}
				}
			}
		case '(', '[':
			stack = append(stack, open{i, true})
			depth++
		case '{':
			hold := i > 0 && code[i-1] == '@' || depth > 0
			stack = append(stack, open{i, hold})
			if hold {
				depth++
			} else {
				emit(i)
			}
		case ')', ']', '}':
			if len(stack) == 0 {
				if c == '}' {
					emit(i)
				}
				continue
			}
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if top.hold {
				depth--
			} else if depth == 0 {
				p.blockEnd[top.at] = i
				emit(i)
			}
		case ';':
			if depth == 0 {
				emit(i)
			}
		case '\n':
			if depth == 0 && !psContinues(code[start:i]) {
				emit(i)
			}
		}
	}
	if start < len(code) {
		emit(len(code))
	}
	return p
}

// psContinues reports whether a line ends so the statement goes on.
func psContinues(s string) bool {
	s = strings.TrimRight(s, " \t\r")
	return s != "" && strings.ContainsRune("|,=", rune(s[len(s)-1]))
}

// inLiteral reports whether code offset off lies inside a single-quoted
// string.
func (p *psCode) inLiteral(off int) bool {
	i := sort.Search(len(p.lits), func(i int) bool { return p.lits[i][1] > off })
	return i < len(p.lits) && p.lits[i][0] <= off
}

// psArg is one argument of a command: a parameter's name (lower case,
// without its dash; "" for a positional argument) and its value's text
// and offset in the text read.
type psArg struct {
	param string
	value string
	off   int
}

// psToken returns the end of the word starting at i of s: up to
// whitespace or a command's end outside quotes and brackets.
func psToken(s string, i int) int {
	j := i
	for ; j < len(s); j++ {
		switch s[j] {
		case ' ', '\t', '\n', '\r', '|', ';', ')', '}':
			return j
		case '`':
			j++
		case '\'':
			j = psSkipSQ(s, j)
		case '"':
			j = psSkipDQ(s, j, 0)
		case '(', '[', '{':
			j = psSkipParen(s, j, 0)
		}
	}
	return min(j, len(s))
}

// psSwitches are parameters of the web cmdlets that take no value.
var psSwitches = sync.OnceValue(func() map[string]bool {
	return set("usebasicparsing", "usedefaultcredentials", "skipcertificatecheck", "disablekeepalive", "passthru",
		"allowunencryptedauthentication", "skipheadervalidation", "skiphttperrorcheck", "resume", "noproxy",
		"preserveauthorizationonredirect", "allowinsecureredirect", "followrellink", "verbose", "debug", "whatif", "confirm")
})

// psCommandArgs reads the arguments of a command whose name ends at from
// in s, up to the end of its pipeline stage: named parameters (-Body $b,
// -Body:$b), switches and positional values (a splat @p is positional,
// its text kept).
func psCommandArgs(s string, from int) (args []psArg, end int) {
	i := from
	for i < len(s) {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			i++
			continue
		}
		if c == '`' {
			i += 2
			continue
		}
		if c == '|' || c == ';' || c == ')' || c == '}' {
			return args, i
		}
		j := max(psToken(s, i), i+1)
		tok := s[i:j]
		if len(tok) > 1 && tok[0] == '-' && isPSNameStart(tok[1]) {
			written, val, hasVal := strings.Cut(tok[1:], ":")
			name := strings.ToLower(written)
			if hasVal {
				args = append(args, psArg{name, val, i + len(written) + 2})
				i = j
				continue
			}
			if psSwitches()[name] {
				i = j
				continue
			}
			// the value is the next word
			k := j
			for k < len(s) && (s[k] == ' ' || s[k] == '\t' || s[k] == '`' || s[k] == '\r' || s[k] == '\n') {
				if s[k] == '`' {
					k++
				}
				k++
			}
			if k >= len(s) || strings.IndexByte("|;)}", s[k]) >= 0 || s[k] == '-' && k+1 < len(s) && isPSNameStart(s[k+1]) {
				// no value follows: a switch the list above lacks
				args = append(args, psArg{name, "", j})
				i = k
				continue
			}
			e := max(psToken(s, k), k+1)
			args = append(args, psArg{name, s[k:e], k})
			i = e
			continue
		}
		args = append(args, psArg{"", tok, i})
		i = j
	}
	return args, len(s)
}

func isPSNameStart(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// psSplitTop splits s at sep bytes outside quotes and brackets, with each
// part's offset in s.
func psSplitTop(s string, seps string) (parts []string, offs []int) {
	start := 0
	for j := 0; j < len(s); j++ {
		switch c := s[j]; {
		case c == '`':
			j++
		case c == '\'':
			j = psSkipSQ(s, j)
		case c == '"':
			j = psSkipDQ(s, j, 0)
		case c == '(' || c == '[' || c == '{':
			j = psSkipParen(s, j, 0)
		case strings.IndexByte(seps, c) >= 0:
			parts, offs = append(parts, s[start:j]), append(offs, start)
			start = j + 1
		}
	}
	return append(parts, s[start:]), append(offs, start)
}

// psHashEntries reads the entries of a hashtable literal @{ … } (or
// [ordered]@{ … }) that expr opens with: each key (lower case, unquoted)
// and its value's text and offset in expr. ok is false when expr is no
// hashtable.
func psHashEntries(expr string) (keys, vals []string, offs []int, ok bool) {
	t := strings.TrimLeft(expr, " \t\r\n")
	lead := len(expr) - len(t)
	if strings.HasPrefix(strings.ToLower(t), "[ordered]") {
		t2 := strings.TrimLeft(t[len("[ordered]"):], " \t")
		lead += len(t) - len(t2)
		t = t2
	}
	if !strings.HasPrefix(t, "@{") {
		return nil, nil, nil, false
	}
	end := psSkipParen(t, 1, 0)
	inner := t[2:max(2, end)]
	parts, poffs := psSplitTop(inner, ";\n")
	for i, part := range parts {
		k, v, found := psCutTop(part, '=')
		if !found {
			continue
		}
		key := strings.ToLower(strings.Trim(strings.TrimSpace(k), `'"`))
		keys, vals = append(keys, key), append(vals, v)
		offs = append(offs, lead+2+poffs[i]+len(k)+1)
	}
	return keys, vals, offs, true
}

// psCutTop cuts s around the first sep outside quotes and brackets.
func psCutTop(s string, sep byte) (before, after string, found bool) {
	parts, offs := psSplitTop(s, string(sep))
	if len(parts) < 2 {
		return s, "", false
	}
	return s[:offs[1]-1], s[offs[1]:], true
}

// psCallArgs returns the arguments of a method call whose '(' is at open
// in s, split at commas, with their offsets in s.
func psCallArgs(s string, open int) (args []string, offs []int) {
	end := psSkipParen(s, open, 0)
	if end <= open {
		return nil, nil
	}
	parts, poffs := psSplitTop(s[open+1:end], ",")
	for i, a := range parts {
		if strings.TrimSpace(a) != "" {
			args, offs = append(args, a), append(offs, open+1+poffs[i])
		}
	}
	return args, offs
}

// psParam is a parameter a param( … ) block or a function's ( … ) list
// declares: its name (lower case) and its default's text ("" for none)
// and offset in the code.
type psParam struct {
	name, def string
	off       int
}

// psParamWindow bounds the text a parameter list is looked for in: a list
// left open is not read to the end of the file for every function.
const psParamWindow = 16 << 10

// psParams reads the parameters declared in the list inside the brackets
// opened at open in code.
func psParams(code string, open int) []psParam {
	end := psSkipParen(code[:min(len(code), open+psParamWindow)], open, 0)
	if end <= open {
		return nil
	}
	var out []psParam
	parts, offs := psSplitTop(code[open+1:end], ",")
	for i, part := range parts {
		// the name: the first $variable outside the attributes' brackets
		for j := 0; j < len(part); j++ {
			switch part[j] {
			case '[', '(':
				j = psSkipParen(part, j, 0)
			case '$':
				k := j + 1
				for k < len(part) && isIdentByte(part[k]) && part[k] != '$' {
					k++
				}
				if k == j+1 {
					continue
				}
				prm := psParam{name: strings.ToLower(part[j+1 : k])}
				if _, def, ok := psCutTop(part[k:], '='); ok {
					prm.def = def
					prm.off = open + 1 + offs[i] + len(part) - len(def)
				}
				out = append(out, prm)
				j = len(part)
			}
		}
	}
	return out
}
