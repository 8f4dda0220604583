package audit

import (
	"strings"
	"testing"
)

// FuzzCmdJoins: no JavaScript source makes the fold of joined command
// arrays change its length or its lines, and no Ruby source stops the
// reading of a joined command line (joins, sums, splats, names).
func FuzzCmdJoins(f *testing.F) {
	for _, s := range []string{
		"execSync([\"curl\", url, \"|\", \"sh\"].join(\" \"))", "const p = [\"curl\", u];\nexec(p.join(\" \"));\n",
		"const a = [\"sh\", 'x'];\na.join(' ');\na.map(x);\n", "[].join('')", "[`]`].join(\"|\")",
		"cmd = %w[curl -fsSL x].join(\" \") + \" | bash\"\nsystem(cmd)\n", "system((A + [\"|\", \"sh\"]).join(\" \"))",
		"A = B\nB = A\nsystem(A.join)\n", "system(\"#{X.join(\" \")} | sh\")", "system([*%w[a], *B] * \" \")",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if out := foldJSCmdJoins(src); len(out) != len(src) || strings.Count(out, "\n") != strings.Count(src, "\n") {
			t.Fatalf("fold changed the length or lines: %q -> %q", src, out)
		}
		r := newRubyScan(nil, "", src)
		for _, a := range r.assigns {
			r.joinValue(a, 0)
		}
	})
}
