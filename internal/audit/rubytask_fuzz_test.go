package audit

import (
	"strings"
	"testing"
)

// FuzzRubyTaskScript: no Ruby source stops the reading of its commands
// and digest checks as one script (runners, interpolations resolved as
// paths, comparisons split at == or !=), and the script keeps one line
// for each line of the source, so its findings point into the file.
func FuzzRubyTaskScript(f *testing.F) {
	for _, s := range []string{
		"def run!(c)\n  system(c) || abort\nend\nrun! \"curl -o #{D}/a #{u}\"\nrun! \"#{D}/a\"\n",
		"sh \"curl -fsSLo x.sh #{CFG['u']}\"\nabort 'x' unless Digest::SHA256.file(\"x.sh\").hexdigest == SHA\nsh \"bash x.sh\"\n",
		"if Digest::SHA256.hexdigest(File.read(File.join(A, \"b\"))) != CFG.fetch(\"s\")\n raise\nend\n",
		"x == y or abort", "!=", "==", "(((== )", "#{#{", "def def\n`", strings.Repeat("sh \"#{a}\"\n", 300),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		r := newRubyScan(nil, "", src)
		code := r.code
		r.callCmds()
		n := strings.Count(code, "\n") + 1
		for _, c := range r.cmds {
			if c.line < 1 || c.line > n {
				t.Fatalf("command at line %d of %d", c.line, n)
			}
		}
		for ln := range r.digestChecks() {
			if ln < 1 || ln > n {
				t.Fatalf("check at line %d of %d", ln, n)
			}
		}
	})
}
