package main

import (
	"io"
	"os"
	"slices"
	"strings"

	"github.com/mattn/go-runewidth"
	"golang.org/x/term"
)

// screen measures text in terminal columns: a CJK character takes two, a
// combining mark none. East Asian ambiguous-width characters count as one
// whatever the locale, so output does not depend on LANG.
var screen = func() *runewidth.Condition {
	c := runewidth.NewCondition()
	c.EastAsianWidth = false
	return c
}()

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// termWidth is the width in columns of the terminal w writes to, or 0 when
// w is not a terminal (a pipe, a file): then tables are tab-separated and
// complete.
func termWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 0 {
			return cols
		}
		return 80
	}
	return 0
}

// colorOn reports whether w gets ANSI colour: only a terminal, never when
// NO_COLOR is set to anything non-empty (no-color.org) or TERM is dumb.
func colorOn(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	return isTerminal(w)
}

// ANSI colours by meaning.
const (
	colRed    = "31"
	colYellow = "33"
	colGreen  = "32"
	colDim    = "2"
)

// painter returns a function that colours text for w, or leaves it plain
// when w gets no colour.
func painter(w io.Writer) func(code, s string) string {
	if !colorOn(w) {
		return func(_, s string) string { return s }
	}
	return func(code, s string) string {
		if code == "" || s == "" {
			return s
		}
		return "\x1b[" + code + "m" + s + "\x1b[0m"
	}
}

// minLast is the fewest columns the last column (a description) keeps
// beside the others; with less room it goes on a line of its own.
const minLast = 30

// table prints rows for w. On a terminal the columns are aligned by screen
// width (CJK characters count two); every column but the last is printed
// whole, so an id can always be copied, and the last is cut to the room
// left, marked with "…", or put on its own indented line when less than
// minLast columns are left. Anywhere else (a pipe, a file) each row is one
// line of tab-separated cells, complete, under a tab-separated header
// line, for cut, awk and sort (tail -n +2 drops the header). Cells are made one line, and control characters in them (catalog
// text may hold ANSI escapes) are shown escaped. colour, when set, gives a
// cell's ANSI colour.
func table(w io.Writer, header []string, rows [][]string, colour ...func(row, col int) string) error {
	var paint func(row, col int) string
	if len(colour) > 0 && colorOn(w) {
		paint = colour[0]
	}
	_, err := io.WriteString(w, renderTable(termWidth(w), header, rows, paint))
	return err
}

// renderTable is table's text for a terminal of width columns, or
// tab-separated when width is 0. paint, when set, gives a cell's ANSI
// colour code ("" none).
func renderTable(width int, header []string, rows [][]string, paint func(row, col int) string) string {
	var b strings.Builder
	n := len(header)
	cells := make([][]string, len(rows))
	for i, r := range rows {
		cells[i] = make([]string, n)
		for c := 0; c < n && c < len(r); c++ {
			cells[i][c] = cleanCell(r[c])
		}
	}
	colorize := func(row, col int, s string) string {
		if paint == nil || s == "" {
			return s
		}
		if code := paint(row, col); code != "" {
			return "\x1b[" + code + "m" + s + "\x1b[0m"
		}
		return s
	}
	if width <= 0 {
		b.WriteString(strings.Join(header, "\t"))
		b.WriteByte('\n')
		for i, r := range cells {
			for c, cell := range r {
				if c > 0 {
					b.WriteByte('\t')
				}
				b.WriteString(colorize(i, c, cell))
			}
			b.WriteByte('\n')
		}
		return b.String()
	}
	widths := columnWidths(width, header, cells)
	last := n - 1
	fixed := 0 // where the last column starts
	for c := 0; c < last; c++ {
		fixed += widths[c] + 2
	}
	// Descriptions go on their own lines when the other columns leave
	// less than minLast columns for them.
	ownLines := width-fixed < minLast
	line := func(row int, r []string) {
		at, start := 0, 0 // the cursor and where the current column starts
		for c := 0; c < last; c++ {
			cell := r[c]
			b.WriteString(colorize(row, c, cell))
			at += screen.StringWidth(cell)
			start += widths[c] + 2
			if c < last-1 || !ownLines {
				// A cell wider than its column (a long id, never cut)
				// pushes the rest of its row right.
				pad := max(2, start-at)
				b.WriteString(strings.Repeat(" ", pad))
				at += pad
			}
		}
		text := r[last]
		if text == "" {
			return
		}
		if room := width - at; ownLines || (room < minLast && screen.StringWidth(text) > room) {
			b.WriteString("\n    ")
			text = screen.Truncate(text, width-4, "…")
		} else {
			text = screen.Truncate(text, room, "…")
		}
		b.WriteString(colorize(row, last, text))
	}
	line(-1, header)
	b.WriteByte('\n')
	for i, r := range cells {
		line(i, r)
		b.WriteByte('\n')
	}
	// No trailing spaces: a row whose last cells are empty ends at its
	// last text.
	out := strings.Split(b.String(), "\n")
	for i := range out {
		out[i] = strings.TrimRight(out[i], " ")
	}
	return strings.Join(out, "\n")
}

