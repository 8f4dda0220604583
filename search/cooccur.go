package search

import (
	"context"
	"math/bits"
	"sort"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// Body co-occurrence expansion.
//
// Pseudo-relevance feedback (feedback.go) takes its terms from the first
// search's best hits; when the query describes a symptom in words the
// right skill's name and description do not use, those hits are mostly
// wrong and feedback drifts with them. The skills' bodies are where a
// symptom's words meet the technique's: a skill explains the problem it
// solves in the problem's words. So for a query the first search is unsure
// of, the skills whose bodies hold at least two of the query's own words
// (co-occurrence with the query's combination of words, not one word
// alone, which guards against drift) vote for terms of their names and
// descriptions: a term held by at least tune.fbMinDocs of the coDocs best
// of them (by the IDF-weighted share of the query's words their body
// holds) and in at most tune.fbMaxDocFrac of descriptions is added like a
// feedback term, at tune.co of a query word's weight for the best.

// coTerms returns the body co-occurrence expansion terms of p (nil when
// none qualifies).
func (ix *Index) coTerms(ctx context.Context, r *engine.Reader, p *plan) ([]fbTerm, error) {
	tune := &ix.tune
	if tune.co <= 0 || tune.coDocs <= 0 {
		return nil, nil
	}
	limit := uint64(tune.coMaxDocFrac * float64(p.docs))
	type docHit struct {
		terms uint64 // bit i: the body holds terms[i]
		w     float64
	}
	held := map[engine.DocRef]*docHit{}
	for ti, t := range p.terms {
		if p.fb&(1<<uint(ti)) != 0 || p.weights[ti] <= 0 || !usefulTerm(t) || ix.framing[t] {
			continue
		}
		refs, err := r.TermDocs(ctx, engine.FieldBody, t, limit)
		if err != nil {
			return nil, err
		}
		if len(refs) < 2 {
			continue
		}
		idf := bm25IDF(p.docs, uint64(len(refs)))
		for _, ref := range refs {
			h := held[ref]
			if h == nil {
				h = &docHit{}
				held[ref] = h
			}
			h.terms |= 1 << uint(ti)
			h.w += idf
		}
	}
	type ranked struct {
		ref engine.DocRef
		w   float64
	}
	var best []ranked
	for ref, h := range held {
		if bits.OnesCount64(h.terms) >= 2 {
			best = append(best, ranked{ref, h.w})
		}
	}
	if len(best) < tune.fbMinDocs {
		return nil, nil
	}
	sort.Slice(best, func(i, j int) bool {
		if best[i].w != best[j].w {
			return best[i].w > best[j].w
		}
		return best[i].ref < best[j].ref
	})
	// The voters, and the order their votes are summed in, must not
	// depend on index order (which a build's merges decide): the ones
	// kept, with the whole tie at the cut, are ordered by skill ID.
	n := len(best)
	if n > tune.coDocs {
		for n = tune.coDocs; n < len(best) && best[n].w == best[tune.coDocs-1].w; n++ {
		}
	}
	ids := make(map[engine.DocRef]string, n)
	for _, b := range best[:n] {
		id, err := r.IDOf(b.ref)
		if err != nil {
			return nil, err
		}
		ids[b.ref] = id
	}
	best = best[:n]
	sort.SliceStable(best, func(i, j int) bool {
		if best[i].w != best[j].w {
			return best[i].w > best[j].w
		}
		return ids[best[i].ref] < ids[best[j].ref]
	})
	if len(best) > tune.coDocs {
		best = best[:tune.coDocs]
	}
	votes := map[string]vote{}
	for _, b := range best {
		terms, ok, err := r.MetaTermsOf(b.ref)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		rel := b.w / best[0].w
		for _, t := range terms {
			v := votes[t]
			v.w += rel
			v.voters++
			votes[t] = v
		}
	}
	out, err := ix.votedTerms(ctx, r, p, votes)
	if err != nil {
		return nil, err
	}
	return bestTerms(out, tune.coTerms, tune.co), nil
}
