package search

import (
	"cmp"
	"slices"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// proximate re-ranks the best n hits by field-aware proximity: each pair
// of query terms next to each other in the query (after analysis) that are
// also next to each other in a hit's stored name and description terms
// (distinct terms in order of first appearance, so "slide deck" in "Build
// slide decks and presentations") raises the hit's score by tune.prox
// times the share of the query's pairs so found. Hits are sorted again,
// stably.
func (p *plan) proximate(r *engine.Reader, hits []engine.Hit, n int, tune *tuning) error {
	nq := p.nQuery
	if nq < 2 || tune.prox <= 0 {
		return nil
	}
	n = min(n, len(hits))
	for i := range n {
		terms, _, err := r.MetaTerms(hits[i].ID)
		if err != nil {
			return err
		}
		pos := make(map[string]int, len(terms))
		for j, t := range terms {
			pos[t] = j
		}
		pairs := 0
		for k := 0; k+1 < nq; k++ {
			a, okA := pos[p.terms[k]]
			b, okB := pos[p.terms[k+1]]
			if okA && okB && (b-a == 1 || a-b == 1) {
				pairs++
			}
		}
		if pairs > 0 {
			hits[i].Score *= 1 + tune.prox*float64(pairs)/float64(nq-1)
		}
	}
	slices.SortStableFunc(hits[:n], func(a, b engine.Hit) int { return cmp.Compare(b.Score, a.Score) })
	return nil
}
