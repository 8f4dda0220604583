package audit

import (
	"path"
	"strings"
)

// An auditor of the agent's permission settings names the switches it
// looks for in three more ways than a comparison or a warning printed
// (scriptReadsSwitch): a finding recorded under the condition that found
// the switch (`if (perms.defaultMode === "bypassPermissions") {
// flag("high", p, 'defaultMode: "bypassPermissions"', …) }`, a row of a
// table of checks whose test compares with it, or under a search that
// found it: `if re.search(r'^approval_policy\s*=\s*"never"', text):
// out.append(f'{p}: approval_policy = "never"')`), a search for it (a
// regular expression literal tested against a line, `re.search(…)`, the
// text a replace takes out), and a proposal printed to tighten it
// ("replace \"bypassPermissions\" with \"default\""). None of them sets
// the switch: the finding is recorded only where the switch is already
// on, the search reads, the proposal names the switch as what to remove. A line that also assigns, writes,
// runs a command or sends keeps its severity, and so does a string that
// tells its reader to turn a switch on.

// reportSetOrRun matches what makes a line (string contents blanked) act
// rather than record: bypassSetOnLine's assignments and writes, and a call
// that writes, runs a command or sends (an array's push or append only
// records, and is not listed).
var reportSetOrRun = lazyRE(`\b(?:appendFile\w*|write\w*|exec\w*|spawn\w*|fork|system|popen|Popen|run|call|check_output|check_call|fetch|request|post|put|send|dump\w*|Set-Content|Add-Content|Out-File)\s*\(`)

// reportSwitchValue matches a compared literal that is a switch's value:
// what a guard must test for the finding under it to report the switch.
var reportSwitchValue = lazyRE(`^(?:bypassPermissions|bypass|never|danger-full-access|yolo)$`)

// reportIfHead matches the header of a JavaScript block governed by a
// condition, `if (` or `} else if (`, ending where its condition opens.
var reportIfHead = lazyRE(`(?:^|[;{}\s])(?:else\s+)?if\s*$`)

// reportIfLine matches a JavaScript `if (…)` alone on its line (a
// one-statement body on the next line), group 1 the condition.
var reportIfLine = lazyRE(`^\s*(?:\}\s*)?(?:else\s+)?if\s*\((.*)\)\s*$`)

// reportPyIf matches a Python `if`/`elif` line, group 1 the condition.
var reportPyIf = lazyRE(`^\s*(?:if|elif)\s+(.*):\s*(?:#.*)?$`)

// reportCmpBefore matches, just before a literal, an operator or call
// that tests for it positively: ===, == (not !=, !==), `.includes(`,
// `.startsWith(`, `.endsWith(`, `.has(`, `.match(`, Python's
// `.startswith(`, `.endswith(` (Python's `in` is reportCmpAfter).
var reportCmpBefore = lazyRE(`(?:(?:^|[^!=])={2,3}|\.(?:includes|startsWith|endsWith|startswith|endswith|has|match)\s*\()\s*$`)

// reportCmpAfter matches, just after a literal, a positive comparison with
// it on its left: `"x" === m`, `"x" in modes` (not `not in`, `!==`).
var reportCmpAfter = lazyRE(`^\s*(?:={2,3}|in\b)`)

// reportNegation matches a negated condition: JavaScript's `!` (not `!=`)
// and Python's `not`, an inequality, or a search's result compared with
// what it gives when nothing is found (`is None`, `=== null`, `== -1`).
// A guard that may run where the switch is off is not a report of it.
var reportNegation = lazyRE(`![^=]|!==?|\bnot\b|\bis\s+None\b|==\s*(?:None|null|undefined|False|false)\b|==\s*-1\b`)

// reportRegexSearch matches, around a switch inside a regular expression
// literal or Python's re calls, a search: `/…/.test(`, `.exec(`, an
// argument of `.match(`, `.search(`, `.matchAll(`, `.replace(`, or
// `re.search(r"…"`; or the first argument of a string's search or
// replace (`.replace("…", …)`, `.count(`, `.find(`, `.includes(`): the
// text looked for, or taken out.
var (
	reportRegexOpen  = lazyRE(`(?:^|[(=,!&|?:;{}]|\breturn)\s*/[^/\n]*$|\.(?:match|matchAll|search|replace|replaceAll|split)\(\s*/[^/\n]*$|\bre\.(?:search|match|fullmatch|findall|finditer|sub|subn|split|compile)\(\s*[rbuRBU]?["'][^"'\n]*$|\.(?:replace|replaceAll|count|find|rfind|index|indexOf|includes)\(\s*[rbuRBU]?["'][^"'\n]*$`)
	reportRegexClose = lazyRE(`^[^/\n]*/[dgimsuy]*\s*(?:\.(?:test|exec)\(|[,)])|^[^"'\n]*["']\s*[,)]`)
)

