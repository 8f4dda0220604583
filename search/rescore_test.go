package search

import (
	"context"
	"fmt"
	"math"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/mapping"
	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

// The execution of a plan before execute (exec.go): bleve runs the
// disjunction with per-clause score breakdowns, rescoreQuery rescores
// each match from its breakdown, bleve's top-N collector keeps the best.
// Kept as the reference execute must match bit for bit
// (TestExecuteMatchesBleve).

// bleveRun is Index.run as bleve executed it.
func bleveRun(ctx context.Context, ix *Index, idx bleve.Index, p *plan, limit int, minScore float64) (*execResult, error) {
	var above uint64 // only touched by the searcher goroutine, read after it
	tune := ix.tune
	counting := minScore > 0 || p.fb != 0
	rescore := func(d *bsearch.DocumentMatch) {
		scores := make([]float64, len(p.clauses))
		for i, s := range d.ScoreBreakdown {
			scores[i] = s
		}
		d.Score = p.scoreOf(scores, nil, &tune, 0)
		if counting && d.Score > 0 && d.Score >= minScore {
			above++
		}
	}
	q := query.NewDisjunctionQuery(p.q.Disjuncts)
	q.RetrieveScoreBreakdown(true)
	sr := bleve.NewSearchRequestOptions(&rescoreQuery{q: q, f: rescore, p: p}, limit, 0, false)
	if !tune.nativeStats {
		sr.PreSearchData = map[string]interface{}{bsearch.BM25PreSearchDataKey: ix.stats.Load().bm25Stats(p.docs)}
	}
	res, err := idx.SearchInContext(ctx, sr)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	out := &execResult{total: res.Total}
	if counting {
		out.total = above
	}
	for _, h := range res.Hits {
		scores := make([]float64, len(p.clauses))
		for i, s := range h.ScoreBreakdown {
			scores[i] = s
		}
		out.hits = append(out.hits, execHit{id: h.ID, score: h.Score, scores: scores})
	}
	return out, nil
}

// rescoreQuery wraps a query whose searcher yields per-clause
// ScoreBreakdowns and sets each hit's final score with f. (bleve's
// CustomScoreQuery does the same but resolves every candidate's external
// ID first, ~12% of query time.)
//
// bleve multiplies every clause's score by the query norm,
// 1/sqrt(sum of the clauses' squared weights): adding feedback clauses
// would lower the scores of the query's own. So the first search of a plan
// records its sum (plan.sqWeight) and an extended plan's search uses it,
// keeping the query's own clauses scored exactly as in the first search.
type rescoreQuery struct {
	q query.Query
	f func(*bsearch.DocumentMatch)
	p *plan
}

func (r *rescoreQuery) Searcher(ctx context.Context, i index.IndexReader, m mapping.IndexMapping,
	options bsearch.SearcherOptions) (bsearch.Searcher, error) {
	s, err := r.q.Searcher(ctx, i, m, options)
	if err != nil {
		return nil, err
	}
	if r.p.sqWeight == 0 {
		r.p.sqWeight = s.Weight()
	} else if r.p.fb != 0 {
		s.SetQueryNorm(1 / math.Sqrt(r.p.sqWeight))
	}
	return &rescorer{Searcher: s, f: r.f}, nil
}

type rescorer struct {
	bsearch.Searcher
	f func(*bsearch.DocumentMatch)
}

func (r *rescorer) Next(ctx *bsearch.SearchContext) (*bsearch.DocumentMatch, error) {
	d, err := r.Searcher.Next(ctx)
	if d != nil {
		r.f(d)
	}
	return d, err
}

func (r *rescorer) Advance(ctx *bsearch.SearchContext, id index.IndexInternalID) (*bsearch.DocumentMatch, error) {
	d, err := r.Searcher.Advance(ctx, id)
	if d != nil {
		r.f(d)
	}
	return d, err
}
