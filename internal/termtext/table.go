package termtext

import (
	"io"
	"os"
	"strings"

	"github.com/mattn/go-runewidth"
	"golang.org/x/term"
)

// screen measures text in terminal columns (a CJK character takes two);
// East Asian ambiguous-width characters count one whatever the locale, so
// output does not depend on LANG.
var screen = &runewidth.Condition{EastAsianWidth: false}

// IsTerminal reports whether w is a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Width is the width in columns of the terminal w writes to (80 when
// it cannot be read), or 0 when w is not a terminal.
func Width(w io.Writer) int {
	if !IsTerminal(w) {
		return 0
	}
	if cols, _, err := term.GetSize(int(w.(*os.File).Fd())); err == nil && cols > 0 {
		return cols
	}
	return 80
}

// ColorOn reports whether w gets ANSI colour: only a terminal, never when
// NO_COLOR is set to anything non-empty (no-color.org) or TERM is dumb.
func ColorOn(w io.Writer) bool {
	return os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb" && IsTerminal(w)
}

// ANSI colours by meaning.
const (
	Red    = "31"
	Yellow = "33"
	Green  = "32"
	Dim    = "2"
)

// Painter returns a function that colours text for w, or leaves it plain
// when w gets no colour.
func Painter(w io.Writer) func(code, s string) string {
	on := ColorOn(w)
	return func(code, s string) string {
		if !on || code == "" || s == "" {
			return s
		}
		return "\x1b[" + code + "m" + s + "\x1b[0m"
	}
}

// MinLast is the fewest columns the last column (a description) keeps
// beside the others; with less room it goes on a line of its own.
const MinLast = 30

// Table prints rows for w. On a terminal the columns are aligned by
// screen width and every line fits the terminal: the last column (a
// description) is cut to the room left, marked with "…", or put on its
// own indented line when less than MinLast columns are left; the other
// columns are printed whole on the row's first line when they fit the
// width together, so an id can be copied; those that do not fit beside
// the first ones go on an indented line of their own below it, broken
// where it is wider than the terminal (Hang). Anywhere else (a pipe, a
// file) each row is one line of tab-separated cells, complete, under a
// tab-separated header line (see docs/cli.md). Cells are made one line
// with control characters escaped (catalog text may hold ANSI escapes).
// colour, when set, gives a data cell's ANSI colour ("" none); the header
// is never coloured.
func Table(w io.Writer, header []string, rows [][]string, colour ...func(row, col int) string) error {
	var paint func(row, col int) string
	if len(colour) > 0 && ColorOn(w) {
		paint = colour[0]
	}
	_, err := io.WriteString(w, RenderTable(Width(w), header, rows, paint))
	return err
}

// RenderTable is table's text for a terminal of width columns, or
// tab-separated when width is 0.
func RenderTable(width int, header []string, rows [][]string, paint func(row, col int) string) string {
	n := len(header)
	cells := make([][]string, len(rows))
	for i, r := range rows {
		cells[i] = make([]string, n)
		for c := 0; c < n && c < len(r); c++ {
			cells[i][c] = Cell(r[c])
		}
	}
	colorize := func(row, col int, s string) string {
		if paint == nil || row < 0 || s == "" {
			return s
		}
		if code := paint(row, col); code != "" {
			return "\x1b[" + code + "m" + s + "\x1b[0m"
		}
		return s
	}
	if width <= 0 {
		var b strings.Builder
		b.WriteString(strings.Join(header, "\t") + "\n")
		for i, r := range cells {
			for c, cell := range r {
				r[c] = colorize(i, c, cell)
			}
			b.WriteString(strings.Join(r, "\t") + "\n")
		}
		return b.String()
	}
	// Each column's width is its widest cell's, in screen cells
	// (go-runewidth); columns are two spaces apart.
	widths := make([]int, n)
	for c := range n {
		widths[c] = screen.StringWidth(header[c])
		for _, r := range cells {
			widths[c] = max(widths[c], screen.StringWidth(r[c]))
		}
	}
	// The first `inline` columns but the last go on a row's first line:
	// as many as fit the width. The rest of them (moved) go on a line of
	// their own below, and the last column beside them when it has
	// MinLast columns of room, else on its own line too.
	inline, used := 0, 0
	for inline < n-1 && (inline == 0 || used+2+widths[inline] <= width) {
		used += widths[inline] + 2
		inline++
	}
	moved := inline < n-1
	room := width - used
	ownLine := moved || room < MinLast
	movedWidths := widths[inline:max(inline, n-1)]
	padMoved := 0
	for _, w := range movedWidths {
		padMoved += w + 2
	}
	var b strings.Builder
	// line is vals, the cells of row from column col on, padded to
	// widths when pad is set, else two spaces apart.
	line := func(row, col int, vals []string, widths []int, pad bool) string {
		var l strings.Builder
		for c, v := range vals {
			l.WriteString(colorize(row, col+c, v))
			if c < len(vals)-1 {
				gap := 2
				if pad {
					gap = widths[c] - screen.StringWidth(v) + 2
				}
				l.WriteString(strings.Repeat(" ", gap))
			}
		}
		return strings.TrimRight(l.String(), " ")
	}
	writeRow := func(row int, r []string) {
		first := append([]string(nil), r[:inline]...)
		if !ownLine {
			first = append(first, screen.Truncate(r[n-1], room, "…"))
		}
		b.WriteString(Hang("", line(row, 0, first, widths, true), 2, width) + "\n")
		if moved {
			if l := line(row, inline, r[inline:n-1], movedWidths, padMoved-2 <= width-4); l != "" {
				b.WriteString(Hang("    ", l, 6, width) + "\n")
			}
		}
		if ownLine && r[n-1] != "" {
			last := r[n-1]
			if row >= 0 {
				last = colorize(row, n-1, screen.Truncate(last, width-4, "…"))
			}
			b.WriteString("    " + last + "\n")
		}
	}
	writeRow(-1, header)
	for i, r := range cells {
		writeRow(i, r)
	}
	return b.String()
}
