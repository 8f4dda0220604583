package search

import (
	"cmp"
	"slices"
)

// Fusing the lexical ranking with the semantic stage (Request.Semantic).
//
// A cosine by itself says little: one model gives unrelated texts 0.1,
// another 0.6. What marks a skill as near the query is how far its cosine
// stands above the cosines of the rest of the catalog, so it is taken as a
// z-score over the whole table, z = (cosine - mean) / std, and only the
// part above semZ counts: a hit gains semantic x (z - semZ) x the best
// lexical score. Candidates are the lexical hits down to semDepth and the
// semNearest skills nearest the query; one only the semantic side found
// (no query word in it) enters with a lexical score of 0.
//
// The weights were chosen on the development query sets with a small
// sentence model (the Universal Sentence Encoder lite) embedding each
// skill's name and description; see search/RANKING-NOTES.md. Confidence
// stays the lexical estimate: it was calibrated without this stage, and a
// skill found only by its embedding gets Confidence 0.

// depth is how many lexical hits a search fetches for a page ending at
// want: the page, at least minHits for Confidence's margin and, in a
// hybrid search, semDepth candidates for fuse.
func (ix *Index) depth(req Request, want int) int {
	d := max(want, minHits)
	if req.Semantic != nil && ix.tune.semantic > 0 {
		d = max(d, ix.tune.semDepth)
	}
	return d
}

// fuse re-ranks the lexical hits (best first) with s and adds the nearest
// skills not among them, returning the hits by descending fused Score
// (ties by ID) and the number added. Hits whose fused score is below
// minScore are left out.
func fuse(hits []Hit, s *Semantic, tune *tuning, minScore float64) ([]Hit, int) {
	top := 1.0
	if len(hits) > 0 && hits[0].Score > 0 {
		top = hits[0].Score
	}
	gain := func(cos float64) float64 {
		if s.Std <= 0 {
			return 0
		}
		return tune.semantic * top * max(0, (cos-s.Mean)/s.Std-tune.semZ)
	}
	seen := make(map[string]bool, len(hits))
	for i := range hits {
		h := &hits[i]
		seen[h.ID] = true
		if cos, ok := s.Cosine(h.ID); ok {
			h.Similarity = cos
			h.Score += gain(cos)
		}
	}
	added := 0
	for _, n := range s.Nearest[:min(len(s.Nearest), tune.semNearest)] {
		if seen[n.ID] {
			continue
		}
		g := gain(n.Cosine)
		if g <= 0 || g < minScore {
			continue
		}
		hits = append(hits, Hit{ID: n.ID, Score: g, Matched: map[string][]string{}, Similarity: n.Cosine})
		added++
	}
	slices.SortStableFunc(hits, func(a, b Hit) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return hits, added
}
