package audit

import "testing"

// FuzzRealCodeScanners runs the scanners the real-code sweep added
// (shellCallAt, ownPrefixFilter, jsLocalAnswer, hashCommentsBlanked) over
// arbitrary text: no panic, offsets in range.
func FuzzRealCodeScanners(f *testing.F) {
	for _, s := range []string{
		"const cp = require('child_process');\nsetInterval(() => fetch(u).then((r) => r.text()).then((c) => cp.exec(c)), 9);\n",
		"while ((m = re.exec(s)) !== null) {}\nconst u = `${a}/b`;\n",
		"Object.keys(process.env).filter((key) => /^debug_/i.test(key))",
		"Object.keys(process.env).filter(",
		"my $o = `$c`;\ndie \"bad `$p' port\";\n=pod\n`$x`\n=cut\n",
		".exec(", "`", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, js := range []bool{true, false} {
			for _, m := range shellFromVar.FindAllStringIndex(s, -1) {
				shellCallAt(s, m[0], m[1], js)
			}
		}
		for i := 0; i <= len(s); i += 1 + len(s)/16 {
			ownPrefixFilter(s[i:])
			jsLocalAnswer(s, i, s[i:])
		}
		jsMinified(s)
		if b := hashCommentsBlanked("x.pl", s); len(b) != len(s) {
			t.Fatalf("blanking changed the length: %d to %d", len(s), len(b))
		}
	})
}
