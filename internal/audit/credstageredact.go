package audit

import (
	"regexp"
	"strings"
)

// Rule credential-exfil through a staging file, weighed: a support or
// diagnostics bundle is the usual shape of a legitimate collector too.
// What makes it theft is credential values in the file and an upload the
// user does not see. A writer whose every credential value reaches the
// file only through redaction (a mask literal replacing it, "***",
// "[REDACTED]"; its hash; its first few characters; the names of the
// variables or keys without their values; a function of the program
// doing one of those) stages no credentials: medium, low when the
// instructions also have the user consent to the upload. A raw value
// written anywhere (the cache copied whole beside its masked copy, the
// environment dumped beside its masked names), or a "redact" function
// that hands its input back, leaves the file a credential dump. Followed
// line by line through the program's variables: a name assigned from a
// credential read (the lines the credential-read rules report, a
// credential path, an environment read) or from another such name
// carries the credential until a redaction assigns it again, and a write,
// copy or archive of a carried name or of a read is a raw write.

// maskLitRe is a string literal a redaction writes in place of a value:
// three or more asterisks, REDACTED, MASKED, FILTERED, HIDDEN or REMOVED
// in capitals or in brackets, or four or more x's.
var maskLitRe = lazyRE(`["'][^"'\n]*?(?:\*{3,}|\bREDACTED\b|\bMASKED\b|\bFILTERED\b|\bHIDDEN\b|\bREMOVED\b|(?i:[\[<](?:redacted|masked|filtered|hidden|removed|secret)[\]>])|\b[xX]{4,}\b)[^"'\n]*?["']`)

// redactOpRe is a redaction that is not a mask literal: a hash of the
// value, its first few characters (a slice, Substring or parameter
// expansion ending before the tenth), the names of the environment or a
// mapping without their values (keys(), cut -f1 of NAME=value, sed
// dropping everything after '=', PowerShell's Name property of env:),
// and the redaction of sos report.
var redactOpRe = lazyRE(`\bhashlib\.\w+\s*\(|\bsha(?:1|224|256|384|512)(?:sum)?\b|\bmd5(?:sum)?\b|(?i:\bGet-FileHash\b|\bSHA256\]::|\bcreateHash\s*\()|\[\s*:\s*[1-9]\s*\]|\.(?:Substring|substring|slice|substr)\s*\(\s*0\s*,\s*[1-9]\s*\)|\$\{\w+:0:[1-9]\}|\.keys\s*\(\s*\)|\bObject\.keys\s*\(|\bcut\s+-d\s*['"]?=['"]?\s+-f\s*1\b|\bcut\s+-f\s*1\s+-d\s*['"]?=['"]?|\bsed\b[^\n|]*\bs/=\.\*//|\bawk\s+-F\s*['"]?=['"]?\s+['"]\{\s*print\s+\$1\s*\}|(?i:-ExpandProperty\s+(?:Name|Key)\b|\bSelect-Object\s+(?:-Property\s+)?Name\b)|\b(?:sorted|list|set)\s*\(\s*os\.environ\s*\)|\bsos\s+(?:report|clean)\b[^\n]*--(?:clean|mask)\b|\bAnonymizerEngine\b`)

// envReadRe is a read of the environment, one variable or all of it (a
// shell variable named as a secret too: $GITHUB_TOKEN).
var envReadRe = lazyRE(`\bos\.environ\b|\bgetenv\b|\bprocess\.env\b|(?i:\$env:|\$\{env:|\benv:\\?\*?|GetEnvironmentVariables?\b)|(?:^|[\s;|(\x60])(?:env|printenv|set)(?:\s*$|\s*[|>;)\x60])|\bENV\[|\$\{?[A-Z][A-Z0-9_]*(?:TOKEN|SECRET|PASSW|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIAL)`)

