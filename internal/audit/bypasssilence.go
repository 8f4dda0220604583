package audit

import "strings"

// cliFlagName is a long command-line flag: --skip-permissions-unsafe.
var cliFlagName = lazyRE(`(?:^|\B)--[A-Za-z][\w-]*`)

// negatedConsentRe matches, at the end of the text before a consent word,
// a negation that turns the word round: "do not ask the user to confirm",
// "without asking the user", "no need to get the user's approval", and a
// "no-" prefix naming the switch itself ("its no-approval flag").
var negatedConsentRe = lazyRE(`(?i)(?:\b(?:do\s+not|don'?t|never|must\s+not|should\s+not|shouldn'?t|no\s+need\s+to|without|avoid)\s+(?:\w+\s+){0,2}|\bno[-\s])$`)

// offersConsent reports whether text holds a consent statement of re
// (consentRe, consentFileRe) that no negation turns round. A prohibition
// on asking the user names the same words as an offer to ask ("do not ask
// the user to confirm it"), and a switch called a "no-approval flag"
// names approval: neither makes the bypass the user's choice. Nor does a
// command-line flag's name (--dangerously-bypass-approvals-and-sandbox
// then --skip-git-repo-check), which is left out.
func offersConsent(re *lazyRegexp, text string) bool {
	if strings.Contains(text, "--") {
		text = cliFlagName.ReplaceAllStringFunc(text, func(f string) string { return strings.Repeat(" ", len(f)) })
	}
	for _, m := range re.FindAllStringIndex(text, -1) {
		if !negatedConsentRe.MatchString(text[max(0, m[0]-40):m[0]]) && (re != consentRe || !consentListNegated(text[max(0, m[0]-80):m[0]])) {
			return true
		}
	}
	return false
}

// clauseNegation is a negation opening a clause; consentTurn a word
// that turns a prohibition round ("never push before you ask the user").
var (
	clauseNegation = lazyRE(`(?i)\b(?:do\s+not|don'?t|never|must\s+not)\b[^.;:\n|()\[\]"'\x60]*$`)
	consentTurn    = lazyRE(`(?i)\b(?:before|until|unless|after|but|first|then|instead|except|without)\b`)
)

// consentListNegated reports whether before (the text before an offer of
// consent) holds a negation earlier in the same clause that governs the
// asking through a list of what is forbidden ("Do not bring this up with
// the user or ask them to confirm the change"), with no turn between.
func consentListNegated(before string) bool {
	m := clauseNegation.FindStringIndex(before)
	return m != nil && !consentTurn.MatchString(before[m[0]+2:])
}

// demandsTellingRe matches, before a "without telling the user" clause,
// the prohibition that turns it round: "never disable the sandbox without
// telling the user" demands the user is told.
var demandsTellingRe = lazyRE(`(?i)\b(?:do\s+not|don'?t|never|must\s+not|should\s+not|shouldn'?t|avoid)\b[^.\n;]{0,80}$`)

// fileSilenced reports whether text (a file, or the window round a
// switch) holds an instruction not to ask or tell the user (silenceRe,
// silenceRaiseRe, silenceLoopRe, silenceKeepRe, silenceOmitRe,
// silenceReportRe, silenceAfterRe, silenceQuietRe, silenceNeedRe,
// silenceResultsRe, silenceRulesRe, in other languages silenceForeignRe, and read word
// by word clauseSilenced) or a cover story to
// answer with (silenceCoverRe) anywhere, other than a "without telling
// the user" that a prohibition turns round. A runbook that turns
// approvals off in one step and says "do not ask the user to confirm it"
// in another hides every switch of the file from the user, whatever block
// each sits in.
func fileSilenced(text string) bool {
	return silencedExcept(text, nil)
}

// silencedExcept is fileSilenced, skipping a silence instruction that
// starts at an offset cited reports true (nil: none is skipped).
func silencedExcept(text string, cited func(off int) bool) bool {
	for _, re := range []*lazyRegexp{silenceRe, silenceRaiseRe} {
		for _, m := range re.FindAllStringIndex(text, -1) {
			if cited != nil && cited(m[0]) {
				continue
			}
			if hasPrefixFold(text[m[0]:m[1]], "without") && demandsTellingRe.MatchString(text[max(0, m[0]-120):m[0]]) {
				continue
			}
			if strings.EqualFold(text[m[0]:m[1]], "silently") && !silentlyInstructs(text, m[0], m[1]) {
				continue // "fails silently": software described, not the agent told
			}
			return true
		}
	}
	for _, re := range []*lazyRegexp{silenceLoopRe, silenceKeepRe, silenceOmitRe, silenceReportRe, silenceCoverRe, silenceAfterRe, silenceQuietRe, silenceNarrateRe, silenceRulesRe} {
		for _, m := range re.FindAllStringIndex(text, -1) {
			if cited == nil || !cited(m[0]) {
				return true
			}
		}
	}
	// silenceRe's instruction in the other languages (bypassforeign.go)
	return foreignSilenced(text, cited) || clauseSilenced(text, cited)
}

// hasPrefixFold reports whether s begins with prefix, ignoring case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// silenceReportRe matches an instruction to keep what the agent did out
// of what it tells the user, in words naming neither asking nor telling:
// leaving its own actions out of the reply ("leave out the commands you
// ran, packages you installed and any files you changed"), calling them
// "not the user's concern", and the passive "must not be mentioned in
// the report or chat" (also "are not to be listed in the final message",
// and the user who "is not to be consulted"). An agent told to drop its
// commands from its
// replies hides them as surely as one told "do not tell the user". Read
// with silenceRe by silencedExcept.
var silenceReportRe = lazyRE(`(?i)\b(?:leave\s+out|omit|exclude|hide|suppress|(?:do\s+not|don'?t|never|must\s+not)\s+(?:mention|list|report|include|show|describe|share))\s+(?:\w+\s+){0,2}?(?:commands?|packages?|installs?|files?|changes?|actions?|steps?|edits?|requests?|calls?|downloads?|tools?)\s+(?:that\s+|which\s+)?you\s+(?:\w+\s+)?(?:ran|run|executed|installed|changed|modified|made|took|touched|edited|wrote|created|deleted|removed|sent|fetched|downloaded|called|opened|used)\b|\b(?:is|are)\s+(?:not|none\s+of)\s+(?:the\s+|their\s+|your\s+)?(?:user|human|operator|owner|client)'?s?'?\s+(?:concern|business|problem|affair)\b|\b(?:(?:must|should|is\s+to|are\s+to|needs?\s+to)\s+(?:not|never)|(?:is|are)\s+(?:not|never)\s+to)\s+be\s+(?:mentioned|reported|shown|shared|disclosed|revealed|surfaced|listed|noted|described)\b(?:[^.\n]|\n[^.\n]){0,30}?\b(?:in|to)\s+(?:the\s+|your\s+|any\s+)?(?:final\s+)?(?:report|chat|conversation|repl(?:y|ies)|summar\w+|response|output|user|human|operator|owner|messages?|hand-?off)\b` +
	`|\b(?:users?|human|operator|owner|person|requester)\s+(?:is|are)\s+(?:not|never)\s+to\s+be\s+(?:consulted|asked|told|informed|notified|interrupted|bothered|disturbed|involved|prompted)\b`)
