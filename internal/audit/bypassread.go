package audit

import "strings"

// A script that shows or audits the agent's permission settings names the
// approval-bypass switches as values it compares the settings with
// (`if mode == "bypassPermissions":`) or warns about in its output
// (`print("WARNING: bypassPermissions disables all prompts")`). Such a
// line reads the switch and sets nothing; the line of a script that
// writes the switch (an assignment, a dict or object literal, a write
// call) is not such a line and keeps its severity. A setting quoted whole
// in the string (`'approval_policy = "never"' in text`) holds an = that
// sets nothing: the line is read with its strings blanked, and the string
// is what is compared. The forms are those of
// every language the rule reads as a script: Python, JavaScript,
// PowerShell, and Ruby, Perl, PHP, Go, C# and Rust (bypasscode.go), whose
// comparisons are also `eq`, `=~`, `.include?(`, `in_array(`,
// `strings.Contains(`, a `case`/`when` label or a Rust match arm, and
// whose warnings go through `warn`, `print STDERR`, `fwrite(STDERR, …)`,
// `fmt.Fprintln(os.Stderr, …)`, `eprintln!` and the like.

// bypassCmpBefore matches the code just before a switch literal (or a
// name) that makes it the right side of a comparison or membership test:
// ==, !=, ===, !==, -eq/-ne (PowerShell), eq/ne (Perl), `is`, a pattern
// match (=~ /…/, preg_match('/…/'), a call that only compares or searches
// (.includes(, .startswith(, .contains(, .include?(, .Equals(, and the
// functions taking the needle second: in_array(, str_contains($m, ,
// strings.Contains(m, , strings.Contains(sc.Text(), , index($l, ), Lua's s:find(, s:match(,
// s:gmatch(, string.find(s, ), a `case`/`when` label, or another
// alternative of a Rust match arm ("plan" | "bypassPermissions").
var bypassCmpBefore = lazyRE(`(?:[=!]==?|\s-(?:eq|ne|ieq|ine|ceq|cne|like|match|contains|notcontains|in|notin)|\b(?:eq|ne)|\bis(?:\s+not)?|\.(?:includes|startswith|endswith|startsWith|endsWith|contains|Contains|StartsWith|EndsWith|Equals|equals|equalsIgnoreCase|eql\?|equal\?|include\?|start_with\?|end_with\?|match\?|starts_with|ends_with|eq_ignore_ascii_case|find|index|indexOf|match|test|search)\s*\(|:(?:find|match|gmatch)\s*\(|\bstring\.(?:find|match|gmatch)\s*\([^(),\n]*,\s*|\b(?:in_array|array_search|str_contains|str_starts_with|str_ends_with|strpos|stripos|strcmp|strcasecmp|index|Contains|ContainsAny|HasPrefix|HasSuffix|EqualFold|Equals|Compare|Index|matches!)\s*\((?:[^(),\n]*(?:\([^()\n]*\)[^(),\n]*)?,\s*)?|^\s*(?:case|when)\s+(?:[^\n]*,\s*)?|["'\x60]\s*\|\s*)\s*&?["'\x60]?\s*$|(?:=~|!~)\s*(?:m\s*)?[/{#!|]\s*$|\bpreg_match\s*\(\s*["'][/#~!]\s*$`)

// bypassCmpAfter matches the code just after a switch literal (or a name)
// that makes it the left side of a comparison or membership test ("x" ==
// m, 'x' eq $m, "bypassPermissions" in modes, "x" not in modes,
// "x".equals(m)), a Rust match arm or a hash key ("x" => …, Some("x") =>).
var bypassCmpAfter = lazyRE(`^["'\x60]?\s*(?:[=!]==?|\s-(?:eq|ne)\b|\b(?:not\s+)?in\b|\b(?:eq|ne)\b|\.(?:equals|equalsIgnoreCase|Equals|eql\?)\s*\(|\)?\s*(?:\|[^=\n]*)?=>)`)

