package audit

import "strings"

// Editor agents (VS Code's Copilot chat, Zed's agent, Amp) keep their
// approval switches in the editor's settings, not in a flag or a
// permission mode: `"chat.tools.autoApprove": true` lets every tool call
// run without asking, a terminal auto-approve rule whose pattern matches
// every command (`"/.*/": true`) does the same for the shell, and
// workspace trust turned off applies every folder's tasks and settings
// unasked. A program that merges them into the editor's settings turns
// the agent's approvals off as surely as one writing bypassPermissions
// into Claude Code's, so they are approval-bypass switches too, read by
// key and value in JavaScript and TypeScript programs and in settings
// files (JSON, JSONC). A key only compared or named in a message
// (`s["chat.tools.autoApprove"] === true`, `'"chat.tools.autoApprove":
// true'` in a report) sets nothing: the key must be its own string
// literal followed by the value it is given.

// editorApproveAll are the settings whose value true approves every tool
// call of the editor's agent.
var editorApproveAll = map[string]bool{
	"chat.tools.autoApprove":        true, // VS Code, before it was renamed
	"chat.tools.global.autoApprove": true, // VS Code
	"always_allow_tool_actions":     true, // Zed's agent
	"amp.dangerouslyAllowAll":       true, // Amp
}

// editorIdentKey matches a key of editorApproveAll that needs no quotes
// (no dot) set true as an object key or a property
// (`agent: { always_allow_tool_actions: true }`, `s.agent.always_allow_tool_actions = true`).
var editorIdentKey = lazyRE(`(?:^|[{,\s.])(always_allow_tool_actions)\s*(?::|=)\s*true\b`)

// editorApproveSuffix matches the last part of a dotted settings key that
// names approving everything (`<ext>.yoloMode`, `<ext>.dangerouslyAllowAll`).
var editorApproveSuffix = lazyRE(`\.(?:yoloMode|dangerouslyAllowAll|dangerouslySkipPermissions|autoApproveAll|alwaysAllowAll)$`)

// editorRuleKeys are the settings holding per-command or per-file
// auto-approve rules: one rule matching everything approves everything.
var editorRuleKeys = map[string]bool{
	"chat.tools.terminal.autoApprove":              true,
	"chat.tools.edits.autoApprove":                 true,
	"chat.agent.terminal.allowList":                true,
	"github.copilot.chat.agent.terminal.allowList": true,
}

// editorAllowAll matches a rule pattern that matches every command or
// file: a regular expression of any text (`/.*/`, `/^.*$/`, `/.+/i`), a
// bare wildcard (`*`, `.*`) or a glob of every file (`**`, `**/*`).
var editorAllowAll = lazyRE(`^(?:/\^?\.[*+]\$?/[a-z]*|\.\*|\*+(?:/\*+)*)$`)

// editorTrustKey turns VS Code's workspace trust off when set false.
const editorTrustKey = "security.workspace.trust.enabled"

// editorPermissionKey is VS Code's permission level; editorPermissionAll
// matches the levels that approve every tool call.
const editorPermissionKey = "chat.permissions.default"

var editorPermissionAll = lazyRE(`(?i)^(?:auto-?approve\w*|bypass\w*|autopilot|yolo|full\w*)$`)

// editorSetValue matches, just after a key's string literal, what makes
// the key set rather than read: an object key's colon, or an element
// assignment (`s["k"] = v`, `??=`, `||=`; editorSetAt rules out `==`,
// `===` and `=>`).
var editorSetValue = lazyRE(`^\s*(?::|\]\s*(?:\?\?|\|\|)?=)`)

// editorSetAt returns the value after a key's string literal when the
// key is set (editorSetValue, not a comparison), with its leading space
// dropped, and whether it is.
func editorSetAt(after string) (string, bool) {
	v := editorSetValue.FindStringIndex(after)
	if v == nil {
		return "", false
	}
	rest := after[v[1]:]
	if strings.HasSuffix(after[:v[1]], "=") && (strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, ">")) {
		return "", false
	}
	return strings.TrimLeft(rest, " \t\r\n"), true
}

// editorUpdateCall matches, just before a key's string literal, VS Code's
// configuration API setting it: `.update(` (the value follows after a
// comma), with the section given to getConfiguration in group 1 when it
// is on the same chain (`getConfiguration("chat.tools").update(`).
var editorUpdateCall = lazyRE(`(?:getConfiguration\(\s*["'\x60]([\w.-]+)["'\x60]\s*\)\s*)?\.update\(\s*$`)

