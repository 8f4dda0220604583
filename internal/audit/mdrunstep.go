package audit

import "strings"

// Rule credential-exfil in a procedure the document tells the agent to
// run: a skill that teaches defence (its name, description or headings
// use a security word, "audit" among them) has its code examples ranked
// two levels lower, since such skills quote attacks on purpose. A block
// the text just above it introduces as the steps to perform ("Run these
// from the repository root", "Execute the following") and that no word
// of that passage frames as an attack or an example (attacker,
// malicious, payload, detect, simulate, example) is not a quotation: it
// is the skill's own procedure, which the agent follows as written. A
// credential read and an upload in it (kubectl config view --raw, a
// decoded cloud-credentials secret, ~/.aws/credentials copied into a
// bundle that curl -F sends to a host) is ranked as in any other skill's
// instructions: critical, as the same commands in a script.

var (
	// runStepIntro tells the reader to run the block that follows.
	runStepIntro = lazyRE(`(?i)(?:^|[.!:;\n]\s*)(?:now\s+)?(?:run|execute|paste\s+and\s+run|follow)\s+(?:these|this|the\s+following|the\s+commands?|the\s+steps?|each\s+step|all\s+of\s+(?:these|them))\b`)
	// runStepFrame frames a passage's block as an attack or an example
	// rather than steps to perform.
	runStepFrame = lazyRE(`(?i)\b(?:attack\w*|malicious\w*|exfiltrat\w*|payloads?|red[- ]?team\w*|adversar\w*|simulat\w*|detect\w*|examples?|demo\w*|hostile|phishing|never\s+run|do\s+not\s+run|don'?t\s+run)\b`)
	// runStepRules are the rules a run step keeps at their rank outside
	// a defence skill.
	runStepRules = lazySet("credential-exfil")
)

// runStepAbove reports whether the passage above byte offset off of src
// (back to the previous heading or code block, at most 800 bytes)
// introduces what follows as steps to run and frames nothing as an
// attack or example (see above).
func runStepAbove(src string, off int) bool {
	from := max(0, off-800)
	above := src[from:off]
	// the block's own opening fence line
	if i := strings.LastIndexByte(strings.TrimRight(above, "\n"), '\n'); i >= 0 {
		if l := strings.TrimSpace(above[i+1:]); strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~") {
			above = above[:i+1]
		}
	}
	if i := strings.LastIndex(above, "```"); i >= 0 {
		above = above[i+3:]
		if nl := strings.IndexByte(above, '\n'); nl >= 0 {
			above = above[nl+1:]
		}
	}
	if i := strings.LastIndex(above, "\n#"); i >= 0 {
		above = above[i+1:]
	}
	// a host's .example suffix is no framing word
	above = strings.ReplaceAll(above, ".example", "")
	return runStepIntro.MatchString(above) && !runStepFrame.MatchString(above)
}
