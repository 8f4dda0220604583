package termtext

import (
	"slices"
	"strings"
	"testing"
)

// helpText is help text as the commands hold it: prose hard-wrapped at
// about 105 columns, an indented example block with aligned comments, a
// list, a markdown table, a fenced block, a URL longer than a narrow
// terminal, hyphenated flags, and CJK words (two columns each).
const helpText = `config prints every setting with its value and its source: a flag, an environment variable
(SKILLDEX_*), the config file, or the default. Flags beat the environment, which beats the file, which beats
the defaults; see https://example.com/a/very/long/path/to/the/configuration/reference/page for the keys.
--fail-on and --no-secrets are read-only here. 数据 分析 报告 每周 团队 数据 分析 报告.

  roots:                      # in priority order; higher priority wins a shared name
    - path: .claude/skills    # relative to the file's folder; ~ is your home
      label: project

Then:
- an item that is rather long and would be rewrapped if it were prose, which it is not, being a list item
- a second item
1. a numbered item
| key | value |
|---|---|
` + "```" + `
code line one
  code line two
` + "```" + `
A last paragraph,
in two lines.`

// TestReflow rewraps helpText at several widths: every line fits (save a
// single word wider than the width, which stays whole), the prose keeps
// its words in order and is filled (no line could take the next word),
// and everything else is printed exactly as written.
func TestReflow(t *testing.T) {
	in := strings.Split(helpText, "\n")
	kinds := Classify(in)
	var kept []string // the lines Reflow must not touch, in order
	var words []string
	for i, l := range in {
		switch kinds[i] {
		case Prose:
			words = append(words, strings.Fields(l)...)
		default:
			kept = append(kept, l)
		}
	}
	for _, width := range []int{20, 40, 80, 100} {
		out := Reflow(helpText, width)
		lines := strings.Split(out, "\n")
		var gotKept, gotWords []string
		paras := [][]string{nil} // the prose lines, by paragraph
		for _, l := range lines {
			if len(gotKept) < len(kept) && kept[len(gotKept)] == l {
				gotKept = append(gotKept, l)
				paras = append(paras, nil)
				continue
			}
			paras[len(paras)-1] = append(paras[len(paras)-1], l)
			gotWords = append(gotWords, strings.Fields(l)...)
			if w := screen.StringWidth(l); w > width && len(strings.Fields(l)) != 1 {
				t.Errorf("width %d: line of %d columns: %q", width, w, l)
			}
			if l != strings.TrimSpace(l) {
				t.Errorf("width %d: prose line with leading or trailing space: %q", width, l)
			}
		}
		if !slices.Equal(gotKept, kept) {
			t.Errorf("width %d: the examples, lists and tables changed:\n got %q\nwant %q", width, gotKept, kept)
		}
		if !slices.Equal(gotWords, words) {
			t.Errorf("width %d: prose words changed:\n got %q\nwant %q", width, gotWords, words)
		}
		// Filled: a line plus the next line's first word would not fit.
		for _, prose := range paras {
			for i := 0; i+1 < len(prose); i++ {
				next := strings.Fields(prose[i+1])[0]
				if screen.StringWidth(prose[i])+1+screen.StringWidth(next) <= width {
					t.Errorf("width %d: %q could have taken %q", width, prose[i], next)
				}
			}
		}
		for _, w := range []string{"--fail-on", "--no-secrets", "read-only", "https://example.com/a/very/long/path/to/the/configuration/reference/page"} {
			if !slices.Contains(gotWords, w) && !slices.Contains(gotWords, w+".") {
				t.Errorf("width %d: %q was split", width, w)
			}
		}
		// The example block is one piece, line after line.
		block := strings.Join(in[5:8], "\n")
		if !strings.Contains(out, "\n\n"+block+"\n\n") {
			t.Errorf("width %d: the example block is not intact:\n%s", width, out)
		}
	}
}

// TestReflowCJKColumns: a CJK character takes two columns, so at width 20
// a line holds at most four two-character words (4*4+3 = 19 columns), not
// six as a count of characters would allow.
func TestReflowCJKColumns(t *testing.T) {
	out := Reflow("数据 分析 报告 每周 团队 数据 分析 报告", 20)
	want := "数据 分析 报告 每周\n团队 数据 分析 报告"
	if out != want {
		t.Errorf("got %q, want %q", out, want)
	}
}

// TestReflowNoWidth: width 0 (unknown) leaves the text as written, less
// trailing spaces.
func TestReflowNoWidth(t *testing.T) {
	if got := Reflow("a  \nb c\t\n  d", 0); got != "a\nb c\n  d" {
		t.Errorf("got %q", got)
	}
}

// TestClassify: which lines are prose (rewrapped) and which are kept.
func TestClassify(t *testing.T) {
	for line, want := range map[string]LineKind{
		"":                                  Blank,
		"   ":                               Blank,
		"audit reads every file":            Prose,
		"--baseline adds Agent Zero's":      Prose, // a flag, not a list item
		"-n 3 limits it":                    Prose,
		"2026 was the year":                 Prose,
		"- an item":                         ListItem,
		"* an item":                         ListItem,
		"+ an item":                         ListItem,
		"1. first":                          ListItem,
		"12) twelfth":                       ListItem,
		"  skilldex audit --fail-on medium": Verbatim,
		"\tindented by a tab":               Verbatim,
		"| a | b |":                         Verbatim,
		"claude   Claude Code: .mcp.json":   Verbatim,
	} {
		if got := Classify([]string{line})[0]; got != want {
			t.Errorf("Classify(%q) = %d, want %d", line, got, want)
		}
	}
	fenced := Classify([]string{"```", "plain words", "```", "plain words"})
	if !slices.Equal(fenced, []LineKind{Verbatim, Verbatim, Verbatim, Prose}) {
		t.Errorf("fenced: %v", fenced)
	}
}
