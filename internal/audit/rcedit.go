package audit

import "strings"

// Rule persistence: a startup file edited in place. A script that
// rewrites a shell rc file (or another persistence target) by running a
// filter over it (awk, sed without -i, grep) into a temporary file and
// moving that back, as managed-block tools do, installs that file's own
// lines plus what the filter's program and values add; those are on the
// filter's command line, so they can be read. When that line fetches,
// connects, decodes or backgrounds nothing (rcPayloadRisky, and none of
// harmlessPayload's download-and-run words) and names no file the script
// wrote or downloaded, the edit is ranked as a readable rc change: low
// once the user is asked (a yes/no prompt in the script, or SKILL.md
// telling the agent to wait for the user's yes), medium otherwise. A
// risky filter line leaves the write unknown content (high unasked).

// editedMark starts a staged value (shScan.staged) for a file that holds
// a persistence file's lines as a filter rewrote them; the file's path
// follows.
const editedMark = "\x00edited:"

// rcFilters are the commands that print a file's lines, changed.
var rcFilters = set("awk", "gawk", "mawk", "nawk", "sed", "gsed", "grep", "perl")

// editedFrom returns the persistence file a filter call c reads, when
// its output (redirected to a file) is that file rewritten and the
// filter's command line adds nothing risky; "" otherwise.
func (s *shScan) editedFrom(c call) string {
	if !rcFilters[c.name] {
		return ""
	}
	if c.name == "perl" && !hasArgExact(c.args, "-pe") && !hasArgExact(c.args, "-ne") {
		return ""
	}
	src := ""
	for _, a := range c.args {
		if a = strings.Trim(a, `"'`); persistTarget.MatchString(a) {
			src = a
		}
	}
	if src == "" {
		return ""
	}
	joined := strings.Join(c.args, " ")
	lower := strings.ToLower(joined)
	if rcPayloadRisky.MatchString(joined) || strings.Contains(joined, "://") || s.runsWritten(joined) ||
		containsAny(lower, []string{"iwr ", "irm ", "invoke-webrequest", "downloadstring", "frombase64", "eval ", "system(", "getline <", "| getline", "|getline"}) {
		return ""
	}
	return src
}

// editedCopy reports whether every source of a copy is the target
// itself as a filter rewrote it (editedFrom, recorded by stageWrite).
func (s *shScan) editedCopy(target string, sources []string) bool {
	target = strings.Trim(target, `"'`)
	for _, src := range sources {
		if s.staged[strings.Trim(src, `"'`)] != editedMark+target {
			return false
		}
	}
	return len(sources) > 0
}

// rcEditConsent matches SKILL.md telling the agent to get the user's yes
// before a change: consentDocRe, or waiting for their yes, approval or
// go-ahead.
var rcEditConsent = lazyRE(`(?i)\bwait\s+for\s+(?:a|an|the\s+user'?s|their|explicit)?\s*(?:yes|approval|ok(?:ay)?|go-ahead)\b`)

// skillAsks reports whether the skill's instructions (name, description
// and SKILL.md body, sc.topic) ask for the user's yes and say nothing
// against asking (silenceRe).
func (s *shScan) skillAsks() bool {
	t := s.sc.topic
	return (consentDocRe.MatchString(t) || rcEditConsent.MatchString(t)) && !silenceRe.MatchString(t)
}

// rcEdit ranks the move of an edited copy back onto its persistence
// target (see above).
func (s *shScan) rcEdit(line int, target string) {
	if (s.consented(line) || s.skillAsks()) && userLevel(target) {
		s.add(line, "persistence", Low, "rewrites "+target+" from a filter of its own lines whose command line fetches and runs nothing, after the user is asked", "")
		return
	}
	s.add(line, "persistence", Medium, "rewrites "+target+" from a filter of its own lines whose command line fetches and runs nothing", "")
}