// stageSinkRe is what puts data into a file or an archive: a write
// (stageWriteRe), a copy, an archive, a serialiser's dump.
var stageSinkRe = lazyRE(`(?i:\b(?:Copy-Item|copyfile|copy2?|copytree|copyFile(?:Sync)?|cpSync|Compress-Archive|Out-File|Set-Content|Add-Content|Export-\w+|writestr|writelines?|dump|tee|ZipFile|tarfile|make_archive)\b)|(?:^|[\s;|&(\x60])(?:cp|tar|zip|7z|rsync|install|dd)\s|\bprint\s*\([^\n]*\bfile\s*=|[^<>=\s&]\s*>>?\s*["$~/.\w(]`)

// stageSink reports whether l puts data into a file: stageSinkRe, a
// write of a file handle (f.write(…)) or any write stageWriteRe knows.
func stageSink(l string) bool {
	return stageSinkRe.MatchString(l) || stageWriteRe.MatchString(l) || handleWriteRe.MatchString(l)
}

// handleWriteRe is a write through a handle or stream.
var handleWriteRe = lazyRE(`\.write\s*\(|\.(?:Write|WriteLine)\s*\(`)

// stageReadLine reports whether l reads content it may pass on: a file read
// (fileReadRe) or an environment read.
func stageReadLine(l string) bool {
	return fileReadRe.MatchString(l) || envReadRe.MatchString(l)
}

// stageCopyRe is a copy of a file: it reads the file it names.
var stageCopyRe = lazyRE(`(?i:\b(?:Copy-Item|copyfile|copy2?|copytree|copyFile(?:Sync)?|cpSync)\b)|(?:^|[\s;|&(])(?:cp|rsync|install|dd)\s`)

// credMention reports whether l names a credential (mayBeCred) as what
// it reads, copies or assigns, not only as the name of a file it writes
// (codex-auth.json for a masked copy).
func credMention(l string) bool {
	return mayBeCred(l) && (!stageSink(l) || stageReadLine(l) || stageCopyRe.MatchString(l))
}

// redactFunc is a function of the writer: its name, its parameters and
// its body's lines.
type redactFunc struct {
	name   string
	params []string
	body   []string
}

// writerRedacts reports whether every credential value the program rel
// (content) writes passes through a redaction, and one does (see above).
func writerRedacts(sc *skillCtx, rel, content string) bool {
	k := kindOf(rel, content)
	text := blankCodeComments(rel, content, k)
	if !maskLitRe.MatchString(text) && !redactOpRe.MatchString(text) {
		return false
	}
	lines := logicalLines(text)
	srcLines := map[int]bool{}
	for _, f := range sc.findings {
		if f.File == rel && f.RuleID == "credential-read" && f.Severity >= Medium {
			srcLines[f.Line] = true
		}
	}
	funcs := codeFuncs(lines, k)
	// the functions that redact, and the ones whose body reads a
	// credential (their calls are reads)
	sanit, reading := map[string]bool{}, map[string]bool{}
	for _, fn := range funcs {
		if funcRedacts(fn) {
			sanit[fn.name] = true
		}
		for _, b := range fn.body {
			if mayBeCred(b) || envReadRe.MatchString(b) {
				reading[fn.name] = true
			}
		}
	}
	tainted := map[string]bool{}
	redacted := false
	for _, ll := range lines {
		for _, l := range splitStatements(ll.text, k) {
			src := srcLines[ll.line] || ll.covers(srcLines) || credMention(l) || envReadRe.MatchString(l) || callsAny(l, reading)
			if !src && !usesAny(l, tainted, k) {
				continue
			}
			// what the line carries once the redaction calls are taken out
			bare, calls := withoutCalls(l, sanit)
			targets, sub, rhs := assignTarget(l)
			lineRed := maskLitRe.MatchString(bare) || redactOpRe.MatchString(bare)
			if lineRed || calls > 0 {
				redacted = true
			}
			right := bare[rhs:]
			if lineRed {
				right = ""
			}
			rest := right != "" && (credMention(right) || envReadRe.MatchString(right) || callsAny(right, reading) ||
				(srcLines[ll.line] || ll.covers(srcLines)) && calls == 0 && !lineRed || usesAny(right, tainted, k))
			if len(targets) > 0 {
				switch {
				case rest:
					for _, t := range targets {
						tainted[t] = true
					}
					if stageSink(right) {
						return false
					}
				case sub && (!lineRed || literalSubscript(l)):
					// a field set from clean data, or one named field
					// masked: the rest of the mapping is as it was
				default:
					for _, t := range targets {
						delete(tainted, t)
					}
				}
				continue
			}
			if !rest {
				continue
			}
			if stageSink(right) || callsAny(right, nonSanit(funcs, sanit)) {
				return false
			}
			if stageReadLine(right) && !condOnly(right) {
				// content read and handed on in a way not followed
				return false
			}
		}
	}
	return redacted
}

