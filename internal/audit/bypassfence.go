package audit

// A skill hands the agent its command lines in fenced code blocks as
// often as in inline code: "reproduce it with" above a block running
// codex --dangerously-bypass-approvals-and-sandbox, gemini --yolo. The
// shell rules read such a block for what its commands do (a download
// run, a wipe), but a switch they report only in a script the skill
// runs (shellswitch.go), and a block in a language they do not know is
// read by no rule: the switch in it went unreported. Every code block
// is read for switches here, as an example: a block that names a switch
// is how documentation shows a headless run too, so the switch alone is
// medium, high where the file or SKILL.md tells the agent not to ask or
// tell the user (or claims the user approved in advance), and low under
// a warning ("never run this:") or after the user is asked for consent
// (rule approval-bypass).

// scanFenceBypass reads the markdown code block code (first line at
// file line line, info its info string) for approval-bypass switches,
// unless its language's own rules read them (Python, JavaScript and
// settings blocks are read by scanBypass already, as the files they
// show would be).
func scanFenceBypass(sc *skillCtx, rel, code string, line int, info string) {
	if k, ok := langKind(info); ok && (k == kindPython || k == kindJS || k == kindConfig) {
		return
	}
	sc.fenceExample = true
	scanBypass(sc, rel, code, line, inCode)
	sc.fenceExample = false
}
