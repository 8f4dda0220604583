package eval

import (
	"context"
	"fmt"
	"math"
	"sort"
)

// DefaultK is the depth a ranker is asked for and the cut-off of MRR and
// nDCG: hits below rank 10 count as not found.
const DefaultK = 10

// Grades of relevance, from the judgments of a Query.
const (
	GradeNone       = 0 // not judged
	GradeAcceptable = 1 // in the acceptable column: nDCG gain 1, not a hit
	GradeExpected   = 2 // in the expected column: a hit, nDCG gain 3
)

// Hit is one result of a ranker, best first.
type Hit struct {
	// ID is the skill's folder path relative to the catalog root: the
	// same space as Query.Expected.
	ID    string  `json:"id"`
	Score float64 `json:"score"`
	// Also lists other locations of the same skill folded into this hit
	// (exact duplicates); a judged path among them counts for this hit.
	Also []string `json:"also_at,omitempty"`
	// Confidence is the ranker's estimate in [0, 1] that this hit is a
	// good match; 0 when the ranker gives none. Reported, not scored.
	Confidence float64 `json:"confidence,omitempty"`
}

// Answer is a ranker's reply to one query.
type Answer struct {
	Hits []Hit // at most k, best first
	// NoGoodMatch is the ranker's verdict that nothing it holds fits the
	// query (it still returns its closest hits). An answer without hits
	// counts as flagged.
	NoGoodMatch bool
}

// Ranker answers a query with at most k hits, best first. Errors abort Run.
type Ranker func(ctx context.Context, query string, k int) (Answer, error)

// Options tunes Run. The zero value is usable.
type Options struct {
	// K is the number of hits asked for and scored; 0 means DefaultK.
	K int
	// Group maps a skill path to the identity of its content, e.g. the
	// SHA-256 of its SKILL.md, so that byte-identical copies of a judged
	// skill count as that skill and a ranker gains nothing from listing
	// the same content twice. nil means every path is its own group.
	Group func(id string) string
}

// RankedHit is one hit of a query's result with its judged grade.
type RankedHit struct {
	Rank       int      `json:"rank"` // 1-based
	ID         string   `json:"id"`
	Score      float64  `json:"score"`
	Confidence float64  `json:"confidence,omitempty"`
	Grade      int      `json:"grade"` // GradeNone, GradeAcceptable or GradeExpected
	Also       []string `json:"also_at,omitempty"`
}

// QueryResult is the outcome of one query.
type QueryResult struct {
	Query string `json:"query"`
	// Rank is the 1-based rank of the first expected skill; 0 when none
	// is in the top K.
	Rank int `json:"rank"`
	// NDCG is this query's nDCG@K in [0, 1].
	NDCG float64 `json:"ndcg"`
	// Hits are the ranker's top K, graded.
	Hits []RankedHit `json:"hits"`
	// Expected are the judged paths, for reports.
	Expected []string `json:"expected"`
	// Category is the query's category ("" when the file has none).
	Category string `json:"category,omitempty"`
	// NoAnswer is true for a query no skill fits (Query.NoAnswer); Rank
	// and NDCG are then 0 and it is left out of Metrics.
	NoAnswer bool `json:"no_answer,omitempty"`
	// NoGoodMatch is the ranker's verdict (Answer.NoGoodMatch, or no hits).
	NoGoodMatch bool `json:"no_good_match"`
}

// Above returns the hits ranked above the first expected skill: all of
// them when no expected skill is in the top K.
func (q *QueryResult) Above() []RankedHit {
	if q.Rank == 0 {
		return q.Hits
	}
	return q.Hits[:q.Rank-1]
}

// Metrics summarises a run. Recall@k is the fraction of queries with an
// expected skill in the top k (success@k: expected skills are
// alternatives, one is enough). MRR averages 1/rank of the first expected
// skill, 0 beyond K. NDCG10 averages nDCG@K with gain 2^grade-1 (3 for an
// expected skill, 1 for an acceptable one) and log2(rank+1) discount; the
// ideal ranking lists every distinct judged skill by grade.
type Metrics struct {
	Queries  int     `json:"queries"`
	Hits1    int     `json:"hits_at_1"`
	Hits3    int     `json:"hits_at_3"`
	Hits10   int     `json:"hits_at_10"`
	Recall1  float64 `json:"recall_at_1"`
	Recall3  float64 `json:"recall_at_3"`
	Recall10 float64 `json:"recall_at_10"`
	MRR      float64 `json:"mrr"`
	NDCG10   float64 `json:"ndcg_at_10"`
}

