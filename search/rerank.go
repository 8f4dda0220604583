package search

import (
	"bytes"
	"context"
	"fmt"
	"math/bits"
	"sort"

	"github.com/blevesearch/bleve/v2"
	bsearch "github.com/blevesearch/bleve/v2/search"
	index "github.com/blevesearch/bleve_index_api"
)

// Second pass: common query words in the best hits' bodies.
//
// The main search leaves out the body clause of a query word found in
// more than bodyMaxDocFrac of bodies ("memory", "month", "users"): such a
// word says little about a skill on its own, and its long posting list
// would be most of the cost of a search. But which of the best hits
// mention it still tells them apart: for "make sure passwords don't linger
// in memory", of four skills about secrets the one whose body also
// mentions memory is the one about wiping secrets from memory. So for the
// best tune.rerankN hits, each such word a hit matched nowhere is looked up
// in its body (one posting-list seek per hit and word), and a hit that has
// it gains tune.rerankCov of the word's weight in the coverage fraction
// its score is multiplied by (see plan.score).

// rerank rescores hits (best first, from one search of p) as described
// above and sorts them again. It is a no-op when p has no common word.
func (ix *Index) rerank(ctx context.Context, idx bleve.Index, p *plan, hits bsearch.DocumentMatchCollection) error {
	tune := &ix.tune
	if p.bodySkipped == 0 || len(hits) < 2 || p.totalWeight == 0 {
		return nil
	}
	n := min(len(hits), tune.rerankN)
	adv, err := idx.Advanced()
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	r, err := adv.Reader()
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	defer r.Close()

	type cand struct {
		h    *bsearch.DocumentMatch
		iid  index.IndexInternalID
		seen uint64 // terms matched in the search
		gain float64
	}
	cands := make([]cand, 0, n)
	for _, h := range hits[:n] {
		seen, exact := p.seen(h.ScoreBreakdown)
		if exact || seen == 0 {
			continue
		}
		iid, err := r.InternalID(h.ID)
		if err != nil {
			return fmt.Errorf("search: %w", err)
		}
		if iid == nil {
			continue
		}
		cands = append(cands, cand{h: h, iid: append(index.IndexInternalID(nil), iid...), seen: seen})
	}
	// Seeks go in ascending internal ID order.
	sort.Slice(cands, func(i, j int) bool { return bytes.Compare(cands[i].iid, cands[j].iid) < 0 })
	var tfd index.TermFieldDoc
	for mask := p.bodySkipped; mask != 0; mask &^= 1 << uint(bits.TrailingZeros64(mask)) {
		ti := bits.TrailingZeros64(mask)
		if err := ctx.Err(); err != nil {
			return err
		}
		tfr, err := r.TermFieldReader(ctx, []byte(p.terms[ti]), fieldBody, false, false, false)
		if err != nil {
			return fmt.Errorf("search: %w", err)
		}
		for i := range cands {
			c := &cands[i]
			if c.seen&(1<<uint(ti)) != 0 {
				continue
			}
			d, err := tfr.Advance(c.iid, &tfd)
			if err != nil {
				_ = tfr.Close()
				return fmt.Errorf("search: %w", err)
			}
			if d == nil {
				break // no later document has it
			}
			if bytes.Equal(d.ID, c.iid) {
				c.gain += tune.rerankCov * p.weights[ti]
			}
		}
		_ = tfr.Close()
	}
	for _, c := range cands {
		if c.gain == 0 {
			continue
		}
		var w float64
		for m := c.seen; m != 0; m &^= 1 << uint(bits.TrailingZeros64(m)) {
			w += p.weights[bits.TrailingZeros64(m)]
		}
		if w == 0 {
			continue
		}
		c.h.Score *= (w + c.gain) / w
	}
	top := hits[:n]
	sort.SliceStable(top, func(i, j int) bool { return top[i].Score > top[j].Score })
	return nil
}

// seen returns the bit set of terms a hit matched in the search (from its
// per-clause scores) and whether it matched the whole name exactly.
func (p *plan) seen(breakdown map[int]float64) (seen uint64, exact bool) {
	for i, s := range breakdown {
		if s == 0 {
			continue
		}
		c := p.clauses[i]
		if c.term < 0 {
			exact = true
			continue
		}
		seen |= 1 << uint(c.term)
	}
	return seen, exact
}
