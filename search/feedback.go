package search

import (
	"context"
	"sort"
	"unicode/utf8"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// Pseudo-relevance feedback (RM3-style query expansion).
//
// A paraphrase names the problem in the user's words ("my agent forgets
// everything between sessions"); the skill that solves it names the
// solution ("memory", "persistent", "knowledge graph"). The first search
// often ranks some skills of the right topic near the top without ranking
// the best one first. Their names and descriptions share the solution's
// vocabulary: the terms found in several of the best hits, rare in the
// catalog and absent from the query, are added to the query at a low
// weight and the search runs again. Terms come from the analysed name and
// description of each hit (kept as doc values in the index, see
// newMapping), so nothing but the index is read.

// fbTerm is one feedback expansion term and its weight relative to a
// query term.
type fbTerm struct {
	text string
	w    float64
}

// feedbackTerms picks the expansion terms from the first search's best
// hits (ids, best first, with their scores): the analysed terms of their
// name and description (stored at indexing, see Doc.metaTerms), each scored by the summed relative scores
// of the hits holding it times its IDF over descriptions, keeping terms
// held by at least tune.fbMinDocs hits, in at least 2 and at most
// tune.fbMaxDocFrac of descriptions, not in the query and not framing
// words. The best weighs tune.feedback, the others in proportion. It
// returns nil when no term qualifies.
func (ix *Index) feedbackTerms(ctx context.Context, r *engine.Reader, p *plan, ids []string, scores []float64) ([]fbTerm, error) {
	tune := &ix.tune
	n := len(ids)
	if n < 2 || scores[0] <= 0 {
		return nil, nil
	}
	// Each hit's terms; near-twins (tune.fbTwin or more of their terms
	// shared, Jaccard) are one hit: a family of sibling skills sharing
	// boilerplate is not independent evidence.
	type hit struct {
		rel   float64
		terms map[string]bool
		group int
	}
	var hits []hit
	for i := 0; i < n; i++ {
		rel := scores[i] / scores[0]
		if rel < tune.fbMinRel {
			continue
		}
		terms, ok, err := r.MetaTerms(ids[i])
		if err != nil {
			return nil, err
		}
		if !ok {
			continue // deleted since the first search
		}
		h := hit{rel: rel, terms: make(map[string]bool, len(terms)), group: len(hits)}
		for _, t := range terms {
			h.terms[t] = true
		}
		if tune.fbTwin > 0 {
			for _, o := range hits {
				if jaccard(h.terms, o.terms) >= tune.fbTwin {
					h.group = o.group
					break
				}
			}
		}
		hits = append(hits, h)
	}
	type cand struct {
		w      float64      // sum over groups of the best relative score of a hit holding it
		groups map[int]bool // groups holding it
		best   map[int]float64
	}
	cands := map[string]*cand{}
	for _, h := range hits {
		for t := range h.terms {
			c := cands[t]
			if c == nil {
				c = &cand{groups: map[int]bool{}, best: map[int]float64{}}
				cands[t] = c
			}
			c.groups[h.group] = true
			if h.rel > c.best[h.group] {
				c.w += h.rel - c.best[h.group]
				c.best[h.group] = h.rel
			}
		}
	}

	votes := make(map[string]vote, len(cands))
	for t, c := range cands {
		votes[t] = vote{w: c.w, voters: len(c.groups)}
	}
	out, err := ix.votedTerms(ctx, r, p, votes)
	if err != nil {
		return nil, err
	}
	return bestTerms(out, tune.fbTerms, tune.feedback), nil
}

// vote is a candidate expansion term's summed relative weight and how many
// voters (hits, or groups of near-twin hits) hold it.
type vote struct {
	w      float64
	voters int
}

// votedTerms weighs the voted candidate terms of feedback and body
// co-occurrence alike: a term held by at least tune.fbMinDocs voters, not
// in the query, not framing, and in 2 to tune.fbMaxDocFrac of the
// descriptions weighs its votes times its IDF over descriptions (counted
// over the plan's documents, so this IDF and the plan's body cut agree).
func (ix *Index) votedTerms(ctx context.Context, r *engine.Reader, p *plan, votes map[string]vote) ([]fbTerm, error) {
	tune := &ix.tune
	var out []fbTerm
	maxDF := uint64(tune.fbMaxDocFrac * float64(p.docs))
	for t, v := range votes {
		if v.voters < tune.fbMinDocs || contains(p.terms, t) || ix.framing[t] || !usefulTerm(t) {
			continue
		}
		df, err := r.DocFreq(ctx, engine.FieldDescription, t)
		if err != nil {
			return nil, err
		}
		if df < 2 || df > maxDF {
			continue
		}
		out = append(out, fbTerm{text: t, w: v.w * bm25IDF(p.docs, df)})
	}
	return out, nil
}

// bestTerms keeps the n highest-weighted candidate terms (ties by text, so
// the plan does not depend on map order) and scales their weights so the
// best one weighs weight; nil when there is none.
func bestTerms(out []fbTerm, n int, weight float64) []fbTerm {
	sort.Slice(out, func(i, j int) bool {
		if out[i].w != out[j].w {
			return out[i].w > out[j].w
		}
		return out[i].text < out[j].text
	})
	if len(out) > n {
		out = out[:n]
	}
	if len(out) == 0 {
		return nil
	}
	top := out[0].w
	for i := range out {
		out[i].w = weight * out[i].w / top
	}
	return out
}

// extend returns a copy of p with the feedback terms fb added: each
// searched in name, description and tags (and bodies with tune.fbBody) at
// its weight times the field's, the name clause scaled like a query
// term's (see nameIDFFactor). A feedback term is a weak clue, not part of
// what was asked: it counts in coverage only at tune.fbCoverage of its
// weight, not at all in Confidence (see plan.queryScore), and not toward
// the bonus for several body-only terms. Terms beyond maxTerms are
// dropped.
func (ix *Index) extend(ctx context.Context, r *engine.Reader, p *plan, fb []fbTerm) (*plan, error) {
	tune := &ix.tune

	q := *p
	q.terms = append([]string(nil), p.terms...)
	q.idf = append([]float64(nil), p.idf...)
	q.weights = append([]float64(nil), p.weights...)
	q.metaDF = append([]uint64(nil), p.metaDF...)
	q.clauses = append([]clause(nil), p.clauses...)
	q.q.Clauses = append([]engine.Clause(nil), p.q.Clauses...)
	for _, f := range fb {
		if len(q.terms) == maxTerms {
			break
		}
		if contains(q.terms, f.text) {
			continue
		}
		ti := len(q.terms)
		q.terms = append(q.terms, f.text)
		q.idf = append(q.idf, 0)
		q.metaDF = append(q.metaDF, 0)
		q.weights = append(q.weights, f.w*tune.fbCoverage)
		q.totalWeight += f.w * tune.fbCoverage
		q.fb |= 1 << uint(ti)
		if err := q.addFeedbackClauses(ctx, r, tune, f, ti); err != nil {
			return nil, err
		}
	}
	return &q, nil
}

// addFeedbackClauses adds f's term clauses to q: one per field with a
// positive weight where the term occurs (bodies only with tune.fbBody and
// below the body document-frequency cut), boosted by the field's weight
// times f.w, the name clause scaled like a query term's. term is the
// feedback term's index in q.terms.
func (q *plan) addFeedbackClauses(ctx context.Context, r *engine.Reader, tune *tuning, f fbTerm, term int) error {
	fields := [4]fieldWeight{{engine.FieldName, tune.name}, {engine.FieldDescription, tune.description}, {engine.FieldTags, tune.tags}, {engine.FieldBody, tune.body}}
	var df [4]uint64
	for i, fw := range fields {
		if fw.w <= 0 || (fw.field == engine.FieldBody && !tune.fbBody) {
			continue
		}
		var err error
		if df[i], err = r.DocFreq(ctx, fw.field, f.text); err != nil {
			return err
		}
	}
	for i, fw := range fields {
		boost := fw.w * f.w
		if fw.field == engine.FieldName {
			boost *= nameIDFFactor(q.docs, df, tune)
		}
		if df[i] == 0 || boost <= 0 ||
			(fw.field == engine.FieldBody && float64(df[i]) > max(tune.bodyMaxDocFrac*float64(q.docs), bodyMinDF)) {
			continue
		}
		q.q.Clauses = append(q.q.Clauses, engine.Clause{Field: fw.field, Term: f.text, Boost: boost})
		q.clauses = append(q.clauses, clause{field: fw.field, text: f.text, term: term})
	}
	return nil
}

// usefulTerm reports whether an analysed term can be an expansion: at
// least three characters (or a CJK pair) and not all digits.
func usefulTerm(t string) bool {
	if isCJK(t) {
		return utf8.RuneCountInString(t) >= 2
	}
	if len(t) < 3 {
		return false
	}
	for _, r := range t {
		if r < '0' || r > '9' {
			return true
		}
	}
	return false
}

// jaccard is |a ∩ b| / |a ∪ b| (0 for two empty sets).
func jaccard(a, b map[string]bool) float64 {
	var both int
	for t := range a {
		if b[t] {
			both++
		}
	}
	union := len(a) + len(b) - both
	if union == 0 {
		return 0
	}
	return float64(both) / float64(union)
}
