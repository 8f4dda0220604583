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
// wide: at spaces where it can (reflow's wordwrap; hyphens are not break
// points), and a word wider than width after the last '/', '?', '&', '=',
// ',', ';' or ':' in the second half of the line, else at the width (a
// URL breaks between its path segments, a blob where it must); such a
// word starts beside the words before it when they leave a quarter of the
// line. The spaces at a break are dropped (or made one, where a wide word
// joins the line before it) and trailing spaces trimmed; nothing else
// changes.
// width < 1 returns text as one line.
func Fill(text string, width int) []string {
	if width < 1 {
		return []string{text}
	}
	w := wordwrap.NewWriter(width)
	w.Breakpoints = nil
	_, _ = w.Write([]byte(text))
	_ = w.Close()
	var out []string
	for _, l := range strings.Split(w.String(), "\n") {
		l = strings.TrimRight(l, " ")
		if n := len(out); n > 0 && StringWidth(l) > width && width-StringWidth(out[n-1])-1 >= width/4 {
			// wordwrap puts a word wider than a line on a line of its
			// own; it is broken anyway, so it starts beside the words
			// before it when they leave a quarter of the line.
			l, out = out[n-1]+" "+l, out[:n-1]
		}
		for StringWidth(l) > width {
			cut := breakAt(l, width)
			out = append(out, strings.TrimRight(l[:cut], " "))
			l = strings.TrimLeft(l[cut:], " ")
		}
		out = append(out, l)
	}
	return out
}

// breakAt is the byte offset at which to break l, which is wider than
// width: after the longest prefix that fits, or after the last separator
// in that prefix's second half. ANSI sequences are never split and take
// no columns. At least one character goes before the break.
func breakAt(l string, width int) int {
	cols, fit, sep := 0, 0, 0
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
		if strings.ContainsRune("/?&=,;:", r) && cols*2 >= width {
			sep = i
		}
	}
	if sep > 0 && sep < len(l) {
		return sep
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
