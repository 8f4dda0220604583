package audit

import (
	"fmt"
	"regexp"
	"strings"
)

// Removal targets listed in the code itself (rule destructive-command):
// a loop that removes home joined to its variable (`for d in [".cache/x",
// ".ssh"] { fs::remove_dir_all(home.join(d)) }`, `for _, d := range
// []string{…} { os.RemoveAll(filepath.Join(home, d)) }`, `for d in
// TARGETS: shutil.rmtree(os.path.join(home, d))`, `%w[…].each do |d|
// FileUtils.rm_rf(File.join(Dir.home, d)) end`, `for my $d (qw(…)) {
// remove_tree("$home/$d") }`) removes each string of the list it walks
// under home, as a data file's list does (datawipe.go). The list is read
// where the loop writes it or, when the loop walks a name, from that
// name's assignment; each string is judged by listedTarget.

// inlineLoopHeads are the loop forms that bind a variable (%s, quoted)
// to each element of a list: the list follows the match (after) or
// precedes it on the same line (before: a block or closure of a method
// called on the list).
var inlineLoopHeads = []struct {
	re     string
	before bool
}{
	{`\bfor\s+(?:\w+\s*,\s*)?&?%s\s+(?:in|of)\s+`, false},       // Rust, Python, Ruby, Lua (ipairs), JS for-of
	{`\bfor\s*\(\s*(?:(?:const|let|var)\s+)?%s\s+of\s+`, false}, // JS for (const d of …)
	{`\bfor\s+(?:\w+\s*,\s*)?%s\s*:?=\s*range\s+`, false},       // Go
	{`\bfor(?:each)?\s+(?:my\s+)?\$%s\s*(?:\(|in\s+)`, false},   // Perl; fish
	{`\.(?:each|for_each|forEach|map|iter\(\)\.for_each)\s*(?:\{|do\b|\()\s*(?:\|\s*&?%s\s*\||\(?\s*%s\s*\)?\s*=>)`, true},
}

// scanInlineListWipe reports the removal at r of home joined to a loop
// variable whose list, written in code, names a folder whose removal is
// a wipe (wipeTarget). join is homeJoinRE's pattern of code.
func scanInlineListWipe(sc *skillCtx, rel, code string, r []int, join *regexp.Regexp) bool {
	return scanInlineListWipeAt(sc, rel, code, r, join, r[0])
}

// scanInlineListWipeAt is scanInlineListWipe with the join read at r and
// the finding placed at the line of offset report (the removal a helper
// makes of what the join at r yields: flowwipe.go).
func scanInlineListWipeAt(sc *skillCtx, rel, code string, r []int, join *regexp.Regexp, report int) bool {
	name := joinedVar(code, r, join)
	if name == "" {
		return false
	}
	for _, list := range inlineLists(code, name, r[0]) {
		for _, v := range listStrings(code, list) {
			t := listedTarget(v, true)
			if t == "" {
				continue
			}
			ln := 1 + strings.Count(code[:report], "\n")
			sc.add(rel, ln, "destructive-command", Critical,
				fmt.Sprintf("removes %s: the list this code's loop walks names %q, joined to the home folder and removed", t, v), trimmedLine(code, ln))
			return true
		}
	}
	return false
}

// joinedVar returns the variable home is joined to in the removal at r
// (its line), directly or through a variable the removal names that the
// code assigns from such a join, or "".
func joinedVar(code string, r []int, join *regexp.Regexp) string {
	rest := code[r[0]:]
	if k := strings.IndexByte(rest, '\n'); k >= 0 {
		rest = rest[:k]
	}
	if v := joinTail(rest, join); v != "" {
		return v
	}
	for _, id := range wordRe.FindAllString(rest[r[1]-r[0]:], 8) {
		as, err := regexp.Compile(`(?m)(?:^|[^\w.])[\$@]?` + regexp.QuoteMeta(id) + `\s*(?::\s*[\w:<>]+\s*)?:?=\s*([^\n;]+)`)
		if err != nil {
			continue
		}
		for _, a := range as.FindAllStringSubmatch(code, 4) {
			if v := joinTail(a[1], join); v != "" && v != id {
				return v
			}
		}
	}
	return ""
}

