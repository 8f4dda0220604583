package audit

import (
	"path"
	"strings"
)

// AppleScript (.applescript, or a file whose shebang runs osascript
// without -l JavaScript: JXA is read as JavaScript) is read by pattern
// like the other languages of otherCode. osascript runs it as the user,
// with the login keychain and every file in reach, and its shell is do
// shell script, handed a command line assembled from literals and
// variables joined by & (set tool to "/usr/bin/" & "sec" & "urity", then
// do shell script tool & " find-generic-password -s " & quoted form of
// svc & " -w"). So:
//
//   - its comments (--, # and nested (* *)) are blanked and literals
//     joined by & folded into one literal (appleScriptCode) before the
//     credential rules read it: a command word or path split in two
//     reads as it runs;
//   - each do shell script's command is rebuilt from its expression
//     (literals, properties and variables set once, quoted form of a
//     value read as that value quoted, anything else a shell variable)
//     and read as shell for the rules a Perl system() is read for
//     (download-exec, reverse-shell, destructive-command, system-trust,
//     registry-exec-credential), and for the credentials it reads
//     (appleScriptShellCred: a keychain item read by a command whose
//     words come from variables);
//   - a do shell script whose command runs a network tool, and
//     AppleScriptObjC's URL loading (NSURLSession, NSURLConnection,
//     NSMutableURLRequest, ...WithContentsOfURL:), are its network sends
//     (appleScriptSend): a keychain, key or cloud credential read and such
//     a send in one script are credential-exfil, critical, as in every
//     language;
//   - path to home folder and path to library folder are its home folder
//     (homeRefScriptHosts), read file and open for access its file reads
//     (fileReadScriptHosts).

// appleScriptExts are AppleScript's text extensions, added to otherCode
// (.scpt is compiled, not text).
var appleScriptExts = []string{".applescript"}

// isAppleScript reports whether the file name lang is an AppleScript
// source by its extension.
func isAppleScript(lang string) bool {
	return strings.EqualFold(path.Ext(lang), ".applescript")
}

// osascriptShebang is a first line running the file with osascript.
var osascriptShebang = lazyRE(`^#!\s*\S*(?:/|\benv\s+(?:-\S+\s+)*)osascript\b`)

// appleScriptShebang reports whether content opens with a shebang that
// runs it as AppleScript: osascript, not told -l JavaScript.
func appleScriptShebang(content string) bool {
	line, _, _ := strings.Cut(content, "\n")
	return osascriptShebang.MatchString(line) && !strings.Contains(strings.ToLower(line), "javascript")
}

// appleScriptCommentsBlanked returns code with its comments (-- and #
// to the end of the line, (* *) nested) turned to spaces, line breaks
// kept, so offsets and lines stay those of code. Text inside a string
// literal or a |quoted identifier| is kept.
func appleScriptCommentsBlanked(code string) string {
	b := []byte(code)
	blank := func(i int) {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
	depth := 0
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case depth > 0:
			switch {
			case c == '(' && i+1 < len(b) && b[i+1] == '*':
				depth++
				blank(i)
				i++
			case c == '*' && i+1 < len(b) && b[i+1] == ')':
				depth--
				blank(i)
				i++
			}
			blank(i)
		case c == '"' || c == '|':
			j := i + 1
			for j < len(b) && b[j] != c && b[j] != '\n' {
				if b[j] == '\\' && c == '"' {
					j++
				}
				j++
			}
			i = min(j, len(b)-1)
		case c == '(' && i+1 < len(b) && b[i+1] == '*':
			depth = 1
			blank(i)
			i++
			blank(i)
		case c == '#' || c == '-' && i+1 < len(b) && b[i+1] == '-':
			for ; i < len(b) && b[i] != '\n'; i++ {
				blank(i)
			}
		}
	}
	return string(b)
}

// asTok is one token of AppleScript: a string literal ('s', val its
// text with escapes read), a word ('w', a |quoted identifier| too), &,
// parentheses, a line break ('n', a ¬ continuation is none) or any
// other byte ('o', val the byte).
type asTok struct {
	kind byte
	s, e int
	val  string
}

