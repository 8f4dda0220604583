package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"

	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/blevesearch/bleve/v2/search/scorer"
	"github.com/blevesearch/bleve/v2/search/searcher"
	index "github.com/blevesearch/bleve_index_api"
)

// Query execution.
//
// A plan is a disjunction of term clauses. bleve runs such a query by
// building a DocumentMatch per matching document with a map of per-clause
// scores (the score breakdown), handing it to its top-N collector, and
// clearing the map again; at 10,000 skills a generated query matches
// ~2,300 documents, and those maps, bleve's disjunction searchers and our
// rescoring of each map were most of a search's CPU (benchmarks/PROFILE.md).
// execute runs the same disjunction itself: one postings iterator per
// clause, merged document at a time, each clause's BM25 score computed as
// bleve's TermQueryScorer does (the same expressions, so the same bits),
// written into a slice indexed by clause, combined by plan.scoreOf, and the
// best limit documents kept in a heap. Scores, the order of hits (ties of
// equal score by internal document number, as bleve's collector breaks
// them) and Total are those of bleve's execution: TestExecuteMatchesBleve
// compares the two on random queries, bit for bit. With tune.prune it
// also skips the documents that cannot enter the best limit (prune.go).

// execHit is one of the best documents of an execution.
type execHit struct {
	id     string
	score  float64
	num    uint64    // internal document number (scorch's global number)
	scores []float64 // per-clause scores, indexed like plan.clauses; 0: no match
}

// execResult is the outcome of execute.
type execResult struct {
	hits  []execHit // best first
	total uint64    // matching documents, or those counted (see Index.run)
	// scored is the number of documents scored: total without pruning
	// (and without counting), fewer with it.
	scored uint64
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
func openClauses(ctx context.Context, r index.IndexReader, p *plan, bm25 *bsearch.BM25Stats) ([]postings, error) {
	ps := make([]postings, len(p.q.Disjuncts))
	weights := make([]float64, len(ps))
	counts := make([]uint64, len(ps))
	for i, d := range p.q.Disjuncts {
		tq, ok := d.(*query.TermQuery)
		if !ok {
			return ps, fmt.Errorf("search: clause %d is a %T, not a term query", i, d)
		}
		tfr, err := r.TermFieldReader(ctx, []byte(tq.Term), tq.FieldVal, true, true, false)
		if err != nil {
			return ps, fmt.Errorf("search: %w", err)
		}
		c := &ps[i]
		c.r = tfr
		count, avgDL, err := bm25Metrics(r, tq.FieldVal, bm25)
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
		w := tq.BoostVal.Value() * c.idf
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
	if p.sqWeight == 0 {
		p.sqWeight = sum
	} else if p.fb != 0 {
		qnorm = 1 / math.Sqrt(p.sqWeight)
	}
	for i, d := range p.q.Disjuncts {
		c := &ps[i]
		c.qw = d.(*query.TermQuery).BoostVal.Value() * c.idf * qnorm
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
type hitHeap []execHit

func (h hitHeap) worse(a, b int) bool {
	return h[a].score < h[b].score || h[a].score == h[b].score && h[a].num > h[b].num
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
// only the documents whose score is above 0 and at least minScore. tune
// is the ranking (plan.scoreOf) and, with tune.prune, lets execute skip
// documents that cannot enter the best limit (see prune.go). It returns
// ctx's error if ctx ends during the run.
func execute(ctx context.Context, r index.IndexReader, p *plan, tune *tuning, bm25 *bsearch.BM25Stats,
	limit int, count bool, minScore float64) (*execResult, error) {
	ps, err := openClauses(ctx, r, p, bm25)
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
	var mx *maxScore
	var total uint64
	if tune.prune && limit > 0 {
		if mx = newMaxScore(p, ps, tune, count, minScore); mx != nil {
			var ok bool
			if total, ok, err = unionCount(r, p, mx.counted); err != nil {
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
		var ksum, kw float64
		var exact bool
		if len(lazy) > 0 {
			ksum, kw, exact = mx.known(p, scores, matched, tune.tie)
		}
		for k := len(lazy) - 1; k >= 0; k-- {
			if !mx.canEnter(p, tune, ksum, kw, exact, hits[0].score, k+1) {
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
				ksum, kw, exact = mx.known(p, scores, matched, tune.tie)
			}
		}
		if drop {
			for _, i := range matched {
				scores[i] = 0
			}
			continue
		}
		s := p.scoreOf(scores, matched, tune, 0)
		seen++
		if mx == nil {
			if !count {
				total++
			} else if s > 0 && s >= minScore {
				total++
			}
		}
		if limit > 0 && (len(hits) < limit || s > hits[0].score) {
			var keep []float64 // reuse the scores of the hit pushed out
			if len(hits) == limit {
				keep = hits[0].scores
			} else {
				keep = make([]float64, n)
			}
			copy(keep, scores)
			h := execHit{score: s, num: doc, scores: keep}
			if len(hits) == limit {
				hits[0] = h
				hits.down(0)
			} else {
				hits = append(hits, h)
				hits.up(len(hits) - 1)
			}
			if mx != nil && len(hits) == limit {
				if moved := mx.raise(hits[0].score); len(moved) > 0 {
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
		id = index.NewIndexInternalID(id, hits[i].num)
		ext, err := r.ExternalID(id)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return nil, err
			}
			return nil, fmt.Errorf("search: %w", err)
		}
		hits[i].id = ext
	}
	return &execResult{hits: hits, total: total, scored: seen}, nil
}
