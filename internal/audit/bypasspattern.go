package audit

import "strings"

// A triage or scanning skill keeps the things it searches for in a data
// file: `rules/patterns.yaml` with `agent-permissions:` then
// `- 'bypassPermissions|dangerously-skip-permissions'`, a `signatures.json`
// with `"regex": "--dangerously-skip-permissions"`. Such an item is a
// pattern matched against other files, not a setting: no agent reads a
// regular expression as its mode, and the program that loads the file
// compiles the items and searches with them. A file that sets a switch
// gives it as a setting's value (`"defaultMode": "bypassPermissions"`), as
// a command's argument (`args:`, `run:`), or plain in a list under a
// neutral key; none of those is read as a pattern here. A pattern file
// whose program runs commands or writes into the agent's folders is not
// read as one either: its items may reach the settings or a shell.

// patternPathRe matches a path with a folder or file name naming a list
// of detection patterns: rules/, patterns.yaml, signatures.json,
// ioc-indicators.yml, detections/.
var patternPathRe = lazyRE(`(?i)(?:^|/)(?:[\w-]*[_-])?(?:patterns?|rules?|rulesets?|signatures?|sigs|indicators?|iocs?|detections?|detectors?|regex(?:es|ps?)?|yara|sigma|semgrep|heuristics?)(?:[_-][\w-]*)?(?:\.\w+)?(?:/|$)`)

// patternFieldRe matches a key whose value is a pattern to search with:
// pattern, regex, pattern-regex, match, matchers, signature, indicator,
// contains, expression.
var patternFieldRe = lazyRE(`(?i)(?:^|[_.-])(?:patterns?|regexp?s?|regexes|match(?:es|ers?)?|signatures?|indicators?|iocs?|needles?|detect(?:ion|ions|ors?)?|contains|grep|search(?:es)?|expr(?:ession)?s?)$`)

// settingKeyRe matches a key whose value an agent or a runner applies:
// the agent's mode keys, a command, its arguments or its environment. An
// item under such a key is a setting or a command, whatever it looks
// like.
var settingKeyRe = lazyRE(`(?i)^(?:default_?mode|mode|modes|approval_?policy|sandbox_?mode|permission_?mode|run|runs|command|commands|cmd|cmds|script|scripts|exec|args|argv|arguments|entrypoint|shell|flags|options|opts|env|environment|steps|with|cli|launch|start|prestart|postinstall|preinstall|install|value|default)$`)

// regexShapeRe matches regular-expression syntax: an escape (`\s`, `\.`,
// `\b`, also doubled as JSON writes it), a group or class construct
// (`(?:`, `(?i)`, `[^`, `]+`), a repeat (`.*`, `.+`, `{2,}`).
var regexShapeRe = lazyRE(`\\{1,2}[sSdDwWbB.()\[\]{}|+*?^$/-]|\(\?[:i!=<]|\[\^|\][+*?]|\)[+*?]|\.[*+]|\{\d+,\d*\}`)

// regexUseRe matches a program searching text with patterns it loads:
// compiling or applying a regular expression, or grep reading a pattern
// file.
var regexUseRe = lazyRE(`\bre\.(?:compile|search|match|fullmatch|findall|finditer)\(|\bRegExp\(|\bregexp\.(?:MustCompile|Compile)\w*\(|\bRegex(?:::new)?\(|\bpreg_match\w*\(|\bqr\b|=~|\bPattern\.compile\(|\.test\(|\.match(?:All)?\(|Select-String|\b(?:e?grep|rg|ag)\b[^\n]*\s(?:-[A-Za-z]*f\b|--file\b)`)

// patternExecRe matches a program running commands or code: what it
// runs may be an item of the pattern file.
var patternExecRe = lazyRE(`\bsubprocess\b|\bos\.(?:system|popen|exec\w*|spawn\w*)\(|child_process|\bexec(?:Sync|File|FileSync)?\(|\bspawn(?:Sync)?\(|\beval\b|\bshell_exec\b|\bproc_open\b|\bpassthru\b|\bsystem\(|Runtime\.getRuntime|ProcessBuilder|\bexec\.Command|Command::new|Invoke-Expression|\biex\b|\b(?:ba|z)?sh\s+-c\b|\bsource\s|\bxargs\b`)

