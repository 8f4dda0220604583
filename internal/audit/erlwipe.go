package audit

import (
	"regexp"
	"strings"
)

// An Erlang program (an escript a rebar3 hook runs, a module) that
// removes the home folder, or a key or personal folder in it, with
// file:del_dir_r, Erlang's rm -rf: read as the shell's rm -rf of the
// same path is (wipeTarget: ~/.ssh, ~/.gnupg, ~/Documents, home itself),
// rule destructive-command, critical. Home is init:get_argument(home)'s
// or os:getenv("HOME")'s value, bound to a name; the removed path is
// home itself or filename:join of home with a string, with a name a
// fun or a list comprehension takes from a list (lists:foreach(fun(Rel)
// -> ... end, ?USER_STATE), [... || D <- Dirs]; the list a literal, a
// -define'd macro or a name bound to one), or a name bound to such a
// join. The removal is file:del_dir_r itself or a function of the file
// whose clause hands its parameter to it (remove(Path) -> ...
// file:del_dir_r(Path)). A cleaner of caches under home (~/.cache/rebar3,
// ~/.hex) is not this: only the folders wipeTarget names count.

var (
	// erlTreeRemoval is Erlang's recursive removal.
	erlTreeRemoval = lazyRE(`\bfile:del_dir_r\s*\(`)
	// erlHomeBind binds a name to the home folder: group 1 or 2 the name.
	erlHomeBind = lazyRE(`\{\s*ok\s*,\s*\[\s*\[\s*([A-Z]\w*)\s*\]\s*\]\s*\}\s*=\s*init:get_argument\(\s*home\s*\)|\b([A-Z]\w*)\s*=\s*os:getenv\(\s*"(?:HOME|USERPROFILE)"`)
	// erlHomeExpr is the home folder written inline.
	erlHomeExpr = lazyRE(`^os:getenv\(\s*"(?:HOME|USERPROFILE)"\s*\)$`)
	// erlJoin joins paths: filename:join(A, B) or filename:join([A, ...]),
	// its arguments after the match.
	erlJoin = lazyRE(`^filename:join\s*\(`)
	// erlFunHead is a function clause of one parameter at a line's
	// start: group 1 the name, group 2 the parameter.
	erlFunHead = lazyRE(`(?m)^([a-z]\w*)\s*\(\s*([A-Z]\w*)\s*\)\s*(?:when\b[^\n]*)?->`)
	// erlTopLevel is the start of a function clause or an attribute at
	// a line's start: where a clause's body ends.
	erlTopLevel = lazyRE(`(?m)^(?:[a-z]\w*\s*\(|-[a-z])`)
)

