package termtext

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/golden"
)

// tableRows are list rows with CJK text, a long id, an ANSI escape hidden
// in a description and an empty state, for the golden tables.
var tableRows = [][]string{
	{"pdf-forms", "document-tools/pdf-forms", "", "Fill, read and flatten PDF form fields. Use when the user has a PDF form to complete or inspect."},
	{"数据分析", "团队/数据分析/每周报告", "", "生成每周数据分析报告，包括图表和摘要。用于需要汇总团队数据的时候。"},
	{"résumé-writer", "careers/resume-writer", "shadowed", "Write a résumé tailored to a job posting.\nKeeps it to one page."},
	{"evil", "hostile/evil\x1b]0;pwned\x07", "invalid", "Looks harmless\x1b[2J\x1b[31m until printed"},
	{"a-skill-with-a-very-long-name-that-will-not-be-cut", "some/deeply/nested/folder/a-skill-with-a-very-long-name-that-will-not-be-cut", "", "Short."},
}

// TestTableGolden renders the list table at 40, 80, 120 and 200 columns
// and piped: columns measured in screen cells (CJK counts two), ids whole
// where the terminal is wide enough for them, the columns that do not fit
// beside the first on a line of their own, the description cut to the
// room left or on its own line, control characters escaped, and no line
// wider than the terminal.
func TestTableGolden(t *testing.T) {
	header := []string{"NAME", "ID", "STATE", "DESCRIPTION"}
	for _, tc := range []struct {
		name  string
		width int
	}{{"40", 40}, {"80", 80}, {"120", 120}, {"200", 200}, {"pipe", 0}} {
		t.Run(tc.name, func(t *testing.T) {
			got := RenderTable(tc.width, header, tableRows, nil)
			golden.Check(t, filepath.Join("testdata", "table-"+tc.name+".golden"), []byte(got))
			if strings.ContainsAny(got, "\x1b\x07") {
				t.Errorf("a control character reached the output:\n%q", got)
			}
			for _, r := range tableRows {
				if id := Cell(r[1]); !strings.Contains(got, id) && (tc.width == 0 || screen.StringWidth(id) <= tc.width-4) {
					t.Errorf("id %q cut", r[1])
				}
				if name := Cell(r[0]); squeeze(got) != "" && !strings.Contains(squeeze(got), squeeze(name)) {
					t.Errorf("name %q lost", r[0])
				}
			}
			if tc.width == 0 {
				return
			}
			for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
				if w := screen.StringWidth(line); w > tc.width {
					t.Errorf("line of %d columns at width %d: %q", w, tc.width, line)
				}
			}
		})
	}
}

// TestTableColumnsFit: with room for every column the table is one line a
// row, and the colour of a cell moved to a line of its own is still its
// column's.
func TestTableColumnsFit(t *testing.T) {
	rows := [][]string{{"pdf", "tools/pdf", "invalid", "Fill PDF forms."}}
	if got, want := RenderTable(80, []string{"NAME", "ID", "STATE", "DESCRIPTION"}, rows, nil),
		"NAME  ID         STATE    DESCRIPTION\npdf   tools/pdf  invalid  Fill PDF forms.\n"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	red := func(row, col int) string {
		if col == 2 {
			return Red
		}
		return ""
	}
	got := RenderTable(20, []string{"NAME", "ID", "STATE", "DESCRIPTION"}, rows, red)
	want := "NAME  ID\n    STATE\n    DESCRIPTION\npdf   tools/pdf\n    \x1b[31minvalid\x1b[0m\n    Fill PDF forms.\n"
	if got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

// TestTablePiped: a writer that is not a terminal gets every cell whole,
// tab-separated under a header, without colour.
func TestTablePiped(t *testing.T) {
	var b bytes.Buffer
	long := strings.Repeat("word ", 60)
	if err := Table(&b, []string{"NAME", "STATE", "DESCRIPTION"}, [][]string{{"pdf", "invalid", long}, {"résumé", "", "short"}},
		func(row, col int) string { return Red }); err != nil {
		t.Fatal(err)
	}
	want := "NAME\tSTATE\tDESCRIPTION\npdf\tinvalid\t" + strings.TrimSpace(long) + "\nrésumé\t\tshort\n"
	if b.String() != want {
		t.Errorf("got %q\nwant %q", b.String(), want)
	}
}

func TestEscapeControls(t *testing.T) {
	cases := []struct {
		in        string
		keepLines bool
		want      string
	}{
		{"plain", false, "plain"},
		{"a\x1b[2Jb", false, `a\x1b[2Jb`},
		{"t\tn\nr\r", false, "t n r "},
		{"line\r\nnext\rover\n", true, "line\r\nnext\\rover\n"},
		{"c1\u009b31m", true, `c1\u009b31m`},
		{"中文 ok", true, "中文 ok"},
	}
	for _, tc := range cases {
		if got := Escape(tc.in, tc.keepLines); got != tc.want {
			t.Errorf("Escape(%q, %v) = %q, want %q", tc.in, tc.keepLines, got, tc.want)
		}
	}
}
