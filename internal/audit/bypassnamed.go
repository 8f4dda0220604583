package audit

import "sync"

// Agents other than the three bypassRe names have their own switches,
// and the named ones are spelled out in words as often as written as a
// key. bypassNamedRe matches the switches that turn approvals down
// rather than off, and that documentation names every day: Codex's
// --full-auto (workspace writes and commands without a prompt), Claude
// Code's acceptEdits mode, aider's --yes-always (and --yes on an aider
// command), GitHub Copilot CLI's --allow-all-tools, --allow-all-paths,
// --allow-all-urls and --allow-all, Cursor's "Run Everything" run mode,
// auto-run turned on and the Cursor CLI's --force and --yolo, Gemini
// CLI's --approval-mode auto_edit, and Claude Code's bypass permissions
// mode written in words. Like bypassDescribedRe they are reported only
// where the file (or SKILL.md) also tells the agent not to ask or tell
// the user, and not where a prohibition governs them. bypassSpelledRe
// matches Codex's approval policy "never" and "danger full access"
// sandbox mode, and Claude Code's permission mode set to bypass
// permissions, written in words ("set the approval policy to never, and
// the sandbox mode to danger full access"): the switches bypassRe
// names, reported as they are (rule approval-bypass).
var bypassNamedRe = lazyRE(`(?i)(?:^|[\s"'\x60(=\[,])--full-auto\b|\bacceptEdits\b|\baccept[-_\s]edits\s+mode\b|--yes-always\b|\baider\b[^\n]{0,80}?\s(?:--yes|-y)\b|(?:^|[\s"'\x60(=\[,])--allow-all(?:-tools|-paths|-urls)?\b|(?:^|\s)/allow-all\b|\bcursor(?:-agent)?\b[^\n]{0,80}?\s(?:--force|-f|--yolo)\b|(?-i:\bRun\s+Everything\b)|\brun[-\s]everything\s+mode\b|\bauto[-\s]?run\s+(?:mode\b|is\s+(?:on|enabled)\b|on\b|enabled\b)|\b(?:turn|switch|set)\s+(?:on\s+)?auto[-\s]?run\b|--approval-mode[= ]+["']?auto[_-]?edit\b|\bbypass[\s_-]permissions\b`)

// bypassSpelledRe matches a switch of bypassRe written in words (see
// above).
var bypassSpelledRe = lazyRE(`(?i)\bapproval\s+policy\b["'\x60]?\s*(?:=>|[:=]|\s(?:to|as|is)\s)\s*["'\x60]?never\b|\bsandbox\s+mode\b["'\x60]?\s*(?:=>|[:=]|\s(?:to|as|is)\s)\s*["'\x60]?danger[-\s_]full[-\s_]access\b|\b(?:permission|default)\s+mode\b["'\x60]?\s*(?:=>|[:=]|\s(?:to|as|is)\s)\s*["'\x60]?bypass[-\s_]?permissions\b`)

// windowedSwitches are bypassNamedRe, run round the words of its
// switches, and bypassSpelledRe, round the settings it names.
var windowedSwitches = sync.OnceValue(func() []windowedRe {
	return []windowedRe{
		{bypassNamedRe, newFoldedWordList([]string{"full-auto", "acceptedits", "accept edits", "accept-edits", "accept_edits", "yes-always", "aider", "allow-all", "run everything", "run-everything", "auto-run", "autorun", "auto run", "cursor", "approval-mode", "bypass permissions", "bypass-permissions", "bypass_permissions"}), 100, 100},
		{bypassSpelledRe, newFoldedWordList([]string{"approval policy", "sandbox mode", "permission mode", "default mode"}), 4, 60},
	}
})

// namedSwitches returns the matches in text of bypassNamedRe that no
// prohibition governs, and of bypassSpelledRe, at most three of each
// (the second slice: spelled, reported as named switches are).
func namedSwitches(text string) (named, spelled [][]int) {
	ws := windowedSwitches()
	for _, m := range ws[0].findAll(text, 3) {
		if !stateForbidden(text, m[0]) {
			named = append(named, m)
		}
	}
	return named, ws[1].findAll(text, 3)
}