// splitStatements splits l at the semicolons, && and || that end its
// statements (outside quotes and brackets).
func splitStatements(l string, k fileKind) []string {
	var out []string
	d, start := 0, 0
	var q byte
	for i := 0; i < len(l); i++ {
		c := l[i]
		if q != 0 {
			if c == q {
				q = 0
			}
			continue
		}
		switch c {
		case '"', '\'':
			q = c
		case '(', '[', '{':
			d++
		case ')', ']', '}':
			d--
		case ';':
			if d <= 0 {
				out = append(out, l[start:i])
				start = i + 1
			}
		case '&', '|':
			if d <= 0 && k == kindShell && i+1 < len(l) && l[i+1] == c {
				out = append(out, l[start:i])
				start = i + 2
				i++
			}
		}
	}
	return append(out, l[start:])
}

// funcRedacts reports whether fn redacts what it is given: a redaction
// in its body, and no return of a parameter its body never assigns (a
// "redact" handing its input back).
func funcRedacts(fn redactFunc) bool {
	red := false
	for _, b := range fn.body {
		if maskLitRe.MatchString(b) || redactOpRe.MatchString(b) {
			red = true
		}
	}
	if !red {
		return false
	}
	for _, p := range fn.params {
		assigned := regexp.MustCompile(`(?:^|[\s;{])\$?` + regexp.QuoteMeta(p) + `(?:\[[^\]\n]*\]|\.\w+)*\s*(?:[+|]?=)[^=]`)
		// the parameter itself returned, or one branch of a condition
		// returning it (return v if debug else "***")
		ret := regexp.MustCompile(`(?:^|[\s;{])return\s+\$?` + regexp.QuoteMeta(p) + `\s*;?\s*\}?\s*$`)
		branch := regexp.MustCompile(`\breturn\b(?:[^\n]*?(?:\belse|\bif|\bor|\band|\?|:|\|\|))?\s*\$?` + regexp.QuoteMeta(p) + `\s*(?:$|[;})]|\bif\b|\belse\b|:|\|\||\bor\b)`)
		for _, b := range fn.body {
			if ret.MatchString(b) && !anyMatch(assigned, fn.body) || branch.MatchString(b) {
				return false
			}
		}
	}
	return true
}

func anyMatch(re *regexp.Regexp, lines []string) bool {
	for _, l := range lines {
		if re.MatchString(l) {
			return true
		}
	}
	return false
}

// nonSanit returns the names of funcs that do not redact.
func nonSanit(funcs []redactFunc, sanit map[string]bool) map[string]bool {
	out := map[string]bool{}
	for _, f := range funcs {
		if !sanit[f.name] {
			out[f.name] = true
		}
	}
	return out
}

// condOnlyRe is a line that only tests what it reads: a condition or an
// existence test.
var condOnlyRe = lazyRE(`^\s*(?:if|elif|while|elseif|\}?\s*elseif|\}?\s*else\s*if|assert)\b[^\n]*:?\s*$|(?i:^\s*if\s*\(\s*(?:-not\s+)?\(?Test-Path\b)`)

func condOnly(l string) bool {
	return condOnlyRe.MatchString(l) && !stageSink(l)
}

// logicalLine is a statement of the program: its text (continued lines
// joined) and the lines it spans (line, first; last).
type logicalLine struct {
	text       string
	line, last int
}

func (ll logicalLine) covers(set map[int]bool) bool {
	for i := ll.line; i <= ll.last; i++ {
		if set[i] {
			return true
		}
	}
	return false
}

