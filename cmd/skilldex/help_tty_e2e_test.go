package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// TestHelpInATerminal runs the skilldex binary's help in a pseudo-terminal
// of 40, 80 and 200 columns and piped: on a terminal the help is wrapped
// to the terminal's width (at most 100 columns), piped to 80; no line is
// wider (save a single unbreakable word, or an example or table line as
// written), every word of the help text is there, and the example block
// is intact. What the terminal shows is exactly the help rendered in
// process at that width.
func TestHelpInATerminal(t *testing.T) {
	binary(t)
	cmds := helpCommands()
	env := []string{"TERM=xterm-256color", "NO_COLOR="}
	for _, args := range [][]string{{"audit", "--help"}, {"search", "--help"}, {"help", "audit"}} {
		name := args[0]
		if name == "help" {
			name = args[1]
		}
		cmd := cmds[name]
		want := func(width int) string {
			var b bytes.Buffer
			writeHelp(&b, cmd, width)
			return b.String()
		}
		label := strings.Join(args, " ")
		for _, cols := range []int{40, 80, 200} {
			out, code := ttyRun(t, cols, env, args...)
			out = ansi.ReplaceAllString(out, "")
			width := min(cols, helpMaxWidth)
			if code != 0 {
				t.Fatalf("%s in %d columns: exit %d\n%s", label, cols, code, out)
			}
			checkHelpFits(t, label+" in a terminal", cmd, out, width)
			if out != want(width) {
				t.Errorf("%s in %d columns: not the help at %d columns:\n%s\n--- want\n%s", label, cols, width, out, want(width))
			}
			if cols > helpMaxWidth {
				prose, _, _ := strings.Cut(out, "\n\n")
				longest := 0
				for _, l := range strings.Split(prose, "\n") {
					longest = max(longest, len(l))
				}
				if longest <= helpPipeWidth {
					t.Errorf("%s in %d columns: the longest prose line is %d columns: the room is not used\n%s", label, cols, longest, prose)
				}
			}
		}
		piped, code := pipeRun(t, env, args...)
		if code != 0 {
			t.Fatalf("%s piped: exit %d\n%s", label, code, piped)
		}
		checkHelpFits(t, label+" piped", cmd, piped, helpPipeWidth)
		if piped != want(helpPipeWidth) {
			t.Errorf("%s piped: not the help at %s columns:\n%s", label, strconv.Itoa(helpPipeWidth), piped)
		}
	}
}
