package audit

import (
	"testing"
)

// FuzzRemoteLoopShellVars: no code stops the reader of a shell named
// through variables (unbalanced calls, bare brackets, literals only),
// and every finding's line is inside the file.
func FuzzRemoteLoopShellVars(f *testing.F) {
	for _, s := range []string{
		"return \"/bin/sh\", \"-c\"\nconn, _ := net.Dial(\"tcp\", a)\nexec.Command(bin, flag, line)\ntime.Sleep(1)\n",
		"SHELL = ('sh', '-c')\nsubprocess.run([*SHELL, cmd])\nrequests.get(u)\ntime.sleep(1)\n",
		"['cmd', '/C']; spawn(sh, [flag, cmd]); fetch(u); setTimeout(f, 1)",
		"(\"sh\", \"-c\") Command::new(sh).arg(flag).arg(&cmd)", "exec.Command(", "system(nil, nil, nil) 'sh' '-c'",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanRemoteLoop(sc, "cmd/x/main.go", code, otherNetDNS, false)
		scanRemoteLoopShellVars(sc, "cmd/x/main.go", code, nil)
		fuzzLinesInFile(t, sc, code)
	})
}
