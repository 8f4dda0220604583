package audit

import (
	"strings"
	"testing"
)

// TestPerlDecodeForms: each form perlDecodeCode reads is written as the
// literal of the text it builds, at its place, with the text reported at
// the literal's offset; bytes that are not text, plain strings, method
// calls named join and hash keys are left as they are, and a name bound
// twice is not followed.
func TestPerlDecodeForms(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`my $x = join '', map { chr } (99, 117, 114, 108);`, "curl"},
		{`my $x = join '', map chr, 99, 117, 114, 108;`, "curl"},
		{`my $x = join("", map(chr, 0x63, 0165, 0b1110010, 108)) . " -s";`, "curl -s"},
		{`my $x = join '', map { chr hex } qw(63 75 72 6c);`, "curl"},
		{`my $x = join '', map { chr(hex($_)) } qw(63 75 72 6c);`, "curl"},
		{`my $x = join('', map { chr($_ ^ 7) } 100, 114, 117, 107);`, "curl"},
		{`my $x = join('', map { chr($_ - 1) } 100, 118, 115, 109);`, "curl"},
		{`my @c = qw(99 117 114 108); my $x = join '', map { chr } @c;`, "curl"},
		{`my $x = join('/', chr(126), ".ssh");`, "~/.ssh"},
		{`my $x = chr(46) . "ssh" . chr(47) . 'id_rsa';`, ".ssh/id_rsa"},
		{`my $x = "cu" . chr(114) . "l";`, "curl"},
		{`my $x = pack("H*", "6375726c");`, "curl"},
		{`my $h = "6375726c"; my $x = pack "H*", $h;`, "curl"},
		{`my $x = pack('h*', "365727c6");`, "curl"},
		{`my $x = pack("C*", 99, 117, 114, 108);`, "curl"},
		{`my $x = pack("U*", 0x63, 0x75, 0x72, 0x6c);`, "curl"},
		{`my $x = pack("A*", "cu", "rl");`, "curl"},
		{`my $x = sprintf "%c%c%c%c", 99, 117, 114, 108;`, "curl"},
		{`my $x = sprintf('%c' x 4, 99, 117, 114, 108);`, "curl"},
		{`my @c = (99, 117, 114, 108); my $x = sprintf('%c' x @c, @c);`, "curl"},
		{`my $x = sprintf("%s/%c%c%c%c", $ENV{HOME}, 46, 115, 115, 104);`, "$ENV{HOME}/.ssh"},
		{`my $x = sprintf("%c%c %d%%", 114, 109, 5);`, "rm 5%"},
		{`my $x = chr(hex("63"));`, "c"},
		{"print 1; # don't chr(99)\nmy $x = chr(99).chr(117);", "cu"},
		{"my $x = join '', map { chr } (99,\n  117, 114, 108);\nprint $x;", "curl"},
		{`my $x = "$d" . chr(47) . "x";`, "$d/x"},
		{`my $x = "$d" . chr(65);`, "A"}, // not "$dA"
		// left alone
		{`my $b = pack("C*", 0x89, 0x44); my $n = chr(2);`, ""},
		{`my $s = $h{join}; my $t = $o->join(", ", 1); my $u = join(",", @list);`, ""},
		{`my $x = join(",", "a", "b"); my $y = "a" . "b";`, ""},
		{`my $x = pack("n N", 1, 2); my $y = sprintf("%d items", $n);`, ""},
		{`my $x = chr($n); my $y = sprintf("%c", $byte);`, ""},
		{`my @c = (99, 117); @c = (1, 2); my $x = join '', map { chr } @c;`, ""},
		{`my $x = sprintf("%c%c", 99);`, ""},
		{`my $x = pack("H*", "6375726");`, ""},
	} {
		out, lits, ok := perlDecodeCode(c.src)
		if strings.Count(out, "\n") != strings.Count(c.src, "\n") {
			t.Errorf("%s: lines moved:\n%s", c.src, out)
		}
		if c.want == "" {
			if ok || out != c.src {
				t.Errorf("%s: decoded %+v into\n%s", c.src, lits, out)
			}
			continue
		}
		if !ok || len(lits) != 1 || lits[0].text != c.want {
			t.Errorf("%s: decoded %+v (%v), want %q", c.src, lits, ok, c.want)
			continue
		}
		if got := out[lits[0].off:]; !strings.HasPrefix(got, `"`+perlQuoteBody(c.want)+`"`) {
			t.Errorf("%s: at the offset %q, want the literal of %q", c.src, got, c.want)
		}
	}
}

// TestPerlInterpolate: a scalar bound once to a literal is read into the
// double-quoted command that names it; one bound twice, or an element of
// a hash, stays as written.
func TestPerlInterpolate(t *testing.T) {
	d := newPerlDecoder("my $dl = \"curl\";\nmy $sh = 'sh';\nmy $u = \"x\"; $u .= \"y\";\nmy %h = ();\n")
	if got := d.interpolate("$dl -fsSL ${u} | $sh; $h{dl} $dl"); got != "curl -fsSL ${u} | sh; $h{dl} curl" {
		t.Errorf("interpolated %q", got)
	}
}
