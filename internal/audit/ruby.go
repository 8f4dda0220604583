package audit

import (
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Ruby is read as tokens, as Python and JavaScript are (see code.go):
// string literals (quotes, %q/%Q/%w, heredocs) are found and comments
// blanked, so that
//   - the commands Ruby runs (system, exec, spawn, Open3, IO.popen,
//     backticks and %x) go through the shell rules, an argument list
//     joined as the shell would see it;
//   - a string literal that holds shell code (a hook or script body
//     the code writes out) is read by the shell rules like one in
//     Python;
//   - a file written (File.write, IO.write, File.open(..., 'w'),
//     FileUtils.cp and friends) to a place that runs code later (a
//     shell rc file, a systemd or launchd folder, authorized_keys, a
//     git hooks folder) is rule persistence, ranked as the shell's.

// rubyLit is one string literal of Ruby source: its source range (with
// delimiters; a heredoc's is its opener, <<~ID), its text
// (interpolations #{...} as $X), the line its text starts on, and
// whether it is a command (backticks, %x) or a heredoc.
type rubyLit struct {
	start, end int
	body       string
	line       int
	cmd        bool
	heredoc    bool
	words      bool // %w[...] and %i[...]: a list of words
}

// maxRubyHeredocs bounds the heredocs read from one line.
const maxRubyHeredocs = 8

// rubyHeredocOpen matches a heredoc opener: <<~ID, <<-ID, <<ID (bare
// only in capitals, so `list << item` is no heredoc), quoted or not.
var rubyHeredocOpen = lazyRE(`^<<([~-]?)(?:(['"\x60])([A-Za-z_]\w*)['"\x60]|([A-Za-z_]\w*))`)

// lexRuby returns code with comments and heredoc bodies blanked (newlines
// kept, so offsets keep their lines) and the string literals found.
// Quoted strings end at their line's end; regular expressions are read
// as code.
func lexRuby(src string) (string, []rubyLit) {
	b := []byte(src)
	var lits []rubyLit
	type pending struct {
		id             string
		squiggly, dash bool
		raw, cmd       bool
		start, openEnd int
	}
	var heredocs []pending
	line := 1
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '\n':
			line++
			if len(heredocs) == 0 {
				continue
			}
			// the bodies of the heredocs opened on this line follow it,
			// one after the other
			pos, end := i+1, i
			for n, h := range heredocs {
				if n > 0 {
					line++ // the newline ending the previous terminator
				}
				bodyLine := line
				var body []string
				end = len(b)
				for j := pos; j < len(b); {
					lineEnd := len(b)
					if e := strings.IndexByte(src[j:], '\n'); e >= 0 {
						lineEnd = j + e
					}
					l := src[j:lineEnd]
					t := l
					if h.squiggly || h.dash {
						t = strings.TrimSpace(l)
					}
					if t == h.id {
						end = lineEnd
						break
					}
					body = append(body, l)
					j = lineEnd + 1
				}
				for k := pos; k < end; k++ {
					if b[k] == '\n' {
						line++
					} else {
						b[k] = ' '
					}
				}
				text := strings.Join(body, "\n")
				if h.squiggly {
					text = dedent(body)
				}
				if !h.raw {
					text = rubyInterp(text)
				}
				lits = append(lits, rubyLit{start: h.start, end: h.openEnd, body: text, line: bodyLine, cmd: h.cmd, heredoc: true})
				pos = end + 1
				if end >= len(b) {
					break
				}
			}
			heredocs = nil
			i = end - 1 // the loop's i++ lands on the last terminator's newline
		case c == '#':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
			i--
		case c == '=' && (i == 0 || b[i-1] == '\n') && strings.HasPrefix(src[i:], "=begin"):
			end := strings.Index(src[i:], "\n=end")
			stop := len(b)
			if end >= 0 {
				stop = i + end + len("\n=end")
			}
			for ; i < stop; i++ {
				if b[i] == '\n' {
					line++
				} else {
					b[i] = ' '
				}
			}
			i--
		case c == '<' && i+1 < len(b) && b[i+1] == '<':
			m := rubyHeredocOpen.FindStringSubmatch(src[i:])
			if m == nil {
				i++
				continue
			}
			id := m[3] + m[4]
			if m[1] == "" && m[2] == "" && strings.ToUpper(id) != id {
				i++
				continue
			}
			if len(heredocs) >= maxRubyHeredocs {
				i += len(m[0]) - 1
				continue // each body is searched to its end: a bound keeps a line of openers linear
			}
			heredocs = append(heredocs, pending{id: id, squiggly: m[1] == "~", dash: m[1] == "-", raw: m[2] == "'", start: i, openEnd: i + len(m[0]), cmd: m[2] == "`"})
			i += len(m[0]) - 1
		case c == '\'' || c == '"' || c == '`':
			j := i + 1
			for j < len(b) && b[j] != c && b[j] != '\n' {
				if b[j] == '\\' {
					j++
				} else if c != '\'' && b[j] == '#' && j+1 < len(b) && b[j+1] == '{' {
					// an interpolation may quote: "#{CFG["url"]}"
					j = rubyInterpEnd(b, j+1)
					continue
				}
				j++
			}
			if j >= len(b) || b[j] != c {
				continue // no closing quote on the line: not read as a string
			}
			body := src[i+1 : j]
			if c == '\'' {
				body = strings.NewReplacer(`\'`, `'`, `\\`, `\`).Replace(body)
			} else {
				body = rubyInterp(unescapeLit(body))
			}
			lits = append(lits, rubyLit{start: i, end: j + 1, body: body, line: line, cmd: c == '`'})
			i = j
		case c == '%' && (i+2 < len(b) && strings.IndexByte("qQwWiIx", b[i+1]) >= 0 && strings.IndexByte("([{<|!/", b[i+2]) >= 0 || rubyBarePercent(b, i)):
			// %q(...), %w[...], %x{...}, or a bare %(...), which is %Q(...)
			kind, d := byte('Q'), i+1
			if strings.IndexByte("qQwWiIx", b[i+1]) >= 0 {
				kind, d = b[i+1], i+2
			}
			open := b[d]
			close := map[byte]byte{'(': ')', '[': ']', '{': '}', '<': '>'}[open]
			if close == 0 {
				close = open
			}
			depth, j := 1, d+1
			for ; j < len(b); j++ {
				if b[j] == '\\' {
					j++
					continue
				}
				if b[j] == open && open != close {
					depth++
				} else if b[j] == close {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if j >= len(b) {
				continue
			}
			body := src[d+1 : j]
			if kind != 'q' && kind != 'w' && kind != 'i' {
				body = rubyInterp(body)
			}
			lits = append(lits, rubyLit{start: i, end: j + 1, body: body, line: line, cmd: kind == 'x', words: strings.IndexByte("wWiI", kind) >= 0})
			line += strings.Count(src[i:j], "\n")
			i = j
		}
	}
	sort.Slice(lits, func(i, j int) bool { return lits[i].start < lits[j].start })
	return string(b), lits
}

// rubyBarePercent reports whether the % at b[i] opens a bare %(...)
// string (sh %(curl ... | bash)) rather than being the modulo operator:
// it is followed by a bracket or | or !, and it starts an operand (the
// line's start, after an opening bracket, comma, operator or keyword-like
// word followed by a space) while the character after the delimiter is
// not a space (x % (y) is modulo).
func rubyBarePercent(b []byte, i int) bool {
	if i+2 >= len(b) || strings.IndexByte("([{<|!", b[i+1]) < 0 || b[i+2] == ' ' || b[i+2] == '\n' {
		return false
	}
	p := i - 1
	if p < 0 || b[p] == '\n' || strings.IndexByte("([{,=!&|?:;", b[p]) >= 0 {
		return true
	}
	if b[p] != ' ' && b[p] != '\t' {
		return false // x%(y): modulo
	}
	for p >= 0 && (b[p] == ' ' || b[p] == '\t') {
		p--
	}
	// after a method name (sh %(...), puts %[...]), an operator or the
	// line's start; not after a number, a closing bracket or a value
	// ending in a quote (10 %(3) is modulo)
	return p < 0 || b[p] == '\n' || !(b[p] >= '0' && b[p] <= '9' || strings.IndexByte(")]}\"'", b[p]) >= 0)
}

// rubyInterpEnd returns the offset after the } closing the interpolation
// whose { is at b[i], braces counted; at the line's end when it is not
// closed on its line.
func rubyInterpEnd(b []byte, i int) int {
	depth := 0
	for j := i; j < len(b) && b[j] != '\n'; j++ {
		switch b[j] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	for i < len(b) && b[i] != '\n' {
		i++
	}
	return i
}

// dedent removes the common leading white space of lines (a squiggly
// heredoc's body), blank lines aside.
func dedent(lines []string) string {
	indent := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		if len(l) >= indent && indent > 0 {
			l = l[indent:]
		}
		out[i] = l
	}
	return strings.Join(out, "\n")
}

// rubyHomeSrc is the pattern of Ruby's usual expressions for the home
// folder (Dir.home, ENV["HOME"], ENV.fetch("HOME")), shared by
// rubyHomeInterp and rubyHomeExpr.
const rubyHomeSrc = `Dir\.home(?:\(\))?|ENV\[\s*['"]HOME['"]\s*\]|ENV\.fetch\(\s*['"]HOME['"]\s*\)`

// rubyInterpRe matches an interpolation in a double-quoted Ruby string;
// rubyHomeInterp one that is the home folder.
var (
	rubyInterpRe   = lazyRE(`#\{[^{}]*\}`)
	rubyHomeInterp = lazyRE(`^#\{\s*(?:` + rubyHomeSrc + `)\s*\}$`)
)

// rubyInterp writes interpolations as shell words: the home folder as
// $HOME, anything else as an unknown variable.
func rubyInterp(s string) string {
	if !strings.Contains(s, "#{") {
		return s
	}
	return rubyInterpRe.re().ReplaceAllStringFunc(s, func(m string) string {
		if rubyHomeInterp.MatchString(m) {
			return "$HOME"
		}
		return "$X"
	})
}

// rubyExecRe finds a Ruby call that runs a command.
var rubyExecRe = lazyRE(`(?:^|[^.\w:])(?:Kernel\.)?(?:system|exec|spawn)\b[ \t]*\(?|\bProcess\.spawn[ \t]*\(?|\bOpen3\.(?:capture2e?|capture3|popen2e?|popen3|pipeline(?:_\w+)?)[ \t]*\(?|\bIO\.popen[ \t]*\(?|\bPTY\.spawn[ \t]*\(?`)

// rubyWriteRe finds a Ruby call that writes a file: group 1 marks the
// calls whose first argument is the path written, the others (copies)
// write their second.
var rubyWriteRe = lazyRE(`\b(?:File|IO)\.(?:write|binwrite)[ \t]*\(?|\bFile\.open[ \t]*\(?|\bFile\.new[ \t]*\(?|\bFileUtils\.(?:cp|copy|copy_file|install|mv|move|ln|ln_s|ln_sf|cp_r)[ \t]*\(?|\bFile\.symlink[ \t]*\(?`)

// rubyAssign finds an assignment to a name or constant at a line's
// start (the last one of a name is kept).
var rubyAssign = lazyRE(`(?m)^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*([^=\n][^\n]*)$`)

// rubyScan is the state of one Ruby file's scan.
type rubyScan struct {
	sc      *skillCtx
	rel     string
	src     string
	code    string
	lits    []rubyLit
	li      lineIndex
	assigns map[string]string
	used    map[int]bool // literals read as commands
	sh      *shScan      // ranks persistence writes (persistence)
	// bySrc maps a literal's source text to its index (the first);
	// steps counts path resolutions against maxRubySteps; hookNamed
	// is set when a literal names a git hook (0 unknown, 1 no, 2 yes).
	bySrc     map[string]int
	steps     int
	hookNamed int
	// cmds are the commands the file runs, read together as a script
	// (taskScript).
	cmds []rubyCmd
	// fetched is set when a command stands for what the file does with
	// a server's answer (rubyfetch.go): one is enough for the script.
	fetched bool
	// pathOf, when set, places expressions path does not know itself
	// (rake's project folder: rakeclean.go); "" when it cannot either.
	pathOf func(expr string) string
}

// maxRubySteps bounds the path resolutions of one file: names assigned
// from joins of names could otherwise branch without end.
const maxRubySteps = 4096

// newRubyScan lexes src and indexes its literals (the first of equal
// texts) and its assignments (the last of a name), the state every Ruby
// reader works from. sc may be nil where nothing is reported.
func newRubyScan(sc *skillCtx, rel, src string) *rubyScan {
	code, lits := lexRuby(src)
	r := &rubyScan{sc: sc, rel: rel, src: src, code: code, lits: lits, li: newLineIndex(code), assigns: map[string]string{}, used: map[int]bool{}, bySrc: map[string]int{}}
	for i := len(lits) - 1; i >= 0; i-- {
		r.bySrc[src[lits[i].start:lits[i].end]] = i
	}
	for _, m := range rubyAssign.FindAllStringSubmatchIndex(code, 512) {
		r.assigns[code[m[2]:m[3]]] = strings.TrimSpace(code[m[4]:m[5]])
	}
	return r
}

// scanRuby runs the Ruby rules over a script (see the top of this file).
func scanRuby(sc *skillCtx, rel, src string) {
	r := newRubyScan(sc, rel, src)
	lits := r.lits
	r.sh = &shScan{sc: sc, rel: rel, lines: strings.Split(src, "\n"), line0: 1, w: inScript, downloaded: map[string]int{}, budget: &walkBudget{ctx: sc.ctx}}
	r.execCalls()
	r.callCmds()
	r.fetchCmds()
	r.writes()
	r.scanAgent()
	r.credSends()
	for i, l := range lits {
		if r.used[i] || len(l.body) <= 3 {
			continue
		}
		if l.cmd {
			scanShell(sc, rel, l.body, l.line, inScript)
			continue
		}
		if shellish.MatchString(l.body) {
			sc.inLiteral = true
			scanShell(sc, rel, l.body, l.line, inScript)
			sc.inLiteral = false
		}
	}
	r.taskScript()
}

// args returns the top-level arguments of the call whose name ends at
// off in code: up to the matching ")" when the call has parentheses
// (paren true), else to the line's end; each argument's source text,
// trimmed.
func (r *rubyScan) args(off int, paren bool) []string {
	var out []string
	depth, start := 0, off
	for i := off; i < len(r.code); i++ {
		if e, ok := r.inLit(i); ok {
			i = e - 1
			continue
		}
		c := r.code[i]
		switch {
		case c == '(' || c == '[' || c == '{':
			depth++
		case (c == ')' || c == ']' || c == '}') && depth > 0:
			depth--
		case c == ')' && depth == 0 && paren, c == '\n' && !paren && depth == 0, c == ';' && depth == 0:
			return append(out, strings.TrimSpace(r.code[start:i]))
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(r.code[start:i]))
			start = i + 1
		case c == '\n' && i > off && strings.HasSuffix(strings.TrimRight(r.code[start:i], " \t"), "do"):
			return out
		}
		if i-off > 2000 {
			return append(out, strings.TrimSpace(r.code[min(start, i):i]))
		}
	}
	return append(out, strings.TrimSpace(r.code[min(start, len(r.code)):]))
}

// inLit returns the end of the literal holding offset i, if one does
// (the literals are sorted by start and do not overlap).
func (r *rubyScan) inLit(i int) (int, bool) {
	k := sort.Search(len(r.lits), func(k int) bool { return r.lits[k].start > i }) - 1
	if k >= 0 && i < r.lits[k].end {
		return r.lits[k].end, true
	}
	return 0, false
}

// litOf returns the index of the literal whose source is expr.
func (r *rubyScan) litOf(expr string) (int, bool) {
	i, ok := r.bySrc[expr]
	return i, ok
}

// word returns an argument as one shell word: a literal's text quoted,
// an array's elements, the home folder as $HOME, anything else $X.
func (r *rubyScan) word(expr string, depth int) []string {
	expr = strings.TrimPrefix(strings.TrimSpace(expr), "*") // a splat spreads its list
	if i, ok := r.litOf(expr); ok {
		r.used[i] = true
		if r.lits[i].words {
			var out []string
			for _, w := range strings.Fields(r.lits[i].body) {
				out = append(out, shellQuote(w))
			}
			return out
		}
		return []string{shellQuote(r.lits[i].body)}
	}
	if strings.HasPrefix(expr, "[") && strings.HasSuffix(expr, "]") {
		var out []string
		for _, el := range splitTop(expr[1 : len(expr)-1]) {
			out = append(out, r.word(el, depth)...)
		}
		return out
	}
	if rubyHomeExpr.MatchString(expr) {
		return []string{"$HOME"}
	}
	if v, ok := r.assigns[expr]; ok && depth < 4 {
		if _, isLit := r.litOf(v); isLit {
			return r.word(v, depth+1)
		}
	}
	return []string{"$X"}
}

// rubyHomeExpr is a whole expression that is the home folder in Ruby:
// rubyHomeSrc's forms and Etc.getpwuid.dir.
var rubyHomeExpr = lazyRE(`^(?:` + rubyHomeSrc + `|Etc\.getpwuid(?:\(\))?\.dir)$`)

// shellQuote quotes s as one bash word.
func shellQuote(s string) string {
	if q, err := syntax.Quote(s, syntax.LangBash); err == nil {
		return q
	}
	return "$X"
}

// splitTop splits s at its top-level commas.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// execCalls runs the shell rules over the commands of the file's exec
// calls: one string is a command line; several arguments (an array
// too) are one command's words. A leading hash (the environment) and
// trailing options (chdir:, exception:) are left out.
func (r *rubyScan) execCalls() {
	for _, m := range rubyExecRe.FindAllStringIndex(r.code, 64) {
		if _, ok := r.inLit(m[1] - 1); ok {
			continue // the word in a string
		}
		paren := strings.HasSuffix(r.code[m[0]:m[1]], "(")
		args := r.args(m[1], paren)
		var words []string
		for len(args) > 0 && strings.HasPrefix(args[0], "{") {
			args = args[1:] // the environment
		}
		for len(args) > 0 && (strings.Contains(args[len(args)-1], "=>") || rubyOption.MatchString(args[len(args)-1])) {
			args = args[:len(args)-1]
		}
		if len(args) == 0 || args[0] == "" {
			continue
		}
		line := r.li.line(m[1] - 1) // m[0] may be the previous line's newline
		if len(args) == 1 {
			if text, joined, ok := r.joinValue(args[0], 0); ok && joined {
				// a command line joined from an array (rubyjoin.go)
				if i, isLit := r.litOf(args[0]); isLit {
					r.used[i] = true
				}
				scanShell(r.sc, r.rel, text, line, inScript)
				r.addCmd(m[1], text, false)
				continue
			}
			if i, ok := r.litOf(args[0]); ok {
				r.used[i] = true
				scanShell(r.sc, r.rel, r.lits[i].body, line, inScript)
				r.addCmd(m[1], r.render(i), false)
				continue
			}
		}
		var cmdWords []string // a name's path resolved: the script's reading
		for _, a := range args {
			w := r.word(a, 0)
			words = append(words, w...)
			if len(w) == 1 && w[0] == "$X" {
				if p := r.path(a, 0); p != "$X" && rubyPlainPath.MatchString(p) {
					w = []string{p}
				}
			}
			cmdWords = append(cmdWords, w...)
		}
		scanShell(r.sc, r.rel, strings.Join(words, " "), line, inScript)
		r.addCmd(m[1], strings.Join(cmdWords, " "), false)
	}
}

// literal returns the text of a literal argument, or of a name assigned
// one (HOOK = <<~SH ... File.write(p, HOOK)), else "".
func (r *rubyScan) literal(expr string) string {
	if i, ok := r.litOf(expr); ok {
		return r.lits[i].body
	}
	if v, ok := r.assigns[strings.TrimSpace(expr)]; ok {
		if i, ok := r.litOf(v); ok {
			return r.lits[i].body
		}
	}
	return ""
}

// rubyOption matches a keyword argument (chdir: dir, exception: true).
var rubyOption = lazyRE(`^[a-z_]+:\s`)

// path resolves a Ruby path expression to text: literals, File.join,
// File.expand_path, the home folder and names assigned in the file; an
// unknown part is $X.
func (r *rubyScan) path(expr string, depth int) string {
	expr = strings.TrimSpace(expr)
	r.steps++
	if depth > 6 || r.steps > maxRubySteps {
		return "$X"
	}
	if i, ok := r.litOf(expr); ok {
		return strings.Replace(r.lits[i].body, "$HOME", "~", 1)
	}
	if rubyHomeExpr.MatchString(expr) {
		return "~"
	}
	if r.pathOf != nil {
		if p := r.pathOf(expr); p != "" {
			return p
		}
	}
	for _, fn := range []string{"File.join(", "File.expand_path(", "Pathname.new(", "Pathname("} {
		if strings.HasPrefix(expr, fn) && strings.HasSuffix(expr, ")") {
			parts := splitTop(expr[len(fn) : len(expr)-1])
			if fn == "File.expand_path(" && len(parts) == 2 {
				parts = []string{parts[1], parts[0]}
			}
			var out []string
			for _, p := range parts {
				out = append(out, strings.TrimSuffix(r.path(p, depth+1), "/"))
			}
			return strings.Join(out, "/")
		}
	}
	if v, ok := r.assigns[expr]; ok {
		return r.path(v, depth+1)
	}
	return "$X"
}

// gitHookName is the name of a hook git runs by itself.
var gitHookName = lazyRE(`^(?:pre-commit|prepare-commit-msg|commit-msg|post-commit|post-checkout|post-merge|pre-push|pre-rebase|post-rewrite|pre-receive|post-receive|update|pre-applypatch|applypatch-msg|post-applypatch|pre-auto-gc|reference-transaction|push-to-checkout|post-index-change|pre-merge-commit)$`)

// hooksFolder reports a path in a folder named hooks while the file
// names a git hook (a literal that is one).
func (r *rubyScan) hooksFolder(p string) bool {
	if !strings.Contains(p+"/", "/hooks/") {
		return false
	}
	if r.hookNamed == 0 {
		r.hookNamed = 1
		for _, l := range r.lits {
			if len(l.body) < 32 && gitHookName.MatchString(l.body) {
				r.hookNamed = 2
				break
			}
		}
	}
	return r.hookNamed == 2
}

// writes ranks the file's writes to places that run code later, as the
// shell's persistence rule ranks them; a literal written there is the
// content.
func (r *rubyScan) writes() {
	for _, m := range rubyWriteRe.FindAllStringIndex(r.code, 64) {
		if _, ok := r.inLit(m[0]); ok {
			continue
		}
		call := r.code[m[0]:m[1]]
		paren := strings.HasSuffix(call, "(")
		args := r.args(m[1], paren)
		pathArg, content := 0, ""
		switch {
		case strings.HasPrefix(call, "FileUtils.") || strings.HasPrefix(call, "File.symlink"):
			pathArg = 1
		case strings.HasPrefix(call, "File.open") || strings.HasPrefix(call, "File.new"):
			if len(args) < 2 || !rubyWriteMode.MatchString(args[1]) {
				continue
			}
		default:
			if len(args) > 1 {
				content = r.literal(args[1])
			}
		}
		if content == "" && pathArg == 0 {
			content = r.blockText(m[1])
		}
		if pathArg >= len(args) {
			continue
		}
		target := r.path(args[pathArg], 0)
		line := r.li.line(m[0])
		shipped := false
		if pathArg == 1 {
			if i, ok := r.litOf(args[0]); ok {
				shipped = r.sh.shippedFile(r.lits[i].body)
			}
		}
		switch {
		case shipped && (persistTarget.MatchString(target) || persistTarget.MatchString(target+"/")) && userLevel(target):
			r.sh.persistWrite(line, target, "", true, false)
		case persistTarget.MatchString(target) || persistTarget.MatchString(target+"/"):
			r.sh.persistence(line, target, content)
		case r.hooksFolder(target):
			r.sh.persistWrite(line, target, content, false, rcPayloadRisky.MatchString(content))
		}
	}
}

// blockText returns the literals a write's block gives it (File.open(p,
// 'a') { |f| f.puts '...' }): those after the block's start ({ or do)
// to the end of its line, or of a do ... end block (at most 20 lines),
// joined by newlines; "" when the call has no block.
func (r *rubyScan) blockText(off int) string {
	end := strings.IndexByte(r.code[off:], '\n')
	if end < 0 {
		end = len(r.code) - off
	}
	if strings.HasSuffix(strings.TrimSpace(r.code[off:off+end]), "do") || strings.Contains(r.code[off:off+end], " do |") {
		lines := 0
		for e := off + end; e < len(r.code) && lines < 20; lines++ {
			next := strings.IndexByte(r.code[e+1:], '\n')
			if next < 0 {
				end = len(r.code) - off
				break
			}
			end = e + 1 + next - off
			if strings.TrimSpace(r.code[e+1:e+1+next]) == "end" {
				break
			}
			e = e + 1 + next
		}
	}
	block := r.code[off : off+end]
	i := strings.IndexByte(block, '{')
	if d := strings.Index(block, " do"); d >= 0 && (i < 0 || d < i) {
		i = d
	}
	if i < 0 {
		return ""
	}
	var parts []string
	for _, l := range r.lits {
		if l.start > off+i && l.start < off+end {
			parts = append(parts, l.body)
		}
	}
	return strings.Join(parts, "\n")
}

// rubyWriteMode is a File.open mode that writes or appends.
var rubyWriteMode = lazyRE(`^['"][wa]b?\+?['"]$|File::(?:WRONLY|APPEND|CREAT)`)
