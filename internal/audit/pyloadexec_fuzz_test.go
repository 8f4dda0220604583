package audit

import (
	"strings"
	"testing"
)

// FuzzScanPyLoadExec: no Python text, in the script or in a module it
// imports, stops the downloaded-code loader scan (function bodies,
// returns, with-bindings, loader arguments), and every finding's line is
// inside the script.
func FuzzScanPyLoadExec(f *testing.F) {
	for _, s := range []string{
		"import importlib.util, urllib.request\ndef d(n):\n    t = C / n\n    with urllib.request.urlopen(u) as r:\n        t.write_bytes(r.read())\n    return t\np = d('a')\nspec = importlib.util.spec_from_file_location('a', p)\nspec.loader.exec_module(m)\n",
		"import sys, requests\nz = '/tmp/e.zip'\nopen(z, 'wb').write(requests.get(u).content)\nsys.path.append(z)\ne = __import__('e')\n",
		"sys.path.insert(0,", "sys.path[:0] = [", "site.addsitedir(", "exec(compile(", "def f(:\n  return", "def f():\nreturn x\n", "spec_from_file_location(a, location=", "with urlopen(u) as :\n",
		strings.Repeat("def a():\n    return a\n", 100) + "exec(a())",
	} {
		f.Add(s, "from x import d\n")
	}
	f.Fuzz(func(t *testing.T, code, mod string) {
		sc := scanCtx(code)
		sc.linked = []linkedFile{{rel: "scripts/m.py", text: mod}, {rel: "scripts/x.py", text: code}}
		scanPyLoadExec(sc, "scripts/x.py", code)
		fuzzLinesInFile(t, sc, code)
	})
}
