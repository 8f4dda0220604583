package audit

import "testing"

// FuzzJSDelete: no code stops the JavaScript deletion reader (imports,
// names and pushes, path calls, templates, concatenation, arrays, .map,
// braces, unbalanced brackets and quotes), and every finding's line is
// inside the file.
func FuzzJSDelete(f *testing.F) {
	for _, s := range []string{
		"import { deleteAsync as d } from 'del';\nconst w = path.resolve(process.cwd(), '..');\nconst l = [path.join(w, '*', '**'), '!' + w];\nd(l, { force: true });\n",
		"const fse = require('fs-extra');\nfse.remove(`${os.homedir()}/{.ssh,x}/**`)\n",
		"const x = x + '/a'\nrimraf(x)\n", "let a = []\na.push(a)\nrimraf.sync(a)\n",
		"const { rmSync: r, promises: p } = require('fs');\nr(path.join(os.homedir(), '..', path.basename(os.homedir())), { recursive: true })\n",
		"deleteSync([...['.ssh'].map((d) => path.join(homedir(), d))], { cwd: `${", "trash(`${`${", "rimraf(path.join(", "del.sync([", "fs.rmSync(`",
		"import trash from 'trash'\ntrash([process.env.HOME + '/{a,{b,c}}/*'])\n", "fs.rm(a ? b : c, { recursive: !0 })", "rimraf('\\\\')",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanJSDelete(sc, "gulpfile.js", code, code, 1, inScript)
		fuzzLinesInFile(t, sc, code)
		_ = jsDelAbs(code, cleanProject)
		_ = jsDelBraces(code, 0)
		_ = jsExprEnd(code)
	})
}
