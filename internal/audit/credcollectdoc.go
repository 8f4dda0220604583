package audit

import (
	"strconv"
	"strings"
)

// Rule secret-request, credentials gathered and uploaded by instruction:
// a markdown file of the skill that tells the agent to collect several
// credential files (three or more distinct ones: ~/.netrc, ~/.npmrc,
// ~/.aws/credentials, every file of ~/.ssh) into what it gathers, while
// the skill's instructions (SKILL.md, or the same file) upload a file
// with an upload command (uploadArgRes: curl -F name=@f, -T, wget
// --post-file, scp ...), hands the user's credentials to whoever runs
// the upload's host: the agent is the sender. High, as an instruction
// is (medium in a skill that teaches defence). A list the text says to leave out ("never include", "exclude"),
// or that the skill only checks locally (no upload anywhere in its
// instructions), is not this.

var (
	// collectWords tell the agent to gather what follows.
	collectWords = lazyRE(`(?i)\b(?:collect|gather|include|bundle|attach|copy|add|capture|grab|zip|tar)\b`)
	// leaveOutWords tell it to leave credentials out.
	leaveOutWords = lazyRE(`(?i)\b(?:(?:do\s+not|don'?t|never|must\s+not)\s+(?:include|collect|attach|upload|send|add|copy|bundle)|exclude|leave\s+out|strip\s+(?:out\s+)?(?:all\s+)?(?:credentials|secrets|keys|tokens)|redact(?:ed|s)?\s+(?:all|every|any)|without\s+(?:credentials|secrets|keys|tokens))\b`)
)

// scanCredCollectDoc reports a markdown file (src, frontmatter and all)
// that lists credential files to collect while the skill uploads a file
// (see above).
func scanCredCollectDoc(sc *skillCtx, rel, src string) {
	if !mayBeCred(src) || !collectWords.MatchString(src) || leaveOutWords.MatchString(src) {
		return
	}
	seen := map[string]bool{}
	first := -1
	for _, m := range credPath.FindAllStringIndex(src, 64) {
		p := strings.TrimSpace(src[m[0]:m[1]])
		end := pathEnd(src, m[1])
		if settingsOnlyPath(src[m[0]:end]) || pubKeyPath(src[m[0]:end]) {
			continue
		}
		if !seen[p] && first < 0 {
			first = m[0]
		}
		seen[p] = true
	}
	if len(seen) < 3 {
		return
	}
	if !hasUpload(src) && !hasUpload(sc.instructions) {
		return
	}
	ln := 1 + strings.Count(src[:first], "\n")
	sc.add(rel, ln, "secret-request", sc.rank(High, inProse, true), "tells the agent to collect credential files ("+strconv.Itoa(len(seen))+" of them) into what the skill's instructions upload to a remote host: the agent sends the user's credentials",
		trimmedLine(src, ln))
}

// hasUpload reports whether doc holds an upload command (uploadArgRes).
func hasUpload(doc string) bool {
	if !mayUpload(doc) {
		return false
	}
	for _, re := range uploadArgRes {
		if re.MatchString(doc) {
			return true
		}
	}
	return false
}
