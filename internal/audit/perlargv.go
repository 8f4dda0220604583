package audit

import (
	"regexp"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Perl's system and exec given a list run the program without a shell:
// system('find', $home, '-name', '.git', '-exec', 'rm', '-rf', '{}',
// '+') is the same find the shell would run from the joined line, and
// the shell rules (destructive-command among them) read it as that line.
// Each element becomes one shell word: a literal as its text (a
// double-quoted one interpolated), the home folder ($ENV{HOME}, a scalar
// bound once to it, File::Spec->catdir of it and literals, "$home/.ssh")
// as $HOME, a scalar bound once to a literal as that literal, qw() words
// as words, and anything else as $X, an unknown word; a double-quoted
// command line (the script after sh -c) keeps its known text, what it
// interpolates unknown standing as $X in it. A scalar bound once to the
// home folder is also read as $HOME inside the command strings Perl
// hands the shell (system("find $home -exec rm -rf {} +")).
//
// A command held in an array is the list the array holds: an array bound
// once (my @cmd = ('sh', '-c', "curl … | sh")), or declared empty, with
// what push and unshift add to it anywhere in the file (conditional ones
// too), expanded where it is given (system(@cmd), exec @cmd, system(@cmd,
// $file)) and read by element ($cmd[0]); the block form runs its block's
// program with the list's arguments (system { $cmd[0] } @cmd). An array
// whose elements the file changes otherwise (an element assigned, pop,
// shift, splice, a second binding) is not read. A list of one element is
// a command line the shell parses, as system("…") is.

var (
	// perlListExecRe is a call of system or exec: its arguments follow
	// (a block form, exec { $prog } @args, names no list to read).
	perlListExecRe = lazyRE(`(?:^|[^\w>:$@&])(?:system|exec)\s*(?:\(|\s['"$@qF])`)
	// perlExecTail is what follows a call without parentheses at the end
	// of its statement: a low-precedence or, and, an if or unless.
	perlExecTail = lazyRE(`\s+(?:or|and|if|unless)\b.*$|\s*(?:\|\||&&)[^,]*$`)
	// perlCatRe is a path joined from parts: File::Spec->catdir(a, b),
	// catfile(a, b); the arguments in group 1.
	perlCatRe = lazyRE(`^(?:File::Spec->|File::Spec::Functions::)?cat(?:dir|file)\s*\((.*)\)$`)
	// perlBlockExecRe is the block form of system or exec: system {
	// $cmd[0] } @cmd runs the block's program with the list as its argv.
	perlBlockExecRe = lazyRE(`(?:^|[^\w>:$@&])(?:system|exec)\s*\{`)
	// perlGrowRe is a push or unshift onto a named array: group 1 the
	// operator, 2 the array's name; its list follows the comma.
	perlGrowRe = lazyRE(`\b(push|unshift)\s*\(?\s*@([A-Za-z_]\w*)\s*,`)
	// perlArrayChange is a change of a named array's elements other than
	// a push or an unshift: an element or a slice assigned, $#a set, pop,
	// shift or splice of it; group 1, 2, 3 or 4 the name.
	perlArrayChange = lazyRE(`\$([A-Za-z_]\w*)\s*\[[^\]\n]*\]\s*(?:\.|x|\|\||//|&&|\+|-|\*)?=[^=~>]|@([A-Za-z_]\w*)\s*\[[^\]\n]*\]\s*=[^=~>]|\$#([A-Za-z_]\w*)\s*=[^=~>]|\b(?:pop|shift|splice)\s*\(?\s*@([A-Za-z_]\w*)`)
	// perlArrayElem is an array's element by a constant index: $cmd[0],
	// $cmd[-1]; group 1 the name, 2 the index.
	perlArrayElem = lazyRE(`^\$([A-Za-z_]\w*)\s*\[\s*(-?\d+)\s*\]$`)
	// perlStmtModifier is a statement modifier ending a push's list:
	// push @cmd, '-j4' if $ENV{CI}.
	perlStmtModifier = lazyRE(`^\s+(?:if|unless|for|foreach|while|until)\b`)
)

// perlGrown are the lists pushed onto and unshifted into each array of
// a file, in the file's order, and the arrays changed otherwise.
type perlGrown struct {
	push, unshift map[string][]string // the lists' sources
	changed       map[string]bool
	items         map[string][]string // perlArrayItems's answers
}

// grownArrays reads the pushes, unshifts and other changes of the
// file's arrays, once.
func (b *perlBinds) grownArrays() *perlGrown {
	if b.grown != nil {
		return b.grown
	}
	g := &perlGrown{push: map[string][]string{}, unshift: map[string][]string{}, changed: map[string]bool{}, items: map[string][]string{}}
	b.grown = g
	c := b.c
	for _, m := range perlArrayChange.FindAllStringSubmatchIndex(c, 4096) {
		if inQuotedString(c, m[0]) {
			continue
		}
		for k := 2; k < len(m); k += 2 {
			if m[k] >= 0 {
				g.changed[c[m[k]:m[k+1]]] = true
			}
		}
	}
	for _, m := range perlGrowRe.FindAllStringSubmatchIndex(c, 4096) {
		if inQuotedString(c, m[0]) {
			continue
		}
		name := c[m[4]:m[5]]
		rest := c[m[1]:]
		list := rest[:perlStmtEnd(rest)]
		if cut := perlUnquotedIndex(list, func(s string) bool { return perlStmtModifier.MatchString(s) }); cut >= 0 {
			list = list[:cut]
		}
		if b.spent += len(list); b.spent > maxPerlWork {
			break
		}
		if c[m[2]:m[3]] == "push" {
			g.push[name] = append(g.push[name], list)
		} else {
			g.unshift[name] = append(g.unshift[name], list)
		}
	}
	return g
}

// perlUnquotedIndex returns the first offset of s outside a string
// literal at which at reports true, or -1.
func perlUnquotedIndex(s string, at func(string) bool) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"', '\'', '`':
			i = stringEnd(s, i, true)
			continue
		}
		if at(s[i:]) {
			return i
		}
	}
	return -1
}

