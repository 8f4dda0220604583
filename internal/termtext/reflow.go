package termtext

import (
	"strings"
	"unicode"

	"github.com/muesli/reflow/wordwrap"
)

// LineKind is what a line of help text is to Reflow.
type LineKind int

// The kinds of line. Only Prose lines are rewrapped; the others are the
// author's layout and are printed as written.
const (
	// Blank is an empty or all-space line: it separates paragraphs.
	Blank LineKind = iota
	// Prose is a line of a paragraph: it starts in the first column and is
	// none of the kinds below. A run of Prose lines is one paragraph.
	Prose
	// ListItem is a line starting with "- ", "* ", "+ " or a number and
	// ". " or ") ", as in markdown.
	ListItem
	// Verbatim is an indented line (an example block, code, an aligned
	// table), a line of a markdown table ("|"), a line with two spaces
	// between words (columns aligned by hand), or a line in or opening
	// or closing a ``` fence.
	Verbatim
)

// Classify returns the kind of each of lines, in order (one slice entry a
// line). A fence (a line starting with ```) and everything up to the next
// fence is Verbatim.
func Classify(lines []string) []LineKind {
	kinds := make([]LineKind, len(lines))
	fenced := false
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "```"):
			kinds[i], fenced = Verbatim, !fenced
		case fenced:
			kinds[i] = Verbatim
		case strings.TrimSpace(l) == "":
			kinds[i] = Blank
		case l[0] == ' ' || l[0] == '\t' || l[0] == '|' || strings.Contains(strings.TrimRight(l, " \t"), "  "):
			kinds[i] = Verbatim
		case isListItem(l):
			kinds[i] = ListItem
		default:
			kinds[i] = Prose
		}
	}
	return kinds
}

// isListItem reports whether l starts a markdown list item: a bullet
// (-, * or +) and a space, or digits and ". " or ") ". "--flag" is not one.
func isListItem(l string) bool {
	if len(l) > 1 && strings.ContainsRune("-*+", rune(l[0])) && l[1] == ' ' {
		return true
	}
	i := 0
	for i < len(l) && i < 4 && unicode.IsDigit(rune(l[i])) {
		i++
	}
	return i > 0 && i+1 < len(l) && (l[i] == '.' || l[i] == ')') && l[i+1] == ' '
}

// Reflow rewraps the prose paragraphs of text (help text hard-wrapped in
// the source at any width) to width terminal columns: the lines of a
// paragraph are joined and broken at spaces so that no line is wider than
// width, except one holding a single word wider than width, which is never
// split (a URL, a path, a flag must stay whole to be copied). Blank lines,
// list items and verbatim lines (see Classify) are kept as written, less
// trailing spaces. Widths are screen columns (a CJK character counts two,
// as in tables). width < 1 returns text with trailing spaces trimmed and
// nothing rewrapped. The result has no trailing newline when text has none.
func Reflow(text string, width int) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	if width < 1 {
		return strings.Join(lines, "\n")
	}
	kinds := Classify(lines)
	out := make([]string, 0, len(lines))
	for i := 0; i < len(lines); i++ {
		if kinds[i] != Prose {
			out = append(out, lines[i])
			continue
		}
		var words []string
		for ; i < len(lines) && kinds[i] == Prose; i++ {
			words = append(words, strings.Fields(lines[i])...)
		}
		i--
		out = append(out, Wrap(strings.Join(words, " "), width))
	}
	return strings.Join(out, "\n")
}

// Wrap breaks s (one paragraph; its newlines are kept as breaks) at
// spaces into lines at most width columns wide; a word wider than width
// gets a line of its own and is not split. Hyphens are not break points,
// so "--fail-on" or "read-only" never end up split over two lines.
func Wrap(s string, width int) string {
	w := wordwrap.NewWriter(width)
	w.Breakpoints = nil
	_, _ = w.Write([]byte(s))
	_ = w.Close()
	return w.String()
}
