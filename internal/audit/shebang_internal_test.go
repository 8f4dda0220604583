package audit

import "testing"

// TestShebangRel: the name a file is read under. A file with an
// extension keeps it whatever its shebang says; a file with none takes
// its interpreter's extension, through env and its options; an unknown
// interpreter or no shebang leaves the name as it is.
func TestShebangRel(t *testing.T) {
	for _, c := range []struct{ rel, content, want string }{
		{"bin/setup", "#!/usr/bin/env ruby\nputs 1\n", "bin/setup.rb"},
		{"bin/tool", "#!/usr/bin/python3\n", "bin/tool.py"},
		{"bin/tool", "#!/usr/bin/python3.11 -u\n", "bin/tool.py"},
		{"bin/tool", "#!/usr/bin/env -S node --no-warnings\n", "bin/tool.js"},
		{"bin/tool", "#!/usr/bin/env -S deno run -A\n", "bin/tool.ts"},
		{"bin/tool", "#!/usr/bin/env LANG=C perl -w\n", "bin/tool.pl"},
		{"bin/tool", "#!/usr/bin/env -u HOME perl\n", "bin/tool.pl"},
		{"bin/tool", "#!/usr/bin/php\n<?php\n", "bin/tool.php"},
		{"bin/tool", "#!/bin/bash\n", "bin/tool.sh"},
		{"bin/tool", "#! /bin/sh -e\n", "bin/tool.sh"},
		{"bin/tool", "#!/usr/bin/env zsh\n", "bin/tool.sh"},
		{"bin/tool", "#!/usr/bin/env pwsh\n", "bin/tool.ps1"},
		{"hooks/commit-msg", "#!/usr/bin/perl\n", "hooks/commit-msg.pl"},
		{"scripts/run.py", "#!/usr/bin/env perl\n", "scripts/run.py"},
		{"notes.txt", "#!/bin/bash\n", "notes.txt"},
		{"bin/tool", "#!/usr/bin/env awk -f\n", "bin/tool"},
		{"bin/tool", "#!/usr/bin/env\n", "bin/tool"},
		{"bin/tool", "#!\n", "bin/tool"},
		{"bin/tool", "echo hi\n", "bin/tool"},
		{"LICENSE", "MIT License\n", "LICENSE"},
	} {
		if got := shebangRel(c.rel, c.content); got != c.want {
			t.Errorf("shebangRel(%q, %q) = %q, want %q", c.rel, c.content, got, c.want)
		}
	}
}

// FuzzShebangRel: any first line gives the name itself or the name with
// one extension added, never a panic.
func FuzzShebangRel(f *testing.F) {
	f.Add("#!/usr/bin/env -S node --x\n")
	f.Add("#!/usr/bin/env -u\n")
	f.Add("#!/usr/bin/env -C")
	f.Fuzz(func(t *testing.T, content string) {
		got := shebangRel("bin/tool", content)
		if got == "bin/tool" {
			return
		}
		for _, e := range shebangExt() {
			if got == "bin/tool"+e {
				return
			}
		}
		t.Fatalf("shebangRel gave %q", got)
	})
}