// bypassSetOnLine matches what makes a line set or write a value besides
// comparing: a bare = (not ==, !=, <=, >=, =>, ===), a key-value colon
// after a quoted key, or a write call.
var bypassSetOnLine = lazyRE(`(?:^|[^=!<>:+\-*/%&|^~])=(?:[^=>~]|$)|["'\x60]\s*:\s*["'\x60]|\b(?:write|writeFile|writeFileSync|write_text|dump|dumps|Set-Content|Add-Content|Out-File|setdefault|update|file_put_contents|WriteAllText|AppendAllText|WriteFile|WriteString|writeln!|write!)\s*\(|\bFile\.write\b|\bIO\.write\b|\bfs::write\b|\bfile\s*=`)

// bypassShowCall matches a line that is a call printing or logging a
// string literal (or a format of one: Lua's string.format, Ruby's and
// Perl's format or sprintf) to the terminal, or
// stopping the program with one (not
// to a file: bypassSetOnLine rejects `file=`, and a stream argument is
// listed only as the standard streams: fmt.Fprintln(os.Stderr, …),
// fwrite(STDERR, …), print STDERR …).
var bypassShowCall = lazyRE(`^\s*(?:(?:print|puts|warn|say|echo|(?:\$stderr|\$stdout|STDERR|STDOUT)\.(?:puts|print))\s*\(?\s*(?:string\.format|format|sprintf|String\.format)\s*\(|print|puts|warn|say|echo|printf|console\.(?:log|warn|error|info)|_?logger\.\w+|logging\.\w+|log\.(?:Print\w*|Warn\w*|warn\w*|warning|Info\w*|info|Error\w*|error|Fatal\w*)|slog\.(?:Warn|Info|Error)|fmt\.Print\w*|fmt\.Fprint\w*\(\s*os\.Std(?:err|out)\s*,|e?println!|e?print!|(?:log::|tracing::)?(?:warn|info|error)!|Write-(?:Host|Warning|Verbose|Information)|System\.(?:out|err)\.print\w*|Console\.(?:Error\.)?Write(?:Line)?|(?:\$stderr|\$stdout|STDERR|STDOUT)\.(?:puts|print|write)|error_log|trigger_error|f(?:write|puts|printf)\s*\(\s*STDERR\s*,|(?:print|printf|say)\s+(?:STDERR|STDOUT|\{\s*\*?STDERR\s*\})|die|abort|sys\.exit|exit|panic|raise(?:\s+[\w:.]+(?:\.new)?\s*(?:\(|,))?|throw\s+new\s+\w+\s*\()\s*\(?\s*[fr@$]?["'\x60]`)

// bypassWarnWords matches the words of a warning or a report about a
// setting found: output that flags the switch rather than telling its
// reader to turn it on.
var bypassWarnWords = lazyRE(`(?i)\b(?:warn\w*|danger\w*|risk\w*|unsafe|insecure|caution|overly\s+broad|too\s+broad|not\s+recommended|detected|found|forbid\w*|refus\w*|not\s+allowed|disallow\w*|reject\w*|prohibit\w*|blocked)\b|<--|\(!\)`)

// bypassShowImperative matches an instruction in the printed text to
// turn a switch on: the script's output is read by the agent, so "set
// defaultMode to bypassPermissions" printed is an instruction, not a
// report.
var bypassShowImperative = lazyRE(`(?i)\b(?:run|set|use|enable|add|pass|switch|turn|start|launch|restart|rerun|re-run|put|change)\b`)

// bypassRedirect matches a shell's redirection of a line's output into a
// file (`> f`, `>> f`, `| tee f`), its string literals blanked.
var bypassRedirect = lazyRE(`(?:^|\s)>>?\s*[^\s=>&]|\|\s*tee\b`)

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
	blank, lit := blankLiterals(line, s-ls, e-ls)
	before, after := text[ls:s], text[e:le]
	if bypassSetOnLine.MatchString(line) {
		// An = or a key's colon inside the string that quotes the
		// setting (`'approval_policy = "never"' in text`, a warning
		// printed) sets nothing; outside it, or a redirection, does.
		if lit == nil || bypassSetOnLine.MatchString(blank) || bypassRedirect.MatchString(blank) {
			return false
		}
		// what is compared is then the string, not the words in it
		before, after = line[:lit[0]+1], line[lit[1]-1:]
	}
	if strings.HasPrefix(text[s:e], "-") && strings.Contains(after, "=>") {
		return false // a flag as a hash key: options for a command line
	}
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