// CategoryMetrics are the Metrics of the queries of one category.
type CategoryMetrics struct {
	Category string  `json:"category"`
	Metrics  Metrics `json:"metrics"`
}

// Abstention measures how well a ranker says "nothing fits": Flagged of the
// NoAnswer queries it answered NoGoodMatch (higher is better), and
// WronglyFlagged of the queries whose first hit is an expected skill that it
// flagged all the same (lower is better).
type Abstention struct {
	NoAnswer       int     `json:"no_answer_queries"`
	Flagged        int     `json:"no_answer_flagged"`
	FlaggedRate    float64 `json:"no_answer_flagged_rate"` // Flagged / NoAnswer; 0 when there are none
	CorrectFirst   int     `json:"correct_first"`          // answerable queries with an expected skill first
	WronglyFlagged int     `json:"correct_first_flagged"`
	WrongRate      float64 `json:"correct_first_flagged_rate"` // WronglyFlagged / CorrectFirst
}

// Report is the outcome of Run for one ranker.
type Report struct {
	// Metrics cover the queries some skill fits (NoAnswer queries left out).
	Metrics Metrics `json:"metrics"`
	// Categories holds Metrics per Query.Category in the order categories
	// first appear; NoAnswer and "" are left out. Empty when no query has
	// a category.
	Categories []CategoryMetrics `json:"categories"`
	Abstention Abstention        `json:"abstention"`
	// Reliability is the calibration of the first hit's Confidence over
	// all queries, NoAnswer ones included (see Reliability).
	Reliability []ReliabilityBin `json:"reliability"`
	Results     []QueryResult    `json:"results"`
}

// Misses returns the results whose first expected skill is not at rank 1,
// in query order.
func (r *Report) Misses() []QueryResult {
	var out []QueryResult
	for _, q := range r.Results {
		if q.Rank != 1 && !q.NoAnswer {
			out = append(out, q)
		}
	}
	return out
}

// Run asks rank for the top K hits of every query and scores them against
// the judgments: Metrics over all queries some skill fits, per category,
// and abstention. A ranker error is returned wrapped with the query.
func Run(ctx context.Context, rank Ranker, qs []Query, opts *Options) (*Report, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.K <= 0 {
		o.K = DefaultK
	}
	if o.Group == nil {
		o.Group = func(id string) string { return id }
	}
	rep := &Report{Results: make([]QueryResult, 0, len(qs)), Categories: []CategoryMetrics{}}
	all := &acc{}
	byCat := map[string]*acc{}
	var cats []string
	ab := &rep.Abstention
	for _, q := range qs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ans, err := rank(ctx, q.Text, o.K)
		if err != nil {
			return nil, fmt.Errorf("eval: query %q: %w", q.Text, err)
		}
		flagged := ans.NoGoodMatch || len(ans.Hits) == 0
		if q.NoAnswer() {
			res := QueryResult{Query: q.Text, Category: q.Category, NoAnswer: true, NoGoodMatch: flagged,
				Hits: Score(q, ans.Hits, o.K, o.Group).Hits, Expected: []string{}}
			rep.Results = append(rep.Results, res)
			ab.NoAnswer++
			if flagged {
				ab.Flagged++
			}
			continue
		}
		res := Score(q, ans.Hits, o.K, o.Group)
		res.Category, res.NoGoodMatch = q.Category, flagged
		rep.Results = append(rep.Results, res)
		all.add(res)
		if q.Category != "" {
			a := byCat[q.Category]
			if a == nil {
				a = &acc{}
				byCat[q.Category] = a
				cats = append(cats, q.Category)
			}
			a.add(res)
		}
		if res.Rank == 1 {
			ab.CorrectFirst++
			if flagged {
				ab.WronglyFlagged++
			}
		}
	}
	rep.Metrics = all.metrics()
	for _, c := range cats {
		rep.Categories = append(rep.Categories, CategoryMetrics{Category: c, Metrics: byCat[c].metrics()})
	}
	if ab.NoAnswer > 0 {
		ab.FlaggedRate = float64(ab.Flagged) / float64(ab.NoAnswer)
	}
	if ab.CorrectFirst > 0 {
		ab.WrongRate = float64(ab.WronglyFlagged) / float64(ab.CorrectFirst)
	}
	rep.Reliability = Reliability(rep.Results)
	return rep, nil
}

