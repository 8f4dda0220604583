package audit

import (
	"context"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
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
		sc := &skillCtx{ctx: context.Background(), skill: index.Skill{Name: "s"}}
		sc.fileText = code
		scanJSDropper(sc, "lib/x.js", code)
		lines := strings.Count(code, "\n") + 1
		for _, fd := range sc.findings {
			if fd.Line < 1 || fd.Line > lines {
				t.Fatalf("finding at line %d of a %d-line file: %+v", fd.Line, lines, fd)
			}
		}
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
		sc := &skillCtx{ctx: context.Background(), skill: index.Skill{Name: "s"}}
		sc.fileText = code
		scanPyDropper(sc, "scripts/x.py", code)
		lines := strings.Count(code, "\n") + 1
		for _, fd := range sc.findings {
			if fd.Line < 1 || fd.Line > lines {
				t.Fatalf("finding at line %d of a %d-line file: %+v", fd.Line, lines, fd)
			}
		}
	})
}
