package audit

import "strings"

// Agent hooks that run remote code, and Ruby scripts that rewrite the
// agent's files (rule agent-tamper). A script that writes the agent's
// settings may install a hook: a command the agent runs by itself at
// every session start, prompt or tool call (Claude Code's SessionStart,
// UserPromptSubmit, PreToolUse..., Gemini CLI's and Codex's equivalents).
// The hook's command is read as the shell would run it: one that fetches
// code from the network and runs it (piped to a shell, eval'd, given to
// an interpreter's -e/-c) is persistent remote code execution inside the
// agent, critical whatever else the script does.

var (
	// agentHookEvent names an event an agent runs hook commands at.
	agentHookEvent = lazyRE(`^(?:SessionStart|SessionEnd|UserPromptSubmit|PreToolUse|PostToolUse|Stop|SubagentStop|Notification|PreCompact|BeforeTool|AfterTool|BeforeAgent|AfterAgent|BeforeModel|AfterModel)$`)
	// hookFetch is a command, or code given to an interpreter, that
	// fetches from the network.
	hookFetch = lazyRE(`(?i)\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|downloadstring)\b|Net::HTTP|open-uri|URI\.open|\burlopen\b|urllib|requests\.get|\bfetch\(|https?\.get\(|/dev/tcp/`)
	// hookRun runs what is fetched: a pipe into a shell or interpreter,
	// eval, exec, Invoke-Expression, or an interpreter's inline code.
	hookRun = lazyRE(`(?i)\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\|\s*(?:python3?|ruby|node|perl|iex|invoke-expression)\b|\beval\b|\bexec\b|\biex\b|\binvoke-expression\b|\b(?:ruby|perl|node|deno|bun)\s+-e\b|\bpython3?\s+-c\b|\b(?:ba|z)?sh\s+-c\s+["']?\$\(|\bsource\s+<\(|\.\s+<\(`)
)

// agentHookLits reports, among the string literals of a script that
// writes the agent's settings (lits; at is the offset findings fall back
// to), a hook command that fetches and runs remote code, when a literal
// names a hook event. It reports whether it found one.
func agentHookLits(sc *skillCtx, rel, code string, lits []litSpan) bool {
	event := ""
	for _, l := range lits {
		if agentHookEvent.MatchString(l.body) {
			event = l.body
			break
		}
	}
	if event == "" {
		return false
	}
	li := newLineIndex(code)
	for _, l := range lits {
		if len(l.body) > 4096 || !hookFetch.MatchString(l.body) || !hookRun.MatchString(l.body) {
			continue
		}
		ln := li.line(l.off)
		sc.add(rel, ln, "agent-tamper", Critical, "installs an agent hook ("+event+") whose command fetches code from the network and runs it: remote code at every session", strings.TrimSpace(lineText(code, li, ln)))
		return true
	}
	return false
}

// rubyBlockVar matches an iteration whose block names one variable:
// the receiver (up to the call) in group 1, the variable in group 2.
var rubyBlockVar = lazyRE(`(?m)^[ \t]*(.+?)\.(?:each|each_child|map|select|filter_map)\b[^\n|]*(?:do|\{)\s*\|\s*(\w+)\s*\|`)

// scanAgent reports a Ruby write (rubyWriteRe) into the agent's settings
// or instructions in the home folder (agentFile), or into the SKILL.md files an iteration over a listing of a
// skills folder yields; a write to the settings also has the file's
// literals read for a hook that runs remote code (agentHookLits), and
// one into instructions (CLAUDE.md, AGENTS.md, the skills' SKILL.md) for
// hidden text it plants there (plantedWritten), critical as in the other
// languages.
func (r *rubyScan) scanAgent() {
	if !strings.Contains(r.code, "SKILL.md") && !strings.Contains(r.code, ".claude") && !strings.Contains(r.code, ".codex") &&
		!strings.Contains(r.code, ".gemini") && !strings.Contains(r.code, "AGENTS.md") && !strings.Contains(r.code, "CLAUDE.md") && !strings.Contains(r.code, "GEMINI.md") {
		return
	}
	// each block variable's values: an array literal's elements, or a
	// listing of skills (a glob naming SKILL.md or a skills folder)
	vals, skillsVar := map[string][]string{}, map[string]bool{}
	for _, m := range rubyBlockVar.FindAllStringSubmatch(r.code, 64) {
		recv, v := strings.TrimSpace(m[1]), m[2]
		switch {
		case strings.HasPrefix(recv, "[") && strings.HasSuffix(recv, "]"):
			vals[v] = splitTop(recv[1 : len(recv)-1])
		case (strings.Contains(recv, "Dir.glob") || strings.HasPrefix(recv, "Dir[") || strings.Contains(recv, "Find.find")) &&
			(strings.Contains(recv, "SKILL.md") || strings.Contains(recv, "skills")):
			skillsVar[v] = true
		}
	}
	var lits []litSpan
	litSpans := func() []litSpan {
		if lits == nil {
			for _, l := range r.lits {
				lits = append(lits, litSpan{l.start, l.body})
			}
		}
		return lits
	}
	// a write into instructions (CLAUDE.md, a skill's SKILL.md) is
	// critical when what it writes is hidden text planted there
	plantChecked, planted := false, ""
	tamper := func(line int, reason string, instr bool) {
		if instr && !plantChecked {
			plantChecked = true
			planted = plantedWritten(r.sc, r.code, litSpans(), rubyPlantedSink)
		}
		if instr && planted != "" {
			r.sh.add(line, "agent-tamper", Critical, reason+", and plants "+planted+" in the instructions it writes", "")
			return
		}
		r.sh.agentTamper(line, reason)
	}
	hookChecked := false
	for _, m := range rubyWriteRe.FindAllStringIndex(r.code, 64) {
		if _, ok := r.inLit(m[0]); ok {
			continue
		}
		call := r.code[m[0]:m[1]]
		args := r.args(m[1], strings.HasSuffix(call, "("))
		pathArg := 0
		if strings.HasPrefix(call, "FileUtils.") || strings.HasPrefix(call, "File.symlink") {
			pathArg = 1
		}
		if strings.HasPrefix(call, "File.open") || strings.HasPrefix(call, "File.new") {
			if len(args) < 2 || !rubyWriteMode.MatchString(args[1]) {
				continue
			}
		}
		if pathArg >= len(args) {
			continue
		}
		expr := strings.TrimSpace(args[pathArg])
		line := r.li.line(m[0])
		if skillsVar[expr] {
			tamper(line, "rewrites the SKILL.md of the other skills installed for the agent: what they tell it comes from this skill", true)
			continue
		}
		paths := []string{r.path(expr, 0)}
		if vs, ok := vals[expr]; ok {
			paths = paths[:0]
			for _, v := range vs {
				paths = append(paths, r.path(v, 0))
			}
		}
		for _, p := range paths {
			if agentFile.MatchString(p) {
				tamper(line, "writes "+p+", the agent's own settings or instructions: what it obeys next comes from this skill", agentInstrMD.MatchString(p))
				if !hookChecked && strings.HasSuffix(p, ".json") {
					hookChecked = true
					agentHookLits(r.sc, r.rel, r.src, litSpans())
				}
				break
			}
		}
	}
}
