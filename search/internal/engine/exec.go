package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"

	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/scorer"
	"github.com/blevesearch/bleve/v2/search/searcher"
	index "github.com/blevesearch/bleve_index_api"
)

// Query execution.
//
// A plan is a disjunction of term clauses. bleve runs such a query by
// building a DocumentMatch per matching document with a map of per-clause
// scores (the score breakdown), handing it to its top-N collector, and
// clearing the map again; a query of common words matches a large share
// of a big catalog, and those maps, bleve's disjunction searchers and a
// rescoring of each map were most of a search's CPU.
// execute runs the same disjunction itself: one postings iterator per
// clause, merged document at a time, each clause's BM25 score computed as
// bleve's TermQueryScorer does (the same expressions, so the same bits),
// written into a slice indexed by clause, combined by plan.scoreOf, and the
// best limit documents kept in a heap. Scores, the order of hits (ties of
// equal score by internal document number, as bleve's collector breaks
// them) and Total are those of bleve's execution: TestExecuteMatchesBleve
// compares the two on random queries, bit for bit. With tune.prune it
// also skips the documents that cannot enter the best limit (prune.go).

// Clause is one disjunct of a Query: Term searched in Field, its BM25
// score multiplied by Boost.
type Clause struct {
	Field string
	Term  string // analysed, as Engine.Analyze returns it
	Boost float64
}

// Query is a disjunction of term clauses for Reader.Execute.
type Query struct {
	Clauses []Clause
	// SqWeight is the sum of the clauses' squared weights (boost times
	// IDF) bleve's query norm is 1/sqrt of. 0: Execute computes it and
	// stores it here; once set, it is used again only with KeepNorm (a
	// query extended with clauses that must not lower the others'
	// scores), else recomputed.
	SqWeight float64
	KeepNorm bool
	// BleveStats takes BM25's document count and average field lengths
	// from bleve's own statistics instead of the engine's token counts
	// (see stats.go); for tests that compare the two.
	BleveStats bool
}

// Scorer combines a document's per-clause scores into its score: the
// ranking's policy, which the engine executes.
type Scorer interface {
	// Score is the document's score: scores[i] is clause i's BM25 score
	// (0: no match), matched the matched clauses' indices, ascending.
	Score(scores []float64, matched []int) float64
	// Pruner returns what lets Execute skip documents that cannot enter
	// the best hits, given each clause's bound (its highest possible
	// score), or nil: no pruning (no safe bound under the ranking).
	Pruner(bounds []float64) Pruner
}

// Pruner bounds the scores of documents from the bounds of single
// clauses, for MaxScore pruning (prune.go).
type Pruner interface {
	// Counted lists the clauses whose union of documents is the Total
	// of the execution.
	Counted() []int
	// Raise takes the new entry threshold (the lowest score kept: a
	// document must score above it) and returns the clauses that stop
	// driving the iteration.
	Raise(threshold float64) []int
	// Known sums up what the clauses looked at so far give a document.
	Known(scores []float64, matched []int) Partial
	// CanEnter reports whether a document with k known may score above
	// threshold once its first lazy clauses (the first lazy of those
	// Raise returned, in order) are known too.
	CanEnter(k Partial, threshold float64, lazy int) bool
}

// Partial is a Pruner's account of a document's known clauses.
type Partial struct {
	Sum    float64 // what they add to the score
	Weight float64 // their coverage weight
	Exact  bool    // the exact-name clause matched
}

// Hit is one of the best documents of an execution.
type Hit struct {
	ID     string
	Score  float64
	Num    uint64    // internal document number (scorch's global number): ties break by it
	Scores []float64 // per-clause scores, indexed like Query.Clauses; 0: no match
}

// Result is the outcome of Execute.
type Result struct {
	Hits  []Hit  // best first
	Total uint64 // matching documents, or those counted (see Execute)
	// Scored is the number of documents scored: Total without pruning
	// (and without counting), fewer with it.
	Scored uint64
}

// postings is one clause's iterator and its BM25 parameters.
type postings struct {
	r     index.TermFieldReader
	tfd   index.TermFieldDoc
	id    index.IndexInternalID // buffer for advance
	doc   uint64                // current document number; done when exhausted
	idf   float64               // as bleve's TermQueryScorer.idf
	avgDL float64               // average field length; 0 selects tf-idf (no BM25 stats)
	qw    float64               // query weight: boost * idf * query norm
}

const done = math.MaxUint64

