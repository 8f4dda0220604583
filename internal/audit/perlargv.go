package audit

import (
	"regexp"
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
// as words, and anything else as $X, an unknown word. A scalar bound once
// to the home folder is also read as $HOME inside the command strings
// Perl hands the shell (system("find $home -exec rm -rf {} +")).

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
	// perlOrTail is a fallback after a value: or die, || "/tmp", // "".
	perlOrTail = lazyRE(`\s*(?:\bor\b|\|\||//).*$`)
)

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
	e = strings.TrimSpace(perlOrTail.ReplaceAllString(strings.TrimSpace(e), ""))
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
		s = d.interpolate(perlHomeInterp(s, homes))
		if strings.Contains(strings.ReplaceAll(s, "$HOME", ""), "$") {
			return pyUnknown, false
		}
		return q(unescapeLit(s)), true
	case regexp.MustCompile(`^\$[A-Za-z_]\w*$`).MatchString(e):
		if v, ok := d.binds.scalar(e[1:]); ok {
			return perlArgWord(d, v, homes, depth+1)
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
// of its call: the elements joined as shell words. A call given one
// argument (a command line the shell parses) is left to scanOtherExec's
// reading of the string.
func perlListCommands(d *perlDecoder, code string) (cmds []string, at []int) {
	var homes map[string]bool
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
		if len(args) == 1 {
			// one command line, built from pieces
			a := args[0]
			if code[open] != '(' {
				a = perlExecTail.ReplaceAllString(a, "")
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
		if len(args) < 2 {
			continue
		}
		if code[open] != '(' {
			args[len(args)-1] = perlExecTail.ReplaceAllString(args[len(args)-1], "")
		}
		var words []string
		known := 0
		for _, a := range args {
			a = strings.TrimSpace(a)
			if qw := qwList.FindStringSubmatch(a); qw != nil && strings.HasPrefix(a, "qw") {
				for _, w := range strings.Fields(strings.Join(qw[1:], " ")) {
					words = append(words, w)
				}
				known++
				continue
			}
			if homes == nil {
				homes = perlHomeScalars(d)
			}
			w, ok := perlArgWord(d, a, homes, 0)
			if ok {
				known++
			}
			words = append(words, w)
		}
		if known < 2 {
			continue
		}
		cmds = append(cmds, strings.Join(words, " "))
		at = append(at, start)
	}
	return cmds, at
}
