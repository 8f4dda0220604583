package audit

import (
	"strings"
	"testing"
)

// FuzzStartupWords: no program text stops the word-list and crontab
// readers (unclosed lists, delimiters at the end, quotes cut short),
// every word lies inside the text at its offset, and every finding's
// line is inside the file.
func FuzzStartupWords(f *testing.F) {
	for _, s := range []string{
		"for (qw(.bashrc .zshrc)) { open my $f, '>>', $_ }", "qw(", "~w[", "qw/a b/ qw<c>", "qw|x",
		"open my $c, '|-', 'crontab', '-';", "exec.Command(\"crontab\", \"-l\")", "\"crontab",
		"Command::new(\"crontab\").arg(\"-r\")", "system(\"crontab $f\")", strings.Repeat("qw(", 600),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		for _, w := range wordListWords(code) {
			if w.off < 0 || w.off+len(w.body) > len(code) || code[w.off:w.off+len(w.body)] != w.body {
				t.Fatalf("word %q not at %d", w.body, w.off)
			}
		}
		if at := cronInstall(code); at >= len(code) {
			t.Fatalf("crontab at %d past the end", at)
		}
		for _, name := range []string{"a.pl", "main.go", "x.exs"} {
			sc := scanCtx(code)
			scanStartupCode(sc, name, code)
			fuzzLinesInFile(t, sc, code)
		}
	})
}