// initialHits caps the room reserved for the best hits up front: a caller
// asking for a million hits of a small index gets the room as hits come
// (as bleve's collector, which reserves at most 1,001).
const initialHits = 1024

// next moves to the clause's next document.
func (c *postings) next() error {
	return c.at(c.r.Next(c.tfd.Reset()))
}

// advance moves to the clause's first document at or after doc, which
// must be after its current one (scorch's reader restarts from the
// beginning when asked to go back).
func (c *postings) advance(doc uint64) error {
	c.id = index.NewIndexInternalID(c.id, doc)
	return c.at(c.r.Advance(c.id, c.tfd.Reset()))
}

// at takes the document a Next or Advance of the clause's reader returned
// (nil: the clause is exhausted).
func (c *postings) at(d *index.TermFieldDoc, err error) error {
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	if d == nil {
		c.doc = done
		return nil
	}
	if len(d.ID) != 8 {
		return fmt.Errorf("search: unexpected internal document id of %d bytes", len(d.ID))
	}
	c.doc = d.ID.Value()
	return nil
}

// score is the clause's score for the current document: the expressions
// of bleve's TermQueryScorer.Score and docScore (bleve 2.6.1), kept in
// the same form so the result is the same float64.
func (c *postings) score() float64 {
	var tf float64
	if c.tfd.Freq < scorer.MaxSqrtCache {
		tf = scorer.SqrtCache[int(c.tfd.Freq)]
	} else {
		tf = math.Sqrt(float64(c.tfd.Freq))
	}
	var score float64
	if c.avgDL > 0 {
		fieldLength := 1 / (c.tfd.Norm * c.tfd.Norm)
		score = c.idf * (tf * bsearch.BM25_k1) /
			(tf + bsearch.BM25_k1*(1-bsearch.BM25_b+(bsearch.BM25_b*fieldLength/c.avgDL)))
	} else {
		score = tf * c.tfd.Norm * c.idf
	}
	if c.qw != 1.0 {
		score = score * c.qw
	}
	return score
}

// byCount orders clause positions by their document frequency, as bleve's
// OrderedPositionalSearcherList orders a disjunction's searchers.
type byCount struct {
	pos   []int
	count []uint64 // indexed by position
}

func (b byCount) Len() int           { return len(b.pos) }
func (b byCount) Less(i, j int) bool { return b.count[i] < b.count[j] }
func (b byCount) Swap(i, j int) {
	b.pos[i], b.pos[j] = b.pos[j], b.pos[i]
	b.count[i], b.count[j] = b.count[j], b.count[i]
}

// openClauses opens one postings iterator per clause of p on r and sets
// their BM25 parameters as bleve's term searchers would under a
// disjunction: bm25 gives the document count and field cardinalities (nil:
// the reader's own, as bleve without PreSearchData), and the query norm is
// 1/sqrt of the clauses' summed squared weights, summed in the order
// bleve's disjunction searcher holds them (sorted by document frequency up
// to searcher.DisjunctionHeapTakeover clauses). The first execution of a
// plan records that sum in p.sqWeight; a plan extended with feedback terms
// keeps the first one's norm (bleve multiplies every clause by the norm,
// so more clauses would lower the query's own scores). The caller closes the
// iterators, also on error.
func openClauses(ctx context.Context, r index.IndexReader, q *Query, bm25 *bsearch.BM25Stats) ([]postings, error) {
	ps := make([]postings, len(q.Clauses))
	weights := make([]float64, len(ps))
	counts := make([]uint64, len(ps))
	for i, tq := range q.Clauses {
		tfr, err := r.TermFieldReader(ctx, []byte(tq.Term), tq.Field, true, true, false)
		if err != nil {
			return ps, fmt.Errorf("search: %w", err)
		}
		c := &ps[i]
		c.r = tfr
		count, avgDL, err := bm25Metrics(r, tq.Field, bm25)
		if err != nil {
			return ps, err
		}
		docTerm := tfr.Count()
		// bleve's TermQueryScorer.computeIDF.
		if avgDL > 0 {
			c.idf = math.Log(1 + (float64(count)-float64(docTerm)+0.5)/
				(float64(docTerm)+0.5))
		} else {
			c.idf = 1.0 + math.Log(float64(count)/
				float64(docTerm+1.0))
		}
		c.avgDL = avgDL
		w := tq.Boost * c.idf
		weights[i] = w * w
		counts[i] = docTerm
	}
	order := make([]int, len(ps))
	for i := range order {
		order[i] = i
	}
	if len(ps) <= searcher.DisjunctionHeapTakeover {
		sort.Sort(byCount{order, counts})
	}
	sum := 0.0
	for _, i := range order {
		sum += weights[i]
	}
	qnorm := 1.0 / math.Sqrt(sum)
	if q.SqWeight == 0 {
		q.SqWeight = sum
	} else if q.KeepNorm {
		qnorm = 1 / math.Sqrt(q.SqWeight)
	}
	for i, tq := range q.Clauses {
		c := &ps[i]
		c.qw = tq.Boost * c.idf * qnorm
	}
	return ps, nil
}