// patternAgentRe matches a program naming the agent's folders or
// settings: with a write, its items may reach them.
var patternAgentRe = lazyRE(`\.(?:claude|codex|gemini|cursor|windsurf)\b|settings(?:\.local)?\.json|claude_desktop_config|\bdefaultMode\b|approval_policy|sandbox_mode|\bconfig\.toml\b`)

// patternWriteRe matches a program writing a file (Python, JavaScript,
// Go, Ruby, Perl, PHP, shell).
var patternWriteRe = lazyRE(`open\((?:[^()\n]|\([^()\n]*\))*['"][aw]\+?b?['"]|\.write_text\(|\.write\(|json\.dump\(|yaml\.(?:safe_)?dump\(|(?:appendFile|writeFile|createWriteStream|copyFile)(?:Sync)?\(|\bos\.(?:WriteFile|Create|OpenFile)\(|File\.write|file_put_contents|\bprint\s*\{|>>?\s*["'$~/\w]|\btee\b|\bsed\s+-i|\bcp\s|\bmv\s|\bshutil\.(?:copy|move)`)

// patternList reports whether the switch text[s:e] of the data file rel
// is an item of a list of detection patterns: a quoted or plain scalar
// under a key naming a pattern field (patternFieldRe), or written as a
// regular expression (regexShapeRe, or joined by `|` to another word
// with no space in the item) in a file whose path names a pattern list
// (patternPathRe); never a setting's value or an item under a setting's
// or a command's key (settingKeyRe), and only when every program naming
// the file (readers) searches with patterns (regexUseRe) and none runs
// commands or writes into the agent's folders.
func patternList(rel, text string, s, e int, readers []linkedFile) bool {
	if strings.ContainsAny(text[s:e], ":=") {
		return false // the switch is a setting's value ("defaultMode": "bypass...")
	}
	item, key, ok := dataScalar(text, s, e)
	if !ok || settingKeyRe.MatchString(key) {
		return false
	}
	field := key != "" && patternFieldRe.MatchString(key)
	if !field && !(patternPathRe.MatchString(rel) && regexShaped(item, s, e)) {
		return false
	}
	for _, r := range readers {
		if !regexUseRe.MatchString(r.text) || patternExecRe.MatchString(r.text) ||
			patternAgentRe.MatchString(r.text) && patternWriteRe.MatchString(r.text) {
			return false
		}
	}
	return true
}

// itemSpan is a scalar of a data file holding a switch: its text and
// offsets in the file.
type itemSpan struct {
	text       string
	start, end int
}

// regexShaped reports whether item (the scalar holding the switch at
// text offsets s..e) is written as a regular expression: regex syntax in
// it, or the switch joined by `|` to another word in an item with no
// space (a shell pipe has spaces round it or a command line before it).
func regexShaped(item itemSpan, s, e int) bool {
	if regexShapeRe.MatchString(item.text) {
		return true
	}
	if strings.ContainsAny(item.text, " \t") {
		return false
	}
	i, j := s-item.start, e-item.start
	before := i > 0 && item.text[i-1] == '|' && i >= 2 && isWordByte(item.text[i-2])
	after := j < len(item.text)-1 && item.text[j] == '|' && isWordByte(item.text[j+1])
	return before || after
}

// dataScalar returns the scalar of a JSON, YAML or TOML file holding the
// switch text[s:e] (the quoted string round it on its line, else the
// plain YAML scalar after "- " or "key: "), and the key it stands under
// (dataItemKey; "" when none is found). ok is false when the switch is
// not inside one scalar of its line.
func dataScalar(text string, s, e int) (item itemSpan, key string, ok bool) {
	ls := strings.LastIndexByte(text[:s], '\n') + 1
	le := strings.IndexByte(text[e:], '\n')
	if le < 0 {
		le = len(text)
	} else {
		le += e
	}
	line := text[ls:le]
	qs, qe := quotedSpan(line, s-ls, e-ls)
	var prefix string
	switch {
	case qs >= 0:
		item = itemSpan{line[qs:qe], ls + qs, ls + qe}
		prefix = line[:max(0, qs-1)]
	case qs < -1:
		return item, "", false // the switch crosses a quote or sits in a comment
	default:
		// a plain scalar: from after "- " or "key: " to a comment or the end
		st := 0
		if m := plainStartRe.FindStringIndex(line); m != nil {
			st = m[1]
		}
		if st > s-ls {
			return item, "", false
		}
		end := len(line)
		if c := strings.Index(line[st:], " #"); c >= 0 {
			end = st + c
		}
		if end < e-ls {
			return item, "", false
		}
		item = itemSpan{line[st:end], ls + st, ls + end}
		prefix = line[:st]
	}
	return item, dataItemKey(text, ls, prefix), true
}

