package engine

import (
	"context"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/search/internal/corpustest"
)

// sameHits requires got and want to hold the same hits in the same order
// with bit-identical scores and clause scores, and the same Total.
func sameHits(t *testing.T, what string, got, want *Result) {
	t.Helper()
	if got.Total != want.Total || len(got.Hits) != len(want.Hits) {
		t.Fatalf("%s: total %d with %d hits, want %d with %d", what, got.Total, len(got.Hits), want.Total, len(want.Hits))
	}
	for i := range got.Hits {
		g, w := got.Hits[i], want.Hits[i]
		if g.ID != w.ID || math.Float64bits(g.Score) != math.Float64bits(w.Score) {
			t.Fatalf("%s: hit %d %s %v, want %s %v", what, i, g.ID, g.Score, w.ID, w.Score)
		}
		for c := range w.Scores {
			if math.Float64bits(g.Scores[c]) != math.Float64bits(w.Scores[c]) {
				t.Fatalf("%s: hit %d clause %d scores %v, want %v", what, i, c, g.Scores[c], w.Scores[c])
			}
		}
	}
}

// TestExecuteMatchesBleveSum: the engine's execution of random
// disjunctions, ranked by a plain sum of clause scores, equals bleve's
// own (ExecuteReference) bit for bit, with the engine's statistics and
// bleve's, counting or not; and MaxScore pruning changes nothing but the
// number of documents scored. The ranking's own differential tests
// (search's TestExecuteMatchesBleve, TestPruneMatchesFull) run the real
// ranking through the same two paths.
func TestExecuteMatchesBleveSum(t *testing.T) {
	s := corpustest.NewSynth(7)
	cs := s.Docs(200, true)
	docs := make([]Doc, len(cs))
	for i, d := range cs {
		docs[i] = Doc(d)
	}
	e, err := Open(filepath.Join(t.TempDir(), "ix"), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	for i := 0; i < len(docs); i += 50 {
		if err := e.Index(docs[i : i+50]...); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.Delete(docs[5].ID, docs[100].ID, docs[199].ID); err != nil {
		t.Fatal(err)
	}
	// Compacted: bleve's own statistics do not change under the test.
	if err := e.Compact(context.Background()); err != nil {
		t.Fatal(err)
	}
	r, err := e.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	n, err := r.DocCount()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	compared, pruned, full := 0, uint64(0), uint64(0)
	for qi, text := range s.Queries(20) {
		for _, native := range []bool{false, true} {
			q := testQuery(t, r, text)
			if len(q.Clauses) == 0 {
				continue
			}
			q.BleveStats = native
			ref := *q
			for _, limit := range []int{1, 10, 40} {
				count := qi%3 == 0
				minScore := 0.0
				if count {
					minScore = 0.5
				}
				got, err := r.Execute(ctx, q, sumScorer{}, n, limit, count, minScore)
				if err != nil {
					t.Fatal(err)
				}
				want, err := r.ExecuteReference(ctx, &ref, sumScorer{}, n, limit, count, minScore)
				if err != nil {
					t.Fatal(err)
				}
				what := strings.Join([]string{text, map[bool]string{true: "bleve stats", false: "engine stats"}[native]}, ", ")
				sameHits(t, what, got, want)
				p, err := r.Execute(ctx, q, sumScorer{prune: true}, n, limit, false, 0)
				if err != nil {
					t.Fatal(err)
				}
				f, err := r.Execute(ctx, q, sumScorer{}, n, limit, false, 0)
				if err != nil {
					t.Fatal(err)
				}
				sameHits(t, what+", pruned", p, f)
				pruned += p.Scored
				full += f.Scored
				compared++
			}
		}
	}
	if compared < 100 || pruned >= full {
		t.Fatalf("compared %d executions; pruning scored %d documents, full %d: the test covers too little", compared, pruned, full)
	}
}
