package audit

import "testing"

// FuzzJSAnswerFuncs: no JavaScript text stops the answer-function reader
// (function heads, brace and arrow bodies, return and resolve calls) or
// the remote-code scan over it, every body it cuts lies inside the file,
// and every finding's line is inside the file.
func FuzzJSAnswerFuncs(f *testing.F) {
	for _, s := range []string{
		"function get(u) {\n  return new Promise((resolve) => { https.get(u, (res) => { let b = ''; res.on('data', (c) => (b += c)); res.on('end', () => resolve(b)); }); });\n}\nconst s = await get(x);\nvm.runInNewContext(s, {});\n",
		"const f = async (u) => (await fetch(u)).text();\neval(await f(1));\n", "function f(", "function f() {", "const f = () =>", "const f = () => {",
		"function f() { return `${", "const f = function() { resolve(", "function f(){return fetch(u)}\nconst a=f();eval(a)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		for _, m := range jsFuncDecl.re().FindAllStringIndex(code, 64) {
			body, _ := jsFuncBody(code, m[1])
			if len(body) > len(code) {
				t.Fatalf("body longer than the file: %d > %d", len(body), len(code))
			}
		}
		jsTainted(code)
		sc := scanCtx(code)
		scanJSRemoteExec(sc, "scripts/x.js", code)
		fuzzLinesInFile(t, sc, code)
	})
}
