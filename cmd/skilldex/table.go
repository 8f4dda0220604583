package main

import (
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"golang.org/x/term"
)

// termWidth is the width of the terminal w writes to, or 120 columns when
// w is not a terminal (a pipe, a file): wide enough for most rows, and
// stable for tools that read the output.
func termWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 40 {
			return cols
		}
	}
	return 120
}

// colorOn reports whether w gets ANSI colour: only a terminal, never when
// NO_COLOR is set to anything non-empty (no-color.org) or TERM is dumb.
func colorOn(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
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

// minCol is the narrowest a column is cut to when a table is wider than
// the terminal.
const minCol = 8

// table prints rows aligned in columns that fit the terminal: the last
// column is cut first (down to 20 characters), then the widest of the
// others, each marked with an ellipsis. colour, when set, gives a cell's
// ANSI colour (applied after padding, so alignment holds).
func table(w io.Writer, header []string, rows [][]string, colour ...func(row, col int) string) error {
	n := len(header)
	widths := make([]int, n)
	cells := make([][]string, 0, len(rows)+1)
	for _, r := range append([][]string{header}, rows...) {
		r = append([]string(nil), r...)
		for c := range r {
			r[c] = oneLine(r[c])
			widths[c] = max(widths[c], utf8.RuneCountInString(r[c]))
		}
		cells = append(cells, r)
	}
	fitWidths(widths, termWidth(w))
	paint := painter(w)
	var b strings.Builder
	for i, r := range cells {
		for c, cell := range r {
			cell = clip(cell, widths[c])
			pad := 0
			if c < n-1 {
				pad = widths[c] - utf8.RuneCountInString(cell) + 2
			}
			if i > 0 && len(colour) > 0 && colour[0] != nil {
				cell = paint(colour[0](i-1, c), cell)
			}
			b.WriteString(cell)
			b.WriteString(strings.Repeat(" ", pad))
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// fitWidths narrows column widths (two spaces between columns) until the
// row fits width: the last column first, down to 20, then the widest of
// the others, down to minCol each.
func fitWidths(widths []int, width int) {
	total := 2 * (len(widths) - 1)
	for _, c := range widths {
		total += c
	}
	last := len(widths) - 1
	if over := total - width; over > 0 {
		cut := min(over, max(0, widths[last]-20))
		widths[last] -= cut
		total -= cut
	}
	for total > width {
		wide := -1
		for c := range widths[:last] {
			if widths[c] > minCol && (wide < 0 || widths[c] > widths[wide]) {
				wide = c
			}
		}
		if wide < 0 {
			return
		}
		widths[wide]--
		total--
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// clip shortens s to n runes, marking the cut with an ellipsis.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n <= 1 {
		return "…"
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
