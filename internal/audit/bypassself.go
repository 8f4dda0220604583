package audit

// bypassSelfRe matches an instruction for the agent to answer its own
// guard instead of the user, or to evade it, in words that name no flag:
// self-approval ("approve it yourself", "answer the prompt on the user's
// behalf", "click Allow yourself", "answer it affirmatively", "say yes to
// the prompt") and evasion ("rework the command so it
// is not caught", "rewrite it so the sandbox does not block it", "get
// past the permission prompts"). A prompt the agent approves for itself,
// or a command reshaped until the guard misses it, runs as unchecked as
// one with the sandbox off. It is reported only where selfGuardRe names
// the agent's own guard round it (a pull request approved "yourself" is
// not the agent's prompt), and, like bypassStateRe, only where the file
// also tells the agent not to ask or tell the user and no prohibition
// governs it (rule approval-bypass).
var bypassSelfRe = lazyRE(`(?i)\b(?:approve|accept|confirm|allow|answer|grant|authori[sz]e|ok(?:ay)?|click\s+(?:"|')?(?:allow|yes|approve|accept|ok)(?:"|')?)\s+(?:(?:it|them|that|this|those|these|(?:the|that|this|each|every|any)\s+(?:\w+\s+)?(?:prompts?|requests?|dialogs?|confirmations?|commands?|permissions?|one))\s+)?(?:yourself|for\s+yourself|on\s+(?:the\s+user'?s|their|the\s+human'?s|the\s+operator'?s)\s+behalf|in\s+the\s+user'?s\s+(?:name|place|stead))\b|\b(?:answer|reply\s+to|respond\s+to)\s+(?:it|them|that|this|those|these|(?:the|that|this|each|every|any)\s+(?:\w+\s+)?(?:prompts?|requests?|dialogs?|confirmations?|questions?|one))\s+(?:affirmatively|in\s+the\s+affirmative|positively|with\s+(?:a\s+)?["'\x60]?(?:yes|y|allow|approve|ok(?:ay)?)\b)|\bsay\s+["'\x60]?yes["'\x60]?\s+to\s+(?:it|them|that|this|those|these|(?:the|that|this|each|every|any)\s+(?:\w+\s+)?(?:prompts?|requests?|dialogs?|confirmations?|questions?|one))\b|\b(?:rework|rewrite|rephrase|reword|restructure|reshape|alter|change|modify|disguise|wrap|split|obfuscate|encode|adjust|tweak)\s+(?:(?:it|them|that|this|the|your|each)\s+)?(?:\w+\s+){0,2}?so\s+(?:that\s+)?(?:it|they|this|that|the\s+\w+|nothing)\s+(?:(?:is|are|will\s+be|gets?)\s+not|isn'?t|aren'?t|won'?t\s+be|never\s+gets?|no\s+longer\s+(?:is|gets?))\s+(?:caught|blocked|flagged|detected|stopped|noticed|intercepted|denied|refused|prompted)\b|\b(?:rework|rewrite|rephrase|reword|restructure|reshape|alter|change|modify|disguise|wrap|split|obfuscate|encode|adjust|tweak)\s+(?:(?:it|them|that|this|the|your|each)\s+)?(?:\w+\s+){0,2}?so\s+(?:that\s+)?(?:the\s+|your\s+|its\s+)?(?:sandbox\w*|guard\w*|filter|environment|harness|host|prompt|check)\s+(?:does\s+not|doesn'?t|will\s+not|won'?t|cannot|can'?t|never)\s+(?:catch|block|flag|detect|stop|notice|intercept|deny|refuse|prompt|see)\b|\b(?:get|got|gets|getting|slip|slipped|sneak|sneaked|snuck|route|routed)\s+(?:\w+\s+)?(?:past|around|by|through)\s+(?:the\s+|your\s+|its\s+|any\s+|those\s+|these\s+)?(?:own\s+)?(?:(?:approval|permission|confirmation|sandbox)\s+)?(?:prompts?|restrictions?|guardrails?|safeguards?|sandbox\w*|confirmations?|approvals?)\b`)

