package search

import (
	"context"
	"math"

	"github.com/blevesearch/bleve/v2/mapping"
	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

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
