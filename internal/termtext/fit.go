package termtext

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/muesli/reflow/wordwrap"
)

// ansiSeq matches an ANSI escape sequence (a colour), which takes no
// column on the screen.
var ansiSeq = regexp.MustCompile(`\x1b\[[0-9;?]*[a-zA-Z]`)

// StringWidth is the width of s in screen columns: a CJK character counts
// two, ANSI colour sequences none.
func StringWidth(s string) int {
	if strings.IndexByte(s, 0x1b) >= 0 {
		s = ansiSeq.ReplaceAllString(s, "")
	}
	return screen.StringWidth(s)
}

// minRoom is the fewest columns Hang leaves beside a continuation indent:
// a narrower terminal gets the continuation lines indented less.
const minRoom = 16

// Hang is lead followed by text fitted to width columns, for a line that
// would otherwise run past the terminal's edge: text is broken at spaces
// (reflow's wordwrap) into lines, a word wider than a line (a URL, a path,
// a base64 blob) is broken too (see Fill), and every line after the first
// is indented by indent spaces, so a reader sees where the item that lead
// starts ends. text is one line; lead and text may hold ANSI colour, but
// no other control character (escape catalog text first: Escape). With
// fewer than minRoom columns beside indent, the indent shrinks; with fewer
// beside lead, text starts on the next line. width < 1 returns lead+text
// as they are.
// Breaking only drops the spaces at a break and adds newlines and
// indents: the words and their order are kept.
func Hang(lead, text string, indent, width int) string {
	if width < 1 || StringWidth(lead)+StringWidth(text) <= width {
		return lead + text
	}
	if width-indent < minRoom {
		indent = max(0, min(indent, width-minRoom))
	}
	pad := "\n" + strings.Repeat(" ", indent)
	first, rest := width-StringWidth(lead), width-indent
	if first < min(minRoom, rest) {
		// No room beside the lead: the text starts on the next line.
		return strings.TrimRight(lead, " ") + pad + strings.Join(Fill(text, rest), pad)
	}
	lines := Fill(text, first)
	if len(lines) > 1 && first != rest {
		// The first line is a prefix of text; the rest is filled again
		// to the continuation lines' width.
		if strings.HasPrefix(text, lines[0]) {
			lines = append(lines[:1], Fill(strings.TrimLeft(text[len(lines[0]):], " "), rest)...)
		} else {
			lines = Fill(text, min(first, rest))
		}
	}
	return lead + strings.Join(lines, pad)
}

// Fill breaks text (one line) into lines at most width screen columns
// wide, line by line: at spaces where it can (reflow's wordwrap; hyphens
// are not break points), and a word wider than width, which starts beside
// the words before it when they leave a quarter of the line, after a
// separator in the second half of the line, else at the width (breakAt: a
// URL or a path breaks between its segments, a blob where it must); the
// words after it follow on its last line. The spaces at a break are dropped and trailing spaces trimmed;
// nothing else changes, so each line is a piece of text. width < 1
// returns text as one line.
func Fill(text string, width int) []string {
	if width < 1 {
		return []string{text}
	}
	var out []string
	rest := strings.TrimRight(text, " ")
	for StringWidth(rest) > width {
		w := wordwrap.NewWriter(width)
		w.Breakpoints = nil
		_, _ = w.Write([]byte(rest))
		_ = w.Close()
		line, _, _ := strings.Cut(w.String(), "\n")
		line = strings.TrimRight(line, " ")
		if !strings.HasPrefix(rest, line) || line == "" {
			line = rest // not wrapped as expected: cut where it must
		}
		if StringWidth(line) <= width {
			next := strings.TrimLeft(rest[len(line):], " ")
			word, _, _ := strings.Cut(next, " ")
			if StringWidth(word) <= width || width-StringWidth(line)-1 < width/4 {
				out = append(out, line)
				rest = next
				continue
			}
			// A word too wide for any line: it starts on this one.
			line = rest[:len(rest)-len(next)+len(word)]
		}
		cut := breakAt(line, width)
		out = append(out, strings.TrimRight(line[:cut], " "))
		rest = strings.TrimLeft(rest[cut:], " ")
	}
	return append(out, rest)
}

// breakAt is the byte offset at which to break l, which is wider than
// width: after the last '/', '?', '&' or '=' in the second half of the
// longest prefix that fits, else after the last ',', ';', ':', '-' or '_'
// there, else after that prefix. ANSI sequences are never split and take
// no columns. At least one character goes before the break.
func breakAt(l string, width int) int {
	cols, fit, sep, weak := 0, 0, 0, 0
	for i := 0; i < len(l); {
		if l[i] == 0x1b {
			if m := ansiSeq.FindStringIndex(l[i:]); m != nil && m[0] == 0 {
				i += m[1]
				continue
			}
		}
		r, size := utf8.DecodeRuneInString(l[i:])
		rw := screen.RuneWidth(r)
		if cols+rw > width && fit > 0 {
			break
		}
		cols += rw
		i += size
		fit = i
		if cols*2 >= width {
			if strings.ContainsRune("/?&=", r) {
				sep = i
			} else if strings.ContainsRune(",;:-_", r) {
				weak = i
			}
		}
	}
	for _, at := range []int{sep, weak} {
		if at > 0 && at < len(l) {
			return at
		}
	}
	return fit
}

// FitLines fits each line of text (lines of a report: items, and their
// details indented under them) to width columns: a line that fits is kept
// as it is; a wider one is broken (Hang) with its leading spaces and list
// marker ("- ", "* ", "• ") kept as its lead and its continuation lines
// indented two columns past its leading spaces, under the text of a list
// item. width < 1 returns text unchanged.
func FitLines(text string, width int) string {
	if width < 1 {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if StringWidth(l) <= width {
			continue
		}
		body := strings.TrimLeft(l, " ")
		spaces := len(l) - len(body)
		lead := l[:spaces]
		for _, m := range []string{"- ", "* ", "• "} {
			if strings.HasPrefix(body, m) {
				lead, body = lead+m, body[len(m):]
				break
			}
		}
		lines[i] = Hang(lead, body, spaces+2, width)
	}
	return strings.Join(lines, "\n")
}
