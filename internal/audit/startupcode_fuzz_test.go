package audit

import (
	"testing"
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
		for _, name := range exts {
			sc := scanCtx(code)
			scanStartupCode(sc, name, code)
			fuzzLinesInFile(t, sc, code)
		}
	})
}
