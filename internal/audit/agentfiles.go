package audit

import "strings"

// Rule agent-tamper: a script that rewrites the agent's own settings or
// instructions, or wipes the user's other skills. What an agent obeys next
// (its permission settings, MCP servers, global CLAUDE.md or AGENTS.md)
// then comes from the script's author, and a skills folder synced with
// --delete loses the user's own skills.

// agentFile matches the settings and instruction files agents read from
// the home folder or a project: Claude Code's settings and CLAUDE.md,
// Codex's config.toml and AGENTS.md, Gemini CLI's settings and
// GEMINI.md, Cursor's, Windsurf's and VS Code's MCP settings.
var agentFile = lazyRE(`(?:^|/)(?:\.claude/(?:settings(?:\.local)?\.json|CLAUDE\.md)|\.claude\.json|\.codex/(?:config\.toml|AGENTS\.md)|\.gemini/(?:settings\.json|GEMINI\.md)|\.cursor/mcp\.json|\.codeium/windsurf/mcp_config\.json|\.vscode/mcp\.json)$`)

// agentNamedFile matches a settings file of an agent that its name
// alone tells, in whatever folder it is joined to: Claude Code's
// ~/.claude.json (its MCP servers and per-project settings) and Claude
// Desktop's claude_desktop_config.json (under ~/Library/Application
// Support/Claude, %APPDATA%\Claude or ~/.config/Claude).
var agentNamedFile = lazyRE(`(?:^|[/\\])(?:\.claude\.json|claude_desktop_config\.json)$`)

// skillsDir matches a folder agents load skills from.
var skillsDir = lazyRE(`(?:^|/)(?:\.claude|\.codex|\.gemini|\.cursor|\.agents?|\.config/agents|\.opencode|\.github)/skills/?$`)

// agentWrite reports a write by call c to an agent's settings or
// instructions, or an rsync --delete over a skills folder (high in a
// script, medium elsewhere: documentation that sets an agent up names
// these files).
func (s *shScan) agentWrite(line int, c call) {
	targets := fileWrites(c)
	if c.name == "sponge" {
		targets = operands(c.args) // moreutils: soaks up its input, then writes the file
	}
	if c.name == "rsync" {
		if ops := operands(c.args); len(ops) >= 2 {
			targets = ops[len(ops)-1:]
		}
	}
	for _, t := range targets {
		t = strings.Trim(t, `"'`)
		switch {
		case agentFile.MatchString(t) && s.jqTightWrite(c, t):
			s.add(line, "agent-tamper", Low, "writes jq's rewrite of "+t+" back over it, and the jq filter only tightens the agent's settings (allow entries filtered out, bypass modes turned off, deny rules added): it lowers what the agent may do; review the change", "")
			return
		case agentFile.MatchString(t) && c.name == "sed" && sedTightens(c.args):
			s.add(line, "agent-tamper", Low, "edits "+t+" in place with sed, and every substitution only tightens the agent's settings (a key set to a value that asks or sandboxes, a bypass line removed): it lowers what the agent may do; review the change", "")
			return
		case agentFile.MatchString(t):
			s.agentTamper(line, "rewrites "+t+", the agent's own settings or instructions: what it obeys next comes from this skill")
			return
		case c.name == "rsync" && hasArgExact(c.args, "--delete") && skillsDir.MatchString(t):
			s.agentTamper(line, "syncs "+t+" with --delete: the user's other skills there are replaced or removed")
			return
		}
	}
}

// agentRedirect reports a redirection into an agent's settings or
// instructions.
func (s *shScan) agentRedirect(line int, target string) {
	if t := strings.Trim(target, `"'`); agentFile.MatchString(t) {
		s.agentTamper(line, "writes to "+t+", the agent's own settings or instructions: what it obeys next comes from this skill")
	}
}

func (s *shScan) agentTamper(line int, reason string) {
	base := High
	if s.w != inScript && s.w != inHidden {
		base = Medium
	}
	s.add(line, "agent-tamper", base, reason, "")
}

var (
	// agentDirPart names an agent's own folder as a path part or prefix
	// (~/.claude, .claude/, or /.claude/ appended to the home folder).
	agentDirPart = lazyRE(`^(?:~?/)?\.(?:claude|codex|gemini|cursor|agents|windsurf)(?:/|$)`)
	// agentInstrPart names an agent's settings or instruction file.
	agentInstrPart = lazyRE(`(?:^|/)(?:CLAUDE\.md|AGENTS\.md|GEMINI\.md|settings(?:\.local)?\.json|config\.toml|mcp\.json)$`)
	// agentSkillsPart names installed skills.
	agentSkillsPart = lazyRE(`(?:^|/)(?:skills|SKILL\.md)$`)
	// listsFolder walks or lists a folder's entries (Perl's File::Find
	// too: find(sub {...}, $root), find(\&wanted, @dirs)).
	listsFolder = lazyRE(`filepath\.(?:Glob|Walk|WalkDir)\(|fs\.(?:WalkDir|Glob)\(|os\.ReadDir\(|readdirSync|readdir\(|opendir|os\.listdir|\.iterdir\(|os\.walk|os\.scandir|glob\(|\.glob\(|globSync|fs\.promises\.readdir|\bfind(?:depth)?\s*\(\s*(?:sub\b|\\&)`)
)