// appleScriptTokens splits comment-blanked AppleScript into tokens.
func appleScriptTokens(code string) []asTok {
	var out []asTok
	for i := 0; i < len(code); {
		c := code[i]
		switch {
		case c == '\n':
			out = append(out, asTok{kind: 'n', s: i, e: i + 1})
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case strings.HasPrefix(code[i:], "¬"):
			// a continuation: the statement goes on past the line break
			i += len("¬")
			for i < len(code) && (code[i] == ' ' || code[i] == '\t' || code[i] == '\r') {
				i++
			}
			if i < len(code) && code[i] == '\n' {
				i++
			}
		case c == '"':
			var v strings.Builder
			j := i + 1
			for ; j < len(code) && code[j] != '"' && code[j] != '\n'; j++ {
				if code[j] == '\\' && j+1 < len(code) {
					j++
					switch code[j] {
					case 'n':
						v.WriteByte('\n')
					case 't':
						v.WriteByte('\t')
					case 'r':
						v.WriteByte('\r')
					default:
						v.WriteByte(code[j])
					}
					continue
				}
				v.WriteByte(code[j])
			}
			if j >= len(code) || code[j] != '"' {
				// unterminated on its line: no literal
				out = append(out, asTok{kind: 'o', s: i, e: j, val: `"`})
				i = j
				continue
			}
			out = append(out, asTok{kind: 's', s: i, e: j + 1, val: v.String()})
			i = j + 1
		case c == '|':
			j := strings.IndexAny(code[i+1:], "|\n")
			if j < 0 || code[i+1+j] != '|' {
				out = append(out, asTok{kind: 'o', s: i, e: i + 1})
				i++
				continue
			}
			out = append(out, asTok{kind: 'w', s: i, e: i + j + 2, val: code[i+1 : i+1+j]})
			i += j + 2
		case isIdentByte(c):
			j := i
			for j < len(code) && isIdentByte(code[j]) {
				j++
			}
			out = append(out, asTok{kind: 'w', s: i, e: j, val: code[i:j]})
			i = j
		case c == '&' || c == '(' || c == ')':
			out = append(out, asTok{kind: c, s: i, e: i + 1})
			i++
		default:
			out = append(out, asTok{kind: 'o', s: i, e: i + 1, val: code[i : i+1]})
			i++
		}
	}
	return out
}

// appleScriptCode returns code as the credential rules read it: comments
// blanked, and each run of string literals joined by & ("sec" & "urity")
// one literal of their raw texts joined, padded with spaces to the run's
// length so offsets and lines stay those of code.
func appleScriptCode(code string) string {
	code = appleScriptCommentsBlanked(code)
	toks := appleScriptTokens(code)
	var b strings.Builder
	last := 0
	for i := 0; i < len(toks); i++ {
		if toks[i].kind != 's' {
			continue
		}
		j := i
		for j+2 < len(toks) && toks[j+1].kind == '&' && toks[j+2].kind == 's' {
			j += 2
		}
		if j == i {
			continue
		}
		s, e := toks[i].s, toks[j].e
		var lit strings.Builder
		for k := i; k <= j; k += 2 {
			lit.WriteString(code[toks[k].s+1 : toks[k].e-1])
		}
		joined := `"` + lit.String() + `"`
		b.WriteString(code[last:s])
		b.WriteString(joined)
		b.WriteString(strings.Repeat(" ", max(0, e-s-len(joined)-strings.Count(code[s:e], "\n"))))
		b.WriteString(strings.Repeat("\n", strings.Count(code[s:e], "\n")))
		last = e
		i = j
	}
	b.WriteString(code[last:])
	return b.String()
}

// asShellCmd is one do shell script's command as rebuilt from its
// expression, and the span of the call in the code.
type asShellCmd struct {
	cmd  string
	s, e int
}

// asStop are the words that end a do shell script's command expression:
// its parameters (with administrator privileges, user name, password,
// altering line endings) and the words of a statement around it.
var asStop = lazySet("with", "without", "as", "user", "password", "administrator", "altering", "then", "else", "end", "given", "returning")

