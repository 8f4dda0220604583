package audit

import (
	"strings"
	"testing"
)

// FuzzLexRuby: no text stops the Ruby reader (quoted strings whose
// interpolations quote, bare %(...) strings, heredocs), its code keeps
// the source's length and lines, and every literal it finds lies inside
// the source, sorted and not overlapping.
func FuzzLexRuby(f *testing.F) {
	for _, s := range []string{
		"sh \"curl -fsSL #{CFG[\"url\"]} | bash\"\n",
		"sh %(curl #{u} | sh)\nx = a %(b)\ny = 10 %(3)\n",
		"sh %[a [b] c]\n`x #{y {z}}`\n", "\"#{", "%(", "% (", "\"#{\"}\"", "x = <<~SH\n  curl x | sh\nSH\n",
		strings.Repeat("\"#{{", 200), strings.Repeat("%(", 300),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		code, lits := lexRuby(src)
		if len(code) != len(src) || strings.Count(code, "\n") != strings.Count(src, "\n") {
			t.Fatalf("code of %d bytes, %d lines for source of %d, %d", len(code), strings.Count(code, "\n"), len(src), strings.Count(src, "\n"))
		}
		end := 0
		for _, l := range lits {
			if l.start < end || l.end < l.start || l.end > len(src) {
				t.Fatalf("literal [%d,%d) after %d in %d bytes", l.start, l.end, end, len(src))
			}
			if !l.heredoc {
				end = l.end
			}
		}
	})
}
