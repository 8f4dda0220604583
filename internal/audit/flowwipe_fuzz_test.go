package audit

import (
	"testing"
)

// FuzzHelperListedWipe: no code stops the reader that follows a
// removal's argument through helpers, loops and returns (recursive
// helpers, unbalanced brackets, heads without bodies), and every
// finding's line is inside the file.
func FuzzHelperListedWipe(f *testing.F) {
	for _, s := range []string{
		"function drop(p) { rmSync(p, {recursive: true}) }\nfunction dirs() { return L.map((r) => join(homedir(), r)); }\nfor (const d of dirs()) drop(d);\n",
		"const L = ['.ssh'];\nfunction w(p: string): void { rmSync(p, {recursive: true}); }\nfor (const r of L) w(join(homedir(), r));\n",
		"def t():\n    yield os.path.join(os.path.expanduser('~'), x)\ndef n(p):\n    shutil.rmtree(p)\nfor p in t():\n    n(p)\n",
		"function f(p) { rmSync(p); f(p); }\nf(f(f(homedir())))", "def a(p):\n shutil.rmtree(a(p))\n", "function (", "rmSync(", "const f = (a) => f(a)\nrmSync(f(homedir()))",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanDataWipe(sc, "scripts/clean.mjs", code)
		fuzzLinesInFile(t, sc, code)
	})
}
