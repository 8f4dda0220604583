package audit

import (
	"strings"
	"testing"
)

// FuzzDropper: no JavaScript or Python text stops the dropper scan, and
// folding joined literals keeps every offset and line of the text.
func FuzzDropper(f *testing.F) {
	for _, s := range []string{
		"const p = cp['sp' + 'awn'](cmd, args, { detached: true });\nfs.writeFileSync(dest, buf); https.get(u)",
		"require('child_' + \"process\")['ex' + 'ec'](x)",
		"x = ['a' + 'b'] + ('c' + 'd')\nurlretrieve(u, p)\nsubprocess.Popen(['sh', p])",
		"'' + ''][",
		"open(p, 'wb').write(requests.get(u).content)\nos.system(p)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		folded, _ := foldJSJoins(code)
		if len(folded) != len(code) || strings.Count(folded, "\n") != strings.Count(code, "\n") {
			t.Fatalf("folding moved offsets: %q -> %q", code, folded)
		}
		sc := scanCtx(code)
		scanJSDropper(sc, "s.js", code)
		scanPyDropper(sc, "s.py", code)
	})
}