// appleScriptShellCommands returns the command of every do shell script
// in code (AppleScript, comments blanked), rebuilt from its expression:
// string literals as their text, a property or a variable set once as
// its value, quoted form of X as X's value in double quotes, and
// anything else as a shell variable ($name), all joined as & joins them.
func appleScriptShellCommands(code string) []asShellCmd {
	toks := appleScriptTokens(code)
	binds := appleScriptBinds(toks)
	var out []asShellCmd
	for i := 0; i+3 < len(toks); i++ {
		if !asWord(toks[i], "do") || !asWord(toks[i+1], "shell") || !asWord(toks[i+2], "script") {
			continue
		}
		end := asExprEnd(toks, i+3)
		if end == i+3 {
			continue
		}
		cmd := asFold(toks[i+3:end], binds, 0)
		out = append(out, asShellCmd{cmd: cmd, s: toks[i].s, e: toks[end-1].e})
		i = end - 1
	}
	return out
}

// asWord reports whether t is the word w, in any case.
func asWord(t asTok, w string) bool {
	return t.kind == 'w' && strings.EqualFold(t.val, w)
}

// asExprEnd returns the index past the expression starting at toks[i]:
// the line's end, or a stop word or unbalanced ) at its top level.
func asExprEnd(toks []asTok, i int) int {
	depth := 0
	for ; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.kind == 'n':
			return i
		case t.kind == '(':
			depth++
		case t.kind == ')':
			if depth == 0 {
				return i
			}
			depth--
		case depth == 0 && t.kind == 'w' && asStop()[strings.ToLower(t.val)]:
			return i
		}
	}
	return i
}

// appleScriptBinds maps each name set once (set x to …, copy … to x,
// property x : …) to its value's tokens; a name set twice maps to nil
// (its value is not known).
func appleScriptBinds(toks []asTok) map[string][]asTok {
	binds := map[string][]asTok{}
	bind := func(name string, val []asTok) {
		name = strings.ToLower(name)
		if _, seen := binds[name]; seen {
			binds[name] = nil
			return
		}
		binds[name] = val
	}
	for i := 0; i+3 < len(toks); i++ {
		switch {
		case asWord(toks[i], "set") && toks[i+1].kind == 'w' && asWord(toks[i+2], "to"):
			bind(toks[i+1].val, toks[i+3:asExprEnd(toks, i+3)])
		case asWord(toks[i], "property") && toks[i+1].kind == 'w' && toks[i+2].kind == 'o' && toks[i+2].val == ":":
			bind(toks[i+1].val, toks[i+3:asExprEnd(toks, i+3)])
		}
	}
	return binds
}

// asFold rebuilds the text of an expression of literals, names and
// quoted form of, joined by & (see appleScriptShellCommands); depth
// bounds the names followed through their values.
func asFold(toks []asTok, binds map[string][]asTok, depth int) string {
	var b strings.Builder
	start, level := 0, 0
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) {
			switch toks[i].kind {
			case '(':
				level++
				continue
			case ')':
				level--
				continue
			case '&':
				if level != 0 {
					continue
				}
			default:
				continue
			}
		}
		b.WriteString(asOperand(toks[start:i], binds, depth))
		start = i + 1
	}
	return b.String()
}

// asOperand rebuilds one operand of an & join.
func asOperand(op []asTok, binds map[string][]asTok, depth int) string {
	for len(op) >= 2 && op[0].kind == '(' && op[len(op)-1].kind == ')' {
		op = op[1 : len(op)-1]
	}
	switch {
	case len(op) == 0:
		return ""
	case len(op) >= 3 && asWord(op[0], "quoted") && asWord(op[1], "form") && asWord(op[2], "of"):
		return `"` + asOperand(op[3:], binds, depth) + `"`
	case len(op) >= 3 && asWord(op[0], "POSIX") && asWord(op[1], "path") && asWord(op[2], "of"):
		return asOperand(op[3:], binds, depth)
	case len(op) == 1 && op[0].kind == 's':
		return op[0].val
	case len(op) >= 2 && asWord(op[0], "my"):
		return asOperand(op[1:], binds, depth)
	case len(op) == 1 && op[0].kind == 'w':
		if v := binds[strings.ToLower(op[0].val)]; v != nil && depth < 4 {
			return asFold(v, binds, depth+1)
		}
		return "$" + asShellName(op[0].val)
	}
	// a handler's result, an item of a list, a coercion: a value the
	// script computes, a shell variable to the command
	return "$v"
}