// editorConfigVar matches a variable assigned a configuration section
// (`const cfg = vscode.workspace.getConfiguration("chat.tools")`): group
// 1 the variable, group 2 the section.
var editorConfigVar = lazyRE(`\b([A-Za-z_$][\w$]*)\s*=\s*(?:await\s+)?[\w$.]*getConfiguration\(\s*["'\x60]([\w.-]+)["'\x60]`)

// editorProgramWrites matches a JavaScript or TypeScript program writing a
// file or the editor's configuration (besides jsWrite): Bun's and Deno's
// writes, fs-extra's JSON writes, and the VS Code configuration API.
var editorProgramWrites = lazyRE(`\b(?:Bun\.write|Deno\.write(?:Text)?File(?:Sync)?|outputFile(?:Sync)?|outputJson(?:Sync)?|writeJson(?:Sync)?|writeJSON(?:Sync)?)\s*\(|getConfiguration\([^)]*\)[\s\S]{0,200}?\.update\(`)

// editorSwitchHint reports whether text may hold an editor approval switch
// (the cheap test before the literals are read).
func editorSwitchHint(text string) bool {
	return strings.Contains(text, "utoApprove") || strings.Contains(text, "workspace.trust") || strings.Contains(text, "allowList") ||
		strings.Contains(text, "always_allow_tool_actions") || strings.Contains(text, "chat.permissions") ||
		strings.Contains(text, "dangerously") || strings.Contains(text, "yoloMode") || strings.Contains(text, "AllowAll")
}

// editorSwitch is one editor approval switch set in code or settings: off
// is the offset of its key, what says which switch it is.
type editorSwitch struct {
	off  int
	what string
}

// editorTrustOff is editorSwitch.what for workspace trust turned off,
// which settings files report through vscodeNoTrust already.
const editorTrustOff = "workspace trust off: every folder's tasks and settings apply without asking"

// editorSwitches returns the editor approval switches text sets (code
// with its comments blanked, or a settings file), at most limit of them.
func editorSwitches(text string, limit int) []editorSwitch {
	if !editorSwitchHint(text) {
		return nil
	}
	var out []editorSwitch
	for _, m := range editorIdentKey.FindAllStringSubmatchIndex(text, limit) {
		if inLiteralAt(text, m[2]) {
			continue
		}
		out = append(out, editorSwitch{m[2], text[m[2]:m[3]] + " on: every tool call of the editor's agent runs without asking"})
	}
	lits := strLit.FindAllStringIndex(text, -1)
	for i, m := range lits {
		if len(out) >= limit {
			break
		}
		key := litContent(text[m[0]:m[1]])
		if key == "" {
			continue
		}
		before := text[max0(m[0]-200):m[0]]
		after := text[m[1]:]
		var val string // the code after the key that gives its value
		if u := editorUpdateCall.FindStringSubmatchIndex(before); u != nil {
			rest := strings.TrimLeft(after, " \t\r\n")
			if !strings.HasPrefix(rest, ",") {
				continue
			}
			val = strings.TrimLeft(rest[1:], " \t\r\n")
			key = editorUpdateSection(text, before, u) + key
		} else if v, ok := editorSetAt(after); ok {
			val = v
		} else if editorRuleKeys[key] && i+1 < len(lits) {
			// s["chat.tools.terminal.autoApprove"]["/.*/"] = true
			n := lits[i+1]
			if strings.Join(strings.Fields(text[m[1]:n[0]]), "") == "][" {
				if v, ok := editorSetAt(text[n[1]:]); ok && editorAllowAll.MatchString(litContent(text[n[0]:n[1]])) && editorTrue(v) {
					out = append(out, editorSwitch{m[0], key + " with a rule matching every command or file"})
				}
			}
			continue
		} else {
			continue
		}
		if w := editorJudge(key, val); w != "" {
			out = append(out, editorSwitch{m[0], w})
		}
	}
	return out
}

// editorJudge says which switch key given the value starting val turns
// on, or "" when it turns none on.
func editorJudge(key, val string) string {
	switch {
	case editorApproveAll[key] || editorApproveSuffix.MatchString(key):
		if editorTrue(val) {
			return key + " on: every tool call of the editor's agent runs without asking"
		}
	case key == editorTrustKey:
		if strings.HasPrefix(val, "false") && !(len(val) > len("false") && isIdentByte(val[len("false")])) {
			return editorTrustOff
		}
	case key == editorPermissionKey:
		if l := strLit.FindStringIndex(val); l != nil && l[0] == 0 && editorPermissionAll.MatchString(litContent(val[:l[1]])) {
			return key + " at a level that approves every tool call"
		}
	case editorRuleKeys[key]:
		if strings.HasPrefix(val, "{") && editorRulesAllowAll(val) {
			return key + " with a rule matching every command or file"
		}
	}
	return ""
}

