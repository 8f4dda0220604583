package audit

import (
	"strings"
	"testing"
)

// FuzzPyImportsFile: no script text stops the Python package-import
// reader, and no import names a module outside the skill (a path
// climbing above its root).
func FuzzPyImportsFile(f *testing.F) {
	for _, s := range []string{
		"from lib import metrics, session\n", "import lib.session as s\n", "from ..lib import (\n a,\n b as c,\n)\n",
		"from . import x\n", "from ...... import y\n", "from import", "import .", strings.Repeat("from a.b import (c, ", 100),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		for _, p := range [][2]string{{"scripts/digest.py", "lib/session.py"}, {"a/b/c.py", "a/x.py"}, {"run.py", "pkg/__init__.py"}} {
			pyImportsFile(p[0], code, p[1])
		}
		if pyImportsFile("run.py", code, "../up.py") || pyImportsFile("a/run.py", code, "../x/y.py") {
			t.Fatalf("a module outside the skill named by %q", code)
		}
	})
}
