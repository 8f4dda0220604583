package search

import (
	"cmp"
	"math/bits"
	"slices"
	"strings"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// The lead of a skill: its name and the opening of its description.
//
// A description usually says what the skill is in its first words ("Design
// popups that capture emails ...") and then lists when to use it ("Use
// when ... X, Y, Z"). BM25 weighs a query word the same wherever the
// description holds it, so a skill that only lists the word among many
// triggers, or whose body mentions it, can outrank the one the query is
// about. The stored terms field (Reader.MetaTerms) keeps the distinct
// analysed terms of the name, then of the description, in order of first
// appearance; its first tuning.leadTerms terms are the skill's lead
// (Reader.Lead, which keeps them in memory once read). Each
// of the best tuning.leadHits hits has its score multiplied by
// 1 + tuning.lead x the share of the query's coverage weight whose terms
// (or their thesaurus expansions) are in its lead, and they are re-sorted.
// Feedback and co-occurrence terms do not count. The factor only raises
// scores of hits already found, after the engine's top-k cut (it never
// changes which skills are fetched), so the pruning bounds are untouched;
// Confidence reads the score before the factor, as it reads the query's
// own words' score under feedback.

// leadBoost applies the lead factor to the best tune.leadHits of hits
// (ranked, best first) and re-sorts them (equal scores by ID, as run
// orders them). Hits beyond those keep their place: they were below every
// boosted hit before and stay there, since the factor is at least 1. A
// hit in reversed (it converts the other way from a conversion query,
// direction.go) gets no factor: its opening words name the query's
// formats the wrong way round. It returns the boosted hits' scores before
// the factor, in their new order (nil when it did nothing), for
// Confidence.
func (p *plan) leadBoost(r *engine.Reader, hits []engine.Hit, tune *tuning, reversed map[string]bool) ([]float64, error) {
	if tune.lead <= 0 || tune.leadTerms <= 0 || len(hits) < 2 {
		return nil, nil
	}
	hits = hits[:min(len(hits), tune.leadHits)]
	type led struct {
		hit   engine.Hit
		unled float64
	}
	ls := make([]led, len(hits))
	for i, h := range hits {
		ls[i] = led{h, h.Score}
		if reversed[h.ID] {
			continue
		}
		lead, ok, err := r.Lead(h.ID, tune.leadTerms)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue // deleted since the search
		}
		ls[i].hit.Score *= 1 + tune.lead*p.leadShare(lead)
	}
	slices.SortStableFunc(ls, func(a, b led) int {
		if c := cmp.Compare(b.hit.Score, a.hit.Score); c != 0 {
			return c
		}
		return strings.Compare(a.hit.ID, b.hit.ID)
	})
	unled := make([]float64, len(ls))
	for i, l := range ls {
		hits[i], unled[i] = l.hit, l.unled
	}
	return unled, nil
}

// leadShare is the share of the query's coverage weight (plan.weights: a
// rare name weighs as coverage weighs it) whose term, or one of the
// term's expansions, is among lead (space-separated terms, as
// Reader.Lead returns them). Feedback terms weigh nothing in
// coverage, so they count for nothing here either; nor does the
// exact-name clause.
func (p *plan) leadShare(lead string) float64 {
	if p.totalWeight <= 0 {
		return 0
	}
	var found uint64 // bit i: terms[i] is in the lead
	var w float64
	for _, c := range p.clauses {
		if c.term < 0 || found&(1<<uint(c.term)) != 0 || !engine.HasTerm(lead, c.text) {
			continue
		}
		found |= 1 << uint(c.term)
		w += p.weights[c.term]
	}
	return min(1, w/p.totalWeight)
}

// nameFirst moves the hits among the best tune.leadHits of hits whose
// name matched a rare name of the query (plan.rare) ahead of the others
// when they share one such name and the first hit is not among them,
// each group keeping its order, with unled (their scores before the lead
// factor, in hits' order, or nil) moved alongside (tuning.rareFirst); the
// moved hits' scores are raised by one amount to just above the others',
// so scores still fall down the list. It
// returns copies of hits and unled as they were when it moved any, for
// the answerability of the query (Result.NoGoodMatch), which the order
// of its hits does not change; nil otherwise.
func (p *plan) nameFirst(hits []engine.Hit, unled []float64, tune *tuning) ([]engine.Hit, []float64) {
	if !tune.rareFirst || !p.rareOut || p.rare == nil {
		return nil, nil
	}
	n := min(len(hits), tune.leadHits)
	var names uint64 // bit i: rare term i is in some hit's name
	named := func(h engine.Hit) bool {
		found := false
		for i, s := range h.Scores {
			if s == 0 || i >= len(p.clauses) {
				continue
			}
			c := p.clauses[i]
			// a correction (firma to firmao) is no name in another
			// language, where the typed word is most likely a word of it
			if c.term >= 0 && c.term < len(p.rare) && p.rare[c.term] && c.field == engine.FieldName && (!p.foreign || c.text == p.terms[c.term]) {
				names |= 1 << uint(c.term)
				found = true
			}
		}
		return found
	}
	type pair struct {
		h engine.Hit
		u float64
		n bool
	}
	ps := make([]pair, n)
	for i := range n {
		ps[i] = pair{h: hits[i], n: named(hits[i])}
		if i < len(unled) {
			ps[i].u = unled[i]
		}
	}
	if bits.OnesCount64(names) != 1 || ps[0].n {
		return nil, nil
	}
	origHits, origUnled := slices.Clone(hits), slices.Clone(unled)
	// the named hits are lifted by one amount, just above the best of
	// the others, so scores still fall down the list (Result.Hits)
	var top, first float64
	for _, x := range ps {
		if x.n {
			first = max(first, x.h.Score)
		} else {
			top = max(top, x.h.Score)
		}
	}
	lift := top - first + top*1e-9
	for i := range ps {
		if ps[i].n {
			ps[i].h.Score += lift
		}
	}
	slices.SortStableFunc(ps, func(a, b pair) int {
		switch {
		case a.n && !b.n:
			return -1
		case b.n && !a.n:
			return 1
		}
		return 0
	})
	for i, x := range ps {
		hits[i] = x.h
		if i < len(unled) {
			unled[i] = x.u
		}
	}
	return origHits, origUnled
}
