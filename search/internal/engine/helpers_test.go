package engine

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/search/internal/corpustest"
)

// buildDocs are n documents, metadata only or with bodies, like the two
// passes of a catalog build (the second replaces every document).
func buildDocs(n int, bodies bool) []Doc {
	docs := make([]Doc, n)
	for i := range docs {
		docs[i] = Doc{
			ID:          fmt.Sprintf("skill/%03d", i),
			Name:        fmt.Sprintf("tool-%03d", i),
			Description: fmt.Sprintf("Handles chore number %d for word%d projects.", i, i%17),
		}
		if bodies {
			docs[i].Body = fmt.Sprintf("Steps for alpha%d and beta%d. Run the checker.", i%23, i%29)
		}
	}
	return docs
}

// openMem is an in-memory engine holding docs, closed at the test's end.
func openMem(t testing.TB, docs ...Doc) *Engine {
	t.Helper()
	e, err := Open("", 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = e.Close() })
	if len(docs) > 0 {
		if err := e.Index(docs...); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

// ids are the IDs of hits, in order.
func ids(hits []Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.ID
	}
	return out
}

// corpusDocs is the shared corpus (corpustest.Docs) as Docs.
func corpusDocs(tb testing.TB) []Doc {
	cs := corpustest.Docs(tb)
	docs := make([]Doc, len(cs))
	for i, d := range cs {
		docs[i] = Doc(d)
	}
	return docs
}

// sumScorer ranks by the sum of the clause scores (bleve's own
// disjunction, less its coordination factor): a plain ranking for tests
// of the engine. With bounds it prunes by MaxScore over single clauses.
type sumScorer struct{ prune bool }

func (sumScorer) Score(scores []float64, matched []int) float64 {
	var s float64
	if matched == nil {
		for _, v := range scores {
			s += v
		}
		return s
	}
	for _, i := range matched {
		s += scores[i]
	}
	return s
}

func (s sumScorer) Pruner(bounds []float64) Pruner {
	if !s.prune {
		return nil
	}
	p := &sumPruner{all: make([]int, len(bounds))}
	for i := range bounds {
		p.all[i] = i
	}
	p.units = append([]int(nil), p.all...)
	sort.SliceStable(p.units, func(a, b int) bool { return bounds[p.units[a]] < bounds[p.units[b]] })
	var sum float64
	p.sumUB = []float64{0}
	for _, u := range p.units {
		sum += bounds[u]
		p.sumUB = append(p.sumUB, sum)
	}
	return p
}

// sumPruner is MaxScore for sumScorer.
type sumPruner struct {
	all   []int
	units []int     // clauses, ascending bound
	sumUB []float64 // sumUB[k]: the summed bounds of the first k units
	next  int
}

func (p *sumPruner) Counted() []int { return p.all }

func (p *sumPruner) Raise(threshold float64) []int {
	var moved []int
	for p.next < len(p.units) && p.sumUB[p.next+1]*(1+1e-9) <= threshold {
		moved = append(moved, p.units[p.next])
		p.next++
	}
	return moved
}

func (p *sumPruner) Known(scores []float64, matched []int) Partial {
	var s float64
	for _, i := range matched {
		s += scores[i]
	}
	return Partial{Sum: s}
}

func (p *sumPruner) CanEnter(k Partial, threshold float64, lazy int) bool {
	return (k.Sum+p.sumUB[lazy])*(1+1e-9) > threshold
}

// testQuery analyses text and searches its terms in name, description and
// body (boosts 3, 2, 1).
func testQuery(t testing.TB, r *Reader, text string) *Query {
	t.Helper()
	terms, err := r.Analyze(Text, text)
	if err != nil {
		t.Fatal(err)
	}
	q := &Query{}
	for _, term := range terms {
		for _, f := range []struct {
			field string
			boost float64
		}{{FieldName, 3}, {FieldDescription, 2}, {FieldBody, 1}} {
			n, err := r.DocFreq(context.Background(), f.field, term)
			if err != nil {
				t.Fatal(err)
			}
			if n > 0 {
				q.Clauses = append(q.Clauses, Clause{Field: f.field, Term: term, Boost: f.boost})
			}
		}
	}
	return q
}

// idScore is a hit without its clause scores.
type idScore struct {
	ID    string
	Score float64
}

// Request is a test search: Query analysed and searched by testQuery,
// the best Limit hits by sumScorer.
type Request struct {
	Query string
	Limit int
}

// mustSearch runs req over a fresh reader of e.
func mustSearch(t testing.TB, e *Engine, req Request) *Result {
	t.Helper()
	r, err := e.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	docs, err := r.DocCount()
	if err != nil {
		t.Fatal(err)
	}
	q := testQuery(t, r, req.Query)
	if len(q.Clauses) == 0 {
		return &Result{}
	}
	res, err := r.Execute(context.Background(), q, sumScorer{}, docs, req.Limit, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// hitsOf is every hit of r as (id, score), sorted by id.
func hitsOf(r *Result) []idScore {
	out := make([]idScore, len(r.Hits))
	for i, h := range r.Hits {
		out[i] = idScore{h.ID, h.Score}
	}
	slices.SortFunc(out, func(a, b idScore) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// synthDocs are n synthetic skills (corpustest.Synth) as Docs.
func synthDocs(seed int64, n int, body bool) []Doc {
	cs := corpustest.NewSynth(seed).Docs(n, body)
	docs := make([]Doc, len(cs))
	for i, d := range cs {
		docs[i] = Doc(d)
	}
	return docs
}

// sampleDocs is corpustest.Sample as Docs.
func sampleDocs(tb testing.TB, k int) []Doc {
	cs := corpustest.Sample(tb, k)
	docs := make([]Doc, len(cs))
	for i, d := range cs {
		docs[i] = Doc(d)
	}
	return docs
}
