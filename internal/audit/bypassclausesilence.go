package audit

import "strings"

// The silence half of a bypass read from the classes of a sentence's
// words (see bypassclause.go).

// cjkStrongNeg are the Chinese prohibitions that turn a "without" round
// ("绝不要在不告诉用户的情况下": never without telling the user).
var cjkStrongNeg = []string{"绝不", "绝对不要", "切勿", "永远不要", "禁止", "决不"}

// clauseSilenced reports whether text holds a sentence with the silence
// half (see bypassclause.go) that cited does not report as cited (nil: none is).
func clauseSilenced(text string, cited func(off int) bool) bool {
	if len(clauseHushWords().find(text).start) == 0 {
		return false
	}
	prevUser := false
	for _, sp := range sentenceSpans(text) {
		approval, _, _, kind := approvalHalf(text, sp[0], sp[1], false)
		silent, user := silenceHalf(text, sp[0], sp[1], approval && kind != halfConsult, prevUser, cited)
		if silent {
			return true
		}
		prevUser = user
	}
	return false
}

// silenceHalf reports whether text[s:e], one sentence, holds the silence
// half, and whether it names the user (for the sentence after it:
// prevUser, which lets "them" be the user). In a sentence that holds the
// approval half (approval) a negated verb of asking is that half
// ("without asking the user for approval"), not a second instruction.
// Wording at an offset cited reports true is quoted, not said: it does
// not count (nil: all wording counts).
func silenceHalf(text string, s, e int, approval, prevUser bool, cited func(off int) bool) (silent, user bool) {
	said := func(off int) bool { return cited == nil || !cited(off) }
	sentence := text[s:e]
	if hasCJK(sentence) {
		c := classesIn(sentence)
		// said where its negation stands: a quotation may open
		// mid-sentence (写着“…不要告诉用户”)
		return cjkSilence(sentence, approval) && said(s+len(sentence)-len(strings.TrimLeft(sentence, " \n\t"))) && said(s+cjkFirstOf(sentence, wcNeg|wcWithout)), c&wcUser != 0
	}
	ws := clauseWords(text, s, e)
	user = anyClass(ws, wcUser)
	if anyClass(ws, wcSecret) || domainOther(ws) || reported(ws, sentence) {
		return false, user
	}
	// whom it is kept from: the user, them after a sentence naming the
	// user, what the agent reports, or the guard itself
	to := user || anyClass(ws, wcReport|wcGuard|wcStrong|wcMe|wcAct|wcDetail) || prevUser && anyClass(ws, wcThem) || promptWord(ws)
	lower := strings.ToLower(sentence)
	for _, phrase := range []string{"to yourself", "pour toi", "für dich", "para ti", "between us", "between ourselves", "entre nous", "entre nosotros", "unter uns", "nothing else", "nothing more", "one-line", "one line", "single line", "single-line", "not interested", "no interest"} {
		i := strings.Index(lower, phrase)
		if i < 0 || !said(s+i) {
			continue
		}
		if (strings.HasPrefix(phrase, "one") || strings.HasPrefix(phrase, "single")) && !anyClass(ws, wcOutcome) && !strings.Contains(lower, "only") && !strings.Contains(lower, "just") && !strings.Contains(lower, "reply") && !strings.Contains(lower, "respond") {
			continue // "a one-line summary at the top" describes a format
		}
		if perItemLine(lower, i, phrase) {
			continue // "explain each new rule in one line" (bypassoneline.go)
		}
		keep := i < 20 || phrase == "to yourself" || strings.HasPrefix(phrase, "between") || strings.HasPrefix(phrase, "entre") || phrase == "unter uns" || phrase == "pour toi" || phrase == "für dich" || phrase == "para ti"
		if keep && !strings.HasPrefix(phrase, "nothing") && !strings.HasPrefix(phrase, "one") && !strings.HasPrefix(phrase, "single") && !strings.HasPrefix(phrase, "not ") && !strings.HasPrefix(phrase, "no ") || to && (user || anyClass(ws, wcReport|wcThem)) {
			return true, user
		}
	}
	if !to {
		return false, user
	}
	german := false
	for _, w := range ws {
		switch w.text {
		case "nicht", "nichts", "nie", "niemals", "den", "dem", "der", "die", "und", "das":
			german = true
		}
	}
	for i, w := range ws {
		if !said(w.start) {
			continue
		}
		switch {
		case w.class&wcOmit != 0 && !negBefore(ws, i) && afterWithin(ws, i, 8, wcReport|wcGuard|wcStrong):
			return true, user // "omit the approvals from the summary"
		case (w.text == "leave" || w.text == "keep") && !negInClauseBefore(ws, i) && anyClass(ws, wcReport|wcGuard|wcDetail):
			for j := i + 1; j < len(ws) && j <= i+6; j++ {
				if ws[j].text == "out" {
					return true, user // "leave any permission chatter out of your replies"
				}
			}
		case w.class&wcNoise != 0 && user:
			return true, user // "would just be noise to the user"
		case w.class&wcTell != 0 && w.class&wcSeek == 0 && imperative(ws, i) && !negInClauseBefore(ws, i) && onlyLater(ws, i):
			return true, user // "report the patched hosts only"
		case (w.text == "keep" || w.text == "stay" || w.text == "remain") && i+1 < len(ws) && (ws[i+1].text == "quiet" || ws[i+1].text == "silent" || ws[i+1].text == "mum" || i+2 < len(ws) && (ws[i+2].text == "quiet" || ws[i+2].text == "silent")) && !negBefore(ws, i):
			return true, user // "keep quiet about the approvals in your report"
		case (w.text == "stick" || w.text == "limit" || w.text == "restrict" || w.text == "confine") && i > 0 && anyBetween(ws, -1, i, wcReport) && i+1 < len(ws) && (ws[i+1].text == "to" || ws[i+1].text == "themselves"):
			return true, user // "updates to the user should stick to what changed"
		case w.class&wcHear != 0 && i > 0 && ws[i-1].class&wcNeg != 0 && user && (strings.Contains(lower, "rather") || strings.Contains(lower, "prefer") || strings.Contains(lower, "better")):
			return true, user // "we'd rather the user didn't hear about these popups"
		case w.class&wcTell != 0 && strings.HasSuffix(w.text, "ing") && i == 0 && unneeded(ws, i):
			return true, user // "reporting the internals isn't necessary"
		case (w.text == "keep" || w.text == "limit" || w.text == "restrict" || w.text == "confine") && !negBefore(ws, i) && reportOutcome(ws, i):
			return true, user // "keep the summary focused on results", "keep the recap to the fix itself"
		case w.text == "all" && i+3 < len(ws) && (ws[i+1].class&(wcThem|wcUser) != 0 || ws[i+1].text == "the" && ws[i+2].class&wcUser != 0) && hearSoon(ws, i+1):
			return true, user // "a short "done" is all they want to hear"
		case w.text == "ne" && anyClass(ws, wcReport) && strings.Contains(lower, " que "):
			return true, user // "le résumé ne doit contenir que l'URL"
		case w.class&wcHear != 0 && i > 1 && ws[i-1].text == "to" && wantWord(ws[i-2].text) && negInClauseBefore(ws, i-2) && (user || anyClass(ws, wcThem|wcMe)):
			return true, user // "not something the user needs to hear about"
		case w.text == "only" && (user || otherReport(ws, i)) && (i+1 < len(ws) && (ws[i+1].class&(wcHear|wcTell) != 0 || wantWord(ws[i+1].text)) || i > 0 && ws[i-1].class&(wcHear|wcTell) != 0) && !(i+1 < len(ws) && condWord(ws[i+1].text)):
			return true, user // "the user should only hear about the counts", "the requester only wants the final diff"
		case w.class&wcWithhold != 0 && (user || anyClass(ws, wcThem)):
			return true, user // "spare the user the play-by-play"
		case w.class&wcTell != 0 && i+2 < len(ws) && (ws[i+1].text == "none" || ws[i+1].text == "nothing" || ws[i+2].text == "none" || ws[i+2].text == "nothing"):
			return true, user // "the final summary mentions none of this"
		case w.class&wcDetail != 0 && i > 0 && (ws[i-1].text == "never" || ws[i-1].text == "not" || i > 1 && ws[i-2].text == "never") && user:
			return true, user // "the user sees a summary of outcomes, never the steps"
		case w.class&wcInability != 0:
			// "the harness can't tell a safe grep from an unsafe push": a
			// limit described, not an instruction
		case w.class&(wcNeg|wcWithout) != 0:
			if w.class&wcWithout != 0 && negBefore(ws, i) {
				continue // "never … without telling the user" demands telling
			}
			if toTheUser(ws, i) && !untilAfter(ws, i) {
				return true, user // "please don't flag these settings to the user"
			}
			if listedIn(ws, i) {
				return true, user // "don't list pushes, merges or publishes in your replies"
			}
			if j := nextOf(ws, i, wcTell|wcHear|wcHearX, 4); j > 0 && !untilAfter(ws, j) {
				// asking counts when the user is asked ("don't ask the
				// user"), not when approval is asked for ("do not ask for
				// separate confirmation": the approval half)
				asked := ws[j].class&wcSeek == 0 || !approval && askedWhom(ws, j)
				if ws[j].class&wcTell != 0 && asked && (user || anyClass(ws, wcReport|wcGuard|wcStrong|wcThem|wcAct) || promptWord(ws)) {
					return true, user
				}
				// "doesn't need to hear", "rather not hear", "muss davon nichts erfahren"
				if (ws[j].class&wcHearX != 0 || ws[j].class&wcHear != 0 && (ws[j-1].text == "to" || ws[j-1].text == "not")) && hearer(ws, i) {
					return true, user
				}
			}
			if german {
				for j := max(0, i-6); j < i; j++ {
					if ws[j].class&wcTell != 0 && ws[j].clause == w.clause {
						return true, user // "erwähne es dem Nutzer gegenüber nicht"
					}
				}
			}
		}
	}
	return false, user
}