// logicalLines joins the lines of text a statement continues over: a
// trailing backslash, backtick, pipe or comma, an open parenthesis or
// bracket, or a literal's brace (after '=', '@', ':', '(' or ','), not a
// block's.
func logicalLines(text string) []logicalLine {
	var out []logicalLine
	var cur strings.Builder
	start, depth := 0, 0
	term := "" // what ends a heredoc, here-string or triple-quoted string
	for i, l := range strings.Split(text, "\n") {
		if cur.Len() == 0 {
			start = i + 1
		} else {
			cur.WriteByte(' ')
		}
		cur.WriteString(l)
		if term != "" {
			if blockEnds(l, term) {
				term = ""
			} else if i-start < 400 {
				continue
			}
		} else if term = blockOpens(l); term != "" {
			continue
		}
		depth = openDepth(l, depth)
		t := strings.TrimRight(l, " \t\r")
		if depth > 0 || strings.HasSuffix(t, "\\") || strings.HasSuffix(t, "`") || strings.HasSuffix(t, "|") || strings.HasSuffix(t, ",") {
			if i-start < 60 {
				continue
			}
		}
		out = append(out, logicalLine{text: cur.String(), line: start, last: i + 1})
		cur.Reset()
		depth = 0
	}
	if cur.Len() > 0 {
		out = append(out, logicalLine{text: cur.String(), line: start, last: start})
	}
	return out
}

// heredocRe opens a text block a statement continues over: a shell
// heredoc (group 1 its end word), a PowerShell here-string (group 2) or
// a Python triple-quoted string (group 3).
var heredocRe = lazyRE(`<<-?\s*['"]?([A-Za-z_]\w*)['"]?|(@"|@')\s*$|("""|''')`)

// blockOpens returns what ends the text block l opens (heredocRe), or
// "" when it opens none or closes it on the same line.
func blockOpens(l string) string {
	m := heredocRe.FindStringSubmatch(l)
	switch {
	case m == nil:
		return ""
	case m[1] != "":
		return m[1]
	case m[2] != "":
		return m[2][1:] + "@"
	case strings.Count(l, m[3])%2 == 1:
		return m[3]
	}
	return ""
}

// blockEnds reports whether l ends the text block term ends.
func blockEnds(l, term string) bool {
	t := strings.TrimSpace(l)
	switch term {
	case `"@`, "'@":
		return strings.HasPrefix(t, term)
	case `"""`, "'''":
		return strings.Contains(l, term)
	}
	return t == term
}

// openDepth returns the depth d of open brackets after l, quotes
// skipped: parentheses, square brackets and a literal's braces.
func openDepth(l string, d int) int {
	var q byte
	prev := byte(0)
	for i := 0; i < len(l); i++ {
		c := l[i]
		if q != 0 {
			if c == q {
				q = 0
			}
			continue
		}
		switch c {
		case '"', '\'':
			q = c
		case '(', '[':
			d++
		case ')', ']':
			d--
		case '{':
			if strings.IndexByte("=@:(,[", prev) >= 0 {
				d++
			}
		case '}':
			// a literal's close: only when one is open
			if d > 0 {
				d--
			}
		}
		if c != ' ' && c != '\t' {
			prev = c
		}
	}
	return max(d, 0)
}

// blankCodeComments blanks the comments of the program content (kind k):
// '#' comments (PowerShell's <# #> blocks too) or JavaScript's.
func blankCodeComments(rel, content string, k fileKind) string {
	if k == kindJS {
		return stripComments(content, kindJS)
	}
	if k == kindPowerShell {
		content = psBlockComment.ReplaceAllStringFunc(content, blankKeepLines)
	}
	lines := strings.Split(content, "\n")
	for i, l := range lines {
		var q byte
		for j := 0; j < len(l); j++ {
			c := l[j]
			if q != 0 {
				if c == q {
					q = 0
				}
				continue
			}
			if c == '"' || c == '\'' {
				q = c
			} else if c == '#' && (j == 0 || l[j-1] == ' ' || l[j-1] == '\t') && !(j+1 < len(l) && l[j+1] == '!' && i == 0) {
				lines[i] = l[:j]
				break
			}
		}
	}
	return strings.Join(lines, "\n")
}

var psBlockComment = lazyRE(`(?s)<#.*?#>`)