// columnWidths are the widths of a terminal table's columns: each column's
// widest cell when the row then fits width with minLast columns left for
// the last; else each column but the last is held to the width of its
// cells without the widest tenth (at least the widest one) when it is wider
// than a quarter of the screen, so one long id
// does not push every row's description off the line: the rows holding
// such a cell run past their column instead.
func columnWidths(width int, header []string, cells [][]string) []int {
	n := len(header)
	widths := make([]int, n)
	all := make([][]int, n)
	for c, h := range header {
		widths[c] = screen.StringWidth(h)
		all[c] = append(all[c], widths[c])
	}
	for _, r := range cells {
		for c, cell := range r {
			cw := screen.StringWidth(cell)
			widths[c] = max(widths[c], cw)
			all[c] = append(all[c], cw)
		}
	}
	fixed := 0
	for c := 0; c < n-1; c++ {
		fixed += widths[c] + 2
	}
	if width-fixed >= minLast || len(cells) < 2 {
		return widths
	}
	for c := 0; c < n-1; c++ {
		if widths[c] <= width/4 {
			continue // short columns (a state, a score) stay whole
		}
		ws := all[c]
		slices.Sort(ws)
		drop := max(1, len(ws)/10)
		widths[c] = max(screen.StringWidth(header[c]), ws[len(ws)-1-drop])
	}
	return widths
}

// cleanCell makes s one line (runs of white space become one space) with
// control characters escaped.
func cleanCell(s string) string {
	return strings.Join(strings.Fields(escapeControls(s, false)), " ")
}

// escapeControls returns s with every control character (C0, DEL, C1)
// written as a Go escape (\x1b, \u009b), so text from a skill (a
// description, a folder name, a file) cannot move the cursor, clear the
// screen, retitle the window or colour what follows (issue 14 B15). With
// keepLines, tabs, newlines and the CR of a CRLF are kept (a file printed
// whole); without, they become spaces (a table cell).
func escapeControls(s string, keepLines bool) string {
	clean := true
	for _, r := range s {
		if isControl(r) && !(keepLines && (r == '\t' || r == '\n' || r == '\r')) {
			clean = false
			break
		}
	}
	if clean && !(keepLines && strings.Contains(s, "\r")) {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			switch {
			case !keepLines:
				b.WriteByte(' ')
			case r == '\r' && !strings.HasPrefix(s[i+1:], "\n"):
				b.WriteString(`\r`) // a lone CR would overwrite the line
			default:
				b.WriteRune(r)
			}
		case isControl(r):
			if r < 0x80 {
				b.WriteString(`\x` + hex2(byte(r)))
			} else {
				b.WriteString(`\u00` + hex2(byte(r)))
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isControl reports whether r is a C0 or C1 control character or DEL.
func isControl(r rune) bool {
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0)
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}
