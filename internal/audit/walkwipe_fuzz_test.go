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
		"fs.readdirSync(os.homedir()).filter(n => n !== '.').map(n => path.join(os.homedir(), n)).forEach(p => fs.rmSync(p));\n",
		"const a = fs.readdirSync(h)\n  .map((n) => path.join(h, n));\nfor (const p of a) fs.rmSync(p);\n", "readdirSync(x).map(", ".forEach(p => rm(p",
		"const B = {\n  w: () => cwd(),\n  h: () => os.homedir(),\n};\nfor (const k of ks) { const r = B[k]?.(); for (const n of fs.readdirSync(r)) fs.rmSync(path.join(r, n)); }\n",
		"const T = { a: function () { return os.homedir(); }, b() { return x }, [k]: os.homedir };\nconst r = T.a();\nfor (const n of fs.readdirSync(r)) rm(path.join(r, n));\n",
		"const T = {", "const r = T[ ]?.(", "const T = { a: () => {\n", "const T = { a: async () => os.homedir() };\nconst r = T[a]();\nreaddirSync(r); rm(path.join(r, n));",
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
		"for p in Path.home().iterdir():\n    shutil.rmtree(p)\n", "for e in os.scandir(os.path.expanduser('~')):\n    shutil.rmtree(e.path)\n",
		"a = [os.path.join(h, n) for n in os.listdir(h) if n]\nfor e in a:\n    shutil.rmtree(e)\n", "for e in [e for e in e]:\n    shutil.rmtree(e)\n", "for p in .iterdir():\n shutil.rmtree(p",
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