// bm25Metrics is bleve's bm25ScoreMetrics: the document count and the
// average length of field.
func bm25Metrics(r index.IndexReader, field string, stats *bsearch.BM25Stats) (uint64, float64, error) {
	var count uint64
	var card int
	if stats == nil {
		n, err := r.DocCount()
		if err != nil {
			return 0, 0, fmt.Errorf("search: %w", err)
		}
		count = n
		if br, ok := r.(index.BM25Reader); ok {
			if card, err = br.FieldCardinality(field); err != nil {
				return 0, 0, fmt.Errorf("search: %w", err)
			}
		}
	} else {
		count = uint64(stats.DocCount)
		var ok bool
		if card, ok = stats.FieldCardinality[field]; !ok {
			return 0, 0, fmt.Errorf("search: no BM25 field statistics for %s", field)
		}
	}
	if count == 0 && card == 0 {
		return 0, 0, nil
	}
	return count, math.Ceil(float64(card) / float64(count)), nil
}

// clauseHeap orders clause indices by their current document.
type clauseHeap struct {
	h  []int
	ps []postings
}

func (h *clauseHeap) less(a, b int) bool { return h.ps[h.h[a]].doc < h.ps[h.h[b]].doc }

func (h *clauseHeap) init() {
	for i := len(h.h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

// pop removes the root.
func (h *clauseHeap) pop() {
	last := len(h.h) - 1
	h.h[0] = h.h[last]
	h.h = h.h[:last]
	h.down(0)
}

// remove takes the clauses of drop out of the heap.
func (h *clauseHeap) remove(drop []int) {
	keep := h.h[:0]
	for _, i := range h.h {
		if !slices.Contains(drop, i) {
			keep = append(keep, i)
		}
	}
	h.h = keep
	h.init()
}

// insertSorted inserts i into the ascending xs (a document matches few
// clauses: insertion is the cheapest sort).
func insertSorted(xs []int, i int) []int {
	j := len(xs)
	xs = append(xs, i)
	for j > 0 && xs[j-1] > i {
		xs[j] = xs[j-1]
		j--
	}
	xs[j] = i
	return xs
}

func (h *clauseHeap) down(i int) {
	n := len(h.h)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		m := l
		if r := l + 1; r < n && h.less(r, l) {
			m = r
		}
		if !h.less(m, i) {
			return
		}
		h.h[i], h.h[m] = h.h[m], h.h[i]
		i = m
	}
}

// hitHeap keeps the best hits with the worst at the root: lower score, or
// equal score and later document (bleve's collector ranks an earlier
// document first among equal scores).
type hitHeap []Hit

func (h hitHeap) worse(a, b int) bool {
	return h[a].Score < h[b].Score || h[a].Score == h[b].Score && h[a].Num > h[b].Num
}

func (h hitHeap) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !h.worse(i, p) {
			return
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (h hitHeap) down(i int) {
	n := len(h)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		m := l
		if r := l + 1; r < n && h.worse(r, l) {
			m = r
		}
		if !h.worse(m, i) {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// checkEvery is how many documents execute looks at between checks of
// its context (bleve's collector checks every 1,024 too).
const checkEvery = 1024

// execute runs p on r and returns its best limit documents, best first,
// and the number of matching documents; when count is set, total counts
// only the documents whose score is above 0 and at least minScore. sc
// is the ranking, and its Pruner lets execute skip documents that cannot
// enter the best limit (see prune.go). It returns ctx's error if ctx ends
// during the run.
func execute(ctx context.Context, r index.IndexReader, q *Query, sc Scorer, bm25 *bsearch.BM25Stats,
	limit int, count bool, minScore float64) (*Result, error) {
	ps, err := openClauses(ctx, r, q, bm25)
	defer func() {
		for i := range ps {
			if ps[i].r != nil {
				_ = ps[i].r.Close()
			}
		}
	}()
	if err != nil {
		return nil, err
	}
	n := len(ps)
	// The pruned loop does not see every match: Total is counted apart.
	var mx Pruner
	var total uint64
	if bounds := clauseBounds(ps); limit > 0 && bounds != nil && !(count && minScore > 0) {
		// With count and a positive minScore Total needs every score.
		if mx = sc.Pruner(bounds); mx != nil {
			var ok bool
			if total, ok, err = unionCount(r, q, mx.Counted()); err != nil {
				return nil, err
			} else if !ok {
				mx = nil
			}
		}
	}
	ch := clauseHeap{h: make([]int, 0, n), ps: ps}
	for i := range ps {
		if err := ps[i].next(); err != nil {
			return nil, err
		}
		if ps[i].doc != done {
			ch.h = append(ch.h, i)
		}
	}
	ch.init()

	scores := make([]float64, n) // the current document's, zeroed after it
	matched := make([]int, 0, n) // its clauses, in clause order
	hits := make(hitHeap, 0, min(limit, initialHits))
	var seen uint64
	var lazy []int  // clauses that cannot lift a document past the threshold together (maxScore), not in ch
	var iter uint64 // candidates, dropped ones included
	for len(ch.h) > 0 {
		if iter++; iter%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		doc := ps[ch.h[0]].doc
		matched = matched[:0]
		for len(ch.h) > 0 && ps[ch.h[0]].doc == doc {
			i := ch.h[0]
			scores[i] = ps[i].score()
			matched = insertSorted(matched, i)
			if err := ps[i].next(); err != nil {
				return nil, err
			}
			if ps[i].doc == done {
				ch.pop()
			} else {
				ch.down(0)
			}
		}
		// The lazy clauses, largest bound first; before each, whether the
		// document can still enter with the bounds of those left.
		drop := false
		var known Partial
		if len(lazy) > 0 {
			known = mx.Known(scores, matched)
		}
		for k := len(lazy) - 1; k >= 0; k-- {
			if !mx.CanEnter(known, hits[0].Score, k+1) {
				drop = true
				break
			}
			i := lazy[k]
			c := &ps[i]
			if c.doc < doc {
				if err := c.advance(doc); err != nil {
					return nil, err
				}
			}
			if c.doc == doc {
				scores[i] = c.score()
				matched = insertSorted(matched, i)
				known = mx.Known(scores, matched)
			}
		}
		if drop {
			for _, i := range matched {
				scores[i] = 0
			}
			continue
		}
		s := sc.Score(scores, matched)
		seen++
		if mx == nil {
			if !count {
				total++
			} else if s > 0 && s >= minScore {
				total++
			}
		}
		if limit > 0 && (len(hits) < limit || s > hits[0].Score) {
			var keep []float64 // reuse the scores of the hit pushed out
			if len(hits) == limit {
				keep = hits[0].Scores
			} else {
				keep = make([]float64, n)
			}
			copy(keep, scores)
			h := Hit{Score: s, Num: doc, Scores: keep}
			if len(hits) == limit {
				hits[0] = h
				hits.down(0)
			} else {
				hits = append(hits, h)
				hits.up(len(hits) - 1)
			}
			if mx != nil && len(hits) == limit {
				if moved := mx.Raise(hits[0].Score); len(moved) > 0 {
					lazy = append(lazy, moved...)
					ch.remove(moved)
				}
			}
		}
		for _, i := range matched {
			scores[i] = 0
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	sort.Slice(hits, func(a, b int) bool { return hits.worse(b, a) })
	var id index.IndexInternalID
	for i := range hits {
		id = index.NewIndexInternalID(id, hits[i].Num)
		ext, err := r.ExternalID(id)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return nil, err
			}
			return nil, fmt.Errorf("search: %w", err)
		}
		hits[i].ID = ext
	}
	return &Result{Hits: hits, Total: total, Scored: seen}, nil
}

// clauseBounds returns each clause's highest possible score (k1 * idf *
// query weight: a BM25 clause's score approaches it as the term frequency
// grows), or nil when a clause has no such bound: tf-idf scoring (no
// field statistics) or a negative idf or weight.
func clauseBounds(ps []postings) []float64 {
	b := make([]float64, len(ps))
	for i := range ps {
		c := &ps[i]
		if c.avgDL <= 0 || c.idf < 0 || c.qw < 0 {
			return nil
		}
		b[i] = bsearch.BM25_k1 * c.idf * c.qw
	}
	return b
}