// reportTightenBefore matches, just before a switch in a printed proposal,
// the words naming it as what to remove ("remove", "replace …", "instead
// of", "change defaultMode from"), its key and quotes allowed between.
var reportTightenBefore = lazyRE(`(?i)\b(?:remove|drop|delete|unset|replace|revert|instead\s+of|rather\s+than|from|currently|was)\s+(?:the\s+|your\s+|any\s+|its\s+)?(?:["'\x60]?[\w.-]+["'\x60]?\s*(?:[:=]\s*)?)?["'\x60]?$`)

// reportTightenAfter matches, just after a switch, the safe value it is to
// be replaced with ("bypassPermissions -> default", "… to \"on-request\"").
var reportTightenAfter = lazyRE(`(?i)^[\w-]*["'\x60]?\s*[),]?\s*(?:to|with|->|=>|→|by)\s+["'\x60]?(?:default|acceptEdits|plan|on-request|untrusted|on-failure|workspace-write|read-only)\b`)

// proposesTightening reports whether the switch line[s:e] stands in a
// proposal to remove it: named as what to remove or what to replace with
// a safe value.
func proposesTightening(line string, s, e int) bool {
	if reportTightenBefore.MatchString(line[:s]) {
		// "… to bypassPermissions": the switch is where the line
		// leads, whatever it said before.
		return !reportTargetBefore.MatchString(line[:s])
	}
	return reportTightenAfter.MatchString(line[e:])
}

// reportTargetBefore matches a switch named as the target of a change
// ("from default to bypassPermissions", "replace default with …").
var reportTargetBefore = lazyRE(`(?i)\b(?:to|with|as|into)\s+["'\x60]?$|(?:->|=>|→)\s*["'\x60]?$`)

// scriptReportsSwitch reports whether the switch text[s:e] of script rel
// (JavaScript, TypeScript or Python) is recorded, searched for or
// proposed for removal rather than set: see the comment at the top of
// this file.
func scriptReportsSwitch(rel, text string, s, e int) bool {
	var py bool
	switch strings.ToLower(path.Ext(rel)) {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx":
	case ".py", ".pyw":
		py = true
	default:
		return false
	}
	ls := strings.LastIndexByte(text[:s], '\n') + 1
	le := len(text)
	if i := strings.IndexByte(text[e:], '\n'); i >= 0 {
		le = e + i
	}
	line := text[ls:le]
	ms, me := s-ls, e-ls
	blank, lit := blankLiterals(line, ms, me)
	if bypassSetOnLine.MatchString(blank) || reportSetOrRun.MatchString(blank) {
		return false
	}
	if reportRegexOpen.MatchString(line[:ms]) && reportRegexClose.MatchString(line[me:]) {
		return true // a search for the switch
	}
	if lit != nil && reportRegexOpen.MatchString(line[:lit[0]+1]) && reportRegexClose.MatchString(line[lit[1]-1:]) {
		return true // a search for a setting quoted whole: re.search('approval_policy = "never"', t)
	}
	if lit == nil {
		return false // the switch is code, not a string recorded
	}
	content := line[lit[0]+1 : lit[1]-1]
	if bypassShowImperative.MatchString(content) || strings.HasPrefix(text[s:e], "-") {
		// Words telling the reader to run, set or use it, or a flag
		// (a command line): only a proposal to remove it is a report.
		return proposesTightening(line, ms, me)
	}
	if bypassShowCall.MatchString(line) && proposesTightening(line, ms, me) {
		return true
	}
	if py {
		cond := pyGuard(text, ls)
		return cond != "" && comparesWith(cond, content)
	}
	return jsGuarded(text, ls, content)
}

// blankLiterals returns line with the contents of its string literals
// blanked, and the bounds of the literal holding [s, e) (nil when none
// does).
func blankLiterals(line string, s, e int) (string, []int) {
	b := []byte(line)
	var holder []int
	for _, m := range strLit.FindAllStringIndex(line, -1) {
		if m[0] < s && e <= m[1]-1 {
			holder = m
		}
		for i := m[0] + 1; i < m[1]-1; i++ {
			b[i] = ' '
		}
	}
	return string(b), holder
}

// comparesWith reports whether cond, a guard's condition, tests positively
// for a switch value that content (the string recorded under it) names:
// the finding is recorded only where the switch is on.
func comparesWith(cond, content string) bool {
	if reportNegation.MatchString(blankAll(cond)) {
		return false
	}
	for _, m := range strLit.FindAllStringIndex(cond, 16) {
		v := litContent(cond[m[0]:m[1]])
		if v != "" && reportSearchBefore.MatchString(cond[:m[0]]) && searchNamesSwitch(v, content) {
			return true // re.search(r'^approval_policy\s*=\s*"never"', text)
		}
		if v == "" || !strings.Contains(content, v) || !(reportSwitchValue.MatchString(v) || bypassRe.MatchString(v)) {
			continue
		}
		if reportCmpBefore.MatchString(cond[:m[0]]) || reportCmpAfter.MatchString(cond[m[1]:]) {
			return true
		}
	}
	for _, m := range reportRegexLitSearch.FindAllStringSubmatch(cond, 8) {
		if searchNamesSwitch(m[1]+m[2], content) {
			return true // /approval_policy\s*=\s*"never"/m.test(text)
		}
	}
	return false
}

