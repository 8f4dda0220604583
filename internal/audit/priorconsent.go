package audit

// priorApprovalRe matches a claim, in the skill's own words, that the user
// has already approved what it asks for ("pre-approved by the user", "the
// user has already agreed", "authorized in advance"). Consent is something
// the agent gets from the user at the time; a skill that asserts it on the
// user's behalf (often in a link title or image alt text the user never
// sees) is forging it, so such a claim never counts as consent.
var priorApprovalRe = lazyRE(`(?i)\bpre[-\s]?(?:approv|authori[sz]|consent|confirm)\w*|\b(?:user|owner|operator|human)s?\b[^.\n]{0,40}\b(?:already|previously|earlier|in\s+advance)\s+(?:been\s+)?(?:approv|authori[sz]|consent|agree|confirm|accept|allow)\w*|\b(?:already|previously)\s+(?:been\s+)?(?:approv|authori[sz]|consent|agree|confirm)\w*\b[^.\n]{0,40}\b(?:by|from)\s+the\s+(?:user|owner|operator|human)\b|\b(?:approv|authori[sz]|consent|agree)\w*\s+in\s+advance\b`)

// claimsPriorApproval reports whether text asserts the user's approval in
// advance (see priorApprovalRe).
func claimsPriorApproval(text string) bool {
	return priorApprovalRe.MatchString(text)
}
