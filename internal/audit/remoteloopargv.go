package audit

import "strings"

// A remote command loop (see remoteloop.go) whose shell is given as an
// argument list of literals followed by the command: Ruby's
// Open3.capture2e('/bin/sh', '-c', step), IO.popen(['sh', '-c', cmd]),
// system('sh', '-c', cmd); Python's subprocess.run(['sh', '-c', cmd]) and
// os.execl('/bin/sh', 'sh', '-c', cmd); Perl's system('sh', '-c', $cmd)
// and open3(..., 'sh', '-c', $cmd); PHP's proc_open(['sh', '-c', $cmd]);
// Node's execFile('sh', ['-c', cmd]). The shell and its command flag are
// literals, so the variable forms of shellFromVar and varProgramCall do
// not see them; what the shell runs is still whatever the variable holds.

// shellArgvFromVar is a command runner called with a literal shell (an
// optional environment or options argument before it, an optional argv[0]
// after it), the literal -c flag and then a variable, a field, an index
// or a method call on one (step.to_s, msg['cmd'], $cmd, @cmd), never a
// literal. Ruby and Perl calls may drop their parentheses.
var shellArgvFromVar = lazyRE(`(?:\bOpen3\.\w+|\bIO\.popen|\bProcess\.spawn|\bKernel\.(?:system|spawn|exec)|(?:(?m:^)|[^.\w$])(?:system|exec|spawn|execvp?|execlp?|open3|open2)` +
	`|\bsubprocess\.\w+|\bos\.(?:exec\w+|spawn\w+|posix_spawnp?)|\bcreate_subprocess_exec|\bproc_open|\bpcntl_exec|\bexecFile(?:Sync)?|\bexeca(?:Sync)?)` +
	`(?:\(\s*|[ \t]+)\[?\s*(?:[\w$@.]+\s*,\s*)?` + shellArgvLit + `\s*,\s*(?:` + shellArgvLit + `\s*,\s*)?\[?\s*["']-c["']\s*,\s*[\$@]{0,2}[A-Za-z_]`)

// shellArgvLit is a POSIX shell named in a string literal.
const shellArgvLit = `["'](?:/bin/|/usr/bin/|/usr/local/bin/)?(?:ba|z|da|k|a)?sh["']`

// scanRemoteLoopArgv reports the remote command loop of scanRemoteLoop
// (whose network call and sleep code already has) when its shell is an
// argument list of literals (see above). near says the loop's network
// call and sleep sit close enough to a line (see remoteLoopSpan). It
// reports whether it added a finding.
func scanRemoteLoopArgv(sc *skillCtx, rel, code string, near func(ln int) bool) bool {
	if !strings.Contains(code, "-c") {
		return false
	}
	var li lineIndex
	for _, m := range shellArgvFromVar.FindAllStringIndex(code, 16) {
		if li == nil {
			li = newLineIndex(code)
		}
		ln := li.line(m[0])
		if !near(ln) {
			continue
		}
		sc.add(rel, ln, "reverse-shell", Critical, "polls a server and runs the commands it answers with in a shell given as an argument list (a remote command loop)", strings.TrimSpace(lineText(code, li, ln)))
		return true
	}
	return false
}
