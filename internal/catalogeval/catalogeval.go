// Package catalogeval scores a catalog's search on a file of judged
// queries (search/eval) and reports it the way `skilldex eval` prints
// it: judged skill paths are matched against the catalog's skills, and
// Agent Zero's keyword scoring can run beside it as a baseline.
package catalogeval

import (
	"context"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/search/eval"
)

// Catalog is what Run reads: the skills (shadowed included) and the
// search. *index.Catalog has it, and so does the client of a running
// shared server (internal/serve).
type Catalog interface {
	List(index.ListOptions) []index.Skill
	Search(context.Context, index.SearchRequest) (*index.SearchResult, error)
}

// Output is what `skilldex eval` reports (its --json schema). Fields are only ever
// added.
type Output struct {
	File    string `json:"file"`
	Queries int    `json:"queries"`
	Skills  int    `json:"skills"` // valid skills searched (shadowed included)
	K       int    `json:"k"`      // depth of recall@10, MRR and nDCG
	// Unknown lists judged paths that name no skill of the catalog (typos
	// in the query file, or skills that failed validation).
	Unknown []Unknown `json:"unknown_paths"`
	// Rankers are skilldex first, then the baseline when asked for.
	Rankers []Ranker `json:"rankers"`
	// HybridQueries counts the queries skilldex searched with its
	// semantic stage (an embedding model configured: index.SearchResult.Hybrid);
	// SemanticError is the first reason a search was not (fully) hybrid.
	HybridQueries int    `json:"hybrid_queries,omitempty"`
	SemanticError string `json:"semantic_error,omitempty"`
}

// Unknown is a judged path that names no skill of the catalog, at its
// line of the query file.
type Unknown struct {
	Line int    `json:"line"`
	Path string `json:"path"`
}

// Ranker is one ranker's report: skilldex's own search, or the baseline.
type Ranker struct {
	Name string `json:"name"` // "skilldex" or "baseline"
	// Metrics cover the queries some skill fits (category "none" left out).
	Metrics eval.Metrics `json:"metrics"`
	// Categories are the metrics per category column value, in file order.
	Categories []eval.CategoryMetrics `json:"categories"`
	// Abstention: how often the ranker said no_good_match for the queries
	// no skill fits, and for those whose first hit was right.
	Abstention eval.Abstention `json:"abstention"`
	// Reliability: of the queries whose first hit had a confidence in
	// each tenth of [0, 1], how many had it right (calibration).
	Reliability []eval.ReliabilityBin `json:"reliability"`
	Queries     []Query               `json:"queries"`
}

// Query is one judged query's outcome for a ranker.
type Query struct {
	Query    string `json:"query"`
	Category string `json:"category,omitempty"`
	// NoAnswer marks a query no skill fits (category "none").
	NoAnswer    bool    `json:"no_answer,omitempty"`
	NoGoodMatch bool    `json:"no_good_match"`
	Rank        int     `json:"rank"` // first expected skill, 1-based; 0 = not in the top k
	NDCG        float64 `json:"ndcg"`
	// Above holds what ranked above the first expected skill (the whole
	// top k when it was not found); empty when Rank is 1.
	Above    []eval.RankedHit `json:"above"`
	Expected []string         `json:"expected"`
}

// Run scores the catalog's search (and the baseline) on qs. Judged
// paths are matched against skill ids and folder paths relative to their
// root; skills with the same SKILL.md hash count as one skill.
func Run(ctx context.Context, cat Catalog, qs []eval.Query, baseline bool) (*Output, error) {
	skills := cat.List(index.ListOptions{IncludeShadowed: true})
	byPath := map[string][]string{} // id or rel path -> ids
	hash := map[string]string{}     // id -> SKILL.md hash
	docs := make([]eval.Doc, 0, len(skills))
	for _, s := range skills {
		byPath[s.ID] = append(byPath[s.ID], s.ID)
		if s.Rel != s.ID {
			byPath[s.Rel] = append(byPath[s.Rel], s.ID)
		}
		hash[s.ID] = s.Hash
		docs = append(docs, eval.Doc{ID: s.ID, Name: s.Name, Description: s.Description, Tags: s.Tags})
	}
	out := &Output{Queries: len(qs), Skills: len(skills), K: eval.DefaultK, Unknown: []Unknown{}}
	resolve := func(line int, paths []string) []string {
		var ids []string
		for _, p := range paths {
			found, ok := byPath[p]
			if !ok {
				out.Unknown = append(out.Unknown, Unknown{Line: line, Path: p})
				// Kept: an unknown expected skill is a miss, not a
				// silently easier query.
				found = []string{p}
			}
			ids = append(ids, found...)
		}
		return ids
	}
	judged := make([]eval.Query, len(qs))
	for i, q := range qs {
		q.Expected = resolve(q.Line, q.Expected)
		q.Acceptable = resolve(q.Line, q.Acceptable)
		judged[i] = q
	}
	opts := &eval.Options{Group: func(id string) string {
		if h := hash[id]; h != "" {
			return h
		}
		return id
	}}

	ours := func(ctx context.Context, query string, k int) (eval.Answer, error) {
		res, err := cat.Search(ctx, index.SearchRequest{Query: query, Limit: k})
		if err != nil {
			return eval.Answer{}, err
		}
		if res.Hybrid {
			out.HybridQueries++
		}
		if out.SemanticError == "" {
			out.SemanticError = res.SemanticError
		}
		hits := make([]eval.Hit, len(res.Hits))
		for i, h := range res.Hits {
			hits[i] = eval.Hit{ID: h.ID, Score: h.Score, Also: h.AlsoAt, Confidence: h.Confidence}
		}
		return eval.Answer{Hits: hits, NoGoodMatch: res.NoGoodMatch}, nil
	}
	type named struct {
		name string
		r    eval.Ranker
	}
	rankers := []named{{"skilldex", ours}}
	if baseline {
		rankers = append(rankers, named{"baseline", eval.Baseline(docs)})
	}
	for _, rk := range rankers {
		rep, err := eval.Run(ctx, rk.r, judged, opts)
		if err != nil {
			return nil, err
		}
		er := Ranker{Name: rk.name, Metrics: rep.Metrics, Categories: rep.Categories, Abstention: rep.Abstention,
			Reliability: rep.Reliability, Queries: make([]Query, len(rep.Results))}
		for i, r := range rep.Results {
			above := []eval.RankedHit{}
			if r.Rank != 1 {
				above = append(above, r.Above()...)
			}
			expected := qs[i].Expected
			if expected == nil {
				expected = []string{}
			}
			er.Queries[i] = Query{Query: r.Query, Category: r.Category, NoAnswer: r.NoAnswer, NoGoodMatch: r.NoGoodMatch,
				Rank: r.Rank, NDCG: r.NDCG, Above: above, Expected: expected}
		}
		out.Rankers = append(out.Rankers, er)
	}
	return out, nil
}
