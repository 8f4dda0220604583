package audit

import (
	"strings"
	"testing"
)

// FuzzScanJSDropperConstants: no JavaScript text stops the constant
// resolver (array joins, + and concat runs, bracket calls, interpreter
// variables) or the dropper scan over it, and every finding's line is
// inside the file.
func FuzzScanJSDropperConstants(f *testing.F) {
	for _, s := range []string{
		"const m = ['sp', 'awn'].join('');\nconst r = { linux: 'sh' }[os.platform()] || 'sh';\nhttps.get(u, x => { fs.writeFileSync(d, x); cp[m](r, [d], { detached: true }); });\n",
		"const k = 'ex'.concat('ec');\ncp[k]('id');\n", "const m = [", "cp[m](", "const a = 'x' + ", "let m = ['a',].join(``)",
		strings.Repeat("const m = ['sp', 'awn'].join('');\n", 50) + "cp[m](",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanJSDropper(sc, "lib/x.js", code)
		fuzzLinesInFile(t, sc, code)
	})
}

// FuzzScanPyDropperConstants: no Python text stops the getattr, alias,
// constant and interpreter-variable readers or the dropper scan over
// them, and every finding's line is inside the file.
func FuzzScanPyDropperConstants(f *testing.F) {
	for _, s := range []string{
		"import subprocess as sp, urllib.request\nm = ''.join(['Po', 'pen'])\nr = {'linux': 'sh'}.get(sys.platform, 'sh')\nurllib.request.urlretrieve(u, d)\ngetattr(sp, m)([r, d])\n",
		"getattr(subprocess, 'ex' + 'ecv')(", "import os as o\no.system(", "getattr(", "import subprocess as sp\nsp.", "m = ''.join([",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanPyDropper(sc, "scripts/x.py", code)
		fuzzLinesInFile(t, sc, code)
	})
}
