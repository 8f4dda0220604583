package audit

import (
	"strings"
	"testing"
)

// FuzzDropperFetchProgram: no Python or JavaScript text stops the reader
// of downloads made with curl or wget as a process (argvs, bound argvs,
// command lines) or the Python digest judgement (if, assert, check=True
// calls, functions), and every finding's line is inside the file.
func FuzzDropperFetchProgram(f *testing.F) {
	for _, s := range []string{
		"import subprocess, hashlib, sys\np = '/tmp/x'\nsubprocess.run(['curl', '-fsSL', '-o', p, U], check=True)\nif hashlib.sha256(open(p, 'rb').read()).hexdigest() != PIN:\n    sys.exit(1)\nsubprocess.run(['sh', p])\n",
		"import subprocess as sp\ncmd = ['wget', '-O', d, u]\nsp.run(cmd)\ndef v(p):\n    assert h(p) == X\nv(d)\nsp.run([d])\n",
		"import os\nos.system(f\"curl -o {p} {u} && sh {p}\")\n", "subprocess.run(['curl', '-o'", "if hexdigest() != (:", "subprocess.run(['sha256sum', '-c'], check=True",
		"def f(:\n  if not compare_digest(a, b): return\n", "subprocess.run([\"curl\", \"--output=\", ", strings.Repeat("if x.hexdigest() != y:\n ", 40),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanPyDropper(sc, "scripts/x.py", code)
		scanJSDropper(sc, "scripts/x.js", code)
		pyDigestGates(code, len(code)/2, map[string]bool{"p": true})
		fuzzLinesInFile(t, sc, code)
	})
}
