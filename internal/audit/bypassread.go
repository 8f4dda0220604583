package audit

import "strings"

// A script that shows or audits the agent's permission settings names the
// approval-bypass switches as values it compares the settings with
// (`if mode == "bypassPermissions":`) or warns about in its output
// (`print("WARNING: bypassPermissions disables all prompts")`). Such a
// line reads the switch and sets nothing; the line of a script that
// writes the switch (an assignment, a dict or object literal, a write
// call) is not such a line and keeps its severity.

// bypassCmpBefore matches the code just before a switch literal that makes
// it the right side of a comparison or membership test: ==, !=, ===, !==,
// -eq/-ne (PowerShell), `is`, or a call that only searches (.includes(,
// .startswith(, .contains(, .find(, .index(, .match(, .test().
var bypassCmpBefore = lazyRE(`(?:[=!]==?|\s-(?:eq|ne|ieq|ine|like|match)|\bis(?:\s+not)?|\.(?:includes|startswith|endswith|startsWith|endsWith|contains|find|index|indexOf|match|test|search)\s*\()\s*["'\x60]?\s*$`)

// bypassCmpAfter matches the code just after a switch literal that makes
// it the left side of a comparison or membership test ("x" == m,
// "bypassPermissions" in modes, "x" not in modes).
var bypassCmpAfter = lazyRE(`^["'\x60]?\s*(?:[=!]==?|\s-(?:eq|ne)\b|\b(?:not\s+)?in\b)`)

// bypassSetOnLine matches what makes a line set or write a value besides
// comparing: a bare = (not ==, !=, <=, >=, =>, ===), a key-value colon
// after a quoted key, or a write call.
var bypassSetOnLine = lazyRE(`(?:^|[^=!<>:+\-*/%&|^~])=(?:[^=>~]|$)|["'\x60]\s*:\s*["'\x60]|\b(?:write|writeFile|writeFileSync|write_text|dump|dumps|Set-Content|Add-Content|Out-File|setdefault|update)\s*\(|\bfile\s*=`)

// bypassShowCall matches a line that is a call printing or logging a
// string literal to the terminal (not to a file: bypassSetOnLine rejects
// `file=`, and a stream argument such as fmt.Fprint is not listed).
var bypassShowCall = lazyRE(`^\s*(?:print|puts|warn|say|console\.(?:log|warn|error|info)|logger\.\w+|logging\.\w+|log\.(?:Print\w*|warn\w*|warning|info|error)|fmt\.Print\w*|e?println!|e?print!|Write-(?:Host|Warning|Verbose|Information)|System\.(?:out|err)\.print\w*|Console\.(?:Error\.)?Write(?:Line)?|\$stderr\.puts)\s*\(?\s*f?["'\x60]`)

// bypassWarnWords matches the words of a warning or a report about a
// setting found: output that flags the switch rather than telling its
// reader to turn it on.
var bypassWarnWords = lazyRE(`(?i)\b(?:warn\w*|danger\w*|risk\w*|unsafe|insecure|caution|overly\s+broad|too\s+broad|not\s+recommended|detected|found)\b|<--|\(!\)`)

// bypassShowImperative matches an instruction in the printed text to
// turn a switch on: the script's output is read by the agent, so "set
// defaultMode to bypassPermissions" printed is an instruction, not a
// report.
var bypassShowImperative = lazyRE(`(?i)\b(?:run|set|use|enable|add|pass|switch|turn|start|launch|restart|rerun|re-run|put|change)\b`)

// scriptReadsSwitch reports whether the switch text[s:e], in a script,
// stands on a line that only compares the settings with it or prints a
// warning or report naming it, and sets nothing.
func scriptReadsSwitch(text string, s, e int) bool {
	ls := strings.LastIndexByte(text[:s], '\n') + 1
	le := len(text)
	if i := strings.IndexByte(text[e:], '\n'); i >= 0 {
		le = e + i
	}
	line := text[ls:le]
	if bypassSetOnLine.MatchString(line) {
		return false
	}
	before, after := text[ls:s], text[e:le]
	if bypassCmpBefore.MatchString(before) || bypassCmpAfter.MatchString(after) {
		return true
	}
	if strings.HasPrefix(text[s:e], "-") || !bypassShowCall.MatchString(line) {
		// A flag printed is a command line to run, not a mode reported.
		return false
	}
	if bypassShowImperative.MatchString(line) {
		return false
	}
	return bypassWarnWords.MatchString(line)
}
