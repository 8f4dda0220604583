package audit

import (
	"strings"
	"testing"
)

// FuzzImportsModule: no script text stops the module-import reader
// (JavaScript and TypeScript specifiers, Python import lines) in any of
// its forms, and a file is only ever named by a script of a module kind.
func FuzzImportsModule(f *testing.F) {
	for _, s := range []string{
		"import { A } from \"./wallets.js\";\n", "const t = require('../lib/targets');\n", "from .targets import X\nimport a, b as c\n",
		"import(", "from '", "require('./", "from  import", "import \t,,\n", strings.Repeat("import a.b.c, ", 200),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		for _, p := range [][2]string{{"src/track.ts", "src/wallets.ts"}, {"bin/run.js", "lib/targets.js"}, {"scripts/s.py", "scripts/targets.py"}} {
			importsModule(p[0], code, p[1])
		}
		if importsModule("README.md", code, "src/wallets.ts") || importsModule("src/a.ts", code, "data/x.json") {
			t.Fatalf("a non-module file named by %q", code)
		}
	})
}
