package search

import (
	"cmp"
	"slices"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// Fusing the lexical ranking with the semantic stage (Request.Semantic).
//
// A cosine by itself says little: one model gives unrelated texts 0.1,
// another 0.6. What marks a skill as near the query is how far its cosine
// stands above the cosines of the rest of the catalog, so it is taken as a
// z-score over the whole table, z = (cosine - mean) / std, and only the
// part above semZ counts: a hit gains semantic x (z - semZ) x the best
// lexical score. Candidates are the lexical hits down to semDepth, the
// same whatever the page (so pages of one query agree), and the
// semNearest skills nearest the query; one only the semantic side found
// (no query word in it) enters with a lexical score of 0. When more
// skills match the query's words than semDepth, a nearest skill outside
// the candidates may be one of them, ranked too low to fetch: it is left
// out rather than taken for a skill no word matched.
//
// MinScore applies to the fused score. Confidence is the hybrid model of
// hybridconf.go, over the hit's lexical features (computed as a lexical
// search computes them: over the lexical hits of the page, or down to the
// hit itself for one fusion lifted from further down), its z-score and its
// margin in the fused ranking; a hit without a vector keeps the lexical
// Confidence. NoGoodMatch stays the lexical estimate: the data did not
// call for refitting it (search/RANKING-NOTES-semantic.md).
//
// The weights were chosen on the development query sets with a small
// sentence model (the Universal Sentence Encoder lite) embedding each
// skill's name and description; see search/RANKING-NOTES-semantic.md.

// hybrid reports whether req is searched with the semantic stage.
func (ix *Index) hybrid(req Request) bool {
	return req.Semantic != nil && ix.tune.semantic > 0
}

// lexicalMin is the MinScore of the lexical search for req: the request's,
// or 0 in a hybrid search, whose MinScore applies to the fused score.
func (ix *Index) lexicalMin(req Request) float64 {
	if ix.hybrid(req) {
		return 0
	}
	return req.MinScore
}

// depth is how many lexical hits a search fetches for a page ending at
// want: the page, at least minHits for Confidence's margin and, in a
// hybrid search, semDepth candidates for fuse.
func (ix *Index) depth(req Request, want int) int {
	d := max(want, minHits)
	if ix.tune.lead > 0 || ix.tune.rareFirst {
		// The lead factor and named services first reorder the best
		// leadHits: fetch them all, so a short page ranks as the first
		// leadHits of a long one do.
		d = max(d, ix.tune.leadHits)
	}
	if ix.hybrid(req) {
		d = max(d, ix.tune.semDepth)
	}
	return d
}

// fuse builds the Result of a hybrid search from res, the lexical hits of
// plan p (nil: no searchable word, no hits), best first.
func (ix *Index) fuse(p *plan, req Request, want int, res *engine.Result) *Result {
	tune, s := &ix.tune, req.Semantic
	hs := res.Hits
	top := 1.0
	if len(hs) > 0 && hs[0].Score > 0 {
		top = hs[0].Score
	}
	zscore := func(cos float64) float64 {
		if s.Std <= 0 {
			return 0
		}
		return (cos - s.Mean) / s.Std
	}
	gain := func(cos float64) float64 {
		return tune.semantic * top * max(0, zscore(cos)-tune.semZ)
	}
	type cand struct {
		i          int    // index in hs; -1 for a skill only the semantic side found
		id         string // its ID
		score, cos float64
		z          float64 // zscore(cos)
		vec        bool    // whether it has a vector (cos and z mean something)
		next       float64 // the best fused score below score among every candidate
	}
	cands := make([]cand, 0, len(hs)+len(s.Nearest))
	seen := make(map[string]bool, len(hs))
	s.rlock() // once for every candidate's cosine
	for i, h := range hs {
		seen[h.ID] = true
		if p.fb != 0 && h.Score <= 0 {
			continue // matched by feedback terms alone: not a hit of the query
		}
		c := cand{i: i, id: h.ID, score: h.Score}
		if cos, ok := s.cosineLocked(h.ID); ok {
			c.cos, c.z, c.vec = cos, zscore(cos), true
			c.score += gain(cos)
		}
		cands = append(cands, c)
	}
	s.runlock()
	if uint64(len(hs)) >= res.Total {
		for _, n := range s.Nearest[:min(len(s.Nearest), tune.semNearest)] {
			if g := gain(n.Cosine); !seen[n.ID] && g > 0 {
				cands = append(cands, cand{i: -1, id: n.ID, score: g, cos: n.Cosine, z: zscore(n.Cosine), vec: true})
			}
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	// Confidence's fused margin looks at every candidate, before MinScore
	// cuts them, so neither the page nor MinScore changes it; copies of
	// one skill tie and are skipped, as in hitFeatures.
	next := 0.0
	for k := len(cands) - 1; k >= 0; k-- {
		cands[k].next = next
		if k > 0 && cands[k].score < cands[k-1].score*(1-1e-9) {
			next = cands[k].score
		}
	}
	cands = slices.DeleteFunc(cands, func(c cand) bool { return c.score < req.MinScore })
	out := &Result{Hits: make([]Hit, 0, min(len(cands), want)), NoGoodMatch: true}
	// Total: every lexical match (past semDepth too, unless a MinScore
	// asks for scores only the fetched ones are known by), and the skills
	// only the semantic side found.
	if req.MinScore <= 0 {
		out.Total = res.Total
		for _, c := range cands {
			if c.i < 0 {
				out.Total++
			}
		}
	} else {
		out.Total = uint64(len(cands))
	}
	var qs []float64
	lexWindow := min(len(hs), max(want, minHits))
	// Whether the catalog fits the query is the lexical search's answer,
	// from its best hit: fits was fitted without this stage.
	for i, h := range hs[:lexWindow] {
		if p.fb != 0 && h.Score <= 0 {
			continue
		}
		qs = p.queryScores(hs, tune)
		out.NoGoodMatch = p.hitFeatures(hs[:lexWindow], i, tune, qs[:lexWindow]).fits() < fitsCut
		break
	}
	above := 1.0 // the Confidence of the hit ranked above (see rankedConfidence)
	for k, c := range cands[:min(len(cands), want)] {
		h := Hit{ID: c.id, Score: c.score, Similarity: c.cos, Matched: map[string][]string{}}
		if c.vec {
			h.hyb = hybridFeatures{semOnly: c.i < 0, z: c.z, score: c.score, next: c.next}
		}
		if c.i >= 0 {
			if qs == nil {
				qs = p.queryScores(hs, tune)
			}
			// The confidence a lexical search gives it: over the page's
			// lexical hits, or as the last of a page ending at it.
			w := max(lexWindow, c.i+1)
			h.feat = p.hitFeatures(hs[:w], c.i, tune, qs[:w])
			h.hyb.lex = h.feat.inputs()
			h.Matched = p.matched(hs[c.i].Scores)
		}
		// The hybrid model's inputs assume a cosine: a hit not embedded
		// yet keeps the estimate of the lexical search.
		if c.vec {
			h.Confidence = h.hyb.confidence()
		} else {
			h.Confidence = h.feat.confidence()
		}
		h.Confidence = rankedConfidence(h.Confidence, above)
		above = h.Confidence
		if k >= req.Offset {
			out.Hits = append(out.Hits, h)
		}
	}
	return out
}
