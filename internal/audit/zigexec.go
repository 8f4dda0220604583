package audit

import (
	"strings"
)

// Zig's process spawning read as shell: a build.zig step
// (b.addSystemCommand(&.{ "sh", "-c", "…" })) or a program's
// std.process.Child (Child.init(&.{ … }), Child.run(.{ .argv = &.{ … } }))
// runs the argv list it is given, at every zig build for a build step.
// The list's string literals are the command line (an element that is not
// a literal reads as $ARG); a shell given -c runs the literal after it as
// a script. The shell rules of a script's commands (destructive-command,
// system-trust, registry-exec-credential, persistence) and download-exec
// and reverse-shell, which Zig has no rules of its own for, read it.

var (
	// zigArgv opens an argv list: group 1 the list's body starts at the
	// match's end.
	zigArgv = lazyRE(`\b(?:addSystemCommand|Child\.init|ChildProcess\.init)\s*\(\s*&\s*\.\{|\.argv\s*=\s*&\s*\.\{`)
	// zigShells are the programs that run their -c argument as a script.
	zigShells = lazySet("sh", "bash", "zsh", "dash", "/bin/sh", "/bin/bash", "/usr/bin/env")
	// zigExecRuleIDs are the rules kept from the shell scan of an argv.
	zigExecRuleIDs = lazySet("destructive-command", "system-trust", "registry-exec-credential", "persistence", "download-exec", "reverse-shell")
)

// zigBound binds a name to a string literal or to a formatted one
// (b.fmt("...", .{...}), std.fmt.allocPrint(a, "...", .{...})): group 1
// the name, group 2 the literal's text.
var zigBound = lazyRE(`(?m)\b(?:const|var)\s+(\w+)\s*(?::\s*[^=\n]+)?=\s*(?:[\w.]*(?:fmt|allocPrint|comptimePrint)\s*\(\s*(?:[\w.]+\s*,\s*)?)?"((?:[^"\\\n]|\\.)*)"`)

// zigBoundLit returns the literal text the name arg is bound to in text,
// when it is bound to one (zigBound).
func zigBoundLit(text, arg string) (string, bool) {
	arg = strings.TrimSpace(arg)
	if !identRe.MatchString(arg) {
		return "", false
	}
	for _, m := range zigBound.FindAllStringSubmatch(text, 64) {
		if m[1] == arg {
			return unescapeLit(m[2]), true
		}
	}
	return "", false
}

// maxZigArgv bounds the argv lists read in one file.
const maxZigArgv = 64

// scanZigExec runs the shell rules over the commands a Zig file spawns
// (see above).
func scanZigExec(sc *skillCtx, rel, text string) {
	if !strings.Contains(text, "argv") && !strings.Contains(text, "addSystemCommand") && !strings.Contains(text, "Child") {
		return
	}
	before := len(sc.findings)
	li := newLineIndex(text)
	for _, m := range zigArgv.FindAllStringIndex(text, maxZigArgv) {
		var words []string
		for _, a := range callArgs(text[m[1]:]) {
			if len(a) >= 2 && a[0] == '"' && a[len(a)-1] == '"' {
				words = append(words, unescapeLit(a[1:len(a)-1]))
			} else if lit, ok := zigBoundLit(text, a); ok {
				// const script = b.fmt("curl ... | sh", .{...}): the
				// format's text, its {s} placeholders left as words
				words = append(words, lit)
			} else {
				words = append(words, "$ARG")
			}
		}
		if len(words) == 0 {
			continue
		}
		cmd := ""
		if zigShells()[words[0]] && len(words) >= 3 && words[1] == "-c" {
			cmd = words[2]
		} else {
			for _, w := range words {
				if w != "$ARG" {
					w = shellQuote(w)
				}
				cmd += " " + w
			}
		}
		scanShell(sc, rel, strings.TrimSpace(cmd), li.line(m[0]), inScript)
	}
	keepRulesIn(sc, before, zigExecRuleIDs())
}