// perlListItems returns the elements of a Perl list's source (a
// parenthesized or bare list, qw() words as single-quoted literals, the
// elements of the arrays it names as arrayItems reads them), each an
// expression's source; false when an array it names cannot be read.
func perlListItems(d *perlDecoder, src string, depth int) ([]string, bool) {
	src = strings.TrimSpace(src)
	if depth > 4 {
		return nil, false
	}
	if strings.HasPrefix(src, "(") && closeOf(src, 0, "\"'", true) == len(src)-1 {
		src = src[1 : len(src)-1]
	}
	var out []string
	for _, a := range callArgs(src + ")") {
		a = strings.TrimSpace(a)
		switch {
		case strings.HasPrefix(a, "@") && isIdentBytes(a[1:]) && len(a) > 1:
			sub, ok := perlArrayItems(d, a[1:], depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, sub...)
		case strings.HasPrefix(a, "qw") && qwList.MatchString(a):
			qw := qwList.FindStringSubmatch(a)
			for _, w := range strings.Fields(strings.Join(qw[1:], " ")) {
				out = append(out, "'"+strings.ReplaceAll(w, "'", `\'`)+"'")
			}
		case strings.HasPrefix(a, "(") && strings.HasSuffix(a, ")"):
			sub, ok := perlListItems(d, a, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, sub...)
		default:
			out = append(out, a)
		}
		if len(out) > 256 {
			return nil, false
		}
	}
	return out, true
}

// perlArrayItems returns the elements of the array name (see above): its
// one binding's list, or none when it is only declared, then what the
// file's unshifts put before and its pushes after, in order; false when
// it is bound more than once, changed otherwise or not a list of known
// length.
func perlArrayItems(d *perlDecoder, name string, depth int) ([]string, bool) {
	b := d.binds
	b.collect()
	g := b.grownArrays()
	if g.changed[name] || depth > 4 || b.spent > maxPerlWork {
		return nil, false
	}
	if items, ok := g.items[name]; ok {
		return items, items != nil
	}
	b.spent += 256 // each reading costs, however little it reads
	items, ok := perlArrayRead(d, g, name, depth)
	if depth == 0 {
		g.items[name] = items // an answer cut short by depth is not kept
	}
	return items, ok
}

