package audit

import (
	"regexp"
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
// text printed is read as the markdown it becomes (plantedInjection's
// reading): the literals inside the call, joined as Lua joins them, and
// the literal values of names it prints (local NOTE = [[…]] then
// print(NOTE)), the printed calls of the file joined in order so an
// instruction split over two prints reads whole. What the markdown rules
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
				parts = append(parts, luaLitValue(c, folded, name)...)
			}
		}
		if len(parts) > 0 {
			prints = append(prints, luaPrinted{m[0], strings.Join(parts, " ")})
		}
	}
	if len(prints) == 0 {
		return
	}
	// every print alone, then all of them joined in order
	li := newLineIndex(c)
	report := func(at int, text string) bool {
		rule, sev, reason := printedInjection(sc, text)
		if rule == "" {
			return false
		}
		ln := li.line(at)
		sc.add(rel, ln, rule, sev, "prints text the agent that runs it reads as instructions: "+reason, trimmedLine(content, ln))
		return true
	}
	var all []string
	for _, p := range prints {
		if report(p.off, p.text) {
			return
		}
		all = append(all, p.text)
	}
	if len(prints) > 1 {
		report(prints[0].off, strings.Join(all, "\n"))
	}
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

// luaLitValue returns the literals a name is bound to in c (local NOTE =
// "…", M.note = [[…]], NOTE = "a" .. "b"): each literal that starts the
// value of an assignment to the name, with the literals joined to it on
// that statement's line.
func luaLitValue(c string, folded []litSpan, name string) []string {
	re := regexp.MustCompile(`(?:^|[^\w.:])` + regexp.QuoteMeta(name) + `\s*=\s*`)
	var out []string
	for _, m := range re.FindAllStringIndex(c, 8) {
		if m[1] < len(c) && c[m[1]] == '=' {
			continue // a test, ==
		}
		eol := strings.IndexByte(c[m[1]:], '\n')
		if eol < 0 {
			eol = len(c) - m[1]
		}
		first := true
		for _, l := range folded {
			if l.off < m[1] {
				continue
			}
			if first && l.off != m[1] || !first && l.off >= m[1]+eol {
				break
			}
			out = append(out, unescapeLit(l.body))
			first = false
		}
	}
	return out
}

// printedInjection reads text a program prints for the agent as the
// markdown it becomes and returns the rule, severity and reason of the
// worst injection in it (an override, a request for secrets or for data
// sent out in a URL, invisible or reordered characters, hidden text with
// an attack or an instruction to the model), "" when there is none at
// high or above.
func printedInjection(sc *skillCtx, text string) (string, Severity, string) {
	if strings.TrimSpace(text) == "" {
		return "", SeverityNone, ""
	}
	if len(text) > 64<<10 {
		text = text[:64<<10]
	}
	scratch := &skillCtx{ctx: sc.ctx, skill: sc.skill, topic: sc.topic, defence: sc.defence}
	scratch.setText(text)
	scanMarkdown(scratch, "SKILL.md", text, newLineIndex(text))
	rule, sev, reason := "", SeverityNone, ""
	for _, f := range scratch.findings {
		if f.Severity < High || f.Severity <= sev || !injectionRules()[f.RuleID] && f.RuleID != "hidden-text" {
			continue
		}
		rule, sev, reason = f.RuleID, f.Severity, f.Reason
	}
	return rule, sev, reason
}