// funcDefRe opens a function: Python's def, PowerShell's and
// JavaScript's function, a shell function, a JavaScript arrow bound to a
// name. Group 1 the name, group 2 the parameters (when in parentheses).
var funcDefRe = lazyRE(`^\s*(?:async\s+)?(?:def|function)\s+([\w-]+)\s*(?:\(([^)]*)\))?|^\s*([\w-]+)\s*\(\s*\)\s*\{|^\s*(?:const|let|var)\s+(\w+)\s*=\s*(?:async\s*)?\(?([^)=]*)\)?\s*=>`)

// psParamRe is a PowerShell param() block's variables.
var psParamRe = lazyRE(`(?i)\bparam\s*\(([^)]*)\)`)

// codeFuncs returns the functions of the program: a Python def's
// indented body, a braced body otherwise.
func codeFuncs(lines []logicalLine, k fileKind) []redactFunc {
	var out []redactFunc
	for i := 0; i < len(lines); i++ {
		m := funcDefRe.FindStringSubmatch(lines[i].text)
		if m == nil {
			continue
		}
		fn := redactFunc{name: m[1] + m[3] + m[4]}
		params := m[2] + m[5]
		var body []string
		if k == kindPython {
			ind := stageIndent(lines[i].text)
			for j := i + 1; j < len(lines); j++ {
				if strings.TrimSpace(lines[j].text) != "" && stageIndent(lines[j].text) <= ind {
					break
				}
				body = append(body, lines[j].text)
			}
			if rest := strings.TrimSpace(lines[i].text[strings.LastIndex(lines[i].text, ":")+1:]); rest != "" {
				body = append(body, rest) // def f(v): return v
			}
		} else {
			d := 0
			for j := i; j < len(lines) && j < i+400; j++ {
				t := lines[j].text
				body = append(body, t)
				d += strings.Count(t, "{") - strings.Count(t, "}")
				if d <= 0 && strings.Contains(strings.Join(body, "\n"), "{") {
					break
				}
			}
			if pm := psParamRe.FindStringSubmatch(strings.Join(body, "\n")); pm != nil {
				params += "," + pm[1]
			}
		}
		for _, p := range strings.Split(params, ",") {
			p = strings.TrimSpace(p)
			if j := strings.LastIndex(p, "]"); j >= 0 {
				p = p[j+1:]
			}
			p = strings.TrimLeft(strings.TrimSpace(strings.SplitN(strings.SplitN(p, "=", 2)[0], ":", 2)[0]), "$*")
			if p != "" && p != "self" {
				fn.params = append(fn.params, p)
			}
		}
		fn.body = body
		out = append(out, fn)
	}
	return out
}

// callsAny reports whether l calls one of the functions names (a call
// in parentheses, or a PowerShell or shell command by its name).
func callsAny(l string, names map[string]bool) bool {
	for n := range names {
		if i := stageWord(l, n); i >= 0 {
			return true
		}
	}
	return false
}

// stageWord returns where the word w stands in l, not as part of a
// longer name or a def of it, else -1.
func stageWord(l, w string) int {
	for off := 0; ; {
		i := strings.Index(l[off:], w)
		if i < 0 {
			return -1
		}
		i += off
		e := i + len(w)
		if (i == 0 || !isIdentByte(l[i-1]) && l[i-1] != '-' && l[i-1] != '.') && (e == len(l) || !isIdentByte(l[e]) && l[e] != '-') {
			before := strings.TrimSpace(l[:i])
			if !strings.HasSuffix(before, "def") && !strings.HasSuffix(before, "function") {
				return i
			}
		}
		off = e
	}
}

// withoutCalls returns l with the calls of the redacting functions
// (sanit) blanked from their name to their closing parenthesis (a
// PowerShell or shell command to the end of its pipeline stage), and how
// many there were.
func withoutCalls(l string, sanit map[string]bool) (string, int) {
	n := 0
	for name := range sanit {
		for {
			i := stageWord(l, name)
			if i < 0 {
				break
			}
			e := i + len(name)
			if j := strings.IndexFunc(l[e:], func(r rune) bool { return r != ' ' }); j >= 0 && l[e+j] == '(' {
				e = matchParen(l, e+j)
			} else {
				// a command: to the end of its pipeline stage
				k := strings.IndexAny(l[e:], "|;)}")
				if k < 0 {
					e = len(l)
				} else {
					e += k
				}
			}
			l = l[:i] + strings.Repeat(" ", e-i) + l[e:]
			n++
		}
	}
	return l, n
}