// perlArrayRead reads the elements of array name for perlArrayItems.
func perlArrayRead(d *perlDecoder, g *perlGrown, name string, depth int) ([]string, bool) {
	b := d.binds
	var items []string
	switch v, ok := b.arrays[name]; {
	case ok:
		v = strings.TrimSpace(v)
		if !strings.HasPrefix(v, "(") && !strings.HasPrefix(v, "qw") {
			return nil, false // a call's or an expression's list
		}
		var good bool
		if items, good = perlListItems(d, v, depth); !good {
			return nil, false
		}
	case b.arrayBinds[name] > 1:
		return nil, false
	}
	var pre []string
	for i := len(g.unshift[name]) - 1; i >= 0; i-- {
		sub, ok := perlListItems(d, g.unshift[name][i], depth)
		if !ok {
			return nil, false
		}
		pre = append(pre, sub...)
	}
	items = append(pre, items...)
	for _, l := range g.push[name] {
		sub, ok := perlListItems(d, l, depth)
		if !ok {
			return nil, false
		}
		items = append(items, sub...)
		if len(items) > 256 {
			return nil, false
		}
	}
	if len(items) == 0 {
		return nil, false
	}
	return items, true
}

// perlCutOrTail returns e, a list element's source, less a fallback
// after its value (or die, || "/tmp", // ""), found outside its string
// literals: the // of a URL in a string is text.
func perlCutOrTail(e string) string {
	i := perlUnquotedIndex(e, func(s string) bool {
		return strings.HasPrefix(s, "||") || strings.HasPrefix(s, "//")
	})
	for j := 0; j+2 <= len(e); j++ {
		if i >= 0 && j >= i {
			break
		}
		switch e[j] {
		case '"', '\'', '`':
			j = stringEnd(e, j, true)
			continue
		}
		if e[j:j+2] == "or" && (j == 0 || !isWordByte(e[j-1])) && (j+2 == len(e) || !isWordByte(e[j+2])) {
			i = j
			break
		}
	}
	if i >= 0 {
		return strings.TrimSpace(e[:i])
	}
	return e
}

// perlInterpRef is a value Perl interpolates into a double-quoted string:
// a scalar, an element of a hash or an array, a dereference.
var perlInterpRef = lazyRE(`\$(?:\{\s*\w+\s*\}|\w+)(?:->)?(?:\{[^}\n]*\}|\[[^\]\n]*\])*|@\{\[[^\n]*?\]\}`)