// scanAgentCode reports a Python, JavaScript or Go script (code, comments
// blanked) that writes (write) into the agent's folders in the home
// folder: its settings or instruction files, or the SKILL.md of skills it
// walks (other skills than its own) (rule agent-tamper).
func scanAgentCode(sc *skillCtx, rel, code string, write *lazyRegexp) {
	if !mayTamper(code, write) {
		return
	}
	var lits []litSpan
	for _, m := range strLit.FindAllStringIndex(code, 400) {
		lits = append(lits, litSpan{m[0], strings.Trim(code[m[0]:m[1]], "\"'`")})
	}
	local := write == pyWrite && pyAgentWritesLocal(code)
	tight := !local && write == pyWrite && pyAgentWritesTighten(code)
	agentTamperJudged(sc, rel, code, lits, -1, listsFolder.MatchString(code), local, tight)
}

// mayTamper reports whether code names an agent's folder, the home
// folder and a write (write): scanAgentCode's prefilter.
func mayTamper(code string, write *lazyRegexp) bool {
	if !strings.Contains(code, ".claude") && !strings.Contains(code, ".codex") && !strings.Contains(code, ".gemini") &&
		!strings.Contains(code, ".cursor") && !strings.Contains(code, ".agents") && !strings.Contains(code, ".windsurf") &&
		!strings.Contains(code, "claude_desktop_config") {
		return false
	}
	return homeRef.MatchString(code) && write.MatchString(code)
}

// agentPathLit reports whether lit names an agent's folder, its
// settings or instructions, or its installed skills: a write to a path
// spelled out in one literal reaches the agent's files only then.
func agentPathLit(lit string) bool {
	return agentDirPart.MatchString(lit) || agentInstrPart.MatchString(lit) || agentSkillsPart.MatchString(lit) || agentNamedFile.MatchString(lit)
}

// litSpan is a string literal of code: its offset and its text.
type litSpan struct {
	off  int
	body string
}

// agentTamperLits is scanAgentCode's judgement over the string literals
// of code (see scanAgentCode), reported at offset at, or at the literal
// naming the agent's folder when at is -1.
func agentTamperLits(sc *skillCtx, rel, code string, lits []litSpan, at int) {
	agentTamperLitsListed(sc, rel, code, lits, at, listsFolder.MatchString(code))
}

// agentTamperLitsListed is agentTamperLits for a language whose folder
// listings the caller has read (lists: code lists a folder's entries).
// A literal that agentNamedFile knows (claude_desktop_config.json) names
// the agent's folder and its settings at once.
func agentTamperLitsListed(sc *skillCtx, rel, code string, lits []litSpan, at int, lists bool) {
	agentTamperJudged(sc, rel, code, lits, at, lists, false, false)
}

// agentTamperJudged is agentTamperLitsListed for a script whose writes
// the caller has followed: local says every file it writes lies under
// the working folder or its own (pyAgentWritesLocal), so the agent
// settings it writes are a project's, which the user reviews with the
// project, and not the home folder's: medium, unless it plants
// instructions. tight says every write that may reach the home folder
// puts back the settings file it read with only tightening changes
// (pyAgentWritesTighten), or backs it up: low, unless it plants
// instructions.
func agentTamperJudged(sc *skillCtx, rel, code string, lits []litSpan, at int, lists, local, tight bool) {
	agentTamperPlanted(sc, rel, code, lits, at, lists, local, tight, func() string { return plantedInLits(sc, code, lits, instrNamed(lits)) })
}

// agentTamperPlanted is agentTamperJudged for a language whose written
// text the caller reads (planted: what makes the text it writes into the
// instructions an injection, "" when nothing does), as Emacs Lisp's
// insert forms are (elispPlanted): its writes are not plantedSink's.
func agentTamperPlanted(sc *skillCtx, rel, code string, lits []litSpan, at int, lists, local, tight bool, planted func() string) {
	dir, instr, skills := -1, false, false
	for _, l := range lits {
		m, body := []int{l.off}, l.body
		named := agentNamedFile.MatchString(body)
		if (named || agentDirPart.MatchString(body)) && dir < 0 {
			dir = m[0]
		}
		instr = instr || named || agentInstrPart.MatchString(body)
		skills = skills || agentSkillsPart.MatchString(body)
	}
	if dir < 0 {
		return
	}
	reason := ""
	switch {
	case instr:
		agentHookLits(sc, rel, code, lits)
		reason = "writes the agent's own settings or instructions in the home folder: what it obeys next comes from this skill"
	case skills && lists:
		reason = "rewrites the other skills installed for the agent"
	default:
		return
	}
	if at < 0 {
		at = dir
	}
	li := newLineIndex(code)
	ln := li.line(at)
	sev := High
	if planted := planted(); planted != "" {
		sev = Critical
		reason += ", and plants " + planted + " in the instructions it writes"
	} else if tight {
		sev = Low
		reason = "writes the agent's settings in the home folder back with only tightening changes (entries taken out of allow lists or MCP servers, bypass and auto-approve modes turned off, deny rules added): it lowers what the agent may do; review the change"
	} else if local {
		sev = Medium
		reason = "writes an agent's settings, instructions or skills only under the working folder or its own folder (every path it writes is built from them, none from the home folder): the project's agent files change, review them"
	} else if (!instrNamedHooks(lits) || ownHookOnly(sc, lits)) && consentedWrite(sc, code) {
		sev = Medium
		reason += "; it shows the change as a diff, backs the settings up and asks [y/N] before writing, and SKILL.md does not pass its yes flag: the user decides"
	}
	sc.add(rel, ln, "agent-tamper", sev, reason, strings.TrimSpace(lineText(code, li, ln)))
}