// matchParen returns the offset after the parenthesis closing the one at
// l[i], or len(l).
func matchParen(l string, i int) int {
	d := 0
	for j := i; j < len(l); j++ {
		switch l[j] {
		case '(':
			d++
		case ')':
			d--
			if d == 0 {
				return j + 1
			}
		}
	}
	return len(l)
}

// usesAny reports whether l names one of the variables vars: $name in
// shell and PowerShell, the bare name otherwise.
func usesAny(l string, vars map[string]bool, k fileKind) bool {
	for v := range vars {
		if k == kindShell || k == kindPowerShell {
			if strings.Contains(l, "$"+v) && wordEnd(l, "$"+v) || strings.Contains(l, "${"+v) {
				return true
			}
			continue
		}
		if stageWord(l, v) >= 0 {
			return true
		}
	}
	return false
}

// wordEnd reports whether some occurrence of w in l is not followed by a
// name character.
func wordEnd(l, w string) bool {
	for off := 0; ; {
		i := strings.Index(l[off:], w)
		if i < 0 {
			return false
		}
		e := off + i + len(w)
		if e == len(l) || !isIdentByte(l[e]) || l[e] == '$' {
			return true
		}
		off = e
	}
}

// assignRe is an assignment or an update of a name: Python, JavaScript
// (const/let/var), shell (local/export) and PowerShell ($name), with a
// subscript or attribute (group 2), or a call adding to it (append,
// update, push, Add). Group 1 the name.
var assignRe = lazyRE(`^\s*(?:(?:const|let|var|local|export|readonly|declare(?:\s+-\w+)?)\s+)?\$?(\w+)((?:\[[^\]\n]*\]|\.\w+|\[\s*\$?\w+\s*\])*)\s*(?:[+|]?=)[^=~]|^\s*\$?(\w+)\.(?:append|update|extend|push|Add|insert|setdefault|set)\s*\(|^\s*for\s+(?:\(\s*)?(?:const\s+|let\s+|var\s+)?(\w+)(?:\s*,\s*\w+)*\s+(?:in|of)\b|(?i:^\s*foreach\s*\(\s*\$(\w+)\s+in\b)|\bas\s+(\w+)\s*:\s*$`)

// assignTarget returns the names l assigns (see assignRe: a loop's
// variables are all assigned), whether it updates a mapping or list
// (a subscript, an attribute, +=, append) rather than setting the name,
// and where what is assigned begins (0: no assignment).
func assignTarget(l string) ([]string, bool, int) {
	m := assignRe.FindStringSubmatchIndex(l)
	if m == nil {
		return nil, false, 0
	}
	g := func(i int) string {
		if m[2*i] < 0 {
			return ""
		}
		return l[m[2*i]:m[2*i+1]]
	}
	switch {
	case g(1) != "":
		op := strings.TrimSpace(l[m[5]:m[1]])
		return []string{g(1)}, g(2) != "" || strings.HasPrefix(op, "+") || strings.HasPrefix(op, "|"), m[1] - 1
	case g(3) != "":
		return []string{g(3)}, true, m[1]
	case g(4) != "":
		head := l[m[0]:m[1]]
		var names []string
		for _, w := range loopVarRe.FindAllString(head[strings.Index(head, g(4)):], -1) {
			if w != "in" && w != "of" {
				names = append(names, w)
			}
		}
		return names, false, m[1]
	case g(5) != "":
		return []string{g(5)}, false, m[1]
	case g(6) != "":
		return []string{g(6)}, false, 0
	}
	return nil, false, 0
}

var loopVarRe = lazyRE(`\w+`)