// asShellName is name as a shell variable's name.
func asShellName(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		if isIdentByte(name[i]) {
			b.WriteByte(name[i])
		}
	}
	if b.Len() == 0 {
		return "v"
	}
	return b.String()
}

// appleScriptRuleIDs are the rules kept from the shell scan of the
// commands an AppleScript hands to do shell script: those kept for
// Perl's system() (perlExecRuleIDs). Its credential reads and sends are
// the file's (scanOtherTaint, appleScriptShellCred, appleScriptSend).
var appleScriptRuleIDs = perlExecRuleIDs

// scanAppleScriptShell reads the command of each do shell script in an
// AppleScript as shell (see above), at the line of its call.
func scanAppleScriptShell(sc *skillCtx, rel, content string) {
	if !isAppleScript(rel) && !appleScriptShebang(content) {
		return
	}
	code := appleScriptCommentsBlanked(content)
	before := len(sc.findings)
	for _, c := range appleScriptShellCommands(code) {
		scanShell(sc, rel, c.cmd, 1+strings.Count(code[:c.s], "\n"), inScript)
	}
	keepRulesIn(sc, before, appleScriptRuleIDs())
}

// asNetCmd is a network tool at a command's start in a shell line.
var asNetCmd = lazyRE(`(?:^|[;&|(\x60]\s*|\$\(\s*|\b(?:then|do|exec|env|sudo|nohup)\s+)` + netToolName + `(?:\s|$)`)

// asObjCNet is AppleScriptObjC's URL loading: Foundation's sessions,
// connections and requests, and the one-call reads of a URL.
var asObjCNet = lazyRE(`\bNS(?:URLSession|URLConnection|MutableURLRequest)\b|\b(?:data|string)WithContentsOfURL:`)

// appleScriptSend returns the span of the first network send in an
// AppleScript (comments blanked): a do shell script running a network
// tool, or AppleScriptObjC's URL loading; nil when there is none.
func appleScriptSend(code string) []int {
	var n []int
	for _, c := range appleScriptShellCommands(code) {
		if asNetCmd.MatchString(c.cmd) {
			n = []int{c.s, c.e}
			break
		}
	}
	if m := asObjCNet.FindStringIndex(code); m != nil && (n == nil || m[0] < n[0]) {
		n = m
	}
	return n
}

// appleScriptShellCred returns the span of the first do shell script in
// an AppleScript (comments blanked) whose rebuilt command names a
// credential (credPath: a keychain read such as security
// find-generic-password, a key or cloud file), and what it names; nil
// when none does. The command's words may come from variables, so the
// script's text alone does not show them.
func appleScriptShellCred(code string) ([]int, string) {
	for _, c := range appleScriptShellCommands(code) {
		if m := credPath.FindStringIndex(c.cmd); m != nil && !pubKeyPath(c.cmd[m[0]:m[1]]) {
			return []int{c.s, c.e}, strings.TrimSpace(c.cmd[m[0]:m[1]]) + " (in the command do shell script runs)"
		}
	}
	return nil, ""
}

// otherNetAppleScript joins otherNet: do shell script handed a literal
// command line opening with a network tool (AppleScript-only syntax; a
// command assembled from variables is appleScriptSend's).
const otherNetAppleScript = `|\bdo\s+shell\s+script\s+\(?\s*"` + netToolName + `\b`

// homeRefScriptHosts joins homeRef: AppleScript's path to home folder
// (and path to library folder, under it) and AutoHotkey's A_AppData
// (%APPDATA%, in the profile).
const homeRefScriptHosts = `|\bpath\s+to\s+(?:home|library)\s+folder\b|\bA_AppData\b`

// fileReadScriptHosts joins fileReadRe: AppleScript's read file and open
// for access, AutoHotkey's FileRead (both syntaxes), FileOpen and Loop
// Read.
const fileReadScriptHosts = `|\bread\s+(?:POSIX\s+)?file\b|\bopen\s+for\s+access\b|\bFileRead\b|\bFileOpen\s*\(|\bLoop\s*,?\s*Read\b`
