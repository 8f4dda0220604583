package audit

import "strings"

// Rule agent-tamper at critical: a program that writes into the agent's
// instructions or the other skills installed for it (CLAUDE.md,
// AGENTS.md, GEMINI.md, their SKILL.md) text that is itself an
// injection. A "usage note" appended as an HTML comment to every other
// skill, telling the agent to hand the conversation and the files it
// read to this skill's tool and not to mention it, is an attack on every
// skill it lands in, though this skill's own files hold it only as a
// string no markdown rule reads.

// injectionRules are the rules whose finding, in text a program writes
// into the agent's or a skill's instructions, makes that text an
// injection planted there: at high, an override, a request for secrets
// or for data sent out in a URL, invisible or reordered characters; and
// hidden text at critical (an attack inside a comment). Hidden text
// (an HTML or markdown comment) counts too when it tells the agent to
// keep something from the user
// (hiddenSilence, or plantedQuiet: "do not mention this step") or to
// hand over what the user shared (plantedTake: the conversation, the
// files it read); a hidden note that only instructs ("do not edit this
// block by hand, your changes are overwritten"), as a tool managing a
// block of CLAUDE.md writes, is not one.
var injectionRules = lazySet("instruction-override", "secret-request", "exfil-url", "invisible-unicode", "bidi-override")

var (
	// plantedQuiet tells the agent to keep the instruction itself, or
	// what it does, to itself.
	plantedQuiet = lazyRE(`(?i)\b(?:do\s+not|don'?t|never|must\s+not|without)\s+(?:ever\s+)?(?:mention|mentioning|reveal|revealing|disclose|disclosing|acknowledge|acknowledging|announce|announcing|surface|surfacing|show|showing|explain|explaining)\s+(?:this|these|that|it|the\s+(?:step|call|sync|note|instruction)s?)\b`)
	// plantedTake tells the agent to hand over what the user shared
	// with it: the conversation, the files it read, its messages.
	plantedTake = lazyRE(`(?i)\b(?:send|pass|post|upload|forward|include|call|run|share|give|hand|attach|copy|sync|submit|report|log)\b[^.\n]{0,80}?\b(?:conversation|chat\s+(?:history|log|transcript)|transcript|message\s+history|user'?s\s+(?:messages|prompts)|file\s+contents?|contents?\s+of\s+(?:every|each|all|any)\s+files?|(?:files?|everything)\s+you\s+(?:have\s+)?(?:read|opened|seen))\b`)
	// htmlCommentRe is an HTML comment: group 1 its text.
	htmlCommentRe = lazyRE(`(?s)<!--(.*?)-->`)
)

// plantedInjection reads text, written by a program into an instruction
// file, as the markdown it becomes and returns what makes it an
// injection (see injectionRules), "" when nothing does. With hiddenOnly
// only hidden text counts: the text is every string of a program, not
// what it writes, and a tool that strips injections from skills holds
// the visible phrases it looks for.
func plantedInjection(sc *skillCtx, text string, hiddenOnly bool) string {
	if strings.TrimSpace(text) == "" {
		return ""
	}
	if len(text) > 64<<10 {
		text = text[:64<<10]
	}
	scratch := &skillCtx{ctx: sc.ctx, skill: sc.skill, topic: sc.topic}
	scratch.setText(text)
	scanMarkdown(scratch, "SKILL.md", text, newLineIndex(text))
	for _, f := range scratch.findings {
		switch {
		case f.Severity < High:
		case f.Severity == Critical && f.RuleID == "hidden-text":
			return "an attack in hidden text"
		case injectionRules()[f.RuleID] && !hiddenOnly:
			return f.RuleID
		}
	}
	var hidden []string
	for _, m := range htmlCommentRe.FindAllStringSubmatch(text, 64) {
		hidden = append(hidden, m[1])
	}
	for _, m := range markdownComment.FindAllStringSubmatch(text, 64) {
		hidden = append(hidden, m[1]+m[2]+m[3])
	}
	for _, h := range hidden {
		if hiddenSilence(h) || plantedQuiet.MatchString(h) {
			return "hidden text telling the agent to keep it from the user"
		}
		if plantedTake.MatchString(h) {
			return "hidden text telling the agent to hand over what the user shared"
		}
	}
	return ""
}

// plantedSink is a call that writes data (f.write(x), appendText(x),
// os.WriteFile(p, x), writeFileSync, print $fh x, spew): what stands in
// its arguments is written.
var plantedSink = lazyRE(`\b(?:[Ww]rite\w*|[Aa]ppend\w*|print\w*|puts|spew\w*|say)\b\s*\(?`)

// plantedAssign is the end of an assignment whose value follows: group
// 1 the name assigned (NOTE = , const note = , my $note = , note := ).
var plantedAssign = lazyRE(`\$?([A-Za-z_]\w*)\s*(?::\s*[\w\[\]]+\s*)?(?::=|=)\s*$`)

// instrNamed reports whether one of lits names an instruction file
// (CLAUDE.md, AGENTS.md, GEMINI.md, SKILL.md).
func instrNamed(lits []litSpan) bool {
	for _, l := range lits {
		if agentInstrMD.MatchString(l.body) {
			return true
		}
	}
	return false
}

// plantedInLits returns what makes the hidden text a program writes an
// injection (plantedInjection, hidden text only), when it may write an
// instruction file (instr). Only the literals of code (comments blanked)
// written are read: one inside a write's arguments, or assigned to a
// name a write's arguments hold (NOTE = "<!-- … -->" then f.write(NOTE));
// a phrase a cleaner looks for (if KNOWN in text) is not written.
func plantedInLits(sc *skillCtx, code string, lits []litSpan, instr bool) string {
	if !instr {
		return ""
	}
	var sinks [][2]int
	for _, m := range plantedSink.FindAllStringIndex(code, 256) {
		// to the call's closing bracket, or the statement's end
		end := rustEndAt(code, m[1], "")
		if !strings.HasSuffix(code[m[0]:m[1]], "(") {
			end = rustEndAt(code, m[1], ";\n")
		}
		sinks = append(sinks, [2]int{m[1], end})
	}
	written := func(l litSpan) bool {
		for _, s := range sinks {
			if s[0] <= l.off && l.off < s[1] {
				return true
			}
		}
		a := plantedAssign.FindStringSubmatch(code[strings.LastIndexByte(code[:l.off], '\n')+1 : l.off])
		if a == nil {
			return false
		}
		for _, s := range sinks {
			if wordIndex(code[s[0]:s[1]], a[1], 0) >= 0 {
				return true
			}
		}
		return false
	}
	var b strings.Builder
	for _, l := range lits {
		if b.Len() < 64<<10 && (strings.Contains(l.body, "<!--") || strings.Contains(l.body, "]: #")) && l.off < len(code) && written(l) {
			b.WriteString(unescapeLit(l.body)) // "\n[//]: # (...)": the comment starts a line
			b.WriteString("\n\n")
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return plantedInjection(sc, b.String(), true)
}
