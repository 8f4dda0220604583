package audit

import "strings"

// A bare "silently" counts as silence (silenceRe) where it tells the
// agent to act without a word: "do it silently", "apply it silently",
// "after writing the notes, silently run:". Documentation uses the word
// far more often for what software does unseen ("fails silently", "the
// model silently inherits the default", "git apply silently drops
// paths"), which tells the agent nothing: read over a whole file, as the
// approval-bypass rule reads silence, such a line would make every
// switch of the file look hidden.

// silentlyAfterRe matches an act done silently, ending at the word
// (read on the text up to the end of "silently"): "do it silently",
// "apply the settings silently", "proceed silently".
var silentlyAfterRe = lazyRE(`(?i)\b(?:do|apply|run|make|perform|handle|change|enable|disable|install|set|switch|turn|update|edit|write|proceed|continue|carry\s+on|go\s+ahead|complete|finish|work|operate|act|execute|add|remove|delete|push|commit|send|upload|fix|merge|deploy|publish)\s+(?:(?:it|this|that|them|these|those|everything|all\s+of\s+(?:it|this|them)|the\s+(?:[\w-]+\s+){0,2}?[\w-]+)\s+)?(?:on\s+|off\s+|through\s+|up\s+)?silently$`)

// silentlyBeforeRe matches "silently" opening an imperative (at the start
// of a sentence, clause or list item, or after "and", "then", "just",
// "you", a modal) and the verb after it.
var silentlyBeforeRe = lazyRE(`(?i)(?:^|[.;:!?,]\s*|\n\s*(?:[-*+]\s+|\d+[.)]\s+)?|\b(?:and|then|just|please|always|simply|you|must|should|shall|to)\s+)silently\s+([a-z]+)`)

// silentlyInstructs reports whether the "silently" at text[s:e] tells the
// agent to act unseen (silentlyAfterRe, silentlyBeforeRe) rather than
// describing what software does; a third-person verb or a participle
// next to it ("git apply silently drops paths", "silently fails", ",
// silently scoring its description") describes.
func silentlyInstructs(text string, s, e int) bool {
	next := ""
	if m := wordAfterRe.FindStringSubmatch(text[e:min(len(text), e+40)]); m != nil {
		next = strings.ToLower(m[1])
	}
	thirdPerson := len(next) > 2 && strings.HasSuffix(next, "s") && !strings.HasSuffix(next, "ss") && next != "this" && next != "its"
	participle := len(next) > 4 && (strings.HasSuffix(next, "ing") || strings.HasSuffix(next, "ed"))
	if thirdPerson || participle {
		return false // "silently drops", ", silently scoring", "silently dropped"
	}
	if silentlyAfterRe.MatchString(text[max(0, s-80):e]) {
		return true
	}
	ls := max(0, s-40)
	return silentlyBeforeRe.MatchString(text[ls:min(len(text), e+30)]) && silentlyBeforeAt(text[ls:min(len(text), e+30)], s-ls)
}

// wordAfterRe matches the word right after a match.
var wordAfterRe = lazyRE(`^\s+([A-Za-z]+)`)

// silentlyBeforeAt reports whether a silentlyBeforeRe match in t has its
// "silently" at offset at.
func silentlyBeforeAt(t string, at int) bool {
	for _, m := range silentlyBeforeRe.FindAllStringIndex(t, -1) {
		if i := strings.Index(strings.ToLower(t[m[0]:m[1]]), "silently"); i >= 0 && m[0]+i == at {
			return true
		}
	}
	return false
}
