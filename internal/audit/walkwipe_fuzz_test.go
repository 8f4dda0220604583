package audit

import "testing"

// FuzzJSWalkWipe: no code stops the JavaScript walker reader (function
// heads, path.resolve chains, fallbacks, unbalanced brackets and
// quotes), and every finding's line is inside the file.
func FuzzJSWalkWipe(f *testing.F) {
	for _, s := range []string{
		"function b(){ return process.env.X || path.resolve(os.homedir(), '..', path.basename(os.homedir())); }\nfunction s(d){ for (const e of fs.readdirSync(d)) { const p = path.join(d, e.name); fs.rmSync(p, {recursive:true}); } }\ns(b());\n",
		"const r = os.homedir();\nfor (const n of fs.readdirSync(r)) fs.rmSync(path.join(r, n));\n",
		"const f = (d) => { fs.readdirSync(d); rm(path.join(d, x)) }; f('/')",
		"path.resolve(", "readdirSync(rmSync(", "function (", "if ((",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanJSWalkWipe(sc, "scripts/a.js", code, code, 1, inScript)
		fuzzLinesInFile(t, sc, code)
	})
}

// FuzzPyWalkWipe: no code stops the Python walker reader (def heads,
// os.path.join chains, fallbacks, unbalanced brackets and quotes), and
// every finding's line is inside the file.
func FuzzPyWalkWipe(f *testing.F) {
	for _, s := range []string{
		"import os, shutil\ndef b():\n    return os.environ.get('X') or os.path.join(os.path.expanduser('~'), '..', os.path.basename(os.path.expanduser('~')))\ndef s(d):\n    for n in os.listdir(d):\n        p = os.path.join(d, n)\n        shutil.rmtree(p)\ns(b())\n",
		"r = os.path.expanduser('~')\nfor n in os.listdir(r):\n    shutil.rmtree(os.path.join(r, n))\n",
		"os.path.join(", "def (", "shutil.rmtree(os.listdir(", "if :",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanPyWalkWipe(sc, "scripts/a.py", code, code, 1, inScript)
		fuzzLinesInFile(t, sc, code)
	})
}
