package audit

import (
	"strings"
	"testing"
)

// FuzzPerlDecodeCode: no Perl text stops the decoder of strings built
// from character codes (chr, join over map, pack, sprintf, the . runs
// and the bindings it follows), every line stays where it was, and each
// decoded string stands as a literal at its offset.
func FuzzPerlDecodeCode(f *testing.F) {
	for _, s := range []string{
		"my $x = join '', map { chr } (99, 117, 114, 108);\nsystem($x);",
		"my @c = qw(63 75); my $x = join('', map { chr(hex($_)) } @c) . chr(47);",
		"my $x = pack(\"H*\", \"6375726c\"); my $y = pack 'C*', 1, 2, @c;",
		"my $x = sprintf('%c' x 4 . '%s', 1, 2, 3, 4, $ENV{HOME});",
		"my $x = sprintf(\"%c%c\", 99); join(join(join('', chr(1)), ''), '');",
		"my $a = $b; my $b = $a; my $x = pack('H*', $a);",
		"my $x = chr(" + strings.Repeat("chr(", 50),
		"\"a\" . \"b\" . chr(99) . '$x' # it's\n`ls` . qw#a#",
		"=pod\nchr(99)\n=cut\nmy $x = join '', map { chr } (99,\n1);",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		out, lits, ok := perlDecodeCode(code)
		if strings.Count(out, "\n") != strings.Count(code, "\n") {
			t.Fatalf("lines moved:\n%q\n%q", code, out)
		}
		if !ok && out != code {
			t.Fatalf("changed without decoding: %q", out)
		}
		for _, l := range lits {
			if l.off < 0 || l.off >= len(out) || out[l.off] != '"' {
				t.Fatalf("decoded %q at %d: no literal there in %q", l.text, l.off, out)
			}
		}
		sc := scanCtx(out)
		scanOtherExec(sc, "run.pl", out)
		scanEncoded(sc, "run.pl", out, otherNetDNS, lits)
		fuzzLinesInFile(t, sc, code)
	})
}
