package audit

import (
	"sort"
	"strings"
)

// Rules instruction-override, secret-request, exfil-url and hidden-text
// in what a Lua program prints. A skill that runs a Lua tool (a script
// run by lua, a Neovim plugin driven headless) hands its output to the
// agent, which reads it as it reads the skill's markdown: a line printed
// by print, io.write, io.stdout:write, vim.notify or vim.api.nvim_echo
// that says "ignore previous instructions", "do not tell the user" or
// asks for ~/.ssh/id_rsa to be sent out is the same injection as that
// sentence in SKILL.md, moved where the markdown rules do not look. The
// text printed is read as the markdown it becomes (printedInjection):
// the literals inside the call, joined as Lua joins them, and the
// literal values of names it prints (local NOTE = [[…]] then
// print(NOTE)), the printed calls of the file joined in order, a line
// each, so an instruction split over two prints reads whole. What the markdown rules
// let pass passes here too: a phrase quoted, negated or named as a
// threat ("found 'ignore previous instructions' in x.md", "blocked an
// attempt to ignore previous instructions"), and a linter printing the
// phrases of its pattern table through a loop variable prints no
// literal of its own.

// luaPrintCall opens a call that prints: group 1 the opening
// parenthesis or the string written without one (print "…", print
// [[…]]).
var luaPrintCall = lazyRE(`\b(?:print|vim\.print|vim\.notify(?:_once)?|vim\.api\.nvim_echo|vim\.api\.nvim_(?:out|err)_write(?:ln)?|io\.write|io\.std(?:out|err)\s*:\s*write)\s*(\(|["']|\[=*\[)`)

// luaPrinted is one printed call: the text it prints and the offset of
// the call in the code.
type luaPrinted struct {
	off  int
	text string
}

// scanLuaPrinted reports the injection the Lua file's printed text
// holds (see above), at the print it starts in. c is the code with
// comments blanked, lits its literals (luaTokens).
func scanLuaPrinted(sc *skillCtx, rel, content, c string, lits []litSpan) {
	if len(lits) == 0 || !luaPrintCall.MatchString(c) {
		return
	}
	folded := luaFoldLits(c, lits)
	spans := luaStringSpans(c)
	// the code with the text of its literals blanked, so a bracket inside
	// one does not end a call early
	shape := []byte(c)
	for _, s := range spans {
		for i := s[0] + 1; i < s[1]-1 && i < len(shape); i++ {
			if shape[i] != '\n' {
				shape[i] = ' '
			}
		}
	}
	redirected := luaIoOutput.MatchString(c)
	values := luaLitValues(c, folded)
	var prints []luaPrinted
	for _, m := range luaPrintCall.FindAllStringSubmatchIndex(c, 256) {
		if luaInSpan(spans, m[0]) {
			continue
		}
		if redirected && strings.HasPrefix(c[m[0]:], "io.write") {
			continue // io.output sent it to a file
		}
		start, end := m[2], m[3]
		if c[start] == '(' {
			end = min(len(c), luaCallEnd(string(shape), start))
		} else {
			i := sortSearchSpan(spans, start)
			if i < 0 {
				continue
			}
			end = spans[i][1]
		}
		var parts []string
		for _, l := range folded {
			if l.off >= start && l.off < end {
				parts = append(parts, unescapeLit(l.body))
			}
		}
		// the literal values of the names it prints
		for _, n := range luaNameRe.FindAllStringIndex(string(shape[start:end]), 16) {
			if name := c[start+n[0] : start+n[1]]; !luaKeyword()[name] && (start+n[0] == 0 || c[start+n[0]-1] != '.' && c[start+n[0]-1] != ':') {
				parts = append(parts, values[name]...)
			}
		}
		if len(parts) > 0 {
			prints = append(prints, luaPrinted{m[0], strings.Join(parts, " ")})
		}
	}
	if len(prints) == 0 {
		return
	}
	// all of them joined in order, each on its own lines: a finding is
	// reported at the print its line falls in
	li := newLineIndex(c)
	var b strings.Builder
	firstLine := make([]int, len(prints)) // of each print in the joined text
	line := 1
	for i, p := range prints {
		firstLine[i] = line
		b.WriteString(p.text)
		b.WriteByte('\n')
		line += strings.Count(p.text, "\n") + 1
	}
	rule, sev, reason, at := printedInjection(sc, b.String())
	if rule == "" {
		return
	}
	k := sort.SearchInts(firstLine, at+1) - 1
	ln := li.line(prints[max(0, k)].off)
	sc.add(rel, ln, rule, sev, "prints text the agent that runs it reads as instructions: "+reason, trimmedLine(content, ln))
}

// luaNameRe is a Lua name.
var luaNameRe = lazyRE(`[A-Za-z_]\w*`)

// sortSearchSpan returns the index of the span of spans starting at off,
// or -1.
func sortSearchSpan(spans [][2]int, off int) int {
	for i, s := range spans {
		if s[0] == off {
			return i
		}
		if s[0] > off {
			break
		}
	}
	return -1
}

// luaBindRe is an assignment whose value starts with a literal: group
// 1 the name assigned (local NOTE = "…", M.note = [[…]]), group 2 the
// literal's opening quote or bracket.
var luaBindRe = lazyRE(`(?:^|[^\w.:=~<>])([A-Za-z_]\w*)\s*=\s*(["']|\[=*\[)`)

// luaLitValues returns the literals each name is bound to in c (local
// NOTE = "…", M.note = [[…]], NOTE = "a" .. "b"): each literal that
// starts the value of an assignment to the name, with the literals
// joined to it on that statement's line.
func luaLitValues(c string, folded []litSpan) map[string][]string {
	out := map[string][]string{}
	for _, m := range luaBindRe.FindAllStringSubmatchIndex(c, 1024) {
		name, val := c[m[2]:m[3]], m[4]
		eol := strings.IndexByte(c[val:], '\n')
		if eol < 0 {
			eol = len(c) - val
		}
		i := sort.Search(len(folded), func(i int) bool { return folded[i].off >= val })
		if i == len(folded) || folded[i].off != val || len(out[name]) >= 8 {
			continue
		}
		for ; i < len(folded) && (folded[i].off == val || folded[i].off < val+eol); i++ {
			out[name] = append(out[name], unescapeLit(folded[i].body))
		}
	}
	return out
}

// printedInjection reads text a program prints for the agent as the
// markdown it becomes and returns the rule, severity and reason of the
// worst injection in it (an override, a request for secrets or for data
// sent out in a URL, invisible or reordered characters, hidden text with
// an attack or an instruction to the model), "" when there is none at
// high or above, and the line of text it is on.
func printedInjection(sc *skillCtx, text string) (string, Severity, string, int) {
	if strings.TrimSpace(text) == "" {
		return "", SeverityNone, "", 0
	}
	if len(text) > 64<<10 {
		text = text[:64<<10]
	}
	scratch := &skillCtx{ctx: sc.ctx, skill: sc.skill, topic: sc.topic, defence: sc.defence}
	scratch.setText(text)
	scanMarkdown(scratch, "SKILL.md", text, newLineIndex(text))
	rule, sev, reason, line := "", SeverityNone, "", 0
	for _, f := range scratch.findings {
		if f.Severity < High || f.Severity <= sev || !injectionRules()[f.RuleID] && f.RuleID != "hidden-text" {
			continue
		}
		rule, sev, reason, line = f.RuleID, f.Severity, f.Reason, f.Line
	}
	return rule, sev, reason, line
}