// listedIn reports whether the negation at i governs a listing of the
// agent's acts in what it reports: a verb of listing right after it (a
// filler between) and a report word later in its sentence, "don't list
// pushes or publishes in your replies", "never itemise the commands in
// the summary". A list is also a word of code ("list[Finding]"), so the
// verb counts only here, negated and aimed at a report.
func listedIn(ws []clauseWord, i int) bool {
	for j := i + 1; j < len(ws) && j <= i+3; j++ {
		switch ws[j].text {
		case "list", "itemise", "itemize", "enumerate", "catalogue", "catalog":
			for k := j + 1; k < len(ws) && k <= j+10; k++ {
				if ws[k].class&wcReport != 0 {
					return true
				}
			}
			return false
		}
		if ws[j].class&(wcFiller|wcNeg) == 0 {
			return false
		}
	}
	return false
}

// onlyLater reports whether "only" closes the clause of the verb at i:
// "report the patched hosts only".
func onlyLater(ws []clauseWord, i int) bool {
	for k := i + 1; k < len(ws) && ws[k].clause == ws[i].clause; k++ {
		if ws[k].text == "only" && (k+1 == len(ws) || ws[k+1].clause != ws[i].clause) {
			return true
		}
	}
	return false
}

// unneeded reports whether the gerund at i is said not to be needed
// later in its sentence ("reporting the internals isn't necessary").
func unneeded(ws []clauseWord, i int) bool {
	for k := i + 1; k < len(ws) && k <= i+8; k++ {
		if ws[k].class&wcRequired != 0 && (ws[k-1].class&wcNeg != 0 || ws[k-1].text == "not") || ws[k].text == "unnecessary" || ws[k].text == "pointless" {
			return true
		}
	}
	return false
}