// erlCommentsBlanked blanks Erlang's % comments to the end of their line
// (outside strings, quoted atoms and character literals like $%), so
// offsets and lines stay those of text.
func erlCommentsBlanked(text string) string {
	b := []byte(text)
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '$':
			i++ // a character literal: $% or $"
		case '"', '\'':
			i = stringEnd(text, i, false)
		case '%':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

// erlWipe is one Erlang file read for removals of home.
type erlWipe struct {
	code  string
	homes map[string]bool
}

// scanErlangWipe reports an Erlang program that removes home or a key
// or personal folder in it with file:del_dir_r (see above).
func scanErlangWipe(sc *skillCtx, rel, text string) {
	if !strings.Contains(text, "del_dir_r") {
		return
	}
	code := erlCommentsBlanked(text)
	if !erlTreeRemoval.MatchString(code) {
		return
	}
	w := &erlWipe{code: code, homes: map[string]bool{}}
	for _, m := range erlHomeBind.FindAllStringSubmatch(code, 8) {
		w.homes[m[1]+m[2]] = true
	}
	// the removals: file:del_dir_r, and the functions handing their
	// parameter to a removal (twice: a wrapper of a wrapper)
	removers := []*regexp.Regexp{regexp.MustCompile(`\bfile:del_dir_r\s*\(`)}
	names := map[string]bool{}
	for range 2 {
		heads := erlFunHead.FindAllStringSubmatchIndex(code, 256)
		for _, h := range heads {
			name, param := code[h[2]:h[3]], code[h[4]:h[5]]
			if names[name] {
				continue
			}
			body := code[h[1]:]
			if e := erlTopLevel.FindStringIndex(body); e != nil {
				body = body[:e[0]]
			}
			for _, r := range removers {
				if m := r.FindStringIndex(body); m != nil && len(stmtArgs(body[m[1]-1:])) > 0 && strings.TrimSpace(stmtArgs(body[m[1]-1:])[0]) == param {
					names[name] = true
					removers = append(removers, regexp.MustCompile(`(?:^|[^\w:])`+regexp.QuoteMeta(name)+`\s*\(`))
					break
				}
			}
		}
	}
	for _, r := range removers {
		for _, m := range r.FindAllStringIndex(code, 64) {
			name := m[0] + strings.IndexFunc(code[m[0]:m[1]], func(r rune) bool { return r >= 'a' && r <= 'z' })
			if name == 0 || code[name-1] == '\n' {
				continue // a clause's own head, not a call
			}
			args := stmtArgs(code[m[1]-1:])
			if len(args) == 0 {
				continue
			}
			if what := w.targetOf(args[0], m[0], 0); what != "" {
				ln := 1 + strings.Count(code[:m[0]], "\n")
				sc.add(rel, ln, "destructive-command", Critical, "removes "+what+" with file:del_dir_r (Erlang's rm -rf)", trimmedLine(text, ln))
				return
			}
		}
	}
}

// targetOf returns what removing the path expression e (at offset at)
// destroys, the first of its values that wipeTarget names, or "".
func (w *erlWipe) targetOf(e string, at, depth int) string {
	for _, p := range w.pathsOf(e, at, depth) {
		if t := wipeTarget(p); t != "" {
			return t
		}
	}
	return ""
}

// pathsOf returns the paths expression e (at offset at) may hold, home
// written as ~: home itself, a join of home with strings or with the
// elements of the list a name walks, or what a name is bound to.
func (w *erlWipe) pathsOf(e string, at, depth int) []string {
	e = strings.TrimSpace(e)
	if depth > 4 || e == "" {
		return nil
	}
	if w.homes[e] || erlHomeExpr.MatchString(e) {
		return []string{"~"}
	}
	if lit := strings.Trim(e, `"`); len(e) >= 2 && e[0] == '"' && e[len(e)-1] == '"' {
		return []string{lit}
	}
	if m := erlJoin.FindStringIndex(e); m != nil {
		args := stmtArgs(e[m[1]-1:])
		if len(args) == 1 && strings.HasPrefix(args[0], "[") {
			args = stmtArgs("(" + strings.TrimPrefix(strings.TrimSpace(args[0]), "["))
		}
		if len(args) < 2 {
			return nil
		}
		bases := w.pathsOf(args[0], at, depth+1)
		var out []string
		for _, b := range bases {
			if b != "~" {
				continue
			}
			for _, rest := range w.pathsOf(args[1], at, depth+1) {
				out = append(out, "~/"+strings.Trim(rest, "/"))
			}
		}
		return out
	}
	if !erlVarName.MatchString(e) {
		return nil
	}
	// a name a fun or a comprehension takes from a list
	if l := w.listWalked(e, at); l != "" {
		return w.listItems(l)
	}
	// a name bound to an expression before the use
	bind := regexp.MustCompile(`(?:^|[^\w])` + regexp.QuoteMeta(e) + `\s*=\s*([^=<>:\n][^\n]*)`)
	var out []string
	for _, m := range bind.FindAllStringSubmatchIndex(w.code[:at], 8) {
		v := stmtArgs(w.code[m[2]:])
		if len(v) > 0 {
			out = append(out, w.pathsOf(v[0], m[0], depth+1)...)
		}
	}
	return out
}

var (
	// erlVarName is an Erlang variable.
	erlVarName = lazyRE(`^[A-Z_]\w*$`)
	// erlListEnd is the end of a lists:foreach or lists:map fun: its
	// end and the list it walks (group 1).
	erlListEnd = lazyRE(`\bend\s*,\s*(\?\w+|[A-Z]\w*|\[[^\]]*\])\s*\)`)
)

// listWalked returns the list a fun of one parameter v (lists:foreach(fun(V)
// -> ... end, List)) or a comprehension's generator (V <- List) around
// offset at walks, or "".
func (w *erlWipe) listWalked(v string, at int) string {
	q := regexp.QuoteMeta(v)
	if m := regexp.MustCompile(`\b` + q + `\s*<-\s*(\?\w+|[A-Z]\w*|\[[^\]]*\])`).FindStringSubmatch(w.code); m != nil {
		return m[1]
	}
	funs := regexp.MustCompile(`\bfun\s*\(\s*`+q+`\s*\)\s*->`).FindAllStringIndex(w.code[:at], -1)
	if len(funs) == 0 {
		return ""
	}
	if m := erlListEnd.FindStringSubmatch(w.code[at:]); m != nil {
		return m[1]
	}
	return ""
}

// listItems returns the strings of a list: a literal, a -define'd macro
// (?NAME) or a name bound to a literal list.
func (w *erlWipe) listItems(l string) []string {
	var re *regexp.Regexp
	switch {
	case strings.HasPrefix(l, "["):
		return literalsOf(l)
	case strings.HasPrefix(l, "?"):
		re = regexp.MustCompile(`-define\(\s*` + regexp.QuoteMeta(l[1:]) + `\s*,\s*\[`)
	default:
		re = regexp.MustCompile(`(?:^|[^\w])` + regexp.QuoteMeta(l) + `\s*=\s*\[`)
	}
	var out []string
	for _, m := range re.FindAllStringIndex(w.code, 4) {
		if end := closeOf(w.code, m[1]-1, `"`, false); end > 0 {
			out = append(out, literalsOf(w.code[m[1]-1:end+1])...)
		}
	}
	return out
}
