package audit

import "strings"

// A remote command loop (see remoteloop.go) whose shell is held in
// variables: the program and its command flag come from a helper or a
// table (func shell() (string, string) { return "/bin/sh", "-c" };
// SHELL = ["cmd", "/C"]) and the call names only variables:
// exec.Command(bin, flag, line), subprocess.run([sh, flag, cmd]),
// spawn(sh, [flag, cmd]), Command::new(&sh).arg(&flag).arg(&cmd). The
// call alone is any program run with arguments; with a shell and its
// command flag written as literals in the same file, and the network
// call and the sleep between polls the loop needs, it is the same shell
// run on a command the server answers with.

var (
	// shellNameLit is a shell named in a string literal; shellFlagLit is
	// the flag that makes a shell run its next argument as a command.
	shellNameLit = lazyRE(`["'](?:/bin/|/usr/bin/)?(?:ba|z|da|k)?sh["']|["'](?:cmd|powershell|pwsh)(?:\.exe)?["']`)
	shellFlagLit = lazyRE(`["'](?:-c|/[Cc]|-Command|-command)["']`)
	// varProgramCall runs a program and two arguments, all three held
	// in variables (not literals), in the languages the audit reads: Go,
	// Python, JavaScript, Rust, Java and Kotlin, Ruby and Perl (system,
	// exec, spawn not called as a method: RegExp's exec is not one),
	// Elixir.
	varProgramCall = lazyRE(`exec\.Command(?:Context)?\(\s*(?:\w+,\s*)?` + progVar + `\s*,\s*` + progVar + `\s*,\s*` + progVar + `\s*[,)]` +
		`|\bsubprocess\.\w+\(\s*\[\s*(?:` + progVar + `\s*,\s*` + progVar + `|\*` + progVar + `)\s*,\s*` + progVar + `\s*[,\]]` +
		`|\b(?:spawn|spawnSync|execFile|execFileSync|execa)\(\s*` + progVar + `\s*,\s*\[\s*(?:` + progVar + `|\.\.\.` + progVar + `)\s*,\s*` + progVar + `\s*[,\]]` +
		`|\bCommand::new\(\s*&?` + progVar + `\s*\)\s*\.arg\(\s*&?` + progVar + `\s*\)\s*\.arg\(\s*&?` + progVar + `\s*\)` +
		`|\bProcessBuilder\(\s*(?:listOf\(|mutableListOf\(|List\.of\(|Arrays\.asList\()?\s*` + progVar + `\s*,\s*` + progVar + `\s*,\s*` + progVar + `\s*[,)]` +
		`|(?:^|[^.\w])(?:system|exec|spawn)\(\s*` + progVar + `\s*,\s*` + progVar + `\s*,\s*` + progVar + `\s*[,)]` +
		`|\b(?:Open3\.\w+|IO\.popen)\(\s*` + progVar + `\s*,\s*` + progVar + `\s*,\s*` + progVar + `\s*[,)]` +
		`|\bSystem\.cmd\(\s*` + progVar + `\s*,\s*\[\s*` + progVar + `\s*,\s*` + progVar + `\s*[,\]]`)
)

// progVar is a variable, a field or an indexed element (sh[0], cfg.bin,
// $shell), never a literal.
const progVar = `[\$@]?[A-Za-z_][\w.]*(?:\[\d+\])?`

// scanRemoteLoopShellVars reports the remote command loop of
// scanRemoteLoop (whose network call and sleep code already has) when
// its shell is held in variables (see above).
//
// near, when not nil, says the loop's network call and sleep sit close
// enough to the call on a line (see remoteLoopSpan).
func scanRemoteLoopShellVars(sc *skillCtx, rel, code string, near func(ln int) bool) {
	if !shellFlagLit.MatchString(code) || !shellNameLit.MatchString(code) {
		return
	}
	for _, m := range varProgramCall.FindAllStringIndex(code, 16) {
		if litArgs(code[m[0]:m[1]]) {
			continue
		}
		li := newLineIndex(code)
		ln := li.line(m[0])
		if near != nil && !near(ln) {
			continue
		}
		sc.add(rel, ln, "reverse-shell", Critical, "polls a server and runs the commands it answers with in a shell named through variables (a remote command loop)", strings.TrimSpace(lineText(code, li, ln)))
		return
	}
}

// litArgs reports whether a call's text names only the words a language
// spells its constants with (nil, None, true, false, null, undefined):
// no variable holds a program there.
func litArgs(call string) bool {
	open := strings.IndexAny(call, "([")
	if open < 0 {
		return true
	}
	for _, w := range wordRe.FindAllString(call[open:], -1) {
		switch w {
		case "nil", "None", "true", "false", "True", "False", "null", "undefined":
		default:
			return false
		}
	}
	return true
}
