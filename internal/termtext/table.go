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

// Table prints rows for w. On a terminal the columns are
// aligned by screen width; every column but the last is printed whole, so
// an id can always be copied, and the last is cut to the room left, marked
// with "…", or put on its own indented line when less than minLast columns
// are left. Anywhere else (a pipe, a file) each row is one line of
// tab-separated cells, complete, under a tab-separated header line (see
// docs/cli.md). Cells are made one line with control characters escaped
// (catalog text may hold ANSI escapes). colour, when set, gives a data
// cell's ANSI colour ("" none); the header is never coloured.
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
		if paint == nil || s == "" {
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
	// The room the last column gets beside the widest cell of each other.
	room := width
	for c := 0; c < n-1; c++ {
		w := screen.StringWidth(header[c])
		for _, r := range cells {
			w = max(w, screen.StringWidth(r[c]))
		}
		room -= w + 2
	}
	ownLine := room < MinLast
	last := make([]string, len(cells))
	if ownLine {
		for i, r := range cells {
			last[i] = colorize(i, n-1, screen.Truncate(r[n-1], width-4, "…"))
		}
	}
	head := header
	if ownLine {
		head = header[:n-1]
	}
	// Columns padded to their widest cell in screen cells (go-runewidth),
	// two spaces apart; colour is added around the padded text's cell so
	// escapes never count as width.
	cols := len(head)
	widths := make([]int, cols)
	for c := 0; c < cols; c++ {
		widths[c] = screen.StringWidth(head[c])
		for _, r := range cells {
			if c < n-1 {
				widths[c] = max(widths[c], screen.StringWidth(r[c]))
			}
		}
	}
	var b strings.Builder
	line := func(row int, vals []string) {
		var l strings.Builder
		for c, v := range vals {
			cell := v
			if row >= 0 {
				cell = colorize(row, c, v)
			}
			l.WriteString(cell)
			if c < len(vals)-1 {
				l.WriteString(strings.Repeat(" ", widths[c]-screen.StringWidth(v)+2))
			}
		}
		b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
	}
	line(-1, head)
	if ownLine {
		b.WriteString("    " + header[n-1] + "\n")
	}
	for i, r := range cells {
		vals := append([]string(nil), r[:n-1]...)
		if !ownLine {
			vals = append(vals, screen.Truncate(r[n-1], room, "…"))
		}
		line(i, vals)
		if ownLine && last[i] != "" {
			b.WriteString("    " + last[i] + "\n")
		}
	}
	return b.String()
}