// literalSubscript reports whether the assignment l writes a subscript
// or attribute named by a literal (data['token'], cfg.password), not
// one chosen by a variable over its keys.
func literalSubscript(l string) bool {
	m := assignRe.FindStringSubmatch(l)
	return m != nil && m[2] != "" && (strings.ContainsAny(m[2], `"'`) || strings.HasPrefix(m[2], "."))
}

// consentRes are the instruction's wording that has the agent upload the
// bundle only with the user's agreement: asked before, shown and agreed
// to, not uploaded unless they agree.
var consentRes = []*lazyRegexp{
	lazyRE(`(?i)\b(?:ask|check\s+with|confirm\s+with)\s+(?:the\s+user|them)\b[^.\n]{0,80}?\b(?:before|whether|if|first)\b`),
	lazyRE(`(?i)\bonly\s+(?:after|once|if|when)\s+(?:the\s+user|they)\s+(?:has\s+|have\s+)?(?:explicitly\s+)?(?:agree|confirm|approve|consent|say|accept)`),
	lazyRE(`(?i)\b(?:with|after\s+getting|once\s+you\s+have|after)\s+(?:the\s+user's|their)\s+(?:explicit\s+)?(?:consent|permission|approval|confirmation|go-ahead|agreement)\b`),
	lazyRE(`(?i)\b(?:wait\s+for|until)\s+(?:the\s+user|they)\s+(?:to\s+)?(?:confirm|approve|agree|consent|say)`),
	lazyRE(`(?i)\b(?:do\s+not|don't|never)\s+(?:upload|send|submit|share|post)\b[^.\n]{0,60}?\b(?:unless|until|without)\s+(?:the\s+user|they|their)\b`),
}

// consentDenyRe is wording that takes the consent back: a claim the user
// already agreed, no need to ask or show, the upload kept from them.
var consentDenyRe = lazyRE(`(?i)\b(?:has|have|had)?\s*already\s+(?:agreed|approved|consented|confirmed|asked|said\s+yes|accepted|authori[sz]ed|opted\s+in)|\bno\s+need\s+to\s+(?:ask|show|tell|confirm|mention|check)|\b(?:do\s+not|don't|never|no)\s+(?:mention|tell|show|inform|notify|report)\b[^.\n]{0,40}?\b(?:upload|send|bundle|file|report|archive|them|it)\b|\b(?:without|never)\s+(?:asking|telling|showing|mentioning|confirming|prompting|notifying)\b|\bsilently\b|\bquietly\b|\bin\s+the\s+background\b|\bbehind\s+the\s+scenes\b|\bpre-?(?:approved|authori[sz]ed)\b`)

// negatedBeforeRe is a prohibition just before a phrase ("never upload
// it silently", "do not send it without asking").
var negatedBeforeRe = lazyRE(`(?i)\b(?:never|not|n't|no)\b[^.\n]{0,60}$`)

// uploadConsented reports whether the instruction doc has the agent
// upload only with the user's agreement (consentRes, in the other
// languages consentForeignRes) and says nothing that takes it back
// (consentDenyRe outside a prohibition, its forms in the other languages,
// or any of the approval-bypass and silence wording the other rules
// read).
func uploadConsented(doc string) bool {
	ok, takenBack := uploadConsentedForeign(doc)
	for _, re := range consentRes {
		if re.MatchString(doc) {
			ok = true
			break
		}
	}
	if !ok || takenBack {
		return false
	}
	for _, m := range consentDenyRe.FindAllStringIndex(doc, -1) {
		w := strings.ToLower(doc[m[0]:m[1]])
		if (strings.HasPrefix(w, "without") || strings.HasPrefix(w, "silently") || strings.HasPrefix(w, "quietly") || strings.HasPrefix(w, "in ") || strings.HasPrefix(w, "behind")) &&
			negatedBeforeRe.MatchString(doc[max(0, m[0]-80):m[0]]) {
			continue
		}
		return false
	}
	return !fileSilenced(doc) && len(clauseBypasses(doc)) == 0 && len(standingBypasses(doc)) == 0
}

// stageIndent returns the width of l's leading blanks.
func stageIndent(l string) int {
	return len(l) - len(strings.TrimLeft(l, " \t"))
}
