package audit

import (
	"strings"
	"testing"
)

// FuzzPyAgentWritesLocal: no Python text stops the walk of where its
// writes land (names bound from themselves, unclosed brackets and
// literals, receivers of any shape), and a script the walk calls local
// writes at least one file and names no home folder in what it writes.
func FuzzPyAgentWritesLocal(f *testing.F) {
	for _, s := range []string{
		"from pathlib import Path\np = Path.cwd() / '.claude' / 'settings.json'\np.write_text('{}')\n",
		"a = a / a + a\n" + strings.Repeat("a = a / a\n", 40) + "open(a, 'w')\n",
		"def f(x):\n    return f(x) / g()\ndef g():\n    return f(1)\nf(2).write_text('x')\n",
		"(Path.home() / '.claude').joinpath('x').write_text(')')\nwith open(((((, 'w') as h:\n",
		"for p in [cwd, *cwd.parents]:\n    open(f'{p}/x', mode='a').write('')\n",
		"x = " + strings.Repeat("(", 200) + "\nopen(x, 'w')",
		"open(\n" + strings.Repeat("'\"", 50),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		if !pyAgentWritesLocal(code) {
			return
		}
		calls, ok := pyWriteCalls(code)
		sites := append(pyWriteSites(code), calls...)
		if !ok || len(sites) == 0 {
			t.Fatalf("local with no writes followed: %q", code)
		}
		for _, s := range sites {
			if homeRef.MatchString(s.expr) {
				t.Fatalf("local, but %q names the home folder", s.expr)
			}
		}
	})
}
