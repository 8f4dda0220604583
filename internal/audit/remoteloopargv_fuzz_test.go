package audit

import (
	"strings"
	"testing"
)

// FuzzRemoteLoopArgv: no script text stops the remote command loop
// reader with its argument-list shell form and the bare-name sleep, and
// every finding's line is inside the file.
func FuzzRemoteLoopArgv(f *testing.F) {
	for _, s := range []string{
		"require 'net/http'\nloop do\n  Open3.capture2e('/bin/sh', '-c', Net::HTTP.get(u))\n  sleep INTERVAL\nend\n",
		"Net::HTTP\nsystem 'sh', 'sh', '-c', $x\nsleep @i if x\n",
		"Net::HTTP\nIO.popen(['sh', '-c', c])\nsleep n\n",
		"Open3.x(", "sleep ", "'-c', ", strings.Repeat("system 'sh', '-c', a\n", 40) + "Net::HTTP sleep 1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanRemoteLoop(sc, "scripts/x.rb", code, otherNetDNS, false)
		fuzzLinesInFile(t, sc, code)
	})
}