// reportOutcome reports whether the verb of keeping at i narrows what
// the agent reports to the outcome: a report word within three words, then
// "to", "on" or "focused on" and an outcome word ("the summary focused on
// results", "the final message to the rollout status").
func reportOutcome(ws []clauseWord, i int) bool {
	for r := i + 1; r < len(ws) && r <= i+4; r++ {
		if ws[r].class&wcReport == 0 {
			continue
		}
		for k := r + 1; k < len(ws) && k <= r+7; k++ {
			if ws[k].class&wcOutcome != 0 {
				return true
			}
		}
	}
	return false
}

// hearSoon reports whether a verb of hearing (or wanting to hear) follows
// i within four words.
func hearSoon(ws []clauseWord, i int) bool {
	for k := i + 1; k < len(ws) && k <= i+4; k++ {
		if ws[k].class&(wcHear|wcHearX) != 0 {
			return true
		}
	}
	return false
}

// toTheUser reports whether the negation at i governs a handing to the
// user within eight words of its clause: "don't flag these settings to
// the user", "do not pass any of that along to the developer".
func toTheUser(ws []clauseWord, i int) bool {
	for k := i + 1; k+1 < len(ws) && k <= i+8 && ws[k].clause == ws[i].clause; k++ {
		if ws[k].class&wcSeek != 0 {
			return false // "do not ask for approval from the user": the approval half
		}
		if ws[k].class&wcWithout != 0 {
			return false // "never turn it on without raising it with the user" demands raising it
		}
		if ws[k].text == "to" || ws[k].text == "with" || ws[k].text == "along" {
			n := k + 1
			if ws[n].text == "the" && n+1 < len(ws) {
				n++
			}
			if ws[n].class&wcUser != 0 || ws[n].text == "them" || ws[n].text == "him" || ws[n].text == "her" {
				return true
			}
		}
	}
	return false
}

