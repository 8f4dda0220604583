package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// helpCommands is every command of the tree with its path below the
// root ("" for the root), hidden ones and cobra's help included, with the
// flags cobra adds when it runs one (--help, --version).
func helpCommands() map[string]*cobra.Command {
	cmds := map[string]*cobra.Command{}
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		c.InitDefaultHelpFlag()
		cmds[strings.Join(path, " ")] = c
		for _, sub := range c.Commands() {
			walk(sub, append(slices.Clone(path), sub.Name()))
		}
	}
	root := newRootCmd()
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	root.InitDefaultVersionFlag()
	walk(root, nil)
	return cmds
}

// verbatimLines are the lines of cmd's help text that are printed as
// written at any width: the Long's examples, lists and tables, and the
// Example block.
func verbatimLines(cmd *cobra.Command) []string {
	var keep []string
	long := strings.Split(cmd.Long, "\n")
	for i, k := range termtext.Classify(long) {
		if k == termtext.Verbatim || k == termtext.ListItem {
			keep = append(keep, strings.TrimRight(long[i], " "))
		}
	}
	if cmd.Example != "" {
		keep = append(keep, strings.Split(cmd.Example, "\n")...)
	}
	return keep
}

// checkHelpFits fails t unless every line of help (cmd's, printed at
// width columns) fits, is a single word (a URL, a path) wider than width,
// or, below 80 columns, is one of cmd's verbatim lines (examples and
// tables are written for 80 columns and printed as written); unless the
// words of cmd's Long are all there in order; and unless the Example
// block is there whole.
func checkHelpFits(t *testing.T, name string, cmd *cobra.Command, help string, width int) {
	t.Helper()
	var keep []string
	if width < helpPipeWidth {
		keep = verbatimLines(cmd)
	}
	for _, l := range strings.Split(help, "\n") {
		if runewidth.StringWidth(l) <= width || slices.Contains(keep, l) || len(strings.Fields(l)) == 1 {
			continue
		}
		t.Errorf("%s at %d columns: a line of %d columns:\n%s", name, width, runewidth.StringWidth(l), l)
	}
	text := cmd.Long
	if text == "" {
		text = cmd.Short
	}
	if words := strings.Join(strings.Fields(text), " "); !strings.Contains(strings.Join(strings.Fields(help), " "), words) {
		t.Errorf("%s at %d columns: the help text's words are not all there in order:\n%s", name, width, help)
	}
	if cmd.Example != "" && !strings.Contains(help, "Examples:\n"+strings.TrimRight(cmd.Example, "\n")+"\n\n") {
		t.Errorf("%s at %d columns: the example block is not intact:\n%s", name, width, help)
	}
}

// TestHelpFitsEveryCommand prints every command's help piped (as into a
// pager or a file: 80 columns) in process, as `skilldex CMD --help` and
// as `skilldex help CMD`, and at 40 and 100 columns: the prose and the
// flags fit, nothing is lost, the examples are as written.
func TestHelpFitsEveryCommand(t *testing.T) {
	for path, cmd := range helpCommands() {
		args := append(strings.Fields(path), "--help")
		r := cli(t, args...)
		if r.code != 0 || r.stderr != "" {
			t.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
			continue
		}
		checkHelpFits(t, strings.Join(args, " "), cmd, r.stdout, helpPipeWidth)
		if path != "" && cmd.Name() != "help" {
			if h := cli(t, append([]string{"help"}, strings.Fields(path)...)...); h.stdout != r.stdout {
				t.Errorf("help %s differs from %v:\n%s\n---\n%s", path, args, h.stdout, r.stdout)
			}
		}
		for _, width := range []int{40, helpMaxWidth} {
			var b bytes.Buffer
			writeHelp(&b, cmd, width)
			checkHelpFits(t, strings.Join(args, " "), cmd, b.String(), width)
		}
	}
}