// acc accumulates Metrics over query results.
type acc struct {
	m        Metrics
	rr, ndcg float64
}

func (a *acc) add(res QueryResult) {
	a.m.Queries++
	if res.Rank > 0 {
		a.rr += 1 / float64(res.Rank)
		a.m.Hits10++
		if res.Rank <= 3 {
			a.m.Hits3++
		}
		if res.Rank == 1 {
			a.m.Hits1++
		}
	}
	a.ndcg += res.NDCG
}

func (a *acc) metrics() Metrics {
	m := a.m
	if n := float64(m.Queries); n > 0 {
		m.Recall1 = float64(m.Hits1) / n
		m.Recall3 = float64(m.Hits3) / n
		m.Recall10 = float64(m.Hits10) / n
		m.MRR = a.rr / n
		m.NDCG10 = a.ndcg / n
	}
	return m
}

// Score grades one query's hits against its judgments at depth k (hits
// beyond k are ignored; k <= 0 means DefaultK). group maps a path to its content identity (see
// Options.Group); it must not be nil. Each judged skill is credited once:
// a later hit with the same content, or already listed in an earlier hit's
// Also, earns no gain and is not the first expected rank.
func Score(q Query, hits []Hit, k int, group func(string) string) QueryResult {
	if k <= 0 {
		k = DefaultK
	}
	if len(hits) > k {
		hits = hits[:k]
	}
	judged := map[string]int{} // group -> grade
	for _, p := range q.Acceptable {
		judged[group(p)] = GradeAcceptable
	}
	for _, p := range q.Expected {
		judged[group(p)] = GradeExpected
	}
	// Groups folded into one hit are one skill for the ideal ranking too.
	uf := unionFind{}
	credited := map[string]bool{}
	res := QueryResult{Query: q.Text, Hits: make([]RankedHit, 0, len(hits)), Expected: q.Expected}
	var dcg float64
	for i, h := range hits {
		gs := []string{group(h.ID)}
		for _, a := range h.Also {
			gs = append(gs, group(a))
		}
		grade := GradeNone
		for _, g := range gs {
			uf.union(gs[0], g)
			if !credited[g] {
				grade = max(grade, judged[g])
			}
		}
		for _, g := range gs {
			credited[g] = true
		}
		res.Hits = append(res.Hits, RankedHit{Rank: i + 1, ID: h.ID, Score: h.Score, Confidence: h.Confidence, Grade: grade, Also: h.Also})
		if grade == GradeExpected && res.Rank == 0 {
			res.Rank = i + 1
		}
		dcg += gain(grade) / math.Log2(float64(i+2))
	}
	// Ideal: one item per distinct judged skill (duplicates the ranker
	// folded together merged), best grade first, cut to the same depth.
	best := map[string]int{}
	for g, grade := range judged {
		root := uf.find(g)
		best[root] = max(best[root], grade)
	}
	grades := make([]int, 0, len(best))
	for _, g := range best {
		grades = append(grades, g)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(grades)))
	var idcg float64
	for i, g := range grades {
		if i == k {
			break
		}
		idcg += gain(g) / math.Log2(float64(i+2))
	}
	if idcg > 0 {
		res.NDCG = dcg / idcg
	}
	return res
}

// gain is the nDCG gain of a grade: 2^grade - 1.
func gain(grade int) float64 { return float64(int(1)<<grade - 1) }

// unionFind merges content groups that a ranker returned as one hit.
type unionFind map[string]string

func (u unionFind) find(x string) string {
	for {
		p, ok := u[x]
		if !ok || p == x {
			return x
		}
		u[x] = u[p] // path halving
		x = p
	}
}

func (u unionFind) union(a, b string) {
	ra, rb := u.find(a), u.find(b)
	if ra != rb {
		u[rb] = ra
	}
}
