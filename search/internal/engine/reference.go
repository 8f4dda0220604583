package engine

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

// ExecuteReference is Execute as bleve itself runs the query: its
// disjunction searcher with per-clause score breakdowns, each match
// rescored by sc from its breakdown, bleve's top-N collector keeping the
// best. It is the reference Execute must match bit for bit (scores, the
// order of hits, Total); the differential tests compare the two. It never
// prunes, and it runs on the index's current snapshot, not on r's: call it
// while nothing writes. Hits carry no Num.
func (r *Reader) ExecuteReference(ctx context.Context, q *Query, sc Scorer, docs uint64, limit int, count bool, minScore float64) (*Result, error) {
	var above uint64 // only touched by the searcher goroutine, read after it
	rescore := func(d *bsearch.DocumentMatch) {
		scores := make([]float64, len(q.Clauses))
		for i, s := range d.ScoreBreakdown {
			scores[i] = s
		}
		d.Score = sc.Score(scores, nil)
		if count && d.Score > 0 && d.Score >= minScore {
			above++
		}
	}
	dq := query.NewDisjunctionQuery(nil)
	for _, c := range q.Clauses {
		tq := query.NewTermQuery(c.Term)
		tq.SetField(c.Field)
		tq.SetBoost(c.Boost)
		dq.AddQuery(tq)
	}
	dq.RetrieveScoreBreakdown(true)
	sr := bleve.NewSearchRequestOptions(&rescoreQuery{q: dq, f: rescore, norm: q}, limit, 0, false)
	if bm := r.e.bm25(q, docs); bm != nil {
		sr.PreSearchData = map[string]interface{}{bsearch.BM25PreSearchDataKey: bm}
	}
	res, err := r.e.idx.SearchInContext(ctx, sr)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	out := &Result{Total: res.Total}
	if count {
		out.Total = above
	}
	for _, h := range res.Hits {
		scores := make([]float64, len(q.Clauses))
		for i, s := range h.ScoreBreakdown {
			scores[i] = s
		}
		out.Hits = append(out.Hits, Hit{ID: h.ID, Score: h.Score, Scores: scores})
	}
	return out, nil
}

// rescoreQuery wraps a query whose searcher yields per-clause
// ScoreBreakdowns and sets each hit's final score with f. (bleve's
// CustomScoreQuery does the same but resolves every candidate's external
// ID first.) The query norm follows Query.SqWeight and Query.KeepNorm, as
// in Execute.
type rescoreQuery struct {
	q    query.Query
	f    func(*bsearch.DocumentMatch)
	norm *Query
}

// Searcher implements bleve's query.Query: the wrapped query's searcher,
// with the norm of Query.SqWeight, rescoring each match.
func (r *rescoreQuery) Searcher(ctx context.Context, i index.IndexReader, m mapping.IndexMapping,
	options bsearch.SearcherOptions) (bsearch.Searcher, error) {
	s, err := r.q.Searcher(ctx, i, m, options)
	if err != nil {
		return nil, err
	}
	if r.norm.SqWeight == 0 {
		r.norm.SqWeight = s.Weight()
	} else if r.norm.KeepNorm {
		s.SetQueryNorm(1 / math.Sqrt(r.norm.SqWeight))
	}
	return &rescorer{Searcher: s, f: r.f}, nil
}

type rescorer struct {
	bsearch.Searcher
	f func(*bsearch.DocumentMatch)
}

// Next implements bleve's search.Searcher, rescoring the match.
func (r *rescorer) Next(ctx *bsearch.SearchContext) (*bsearch.DocumentMatch, error) {
	d, err := r.Searcher.Next(ctx)
	if d != nil {
		r.f(d)
	}
	return d, err
}

// Advance implements bleve's search.Searcher, rescoring the match.
func (r *rescorer) Advance(ctx *bsearch.SearchContext, id index.IndexInternalID) (*bsearch.DocumentMatch, error) {
	d, err := r.Searcher.Advance(ctx, id)
	if d != nil {
		r.f(d)
	}
	return d, err
}
