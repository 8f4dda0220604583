package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"golang.org/x/term"
)

// table prints rows aligned in columns; the last column is cut to fit the
// terminal (or 120 columns when not a terminal).
func table(w io.Writer, header []string, rows [][]string) error {
	width := 120
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 40 {
			width = cols
		}
	}
	// Width used by every column but the last.
	used := 0
	for c := 0; c < len(header)-1; c++ {
		wc := utf8.RuneCountInString(header[c])
		for _, r := range rows {
			wc = max(wc, utf8.RuneCountInString(r[c]))
		}
		used += wc + 2
	}
	room := max(20, width-used)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, r := range rows {
		r = append([]string(nil), r...)
		r[len(r)-1] = clip(oneLine(r[len(r)-1]), room)
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	return tw.Flush()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// clip shortens s to n runes, marking the cut with an ellipsis.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
