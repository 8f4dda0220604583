package audit

import (
	"context"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
)

// FuzzScanStartupCode: no program text stops the startup-write reader
// (comment blanking, literals left open), in any of its languages, and
// every finding's line is inside the file.
func FuzzScanStartupCode(f *testing.F) {
	for _, s := range []string{
		"let a = home.appendingPathComponent(\"Library/LaunchAgents\")\ntry d.write(to: a)\nlet c = \"curl -s \\(u) | /bin/sh\"\n",
		"os.WriteFile(\"/etc/cron.d/x\", b, 0o644) // \"~/.bashrc\n",
		"/* \"Library/LaunchAgents\" */ File.Create(\"x\")", "\"LaunchAgents", "`~/.zshrc` os.Create(", "#!/usr/bin/perl\nopen(my $f, '>', \"$ENV{HOME}/.bashrc\");\n",
	} {
		f.Add(s)
	}
	exts := []string{"x.swift", "x.go", "x.pl", "x.cs", "x.ex", "x.php"}
	f.Fuzz(func(t *testing.T, code string) {
		lines := strings.Count(code, "\n") + 1
		for _, name := range exts {
			sc := &skillCtx{ctx: context.Background(), skill: index.Skill{Name: "s"}}
			sc.fileText = code
			scanStartupCode(sc, name, code)
			for _, fd := range sc.findings {
				if fd.Line < 1 || fd.Line > lines {
					t.Fatalf("%s: finding at line %d of a %d-line file: %+v", name, fd.Line, lines, fd)
				}
			}
		}
	})
}