// TestHelpUsesTheWidth: at 100 columns the audit help's prose fills
// lines past 80 columns (the room is used), and its first paragraph takes
// fewer lines than at 40.
func TestHelpUsesTheWidth(t *testing.T) {
	audit := helpCommands()["audit"]
	lines := func(width int) []string {
		var b bytes.Buffer
		writeHelp(&b, audit, width)
		first, _, _ := strings.Cut(b.String(), "\n\n")
		return strings.Split(first, "\n")
	}
	wide, narrow := lines(100), lines(40)
	longest := 0
	for _, l := range wide {
		longest = max(longest, len(l))
	}
	if longest <= 80 || longest > 100 {
		t.Errorf("at 100 columns the longest prose line is %d columns, want 81 to 100:\n%s", longest, strings.Join(wide, "\n"))
	}
	if len(wide) >= len(narrow) {
		t.Errorf("the first paragraph takes %d lines at 100 columns and %d at 40", len(wide), len(narrow))
	}
}

// TestHelpFlagUsages: at 40 columns a flag's usage goes below the flag
// names, indented, and a URL in it stays whole on its own line; at 80 it
// wraps under itself beside the names.
func TestHelpFlagUsages(t *testing.T) {
	search := helpCommands()["search"]
	var narrow, wide bytes.Buffer
	writeHelp(&narrow, search, 40)
	writeHelp(&wide, search, 80)
	if !strings.Contains(narrow.String(), "\n      --embeddings-url string\n        OpenAI-compatible embeddings\n") ||
		!strings.Contains(narrow.String(), "\n        http://127.0.0.1:11434/v1;\n") {
		t.Errorf("at 40 columns:\n%s", narrow.String())
	}
	if !strings.Contains(wide.String(), "\n      --embeddings-url string     OpenAI-compatible embeddings endpoint for\n"+
		"                                  hybrid search, e.g. http://127.0.0.1:11434/v1;\n") {
		t.Errorf("at 80 columns:\n%s", wide.String())
	}
	if !strings.Contains(wide.String(), "\n  -n, --limit int         number of results (default 10)\n") {
		t.Errorf("at 80 columns, --limit:\n%s", wide.String())
	}
}

// TestHelpWidth: the width help is wrapped to when not on a terminal.
func TestHelpWidth(t *testing.T) {
	if got := helpWidth(&bytes.Buffer{}); got != helpPipeWidth {
		t.Errorf("piped: %d, want %d", got, helpPipeWidth)
	}
}

// TestManMarkdown: the man pages get each Long as markdown that keeps its
// layout: prose on one line with markup escaped, examples and tables as
// fenced code, list items as list items.
func TestManMarkdown(t *testing.T) {
	in := "prompt prints <available_skills> and [mcp_servers.skilldex] for\nsearch_skills *now*.\n\n" +
		"  roots:            # first\n    - ~/.claude/skills\n\nThen:\n- one item\n- two `items`\nDone."
	want := "prompt prints \\<available\\_skills\\> and \\[mcp\\_servers.skilldex\\] for search\\_skills \\*now\\*.\n\n" +
		"\n```\n  roots:            # first\n    - ~/.claude/skills\n```\n\n" +
		"Then:\n- one item\n- two \\`items\\`\nDone."
	if got := manMarkdown(in); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	config := manMarkdown(helpCommands()["config"].Long)
	if !strings.Contains(config, "```\n  roots:") || !strings.Contains(config, "  http: 127.0.0.1:8765        # serve streamable HTTP instead of stdio\n```") {
		t.Errorf("config's example is not one code block:\n%s", config)
	}
}

// TestHelpFlagTable: flags without a usage, a usage that starts with the
// flag's type name, and a usage with its own line break keep their places.
func TestHelpFlagTable(t *testing.T) {
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	fs.Bool("quiet", false, "")
	fs.String("name", "", "string to greet\nthen a second line")
	fs.Int("count", 3, "how many")
	want := "      --count int     how many (default 3)\n" +
		"      --name string   string to greet\n" +
		"                      then a second line\n" +
		"      --quiet"
	if got := flagUsages(fs, 80); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