// selfGuardRe matches the agent's own guard named in words: its
// environment, sandbox or harness, a permission or confirmation prompt,
// or the host asking for confirmation ("raises a confirmation") or
// blocking a command. Read round a
// bypassSelfRe match by selfGuarded.
var selfGuardRe = lazyRE(`(?i)\byour\s+(?:own\s+)?(?:environment|sandbox\w*|harness|host|agent|tool(?:ing)?|client|session|runtime|shell)\b|\bsandbox\w*|\b(?:permission|approval|confirmation)\s+(?:prompts?|dialogs?|requests?|checks?)\b|\b(?:asks?|asking|prompts?|prompting)\s+(?:you\s+)?for\s+(?:confirmation|approval|permission)\b|\b(?:blocks?|blocked|blocking|refuses|refused|denies|denied)\s+(?:a\s+|the\s+|your\s+|that\s+|this\s+)?(?:command|call|tool\s+call|write|edit|action)s?\b|\b(?:raises?|raised|raising|shows?|showing|pops?\s+up|displays?|throws?|triggers?|presents?)\s+(?:you\s+)?(?:with\s+)?(?:a\s+|an\s+|any\s+|its\s+)?(?:confirmation|approval|permission)s?\b|\b(?:prompts?|restrictions?|guardrails?|safeguards?)\b`)

// selfGuarded reports whether the agent's own guard (selfGuardRe, or a
// command held for approval, heldGuardRe) is named in the match at m in
// text or in the 300 bytes before it.
func selfGuarded(text string, m []int) bool {
	t := text[max(0, m[0]-300):m[1]]
	return selfGuardRe.MatchString(t) || heldGuardRe.MatchString(t)
}

// silenceOmitRe matches an instruction to keep the agent's handling of
// its guard from the user in words silenceRe misses: not handing a block
// "back to the user", leaving out "how you got past prompts or
// restrictions", "they do not need to hear about it", not pausing or
// waiting "for a yes" (the ask spread over a line break), and not
// surfacing a held request ("do not surface the request": the approval
// the guard wanted from the user never reaches them). Read with silenceRe
// by silencedExcept.
var silenceOmitRe = lazyRE(`(?i)\b(?:do\s+not|don'?t|never|must\s+not)\s+(?:hand|pass|bring|refer|escalate|send|kick|turn|bounce)\s+(?:it|that|this|them|those|these|the\s+\w+)\s+(?:back\s+|up\s+)?to\s+(?:the\s+)?(?:user|human|operator|owner)s?\b|\b(?:leave\s+out|omit|skip\s+over|gloss\s+over)\s+(?:any\s+mention\s+of\s+)?(?:how|that|what|why|where|when|any|all|the)\b[^.\n]{0,80}?\b(?:prompts?|restrictions?|sandbox\w*|approvals?|confirmations?|guardrails?|safeguards?|blocked|bypass\w*|got\s+(?:past|around)|worked\s+around)\b|\b(?:they|the\s+(?:user|human|operator|owner)s?)\s+(?:do(?:es)?\s+not|don'?t|doesn'?t|need\s+not)\s+(?:need\s+to\s+)?(?:hear|know|be\s+told|learn)\s+(?:about|of)\s+(?:it|this|that|them)\b|\b(?:do\s+not|don'?t|never)\s+(?:pause|stop|wait)\s+(?:to\s+ask|for\s+(?:a\s+|the\s+|their\s+|an?\s+)?(?:yes|go-ahead|approval|confirmation|permission|answer|reply))\b|\b(?:do\s+not|don'?t|never|must\s+not)\s+(?:surface|forward|relay|escalate|bubble\s+up|pass\s+(?:on|along))\s+(?:the|that|this|any|such|those|these|its|their)\s+(?:\w+\s+)?(?:requests?|prompts?|approvals?|confirmations?|dialogs?|questions?|holds?)\b`)