var (
	// writeAsks asks the person at the terminal before writing.
	writeAsks = lazyRE(`\binput\s*\(\s*[fr]?["'][^"'\n]*\[(?:y/N|y/n|Y/n)\]|\bconfirm\s*\(|\bclick\.confirm\s*\(`)
	// writeDiffs shows the change first.
	writeDiffs = lazyRE(`\bdifflib\b|\bunified_diff\b`)
	// writeBacksUp copies the settings aside first.
	writeBacksUp = lazyRE(`(?i)\bshutil\.copy2?\s*\([^)\n]*\)|\.bak\b|bak-|backup`)
	// yesFlag is an installer's flag that answers its prompt.
	yesFlag = lazyRE(`(?:^|\s)(?:--yes|-y|--assume-yes|--force|--no-input)\b`)
)

// consentedWrite reports whether code writing an agent's settings asks
// the person first the way an installer that means it does: it shows the
// change as a diff, backs the file up and asks [y/N] at the terminal,
// and the skill's instructions (sc.topic: its SKILL.md) do not run it
// with a flag that answers yes, and it does not touch the agent's
// permission settings. A prompt the agent is told to skip is no consent.
func consentedWrite(sc *skillCtx, code string) bool {
	return writeAsks.MatchString(code) && writeDiffs.MatchString(code) && writeBacksUp.MatchString(code) && !yesPassed(sc.topic) &&
		!writeTouchesGuards.MatchString(stripComments(code, kindPython))
}

// yesPassed reports whether instructions pass an installer's yes flag:
// a line naming it that does not forbid it ("Do not pass --yes on the
// user's behalf" keeps the prompt).
func yesPassed(topic string) bool {
	for _, l := range strings.Split(topic, "\n") {
		if m := yesFlag.FindStringIndex(l); m != nil && !yesForbidden.MatchString(l[:m[0]]) {
			return true
		}
	}
	return false
}

// yesForbidden is a prohibition before a flag on its line.
var yesForbidden = lazyRE(`(?i)\b(?:do not|don't|never|must not|should not|without)\b`)

// ownHookOnly reports whether the hooks an installer writes only run a
// program the skill ships and the installer names (a linked script:
// "python3 {HOOK_SCRIPT}" with HOOK_SCRIPT beside it): the hook runs what
// the audit reads in that file, so its prompt, diff and backup are what
// decide. A hook command holding a pipe or a chain, or any literal of
// the installer holding a network tool or a command substitution, is not
// one.
func ownHookOnly(sc *skillCtx, lits []litSpan) bool {
	own := false
	for _, l := range sc.linked {
		if !l.data {
			own = true
		}
	}
	if !own {
		return false
	}
	cmds := 0
	for _, l := range lits {
		if netToolRun.MatchString(" "+l.body) || strings.Contains(l.body, "$(") || strings.Contains(l.body, "`") {
			return false
		}
		if ownHookCmd.MatchString(l.body) {
			if strings.ContainsAny(l.body, "|;&") {
				return false
			}
			cmds++
		}
	}
	return cmds > 0
}

// ownHookCmd is a hook command running an interpreter on a path the
// program interpolates.
var ownHookCmd = lazyRE(`^\s*(?:python3?|node|bash|sh|ruby|perl)\s+["']?\{[A-Za-z_]\w*\}`)

// writeTouchesGuards names the agent's permission settings: a change to
// them is judged by what it does (tightening or loosening), not by the
// prompt before it.
var writeTouchesGuards = lazyRE(`(?i)approval_policy|sandbox_mode|defaultMode|bypassPermissions|danger-full-access|permissions|autoApprove|allowedTools`)

// instrNamedHooks reports whether the literals name the agent's hooks
// (a hook runs a command at every tool call: no prompt makes that
// routine).
func instrNamedHooks(lits []litSpan) bool {
	for _, l := range lits {
		if strings.Contains(l.body, "hooks") || strings.Contains(l.body, "PreToolUse") || strings.Contains(l.body, "PostToolUse") {
			return true
		}
	}
	return false
}
