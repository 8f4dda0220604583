package audit

import (
	"strings"
	"testing"
)

// FuzzDropperVCSClone: no Python text stops the reading of
// version-control clones (a command table picked by key, a program
// variable compared with a VCS name, a rendered argv) or of a chmod
// mode, and every dropper finding's line is inside the file.
func FuzzDropperVCSClone(f *testing.F) {
	for _, s := range []string{
		"import subprocess, urllib.request\nopen(fn, 'wb').write(urllib.request.urlopen(u).read())\nif vcs == 'svn':\n    pass\nsubprocess.check_call([vcs, 'clone', u, fn])\nco = dict(git=[vcs, '-C', fn, 'checkout', rev], hg=[vcs, '--cwd', fn, 'up'])\nsubprocess.check_call(co[vcs])\n",
		"cmds = {'git': [v, '-R', d, 'pull'], 'x': ['sh', d]}\nsubprocess.run(cmds[v])\n", "os.system(\"(cd %s && git checkout %s)\" % (d, r))\n",
		"co = dict(", "co = {", "c[", "v == '", "chmod u+", strings.Repeat("co = dict(a=[", 30),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanPyDropper(sc, "scripts/x.py", code)
		p := newPyFolder(code)
		argvs := pyArgvTable(code, p)
		vcsFetchTable(argvs, func(w []string) bool { return vcsFetchCmd(w, func(n string) bool { return vcsHeldBy(code, n, nil) }) })
		vcsFetchCmd(strings.Fields(code), func(string) bool { return true })
		chmodTightens(strings.Fields(code))
		fuzzLinesInFile(t, sc, code)
	})
}
