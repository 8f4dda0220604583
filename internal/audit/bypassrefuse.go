package audit

// A switch named as the condition a program or the agent refuses on
// ("it refuses to run if defaultMode is bypassPermissions", "abort when
// approval_policy is never") is guarded against, not asked for: the
// sentence stops the work where the switch is on. A negated condition
// ("refuses to run if bypassPermissions is not set", "unless …") asks
// for the switch instead, and stays unread here.

var (
	// refuseCondRe matches a refusal and the start of its condition,
	// ending at the switch (read on the text before it, at most a few
	// words between the condition word and the switch).
	refuseCondRe = lazyRE("(?i)\\b(?:refuses?|refusing|declines?|declining|aborts?|aborting|exits?|exiting|bails?\\s+out|errors?\\s+out)\\b(?:\\s+to\\s+(?:run|start|continue|proceed|apply|write|work))?\\s+(?:if|when|whenever|while)\\s+(?:[\\w`'\".-]+\\s+){0,4}?(?:is|are|equals|==|set\\s+to)\\s+[`'\"]?$")
	// refuseNegRe is a negation in a condition: it asks for the switch.
	refuseNegRe = lazyRE(`(?i)\b(?:not|isn'?t|aren'?t|no|never|unless)\b`)
	// refuseAfterNegRe is the switch (one token) and a negation right
	// after it ("if the mode is bypassPermissions not set").
	refuseAfterNegRe = lazyRE("(?i)^[`'\"]?[\\w.=-]*[`'\"]?\\s*(?:is\\s+)?(?:not|isn'?t|missing|absent|unset|off|disabled)\\b")
)

// refusedOn reports whether the switch at off in text is the condition
// of a refusal (see above).
func refusedOn(text string, off int) bool {
	before := text[max(0, off-80):off]
	m := refuseCondRe.FindStringIndex(before)
	if m == nil || refuseNegRe.MatchString(before[m[0]:]) {
		return false
	}
	return !refuseAfterNegRe.MatchString(text[off:min(len(text), off+60)])
}