// plainStartRe matches the start of a YAML line up to its plain scalar:
// list dashes and a key.
var plainStartRe = lazyRE(`^\s*(?:-\s+)*(?:[\w.-]+\s*:\s+)?`)

// quotedSpan returns the bounds of the contents of the quoted string of
// line (single or double quotes, backslash escapes in double quotes, a
// doubled quote in single quotes, TOML's triple quotes) that holds
// line[s:e]: -1, -1 when it is in no string, -2, -2 when a quote of the
// line falls inside it, -3, -3 when it is in a comment.
func quotedSpan(line string, s, e int) (int, int) {
	for i := 0; i < len(line); i++ {
		q := line[i]
		if q != '"' && q != '\'' {
			if q == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') && i < s {
				return -3, -3 // a comment: the rest of the line is no data
			}
			continue
		}
		if i+3 <= len(line) && line[i:i+3] == strings.Repeat(string(q), 3) {
			j := strings.Index(line[i+3:], line[i:i+3])
			if j < 0 {
				j = len(line)
			} else {
				j += i + 3
			}
			switch {
			case i+3 <= s && e <= j:
				return i + 3, j
			case i+3 > s && i < e || j >= s && j < e:
				return -2, -2
			}
			i = j + 2
			continue
		}
		j := i + 1
		for j < len(line) {
			if q == '"' && line[j] == '\\' {
				j += 2
				continue
			}
			if line[j] == q {
				if q == '\'' && j+1 < len(line) && line[j+1] == '\'' {
					j += 2
					continue
				}
				break
			}
			j++
		}
		j = min(j, len(line))
		switch {
		case i < s && e <= j:
			return i + 1, j
		case i >= s && i < e || j >= s && j < e:
			return -2, -2
		}
		i = j
	}
	return -1, -1
}

// dataItemKey returns the key a scalar stands under: the key on its own
// line before it (prefix: `key: `, `"key": `, `key = `), else for a list
// item (prefix a dash, an opening bracket or nothing) the key of the
// nearest line above at no deeper indentation that opens a list or
// block (`key:`, `"key": [`, `key = [`), stepping over sibling items;
// "" when none is found within 200 lines.
func dataItemKey(text string, ls int, prefix string) string {
	if m := dataKeyRe.FindStringSubmatch(strings.TrimRight(prefix, "[ \t")); m != nil {
		return m[1]
	}
	if strings.Trim(prefix, " \t-[,") != "" {
		return ""
	}
	indent := len(prefix) - len(strings.TrimLeft(prefix, " \t"))
	end := ls - 1
	for n := 0; end > 0 && n < 200; n++ {
		st := strings.LastIndexByte(text[:end], '\n') + 1
		line := strings.TrimRight(text[st:end], " \t\r")
		end = st - 1
		body := strings.TrimLeft(line, " \t")
		if body == "" || body[0] == '#' || strings.HasPrefix(body, "//") {
			continue
		}
		ind := len(line) - len(body)
		if ind > indent {
			continue
		}
		if strings.HasSuffix(body, ":") || strings.HasSuffix(body, "[") || strings.HasSuffix(body, "{") {
			if m := dataKeyRe.FindStringSubmatch(strings.TrimRight(body, "[{ \t")); m != nil {
				return m[1]
			}
			return ""
		}
		if ind < indent || !strings.HasPrefix(body, "-") && !strings.HasPrefix(body, "\"") && !strings.HasPrefix(body, "'") {
			return ""
		}
	}
	return ""
}
