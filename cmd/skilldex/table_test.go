package main

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestFitWidths(t *testing.T) {
	cases := []struct {
		widths []int
		width  int
		want   []int
	}{
		{[]int{10, 20, 30}, 120, []int{10, 20, 30}}, // fits
		{[]int{10, 20, 100}, 80, []int{10, 20, 46}}, // the last column is cut first
		{[]int{30, 40, 100}, 60, []int{18, 18, 20}}, // then the widest others
		{[]int{30, 40, 100}, 10, []int{8, 8, 20}},   // never below the minimums
	}
	for _, tc := range cases {
		got := append([]int(nil), tc.widths...)
		fitWidths(got, tc.width)
		if len(got) != len(tc.want) || got[0] != tc.want[0] || got[1] != tc.want[1] || got[2] != tc.want[2] {
			t.Errorf("fitWidths(%v, %d) = %v, want %v", tc.widths, tc.width, got, tc.want)
		}
	}
}

// TestTablePlain: a writer that is not a terminal gets 120 columns and no
// colour, even when a cell asks for one.
func TestTablePlain(t *testing.T) {
	var b bytes.Buffer
	long := strings.Repeat("word ", 60)
	if err := table(&b, []string{"NAME", "STATE", "DESCRIPTION"}, [][]string{{"pdf", "invalid", long}, {"résumé", "", "short"}},
		func(row, col int) string { return colRed }); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if n := utf8.RuneCountInString(line); n > 120 {
			t.Errorf("line of %d columns: %q", n, line)
		}
	}
	if strings.Contains(b.String(), "\x1b[") {
		t.Error("colour written to a non-terminal")
	}
	lines := strings.Split(b.String(), "\n")
	if strings.Index(lines[1], "invalid") != strings.Index(lines[0], "STATE") || !strings.HasSuffix(lines[1], "…") {
		t.Errorf("columns not aligned or not clipped:\n%s", b.String())
	}
}