// joinTail returns the identifier home is joined to in s: the last
// word of join's match, read on to its end ("$HOME/$d" matches up to
// "$d"'s first letter).
func joinTail(s string, join *regexp.Regexp) string {
	m := join.FindStringIndex(s)
	if m == nil {
		return ""
	}
	end := m[1]
	for end < len(s) && (s[end] == '_' || s[end] >= 'a' && s[end] <= 'z' || s[end] >= 'A' && s[end] <= 'Z' || s[end] >= '0' && s[end] <= '9') {
		end++
	}
	ws := wordRe.FindAllString(s[m[0]:end], -1)
	if len(ws) == 0 {
		return ""
	}
	v := ws[len(ws)-1]
	if v == "HOME" || v == "mut" {
		return ""
	}
	return v
}

// inlineLists returns the list expressions the loops binding name walk,
// nearest before offset at first.
func inlineLists(code, name string, at int) []string {
	q := regexp.QuoteMeta(name)
	type hit struct {
		at   int
		list string
	}
	var hits []hit
	for _, h := range inlineLoopHeads {
		src := strings.ReplaceAll(h.re, "%s", q)
		re, err := regexp.Compile(src)
		if err != nil {
			continue
		}
		for _, m := range re.FindAllStringIndex(code[:at], 16) {
			var list string
			switch {
			case h.before:
				ls := strings.LastIndexByte(code[:m[0]], '\n') + 1
				list = code[ls:m[0]]
			case strings.HasSuffix(code[:m[1]], "("):
				list = balanced(code, m[1]-1)
			default:
				list = balanced(code, m[1])
			}
			hits = append(hits, hit{m[0], list})
		}
	}
	var out []string
	for len(hits) > 0 {
		best := 0
		for i, h := range hits {
			if h.at > hits[best].at {
				best = i
			}
		}
		out = append(out, hits[best].list)
		hits = append(hits[:best], hits[best+1:]...)
	}
	return out
}

// balanced returns code from i to the end of the expression there: up
// to a newline, ';' or a loop body's opening ('{' after a space, ':' at
// a line's end, 'do') at bracket depth 0, or the bracket that closes an
// opening one at i; at most 4,000 bytes.
func balanced(code string, i int) string {
	start, depth := i, 0
	for ; i < len(code) && i-start < 4000; i++ {
		switch ch := code[i]; ch {
		case '"', '\'', '`':
			i = stringEnd(code, i, false)
		case '(', '[':
			depth++
		case '{':
			if depth == 0 && i > start && (code[i-1] == ' ' || code[i-1] == '\t') {
				return code[start:i]
			}
			depth++
		case ')', ']', '}':
			depth--
			if depth < 0 {
				return code[start:i]
			}
			if depth == 0 && code[start] == '(' && ch == ')' {
				return code[start : i+1]
			}
		case '\n', ';':
			if depth == 0 {
				return code[start:i]
			}
		case ':':
			if depth == 0 && (i+1 == len(code) || code[i+1] == '\n' || code[i+1] == '\r') {
				return code[start:i]
			}
		}
	}
	return code[start:min(i, len(code))]
}

var (
	// listLit is a string literal in a list; qwList Perl's qw(…) and
	// Ruby's %w[…] word lists.
	listLit = lazyRE(`"([^"\\\n]*)"|'([^'\\\n]*)'`)
	qwList  = lazyRE(`(?:\bqw\s*|%[wW])(?:\(([^)]*)\)|\[([^\]]*)\]|\{([^}]*)\}|<([^>]*)>|/([^/]*)/)`)
	// listName is a list held in a variable: the first identifier of the
	// expression, past &, $, @, self. and this.
	listName = lazyRE(`^\s*(?:&\s*)?(?:mut\s+)?[\$@]?(?:self\.|this\.|Self::)?([A-Za-z_]\w*)`)
)

// listStrings returns the strings a list expression holds, read from
// the assignment of the name it walks when it writes none itself.
func listStrings(code, list string) []string {
	if out := literalsOf(list); len(out) > 0 {
		return out
	}
	m := listName.FindStringSubmatch(list)
	if m == nil {
		return nil
	}
	as := regexp.MustCompile(`(?m)(?:^|[^\w.])[\$@]?` + regexp.QuoteMeta(m[1]) + `\s*(?::[^=\n]*)?:?=\s*`)
	var out []string
	for _, a := range as.FindAllStringIndex(code, 4) {
		out = append(out, literalsOf(balanced(code, a[1]))...)
	}
	return out
}

// literalsOf returns the string literals and word-list words of s.
func literalsOf(s string) []string {
	var out []string
	for _, m := range listLit.FindAllStringSubmatch(s, 64) {
		out = append(out, m[1]+m[2])
	}
	for _, m := range qwList.FindAllStringSubmatch(s, 4) {
		out = append(out, strings.Fields(strings.Join(m[1:], " "))...)
	}
	return out
}