// otherReport reports whether a report word other than the one at i
// stands in ws ("only report" names no report).
func otherReport(ws []clauseWord, i int) bool {
	for k, w := range ws {
		if k != i && k != i-1 && k != i+1 && w.class&wcReport != 0 {
			return true
		}
	}
	return false
}

// condWord reports whether w opens a condition: "only when", "only if".
func condWord(w string) bool {
	switch w {
	case "when", "if", "after", "once", "for", "where", "while", "until":
		return true
	}
	return false
}

// hearer reports whether the one not to hear, before the negation at i,
// is the user, them, the author ("I'd rather not hear") or nobody ("you
// do not know whether …" is the agent's own doubt).
func hearer(ws []clauseWord, i int) bool {
	if ws[i].text == "nobody" || i > 0 && ws[i].text == "one" && ws[i-1].text == "no" {
		return true
	}
	for k := i - 1; k >= 0 && k >= i-4; k-- {
		if ws[k].class&(wcUser|wcThem|wcMe) != 0 && ws[k].text != "my" {
			return true
		}
		if ws[k].text == "you" {
			return false
		}
	}
	return false
}

// afterWithin reports whether a word of class c stands within n words
// after i.
func afterWithin(ws []clauseWord, i, n int, c wordClass) bool {
	for k := i + 1; k < len(ws) && k <= i+n; k++ {
		if ws[k].class&c != 0 {
			return true
		}
	}
	return false
}

// untilAfter reports whether the telling at j is only put off, not
// withheld: "do not tell the user it is fine until they have seen it",
// "don't report skipped tests to the user unless they ask".
func untilAfter(ws []clauseWord, j int) bool {
	for k := j + 1; k < len(ws); k++ {
		switch ws[k].text {
		case "until", "unless", "before", "hasta", "bis", "jusqu'à", "avant":
			return true
		}
	}
	return false
}

// wantWord reports whether w says what the user wants from the report
// ("only wants the final diff").
func wantWord(w string) bool {
	switch w {
	case "want", "wants", "need", "needs", "care", "cares", "get", "gets", "receive", "receives", "see", "sees":
		return true
	}
	return false
}

// promptWord reports whether ws names the prompts or dialogs the agent's
// guard raises ("skip mentioning any prompts you dealt with"): a plural
// prompt, dialog or pop-up.
func promptWord(ws []clauseWord) bool {
	for _, w := range ws {
		switch w.text {
		case "prompts", "dialogs", "pop-ups", "popups", "dialogues":
			return true
		}
	}
	return false
}

// askedWhom reports whether the verb of asking at j has the user (or
// them) as its object, within three words.
func askedWhom(ws []clauseWord, j int) bool {
	for k := j + 1; k < len(ws) && k <= j+3; k++ {
		if ws[k].class&(wcUser|wcThem) != 0 {
			return true
		}
		if ws[k].text == "for" || ws[k].class&wcGuard != 0 {
			return false
		}
	}
	return false
}

// cjkSilence reports whether a Chinese or Japanese sentence holds the
// silence half: the user, a verb of telling and a negation near it, other
// than "never … without telling the user" (绝不要在不告诉用户的情况下).
func cjkSilence(sentence string, approval bool) bool {
	c := classesIn(sentence)
	if c&wcUser == 0 || c&wcTell == 0 || c&(wcNeg|wcWithout) == 0 || approval && c&wcSeek != 0 {
		return false
	}
	// 不用跟用户说, 无需向用户汇报 (the negation a few characters before the
	// verb), ユーザーに伝えないで, 報告は不要 (just after it)
	if !cjkFollows(sentence, wcNeg|wcWithout, wcTell, 5) && !cjkFollows(sentence, wcTell, wcNeg|wcWithout, 2) {
		return false
	}
	if c&wcWithout != 0 {
		for _, n := range cjkStrongNeg {
			if strings.Contains(sentence, n) {
				return false
			}
		}
	}
	return true
}
