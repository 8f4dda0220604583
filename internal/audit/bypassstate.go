package audit

// bypassStateRe matches the agent's approval prompts or sandbox put in an
// off state in plain words, naming neither a flag nor a verb of removal:
// a mode where "edits and shell commands are accepted automatically" (the
// passive of bypassDescribedRe's "accept every command automatically"),
// and "leave the sandbox off", "keep approvals disabled", "run with the
// sandbox off" (the state of bypassWeakRe's "turn off the sandbox"). The
// agent knows how to reach that state without being told the switch's
// name. Like bypassDescribedRe it is reported only where the file also
// tells the agent not to ask or tell the user, and not where a
// prohibition governs it ("never leave the sandbox off") (rule
// approval-bypass).
var bypassStateRe = lazyRE(`(?i)\b(?:edits?|commands?|tool\s+calls?|tool\s+uses?|changes?|actions?|writes?)\s+(?:are|is|get|gets|will\s+be|be|being)\s+(?:auto(?:matically)?[-\s]?)?(?:accepted|approved|allowed|confirmed)\b(?:\s+(?:automatically|without\s+(?:any\s+|a\s+)?(?:prompts?|confirmations?|approvals?|asking|review)))?|\b(?:leave|leaving|keep|keeping|stay|staying|run|running|work|working|operate|operating)\s+(?:(?:yourself|it)\s+)?(?:with\s+)?(?:the\s+|your\s+|its\s+|any\s+|all\s+)?(?:own\s+)?(?:sandbox\w*|approvals?|approval\s+prompts?|permission\s+(?:prompts?|checks?)|confirmations?|confirmation\s+prompts?)\s+(?:(?:mode|setting|feature|check)s?\s+)?(?:off|disabled|switched\s+off|turned\s+off|down|lifted)\b`)

// stateForbiddenRe matches, at the end of the text before a
// bypassStateRe match, a prohibition of one or two words' reach: "never
// leave the sandbox off", "do not run with approvals disabled", "never
// let edits be accepted automatically".
var stateForbiddenRe = lazyRE(`(?i)\b(?:do\s+not|don'?t|never|must\s+not|should\s+not|shouldn'?t|avoid|no\s+longer)\s+(?:\w+\s+){0,2}$`)

// stateForbidden reports whether the bypassStateRe match at off in text
// is governed by a prohibition: one right before it (stateForbiddenRe)
// or earlier in its clause (prohibitsSwitch).
func stateForbidden(text string, off int) bool {
	return stateForbiddenRe.MatchString(text[max(0, off-40):off]) || prohibitsSwitch(text, off)
}
