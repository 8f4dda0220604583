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
