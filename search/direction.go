package search

import (
	"cmp"
	"slices"
	"strings"
	"unicode"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// conversion is the direction of a query that asks to turn one thing into
// another ("convert a docx to pdf", "migrate from Cypress to Playwright"):
// the analysed terms of what it starts from and of what it wants.
type conversion struct {
	from []string
	to   string
}

// conversionVerbs start a query that states a direction with "to",
// "into" or "as".
var conversionVerbs = map[string]bool{"convert": true, "turn": true, "export": true, "transform": true,
	"change": true, "migrate": true, "port": true, "move": true, "save": true, "switch": true, "render": true}

// skipWords sit between a conversion's words without naming a format.
var skipWords = map[string]bool{"a": true, "an": true, "the": true, "my": true, "our": true, "this": true,
	"these": true, "that": true, "your": true, "some": true, "all": true, "of": true}

// parseConversion finds the direction of text: a conversion verb, then the
// words up to "to", "into" or "as" (after "from" when there is one) as the
// source, and the first word after it as the target, articles skipped. ok
// is false when text states no direction. Words are analysed as the index
// analyses them, so they compare with stored targets.
func parseConversion(r *engine.Reader, text string) (c conversion, ok bool) {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '.'
	})
	verb := slices.IndexFunc(words, func(w string) bool { return conversionVerbs[w] })
	if verb < 0 {
		return c, false
	}
	to := -1
	for i := verb + 1; i < len(words); i++ {
		if words[i] == "to" || words[i] == "into" || words[i] == "as" {
			to = i
			break
		}
	}
	if to < 0 {
		return c, false
	}
	start := verb + 1
	if f := slices.Index(words[start:to], "from"); f >= 0 {
		start += f + 1
	}
	var target string
	for _, w := range words[to+1:] {
		if !skipWords[w] {
			target = w
			break
		}
	}
	var src []string
	for _, w := range words[start:to] {
		if !skipWords[w] {
			src = append(src, w)
		}
	}
	if target == "" || len(src) == 0 {
		return c, false
	}
	tt, err := r.Analyze(engine.Text, target)
	if err != nil || len(tt) == 0 {
		return c, false
	}
	st, err := r.Analyze(engine.Text, strings.Join(src, " "))
	if err != nil || len(st) == 0 {
		return c, false
	}
	return conversion{from: st, to: tt[0]}, true
}

// reverses reports whether a skill whose description converts into
// targets goes the other way from c: one of its targets is c's source and
// none is c's target (markitdown, "documents to Markdown", for "convert
// markdown to a word document"). A skill naming more than maxTargets
// targets is a general converter listing routes ("PDF to Word, HEIC to
// JPG, ..."), whose list says nothing of the routes it leaves out: it
// never reverses.
func (c conversion) reverses(targets []string, maxTargets int) bool {
	return len(targets) <= maxTargets && !slices.Contains(targets, c.to) &&
		slices.ContainsFunc(targets, func(t string) bool { return slices.Contains(c.from, t) })
}

// orient re-ranks the best hits of a conversion query by direction: a hit
// converting the other way has its score multiplied by tune.direction, and
// the hits are sorted again (stably, so equal scores keep their order). It
// reads the stored targets of every hit.
func orient(r *engine.Reader, c conversion, hits []engine.Hit, tune *tuning) (reversed map[string]bool, err error) {
	moved := false
	for i := range hits {
		targets, _, err := r.MetaTargets(hits[i].ID)
		if err != nil {
			return nil, err
		}
		if c.reverses(targets, tune.dirMaxTargets) {
			hits[i].Score *= tune.direction
			moved = true
			if reversed == nil {
				reversed = map[string]bool{}
			}
			reversed[hits[i].ID] = true
		}
	}
	if moved {
		// Equal scores by ID, as run orders them: the catalog settles ties
		// that way too (index.tieOrder), and Confidence is capped down the
		// order search gives (rankedConfidence).
		slices.SortStableFunc(hits, func(a, b engine.Hit) int {
			if c := cmp.Compare(b.Score, a.Score); c != 0 {
				return c
			}
			return strings.Compare(a.ID, b.ID)
		})
	}
	return reversed, nil
}