// reportSearchBefore matches, just before a string literal, a call that
// searches text with it as a regular expression: Python's re.search(,
// re.match(, re.fullmatch(, re.findall(, re.finditer( (a raw or bytes
// prefix allowed), JavaScript's RegExp(.
var reportSearchBefore = lazyRE(`(?:\bre\.(?:search|match|fullmatch|findall|finditer)|\bRegExp)\(\s*[rRbBuU]{0,2}$`)

// reportRegexLitSearch matches a JavaScript regular expression literal
// tested against text (/…/.test(, /…/.exec(, .match(/…/), .search(/…/)):
// group 1 or 2 its body.
var reportRegexLitSearch = lazyRE(`/((?:\\.|[^/\\\n])+)/[dgimsuy]*\s*\.(?:test|exec)\(|\.(?:match|matchAll|search)\(\s*/((?:\\.|[^/\\\n])+)/`)

// reportSwitchWord matches a switch's value as it stands in a search
// pattern.
var reportSwitchWord = lazyRE(`bypassPermissions|danger-full-access|\bnever\b|\byolo\b`)

// searchNamesSwitch reports whether the search pattern pat looks for a
// switch value that content (the string recorded under the search) names:
// the finding is recorded only where the search found the switch.
func searchNamesSwitch(pat, content string) bool {
	pat = strings.ReplaceAll(pat, `\-`, "-")
	for _, w := range reportSwitchWord.FindAllString(pat, 8) {
		if strings.Contains(content, w) {
			return true
		}
	}
	return false
}

// blankAll returns s with the contents of its string literals blanked.
func blankAll(s string) string {
	b, _ := blankLiterals(s, -1, -1)
	return b
}

// jsGuarded reports whether a condition governing the JavaScript line
// starting at ls tests for a switch value content names (comparesWith):
// the `if` whose one-statement body it is, or, walking out through the
// blocks holding it, the condition of the first `if` block, or the text
// before it in an object literal (a row of a table of checks, whose test
// is a sibling). Any other block (a function's body, a loop, an else)
// ends the walk: its code runs whether or not the switch is on.
func jsGuarded(text string, ls int, content string) bool {
	if ls > 0 {
		ps := strings.LastIndexByte(text[:ls-1], '\n') + 1
		if m := reportIfLine.FindStringSubmatch(text[ps : ls-1]); m != nil {
			return comparesWith(m[1], content)
		}
	}
	ws := max0(ls - 3000)
	win := blankAll(text[ws:ls])
	end := len(win)
	for level := 0; level < 4; level++ {
		open, depth := -1, 0
		for i := end - 1; i >= 0 && open < 0; i-- {
			switch win[i] {
			case '}':
				depth++
			case '{':
				if depth == 0 {
					open = i
				}
				depth--
			}
		}
		if open < 0 {
			return false
		}
		head := strings.TrimRight(win[:open], " \t\r\n")
		if head == "" {
			return false
		}
		switch c := head[len(head)-1]; {
		case c == ')':
			po := openParen(head)
			if po < 0 || !reportIfHead.MatchString(head[:po]) {
				return false
			}
			return comparesWith(text[ws+po+1:ws+len(head)-1], content)
		case strings.IndexByte("(,=:[?", c) >= 0 || strings.HasSuffix(head, "return"):
			if comparesWith(text[ws+open+1:ws+end], content) {
				return true
			}
		default:
			return false
		}
		end = open
	}
	return false
}

// openParen returns the offset of the ( matching the ) ending head, or -1.
func openParen(head string) int {
	d := 0
	for i := len(head) - 1; i >= 0; i-- {
		switch head[i] {
		case ')':
			d++
		case '(':
			d--
			if d == 0 {
				return i
			}
		}
	}
	return -1
}

// pyGuard returns the condition of the Python `if` or `elif` whose block
// holds the line starting at ls (the nearest line above it indented
// less), or "".
func pyGuard(text string, ls int) string {
	end := ls
	if end == 0 {
		return ""
	}
	ind := indentOf(text[ls:])
	for steps := 0; end > 0 && steps < 60; steps++ {
		ps := strings.LastIndexByte(text[:end-1], '\n') + 1
		l := text[ps : end-1]
		end = ps
		if strings.TrimSpace(l) == "" {
			continue
		}
		if indentOf(l) < ind {
			if m := reportPyIf.FindStringSubmatch(l); m != nil {
				return m[1]
			}
			return ""
		}
	}
	return ""
}

// indentOf returns the width of line's leading spaces and tabs.
func indentOf(line string) int {
	return len(line) - len(strings.TrimLeft(line, " \t"))
}