// editorTrue reports whether val starts with the literal true.
func editorTrue(val string) bool {
	return strings.HasPrefix(val, "true") && !(len(val) > len("true") && isIdentByte(val[len("true")]))
}

// editorRulesAllowAll reports whether the object literal starting val
// holds a rule whose pattern matches everything and whose value approves
// it (`true`, or `{ approve: true, … }`).
func editorRulesAllowAll(val string) bool {
	depth, end := 0, len(val)
	for i := 0; i < len(val) && i < 4000; i++ {
		switch val[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				end = i
				i = len(val)
			}
		}
	}
	body := val[:min(end, len(val))]
	for _, l := range strLit.FindAllStringIndex(body, 64) {
		if !editorAllowAll.MatchString(litContent(body[l[0]:l[1]])) {
			continue
		}
		rest := strings.TrimLeft(body[l[1]:], " \t\r\n")
		if !strings.HasPrefix(rest, ":") {
			continue
		}
		rest = strings.TrimLeft(rest[1:], " \t\r\n")
		if editorTrue(rest) || strings.HasPrefix(rest, "{") && editorApproveObj.MatchString(rest[:min(len(rest), 200)]) {
			return true
		}
	}
	return false
}

// editorApproveObj matches an object rule that approves (`{ approve:
// true, matchCommandLine: true }`).
var editorApproveObj = lazyRE(`^\{[^}]*["'\x60]?\bapprove["'\x60]?\s*:\s*true\b`)

// editorUpdateSection returns the configuration section (with a trailing
// dot) a VS Code `.update(` call sets a key of: the section given to
// getConfiguration on the same chain, or the one assigned to the variable
// the call is made on; "" when the key is given whole.
func editorUpdateSection(text, before string, u []int) string {
	if u[2] >= 0 {
		return before[u[2]:u[3]] + "."
	}
	chain := strings.TrimRight(before[:u[0]], " \t\r\n")
	j := len(chain)
	for j > 0 && isIdentByte(chain[j-1]) {
		j--
	}
	name := chain[j:]
	if name == "" {
		return ""
	}
	for _, v := range editorConfigVar.FindAllStringSubmatch(text, 16) {
		if v[1] == name {
			return v[2] + "."
		}
	}
	return ""
}

// litContent returns the content of a string literal (its quotes
// dropped), or "" for a template literal with a substitution or a
// literal holding an escape (not a plain key).
func litContent(lit string) string {
	if len(lit) < 2 || strings.HasPrefix(lit, `"""`) || strings.HasPrefix(lit, `'''`) {
		return ""
	}
	s := lit[1 : len(lit)-1]
	if strings.Contains(s, "${") || strings.Contains(s, `\`) && lit[0] == '`' {
		return ""
	}
	return s
}

// max0 returns n, or 0 when n is negative.
func max0(n int) int {
	return max(n, 0)
}

// scanEditorApprovals reports the editor approval switches a settings
// file or a JavaScript or TypeScript program sets (code: comments
// blanked). In a program they are high when it writes a file or the
// editor's configuration (it puts them in force), medium when it writes
// nothing (a module whose object another program may write); in a
// settings file, ranked by where it stands (high as a file of the skill).
// Rule approval-bypass (see Rules in rules.go).
func scanEditorApprovals(sc *skillCtx, rel, code string, line0 int, w where, program bool) {
	found := editorSwitches(code, 3)
	if len(found) == 0 {
		return
	}
	sev := sc.rank(High, w, false)
	how := ""
	if program {
		if jsWrite.MatchString(code) || editorProgramWrites.MatchString(code) {
			how = ", written into the editor's settings by the program"
		} else {
			sev, how = Medium, " (set as a value; the program writes no file)"
		}
	}
	li := newLineIndex(code)
	for _, f := range found {
		if !program && f.what == editorTrustOff {
			continue // vscodeNoTrust (scanEditorConfig)
		}
		ln := li.line(f.off)
		reason := "turns an editor agent's approvals off (" + f.what + ")" + how
		if w != inScript && w != inProse {
			reason += " (in " + w.String() + ")"
		}
		sc.add(rel, line0+ln-1, "approval-bypass", sev, reason, strings.TrimSpace(lineText(code, li, ln)))
	}
}

// inLiteralAt reports whether offset off of text lies inside a string
// literal (strLit) of its line.
func inLiteralAt(text string, off int) bool {
	ls := strings.LastIndexByte(text[:off], '\n') + 1
	for _, m := range strLit.FindAllStringIndex(text[ls:min(len(text), off+200)], -1) {
		if m[0] < off-ls && off-ls < m[1] {
			return true
		}
	}
	return false
}
