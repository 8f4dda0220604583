package audit

// bypassDescribedRe matches an agent's approval or sandbox switch
// described in words instead of named by its flag or key: a setting whose
// value "never asks" for permission (Codex's approval_policy never), a
// mode "that accepts every tool call", a permission mode "where nothing
// needs confirming", the mode "where it no longer asks", the answer "that
// approves this and all future requests", every edit and command
// accepted "without asking", a
// sandbox mode "with full disk and network access" (Codex's
// danger-full-access), a permission mode that "skips all permission
// checks" (Claude Code's bypassPermissions), an allow rule of Bash(*),
// every tool call or edit "auto-accepted" (Gemini CLI's yolo, Claude
// Code's acceptEdits), a "yolo behaviour" or setting, the agent's set-up
// changed "so that shell commands and file edits go through without
// asking". A runbook can describe
// the switch so that no flag name appears, and the agent still finds and
// sets it. Like bypassWeakRe it is reported only where the file also
// tells the agent not to ask or tell the user (rule approval-bypass).
var bypassDescribedRe = lazyRE(`(?i)\b(?:set|setting|settings|mode|policy|value|option|config\w*)\b[^.\n]{0,80}?\bnever\s+(?:asks?|prompts?|requests?)\b|\bsandbox\w*\b[^.\n]{0,80}?\bfull\s+(?:disk|file\s*system|network|system|host)\b[^.\n]{0,30}?\baccess\b|\bfull\s+(?:disk|file\s*system|network)\b[^.\n]{0,30}?\baccess\b[^.\n]{0,40}?\bsandbox|\bskips?\s+(?:all\s+|any\s+|every\s+|the\s+)?(?:permission|approval)s?\s+(?:checks?|prompts?)|\ballow\w*\s+[^.\n]{0,40}?\bBash\(\*\)|\bauto[-_ ]?accept\w*|\b(?:accept|approve)\w*\s+(?:every|all|each|any)\s+(?:\w+\s+){0,2}?(?:commands?|edits?|tool\s+calls?|changes?|actions?)\s+automatically|\byolo\s+(?:behaviou?r|setting|option)` +
	`|\b(?:mode|setting|option|profile)\b[^.\n]{0,60}?\b(?:that|which|where)\s+(?:accepts?|approves?|allows?|runs?)\s+(?:every|all|each|any)\s+(?:\w+\s+){0,2}?(?:commands?|edits?|tool\s+calls?|actions?)\b` +
	`|\b(?:permission|approval)s?\s+mode\b[^.\n]{0,80}?\b(?:nothing|no\s+(?:command|edit|tool\s+call|action)s?)\s+(?:needs?|requires?)\s+(?:confirm\w*|approv\w*|permission)` +
	`|\b(?:accept|approve|allow)\w*\s+(?:every|all|each|any)\s+(?:\w+\s+){0,3}?(?:commands?|edits?|tool\s+calls?|actions?)\s+without\s+(?:asking|confirm\w*|prompt\w*|approval)` +
	`|\bmode\s+(?:where|in\s+which)\s+(?:it|the\s+\w+|your\s+\w+)\s+(?:no\s+longer|never|does\s+not|doesn'?t)\s+asks?\b` +
	`|\b(?:pick|choose|select|click)\s+(?:the\s+)?(?:answer|option|button|choice)\s+that\s+(?:approves|allows|accepts)\s+(?:this\s+and\s+)?(?:all|every)\s+(?:future|later|subsequent)\b` +
	`|\b(?:set\s+up|setup|configur\w*|settings?|config|permissions?)\b[^.\n]{0,120}?\bso\s+(?:that\s+)?(?:[\w-]+\s+){0,3}?(?:commands?|edits?|tool\s+calls?|actions?)\s+(?:(?:and|or)\s+(?:[\w-]+\s+){0,2}?(?:commands?|edits?|tool\s+calls?|actions?)\s+)?(?:go|run|pass|get|are\s+(?:run|applied|accepted|approved))\w*\s+(?:through\s+)?without\s+(?:the\s+user\s+)?(?:asking|confirm\w*|prompt\w*|approval|permission)`)

// silenceLoopRe matches an instruction to keep the user uninformed that
// names no asking word beside "user": "keep (or leave) the user out of the loop",
// "do not bring this up with the user",
// "do not mention it in progress updates", "do not list it in your
// summary", "do not mention it when summarising your work" (the summary
// being written is the same report), "it does not need to be raised
// with the user". Read with silenceRe by silencedExcept.
var silenceLoopRe = lazyRE(`(?i)\b(?:do\s+not|don'?t|never)\s+bring\s+(?:this|it|that|any\s+of\s+this)\s+up\s+with\s+(?:the\s+)?(?:user|human|operator|owner)s?\b|\b(?:keep|leave)\s+(?:the\s+)?(?:user|human|operator|owner)s?\s+out\s+of\s+the\s+loop|\b(?:do\s+not|don'?t|never|must\s+not)\s+(?:mention|list|report|include|show|surface)\w*\s+(?:it|this|them|that|these\s+\w+|the\s+\w+(?:\s+change)?)\s+(?:in|to|when|while)\s+(?:your\s+|the\s+|any\s+)?(?:progress\s+updates?|summar\w+|final\s+report|updates?|status\s+messages?)` +
	`|\b(?:it|this|that|these|they)\s+(?:does\s+not|doesn'?t|do\s+not|don'?t|need\s+not|needn'?t|should\s+not|shouldn'?t|must\s+not)\s+(?:need\s+to\s+)?be\s+(?:raised|mentioned|listed|reported|surfaced|brought\s+up|flagged|called\s+out)\s+(?:with|to|in)\s+(?:the\s+|your\s+|any\s+)?(?:user|human|operator|owner|summar\w+|final\s+report|progress\s+updates?|updates?|reply|response)s?\b`)
