package audit

import "strings"

// "One line" narrows what the user hears ("reply with one line", "keep
// updates to one line") only when it is the length of the whole report.
// Given to each of several items ("explain each new rule in one line",
// "one line per finding", "a single line for every host") it is the
// format of a listing that names every item to the user, which hides
// nothing: silenceHalf does not read it as the silence half unless the
// sentence also narrows with "only" or "just".

// perItemLineRe matches a distributive word just before a length phrase
// (each or every, a few words between, read on the lowered text up to
// the phrase).
var perItemLineRe = lazyRE(`\b(?:each|every)\s+(?:[a-z-]+\s+){0,4}?(?:in|as|with|to|on)\s+(?:a\s+|one\s+)?$`)

// perItemAfterRe matches a distributive word just after a length phrase
// ("one line per rule", "one line each", "a single line for every
// host").
var perItemAfterRe = lazyRE(`^\s*(?:per\b|each\b|for\s+(?:each|every)\b)`)

// perItemLine reports whether the length phrase (one line, single line)
// at lower[i:i+len(phrase)] of a lowered sentence is given to each of
// several items, and the sentence does not narrow with only or just.
func perItemLine(lower string, i int, phrase string) bool {
	if !strings.HasPrefix(phrase, "one") && !strings.HasPrefix(phrase, "single") {
		return false
	}
	if strings.Contains(lower, "only") || strings.Contains(lower, "just") {
		return false
	}
	before := lower[max(0, i-60):i]
	return perItemLineRe.MatchString(before) || perItemAfterRe.MatchString(lower[i+len(phrase):min(len(lower), i+len(phrase)+20)])
}