// perlUnknownInterp returns s, a double-quoted string's body, with each
// value it interpolates, other than the home folder ($HOME), written $X
// (an unknown shell word); an escaped \$ stays.
func perlUnknownInterp(s string) string {
	var b strings.Builder
	last := 0
	for _, m := range perlInterpRef.FindAllStringIndex(s, 256) {
		if m[0] < last || s[m[0]:m[1]] == "$HOME" || strings.HasPrefix(s[m[0]:], "$HOME/") {
			continue
		}
		bs := 0
		for k := m[0] - 1; k >= 0 && s[k] == '\\'; k-- {
			bs++
		}
		if bs%2 == 1 {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteString(pyUnknown)
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// perlHomeScalars returns the scalars bound once in the file to the
// home folder (my $home = $ENV{HOME} or die …), which Perl interpolates
// into command strings as the home folder's path.
func perlHomeScalars(d *perlDecoder) map[string]bool {
	d.binds.collect()
	out := map[string]bool{}
	for name, v := range d.binds.scalars {
		if w, ok := perlArgWord(d, v, nil, 0); ok && w == `"$HOME"` {
			out[name] = true
		}
	}
	return out
}

// perlHomeInterp returns s, a double-quoted string's body, with each
// scalar of homes written as $HOME.
func perlHomeInterp(s string, homes map[string]bool) string {
	if len(homes) == 0 || !strings.Contains(s, "$") {
		return s
	}
	return perlInterp.ReplaceAllStringFunc(s, func(m string) string {
		g := perlInterp.FindStringSubmatch(m)
		if !homes[g[1]+g[2]] {
			return m
		}
		if g[2] != "" {
			return "$HOME" + m[1+len(g[2]):]
		}
		return "$HOME" + m[len(g[1])+3:]
	})
}

// perlArgWord returns the shell word Perl expression e (one element of
// an argument list) stands for, and whether any of it is known; an
// unknown element is $X. homes are the scalars holding the home folder
// (perlHomeScalars), read as $HOME inside double-quoted strings.
func perlArgWord(d *perlDecoder, e string, homes map[string]bool, depth int) (string, bool) {
	e = perlCutOrTail(strings.TrimSpace(e))
	if depth > 4 || e == "" {
		return pyUnknown, false
	}
	if perlWipe.home.MatchString(e) && perlWipe.home.FindString(e) == e {
		return `"$HOME"`, true
	}
	q := func(s string) string {
		if strings.HasPrefix(s, "$HOME") {
			return `"` + s + `"`
		}
		if w, err := syntax.Quote(s, syntax.LangBash); err == nil {
			return w
		}
		return pyUnknown
	}
	switch {
	case len(e) >= 2 && e[0] == '\'' && stringEnd(e, 0, false) == len(e)-1:
		return q(strings.ReplaceAll(e[1:len(e)-1], `\'`, `'`)), true
	case len(e) >= 2 && e[0] == '"' && stringEnd(e, 0, false) == len(e)-1:
		s := otherShellHome.ReplaceAllString(e[1:len(e)-1], "$$HOME")
		s = otherShellHome.ReplaceAllString(d.interpolate(perlHomeInterp(s, homes)), "$$HOME")
		if strings.Contains(strings.ReplaceAll(s, "$HOME", ""), "$") {
			if !strings.ContainsAny(strings.TrimSpace(s), " \t") {
				return pyUnknown, false
			}
			// a command line (sh -c's script): its known text, each
			// value it interpolates that is not known an unknown word
			s = perlUnknownInterp(s)
			return `"` + strings.NewReplacer(`"`, `\"`, "`", "\\`").Replace(unescapeLit(s)) + `"`, true
		}
		return q(unescapeLit(s)), true
	case regexp.MustCompile(`^\$[A-Za-z_]\w*$`).MatchString(e):
		if v, ok := d.binds.scalar(e[1:]); ok {
			return perlArgWord(d, v, homes, depth+1)
		}
	}
	if m := perlArrayElem.FindStringSubmatch(e); m != nil {
		if items, ok := perlArrayItems(d, m[1], 0); ok {
			i, _ := strconv.Atoi(m[2])
			if i < 0 {
				i += len(items)
			}
			if i >= 0 && i < len(items) {
				return perlArgWord(d, items[i], homes, depth+1)
			}
		}
	}
	if m := perlCatRe.FindStringSubmatch(e); m != nil {
		var parts []string
		for _, a := range callArgs(m[1] + ")") {
			w, ok := perlArgWord(d, a, homes, depth+1)
			if !ok || strings.HasPrefix(w, "$X") {
				return pyUnknown, false
			}
			parts = append(parts, strings.Trim(w, `"'`))
		}
		if len(parts) > 0 && strings.HasPrefix(parts[0], "$HOME") {
			return q(strings.Join(parts, "/")), true
		}
	}
	// a word built from pieces: 'https://' . $host . '/x', join('', …)
	if len(perlConcatParts(e)) > 1 || strings.HasPrefix(e, "join") || strings.HasPrefix(e, "q") {
		if s, ok := d.perlStrExpr(e, homes, depth+1); ok {
			return q(s), true
		}
	}
	return pyUnknown, false
}

// perlListCommands returns the command lines of the list forms of
// system and exec in code (Perl, comments blanked), each with the offset
// of its call: the elements joined as shell words, an array given
// expanded to what it holds (perlArrayItems), and in the block form
// (system { $cmd[0] } @cmd) the block's program first, then the list
// less its first element. A call given one argument (a command line the
// shell parses) is left to scanOtherExec's reading of the string, but an
// array of one literal is that command line.
func perlListCommands(d *perlDecoder, code string) (cmds []string, at []int) {
	var homes map[string]bool
	read := func(start int, prog string, args []string) {
		if homes == nil {
			homes = perlHomeScalars(d)
		}
		var items []string
		fromArray := false
		for _, a := range args {
			a = strings.TrimSpace(a)
			if len(a) > 1 && a[0] == '@' && isIdentBytes(a[1:]) {
				if sub, ok := perlArrayItems(d, a[1:], 0); ok {
					items = append(items, sub...)
					fromArray = true
					continue
				}
			}
			items = append(items, a)
		}
		if prog != "" {
			if len(items) == 0 {
				return
			}
			items = append([]string{prog}, items[1:]...)
		} else if len(items) == 1 && fromArray {
			if line, ok := perlLitLine(d, items[0], homes, 0); ok {
				cmds = append(cmds, line)
				at = append(at, start)
			}
			return
		}
		if len(items) < 2 {
			return
		}
		var words []string
		known := 0
		for _, a := range items {
			if qw := qwList.FindStringSubmatch(a); qw != nil && strings.HasPrefix(a, "qw") {
				for _, w := range strings.Fields(strings.Join(qw[1:], " ")) {
					words = append(words, w)
				}
				known++
				continue
			}
			w, ok := perlArgWord(d, a, homes, 0)
			if ok {
				known++
			}
			words = append(words, w)
		}
		if known < 2 {
			return
		}
		cmds = append(cmds, strings.Join(words, " "))
		at = append(at, start)
	}
	for _, m := range perlListExecRe.FindAllStringIndex(code, 64) {
		start := m[0]
		for start < len(code) && !isIdentByte(code[start]) {
			start++
		}
		open := m[1] - 1
		for open > start && code[open] != '(' && !isRESpace(code[open]) {
			open--
		}
		if inQuotedString(code, start) {
			continue
		}
		args := stmtArgs(code[open:])
		if len(args) == 0 {
			continue
		}
		if len(args) == 1 && !strings.HasPrefix(strings.TrimSpace(args[0]), "@") {
			// one command line, built from pieces
			a := args[0]
			if code[open] != '(' {
				a = perlCutExecTail(a)
			}
			if homes == nil {
				homes = perlHomeScalars(d)
			}
			if cmd, ok := d.perlJoinedCommand(a, homes); ok {
				cmds = append(cmds, cmd)
				at = append(at, start)
			}
			continue
		}
		if code[open] != '(' {
			args[len(args)-1] = perlCutExecTail(args[len(args)-1])
		}
		read(start, "", args)
	}
	for _, m := range perlBlockExecRe.FindAllStringIndex(code, 64) {
		start := m[0]
		for start < len(code) && !isIdentByte(code[start]) {
			start++
		}
		brace := m[1] - 1
		end := closeOf(code, brace, "\"'", true)
		if end < 0 || inQuotedString(code, start) {
			continue
		}
		prog := strings.TrimSpace(code[brace+1 : end])
		rest := code[end+1:]
		args := stmtArgs(rest)
		if len(args) == 0 || prog == "" {
			continue
		}
		if k := skipSpace(rest, 0); k >= len(rest) || rest[k] != '(' {
			args[len(args)-1] = perlCutExecTail(args[len(args)-1])
		}
		read(start, prog, args)
	}
	return cmds, at
}

// perlExecTailAt is what ends a call without parentheses: a
// low-precedence or, and, an if or unless, || or &&.
var perlExecTailAt = lazyRE(`^(?:\s+(?:or|and|if|unless)\b|\s*(?:\|\||&&))`)

// perlCutExecTail returns the last argument of a call without
// parentheses less what follows the call at the end of its statement
// (perlExecTailAt, outside string literals).
func perlCutExecTail(a string) string {
	if i := perlUnquotedIndex(a, perlExecTailAt.MatchString); i >= 0 {
		return a[:i]
	}
	return a
}

// perlLitLine returns the text of the command line Perl expression e
// (a literal, or a scalar bound once to one) hands the shell: a
// double-quoted one interpolated (the home folder as $HOME, scalars bound
// once to literals as their text).
func perlLitLine(d *perlDecoder, e string, homes map[string]bool, depth int) (string, bool) {
	e = perlCutOrTail(strings.TrimSpace(e))
	switch {
	case depth > 4 || len(e) < 2:
	case e[0] == '\'' && stringEnd(e, 0, false) == len(e)-1:
		return strings.ReplaceAll(e[1:len(e)-1], `\'`, `'`), true
	case e[0] == '"' && stringEnd(e, 0, false) == len(e)-1:
		s := otherShellHome.ReplaceAllString(e[1:len(e)-1], "$$HOME")
		s = otherShellHome.ReplaceAllString(d.interpolate(perlHomeInterp(s, homes)), "$$HOME")
		return unescapeLit(s), true
	case e[0] == '$' && isIdentBytes(e[1:]):
		if v, ok := d.binds.scalar(e[1:]); ok {
			return perlLitLine(d, v, homes, depth+1)
		}
	}
	return "", false
}
