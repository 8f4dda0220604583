package audit

import (
	"sort"
	"strings"
)

// Rust programs named through constants: a program or shell held in a
// const or static (const SHELL: &str = "/bin/sh"; static CURL: &str =
// "curl"), or in a let bound to a literal, and started by name
// (Command::new(SHELL).arg("-c").arg(&cmd), Command::new(CURL).arg(&key))
// is the same program the literal names. The rules that read Rust by
// pattern (a network tool started as a process is a send, a shell given
// -c and a variable is a remote command loop, crontab is a startup
// write) look for the literal, so rustInlineNames writes the name's
// string in its place wherever a program or an argument is given:
// Command::new(x), .arg(x), each element of .args([..]) and a path's
// .join(x). Only a name bound once in the file, not mut, to a string the
// file spells out in full (a literal, concat!, format! of literals,
// [..].concat(), read by rustResolver) is replaced, and a let only after
// its binding: a name bound twice, or to what the program computes, may
// hold anything.

var (
	// rustOnceBind is a let, const or static binding: group 1 let,
	// group 2 a mut, group 3 the name, group 4 the value up to the
	// statement's end.
	rustOnceBind = lazyRE(`\b(?:(let)\s+(mut\s+)?|(?:pub(?:\s*\([^()\n]*\))?\s+)?(?:const|static)\s+(mut\s+)?)([A-Za-z_]\w*)\s*(?::[^=;]+)?=\s*([^;]+);`)
	// rustNameSite is a place a program or argument is given: its
	// argument (or, for args, the list) starts at the match's end;
	// group 1 is args.
	rustNameSite = lazyRE(`\bCommand::new\s*\(|\.\s*(?:arg|join)\s*\(|\.\s*(args)\s*\(`)
)

// maxRustInline bounds the names replaced in one file, maxRustSites the
// places read for them (each reads up to 4,000 bytes of arguments).
const (
	maxRustInline = 512
	maxRustSites  = 4096
)

// rustInlineNames returns text (a Rust file) with the names bound to a
// string the file spells out written as that string where a program or
// an argument is given (see above), each line kept where it was, and
// whether it replaced any.
func rustInlineNames(text string) (string, bool) {
	if !strings.Contains(text, "Command::new") && !strings.Contains(text, ".join(") {
		return text, false
	}
	c := stripComments(text, kindJS)
	type bind struct {
		n, at int
		let   bool
		mut   bool
	}
	binds := map[string]*bind{}
	var lets []int
	for _, m := range rustOnceBind.FindAllStringSubmatchIndex(c, 1024) {
		name := c[m[8]:m[9]]
		b := binds[name]
		if b == nil {
			b = &bind{at: m[1], let: m[2] >= 0}
			binds[name] = b
			if b.let {
				lets = append(lets, b.at)
			}
		}
		b.n++
		b.mut = b.mut || m[4] >= 0 || m[6] >= 0
	}
	ends := rustBlockEnds(c, lets)
	res := newRustResolver(c)
	lits := map[string]string{}
	for name, b := range binds {
		if b.n != 1 || b.mut {
			continue
		}
		if s, ok := res.literal(name); ok && s != "" && !strings.ContainsAny(s, "\x00") {
			lits[name] = s
		}
	}
	if len(lits) == 0 {
		return text, false
	}
	type edit struct {
		from, to int
		lit      string
	}
	var edits []edit
	try := func(from, to int) {
		a := strings.TrimSpace(c[from:to])
		v := rustPlainVar.FindStringSubmatch(a)
		if v == nil {
			return
		}
		s, ok := lits[v[1]]
		if b := binds[v[1]]; !ok || b.let && (from < b.at || from >= ends[b.at]) {
			return
		}
		lead := len(c[from:to]) - len(strings.TrimLeft(c[from:to], " \t\r\n"))
		edits = append(edits, edit{from + lead, from + lead + len(a), rustQuote(s)})
	}
	for _, m := range rustNameSite.FindAllStringSubmatchIndex(c, maxRustSites) {
		if len(edits) >= maxRustInline {
			break
		}
		start := m[1]
		if m[2] >= 0 { // .args([..]): each element of a literal list
			lo := rustListOpen.FindStringIndex(c[start:])
			if lo == nil {
				continue
			}
			start += lo[1]
		}
		for _, sp := range argSpans(c, start) {
			try(sp[0], sp[1])
			if m[2] < 0 {
				break // one program, one argument
			}
		}
	}
	if len(edits) == 0 {
		return text, false
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].from < edits[j].from })
	var b strings.Builder
	last := 0
	for _, e := range edits {
		if e.from < last {
			continue
		}
		b.WriteString(text[last:e.from])
		b.WriteString(e.lit)
		last = e.to
	}
	b.WriteString(text[last:])
	return b.String(), true
}

// rustBlockEnds returns, for each offset of at (ascending), where the
// block enclosing it ends in c (comments blanked): the index of its
// closing brace, or len(c). String and character literals are skipped.
func rustBlockEnds(c string, at []int) map[int]int {
	out := make(map[int]int, len(at))
	if len(at) == 0 {
		return out
	}
	var open []int             // offsets of the braces not yet closed
	waiting := map[int][]int{} // an open brace's offset: the offsets it encloses
	outer := []int{}           // offsets no brace encloses
	k := 0
	place := func(upto int) {
		for ; k < len(at) && at[k] <= upto; k++ {
			if len(open) == 0 {
				outer = append(outer, at[k])
			} else {
				top := open[len(open)-1]
				waiting[top] = append(waiting[top], at[k])
			}
		}
	}
	for i := 0; i < len(c); i++ {
		switch ch := c[i]; ch {
		case '"':
			place(i)
			i = stringEnd(c, i, false)
		case '\'':
			if i+2 < len(c) && c[i+1] == '\\' {
				if e := strings.IndexByte(c[i+2:min(len(c), i+12)], '\''); e >= 0 {
					i += 2 + e
				}
			} else if i+2 < len(c) && c[i+2] == '\'' {
				i += 2
			}
		case '{':
			place(i)
			open = append(open, i)
		case '}':
			place(i)
			if len(open) > 0 {
				top := open[len(open)-1]
				open = open[:len(open)-1]
				for _, a := range waiting[top] {
					out[a] = i
				}
				delete(waiting, top)
			}
		}
	}
	place(len(c))
	for _, ws := range waiting {
		for _, a := range ws {
			out[a] = len(c)
		}
	}
	for _, a := range outer {
		out[a] = len(c)
	}
	return out
}

// rustQuote writes s as a Rust string literal on one line.
func rustQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`, "\t", `\t`).Replace(s) + `"`
}

// argSpans returns the spans (from, to) in c of the arguments of the
// call or list whose arguments start at c[i:], up to its closing
// bracket, as callArgs splits them.
func argSpans(c string, i int) [][2]int {
	var out [][2]int
	depth, start := 0, i
	for j := i; j < len(c) && j < i+4000; j++ {
		switch ch := c[j]; ch {
		case '"', '`':
			j = stringEnd(c, j, false)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				if strings.TrimSpace(c[start:j]) != "" {
					out = append(out, [2]int{start, j})
				}
				return out
			}
			depth--
		case ',':
			if depth == 0 {
				out = append(out, [2]int{start, j})
				start = j + 1
			}
		}
	}
	return out
}
