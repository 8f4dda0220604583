package audit

import "strings"

// A remote command loop: a program that polls a server and runs the
// commands it answers with, in a shell (a beacon; reported under
// reverse-shell, which it is without the socket). Its signature in one
// file is a network call, a shell given a command held in a variable
// (not a literal), and a sleep between polls, the network call and the
// sleep near the shell (remoteLoopSpan). Each alone is ordinary (an API
// client, a build runner, a retry loop); together in a skill's script
// they are a remote shell.

var (
	// shellFromVar runs a shell on a command held in a variable.
	shellFromVar = lazyRE(`exec\.Command(?:Context)?\(\s*(?:\w+,\s*)?"(?:/bin/|/usr/bin/)?(?:ba|z|da)?sh",\s*"-c",\s*[A-Za-z_]|exec\.Command(?:Context)?\(\s*(?:\w+,\s*)?"cmd(?:\.exe)?",\s*"/[Cc]",\s*[A-Za-z_]` +
		`|subprocess\.\w+\(\s*[A-Za-z_][\w.\[\]'"]*\s*,[^)\n]*shell\s*=\s*True|\bos\.(?:system|popen)\(\s*[A-Za-z_]` +
		`|\b(?:exec|execSync)\(\s*[A-Za-z_][\w.\[\]]*\s*[,)]|spawn(?:Sync)?\(\s*['"](?:/bin/)?(?:ba)?sh['"]\s*,\s*\[\s*['"]-c['"]\s*,\s*[A-Za-z_]` +
		`|\bsystem\(\s*[A-Za-z_@$]|` + "`" + `\$\{?[A-Za-z_]` +
		// Perl's qx{$cmd} in any delimiters, Ruby's %x(#{cmd}), Elixir's
		// System.cmd("sh", ["-c", cmd]) and :os.cmd(cmd), Swift's
		// Process arguments ["-c", cmd], Rust's
		// Command::new("sh").arg("-c").arg(cmd)
		`|\bqx\s*[{(\[/|!<]\s*\$\{?[A-Za-z_]|%x[({\[]\s*#\{` +
		`|\bSystem\.cmd\(\s*"(?:/bin/|/usr/bin/)?(?:ba|z|da)?sh"\s*,\s*\[\s*"-c"\s*,\s*[A-Za-z_]|:os\.cmd\(\s*[A-Za-z_]` +
		`|\barguments\s*=\s*\[\s*"-c"\s*,\s*[A-Za-z_]|\.arg\(\s*"-c"\s*\)\s*\.arg\(\s*&?[A-Za-z_]` +
		// PHP's other command runners; Java's and Kotlin's ProcessBuilder of sh -c
		`|\b(?:shell_exec|passthru|popen|proc_open)\(\s*\$` +
		`|\bProcessBuilder\(\s*(?:listOf\(|mutableListOf\(|List\.of\(|Arrays\.asList\(|new\s+String\[\]\s*\{)?\s*"(?:/bin/|/usr/bin/)?(?:ba|z|da)?sh"\s*,\s*"-c"\s*,\s*[A-Za-z_]`)
	// pollSleep waits between polls.
	pollSleep = lazyRE(`time\.Sleep\(|time\.sleep\(|\bsleep\(|setInterval\(|setTimeout\(|await\s+(?:sleep|delay|wait)\(|Thread\.sleep\(|Start-Sleep` +
		// Perl's and Ruby's sleep without parentheses: a number, a
		// variable, or one name (a constant, a local, an @ivar) that ends
		// the statement, so "sleep for a while" in prose is not one
		`|\bsleep\s+(?:\d|\$[A-Za-z_]|@{0,2}[A-Za-z_]\w*[ \t]*(?:(?m:$)|[;)}#]|\b(?:if|unless)\b))`)
)

// remoteLoopSpan is how many lines from the shell call the network call
// and the sleep may sit: a poller's loop or the helper it calls. It
// covers all of a script of that length; in a library of thousands of
// lines a network call, a shell and a sleep far apart are three
// unrelated features (a package manager's download, its build command,
// its retry wait), not one loop.
const remoteLoopSpan = 100

// scanRemoteLoop reports a remote command loop in a script (see above).
// net is the language's network-call pattern; js says the script is
// JavaScript or TypeScript, where the shell call has to be told apart
// from look-alikes (see shellCallAt).
func scanRemoteLoop(sc *skillCtx, rel, code string, net *lazyRegexp, js bool) {
	near := loopNear(code, net)
	if near == nil {
		return
	}
	var cp childProcessFacts
	var li lineIndex
	for _, m := range shellFromVar.FindAllStringIndex(code, -1) {
		if !cp.shellCallAt(code, m[0], m[1], js) {
			continue
		}
		if li == nil {
			li = newLineIndex(code)
		}
		ln := li.line(m[0])
		if !near(ln) {
			continue
		}
		sc.add(rel, ln, "reverse-shell", Critical, "polls a server and runs the commands it answers with in a shell (a remote command loop)", strings.TrimSpace(lineText(code, li, ln)))
		return
	}
	if scanRemoteLoopArgv(sc, rel, code, near) {
		return
	}
	scanRemoteLoopShellVars(sc, rel, code, near)
}

// loopNear returns, for code holding a sleep between polls and a
// network call (net), a function that says whether both sit within
// remoteLoopSpan lines of line ln; nil when code lacks either.
func loopNear(code string, net *lazyRegexp) func(ln int) bool {
	// the sleep first: few scripts have one, and its pattern is the cheapest
	if !pollSleep.MatchString(code) || !net.MatchString(code) {
		return nil
	}
	var netLines, sleepLines []int
	return func(ln int) bool {
		if netLines == nil {
			li := newLineIndex(code)
			netLines = matchLines(net, code, li)
			sleepLines = matchLines(pollSleep, code, li)
		}
		return nearestLine(netLines, ln) <= remoteLoopSpan && nearestLine(sleepLines, ln) <= remoteLoopSpan
	}
}

// matchLines lists the lines of code (1-based, ascending) where re matches.
func matchLines(re *lazyRegexp, code string, li lineIndex) []int {
	var out []int
	for _, m := range re.FindAllStringIndex(code, -1) {
		out = append(out, li.line(m[0]))
	}
	return out
}

// nearestLine is the distance in lines from ln to the nearest of lines
// (ascending), or a very large number when lines is empty.
func nearestLine(lines []int, ln int) int {
	best := 1 << 30
	for _, l := range lines {
		best = min(best, max(l-ln, ln-l))
	}
	return best
}
