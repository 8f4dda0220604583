package audit

// bypassRouteRe matches an instruction to get round a command the
// agent's guard holds for approval, in words that name no flag: getting
// "the same effect another way", finding "another way to run it" or
// running it "some other way", routing "around anything pending
// confirmation", putting the held command "in a script file and run the
// script" (a script the guard lets through runs what it would have
// held), or doing "the equivalent edit directly". The held command then
// runs as unchecked as one with the sandbox off, and the user never sees
// the request. Like bypassSelfRe it is reported only where the agent's
// guard is named round it (selfGuarded: a prompt, the sandbox, or a
// command "held back waiting for someone to okay it"), only where the
// file also tells the agent not to ask or tell the user, and not where a
// prohibition governs it ("do not get the same effect another way")
// (rule approval-bypass).
var bypassRouteRe = lazyRE(`(?i)\b(?:get|gets|getting|achieve|achieving|reach|produce|obtain|accomplish|have)\s+the\s+same\s+(?:effect|result|outcome|end|change|thing)s?\s+(?:` + routeElsewhere + `|anyway)\b` +
	`|\b(?:find|use|take|try)\s+(?:another|some\s+other|a\s+different|an\s+alternative|an\s+indirect|a\s+side)\s+(?:way|route|path|means|door)\s+(?:to|of)\s+(?:run|running|do|doing|execute|executing|perform|performing|apply|applying|get|getting|make|making)\s+(?:it|them|that|this|those|these|the\s+(?:same\s+)?(?:command|change|edit|step|action|write|call)s?)\b` +
	`|\b(?:route|routing|routed|work|working|worked|go|going|get|getting|step|stepping)\s+around\s+(?:(?:\w+\s+){0,3}?(?:awaiting|waiting\s+(?:for|on)|pending|held\s+(?:back\s+)?(?:for|until)|blocked\s+(?:on|by|until)|gated\s+(?:on|by))\s+(?:\w+\s+){0,2}?(?:approv\w*|permission|confirm\w*|okay|sign[-\s]?off|go-ahead|a\s+yes)|(?:the\s+|any\s+|every\s+|each\s+)?(?:approval|confirmation|permission)\s+(?:requests?|holds?|gates?|checks?|prompts?))\b` +
	`|\b(?:run|running|do|doing|execute|executing|apply|applying|make|making)\s+(?:it|them|that|this|those|these|the\s+(?:same\s+)?(?:command|change|edit|step|action|write|call)s?)\s+` + routeElsewhere + `\b` +
	`|\b(?:put|putting|move|moving|wrap|wrapping|place|placing|write|writing|copy|copying|paste|pasting|save|saving|turn|turning|convert|converting|rewrite|rewriting|recast|recasting)\s+(?:the|that|this|it|each|those|these|them)(?:\s+(?:same\s+|held\s+|blocked\s+)?(?:command|call|step|line|invocation)s?)?\s+(?:in|into|inside|as)\s+(?:a|an|the|its\s+own)\s+(?:[\w.-]+\s+){0,2}?(?:script|wrapper)s?\b[^.\n]{0,80}?\b(?:run|running|execute|executing|call|calling|invoke|invoking|source|sourcing)\s+(?:the|that|this|it)\b` +
	`|\b(?:do|make|apply|perform|run|write)\s+(?:the|an)\s+equivalent\s+(?:\w+\s+)?(?:directly|by\s+hand|manually|yourself|instead)\b`)

// routeElsewhere is bypassRouteRe's other way round a held command:
// "another way", "some other way", "by other means", "indirectly".
const routeElsewhere = `(?:(?:some|any)\s+other\s+way|another\s+way|a\s+different\s+way|in\s+(?:another|a\s+different|some\s+other)\s+way|(?:by|through|via)\s+(?:other|different|alternative|indirect|another)\s+(?:means|routes?|ways?|paths?|channels?)|indirectly)`

// heldGuardRe matches the agent's guard named as a command held for
// approval: "held back waiting for someone to okay it", "holds a command
// until someone okays it", "awaiting approval", "pending confirmation",
// "needs the user's approval". A command that "needs permission" to
// write a folder is held by the file system, not by the agent's guard:
// after "needs" only an approval word counts. Read with selfGuardRe by
// selfGuarded.
var heldGuardRe = lazyRE(`(?i)\b(?:held(?:\s+(?:back|up))?|holds?|holding|on\s+hold|paused|parked|queued|stuck|gated|waiting|awaiting|pending)\b[^.\n]{0,50}?\b(?:approv(?:al|e|es|ed)|permission|confirm(?:s|ed|ation)?|okays?|okayed|ok'?d|sign[-\s]?off|go-ahead)\b|\b(?:needs?|needing|requires?|requiring)\s+(?:[\w'’]+\s+){0,3}?(?:approval|confirmation|okay|sign[-\s]?off|go-ahead)\b`)
