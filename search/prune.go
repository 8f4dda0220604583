package search

import (
	"fmt"
	"math/bits"
	"sort"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
	segment "github.com/blevesearch/scorch_segment_api/v2"
)

// Top-k pruning (MaxScore, Turtle and Flood 1995).
//
// A query of common words matches thousands of documents, and only the
// best ten are returned. Once ten are kept, a document scoring no more
// than the tenth cannot enter (a later document loses a tie). execute
// bounds what each clause can add to a score, and once the clauses with
// the smallest bounds cannot lift a document past the tenth even all
// together, they stop driving the iteration ("lazy" clauses): only the
// documents of the other clauses are candidates. A candidate whose
// clauses so far, plus the bounds of all lazy clauses, cannot pass the
// tenth is dropped at once (canEnter); the others have their lazy
// clauses advanced to them and are scored in full. So every document
// that could enter is scored exactly as without pruning
// (TestPruneMatchesFull compares the two, bit for bit). Total, which the
// pruned loop cannot count, is counted before it from the union of the
// clauses' posting bitmaps (unionCount).
//
// Bounds under our ranking (plan.scoreOf): a BM25 clause scores
// idf*tf*k1/(tf + k1*norm) * weight, below U = k1*idf*weight for any term
// frequency and field length. A term adds best + tie*rest of its matched
// clauses, at most the sum of their scores (0 <= tie <= 1), times the body
// bonus when all it matched is body text (at most 1 + bodyMulti*(K-1) for
// the K terms with body clauses; a body clause's bound includes it). A
// document's coverage is at most the summed weights of the terms of the
// clauses it matched over the total weight. So a set of clauses N, the
// exact-name clause not among it (it has no coverage factor and is never
// lazy), gives at most bound(N) = sum of U * (weights/total)^coverageExp.

// boundSlack widens bounds against rounding: a bound is computed in
// another order than the score it bounds.
const boundSlack = 1 + 1e-9

// maxScore is the pruning state of one execution.
type maxScore struct {
	units   []int     // the prunable clauses (all but the exact-name one), ascending bound
	ub      []float64 // per unit, its bound alone
	w       []float64 // per unit, the coverage weight of its term
	bound   []float64 // bound[j]: bound of the first j+1 units together
	next    int       // units before it are pruned
	counted []int     // the clauses whose union is Total
	bonus   float64   // the largest body bonus
	// sumUB[k] and sumW[k] are the summed bounds and coverage weights
	// of the first k units.
	sumUB, sumW []float64
}

// newMaxScore prepares pruning of p's execution over the clauses ps, or
// returns nil when the tuning or the clauses give no safe bound (tf-idf
// clauses, tie outside [0, 1], negative weights) or when Total cannot be
// counted apart (count with a positive minScore: it needs every score).
func newMaxScore(p *plan, ps []postings, tune *tuning, count bool, minScore float64) *maxScore {
	if tune.tie < 0 || tune.tie > 1 || tune.bodyMulti < 0 || tune.coverageExp < 0 || p.totalWeight < 0 {
		return nil
	}
	if count && minScore > 0 {
		return nil
	}
	var bodyTerms uint64
	for i := range ps {
		c := &ps[i]
		if c.avgDL <= 0 || c.idf < 0 || c.qw < 0 {
			return nil
		}
		if t := p.clauses[i].term; t >= 0 && p.clauses[i].field == fieldBody {
			bodyTerms |= 1 << uint(t)
		}
	}
	for _, w := range p.weights {
		if w < 0 {
			return nil
		}
	}
	bonus := tune.bodyBonus(bits.OnesCount64(bodyTerms &^ p.fb))
	type unit struct {
		clause int
		bound  float64
	}
	var us []unit
	for i := range ps {
		t := p.clauses[i].term
		if t < 0 {
			continue // the exact-name clause is never pruned
		}
		b := bsearch.BM25_k1 * ps[i].idf * ps[i].qw
		if p.clauses[i].field == fieldBody && p.fb&(1<<uint(t)) == 0 {
			b *= bonus
		}
		us = append(us, unit{i, b})
	}
	sort.SliceStable(us, func(a, b int) bool { return us[a].bound < us[b].bound })
	m := &maxScore{bonus: bonus, sumUB: []float64{0}, sumW: []float64{0}}
	var sum, w float64
	for _, u := range us {
		m.units = append(m.units, u.clause)
		m.ub = append(m.ub, u.bound)
		m.w = append(m.w, p.weights[p.clauses[u.clause].term])
		sum += u.bound
		w += p.weights[p.clauses[u.clause].term]
		m.sumUB = append(m.sumUB, sum)
		m.sumW = append(m.sumW, w)
		b := sum
		if tune.coverageExp != 0 && p.totalWeight != 0 {
			b *= tune.coverage(min(w/p.totalWeight, 1))
		}
		m.bound = append(m.bound, b*boundSlack)
	}
	// Total: with count (feedback terms in the plan, minScore 0) only the
	// documents scoring above 0, those matching a clause that gives
	// coverage (or any clause when coverage is off); else every match.
	for i := range ps {
		t := p.clauses[i].term
		if !count || t < 0 || tune.coverageExp == 0 || p.totalWeight == 0 || p.weights[t] > 0 {
			m.counted = append(m.counted, i)
		}
	}
	return m
}

// raise takes the new entry threshold (the lowest score kept: a document
// must score above it) and returns the clauses that stop driving the
// iteration: those of the units whose bound, together with the units
// pruned before, is at most the threshold.
func (m *maxScore) raise(threshold float64) []int {
	var moved []int
	for m.next < len(m.units) && m.bound[m.next] <= threshold {
		moved = append(moved, m.units[m.next])
		m.next++
	}
	return moved
}

// known is what the clauses looked at so far add to a document's bound:
// scores holds their scores (matched: those it matched, ascending); sum
// is its terms as scoreOf adds them (a body-only term at the largest
// bonus, since more body-only terms may come), w their coverage weight,
// exact whether the exact-name clause matched.
func (m *maxScore) known(p *plan, scores []float64, matched []int, tie float64) (sum, w float64, exact bool) {
	var best, rest [maxTerms]float64
	var seen, metaSeen uint64
	for _, i := range matched {
		s := scores[i]
		c := &p.clauses[i]
		if c.term < 0 {
			exact = true
			sum += s
			continue
		}
		bit := uint64(1) << uint(c.term)
		seen |= bit
		if c.field != fieldBody {
			metaSeen |= bit
		}
		if s > best[c.term] {
			rest[c.term] += best[c.term]
			best[c.term] = s
		} else {
			rest[c.term] += s
		}
	}
	for x := seen; x != 0; x &= x - 1 {
		t := bits.TrailingZeros64(x)
		v := best[t] + tie*rest[t]
		if (metaSeen|p.fb)&(1<<uint(t)) == 0 {
			v *= m.bonus
		}
		sum += v
		w += p.weights[t]
	}
	return sum, w, exact
}

// canEnter reports whether a document may score above threshold once its
// first k lazy clauses (the units of smallest bound) are known, given
// what the others added (known): their sum plus the bounds of the k,
// times the coverage of all.
func (m *maxScore) canEnter(p *plan, tune *tuning, sum, w float64, exact bool, threshold float64, k int) bool {
	sum += m.sumUB[k]
	if !exact && tune.coverageExp != 0 && p.totalWeight != 0 {
		sum *= tune.coverage(min((w+m.sumW[k])/p.totalWeight, 1))
	}
	return sum*boundSlack > threshold
}

// unionCount counts the documents matching any of the clauses (indices
// into p's clauses and ps) from the union of their posting bitmaps, segment
// by segment, without iterating them. ok is false when r is not a scorch
// snapshot of zap segments.
func unionCount(r index.IndexReader, p *plan, clauses []int) (n uint64, ok bool, err error) {
	snap, isSnap := r.(*scorch.IndexSnapshot)
	if !isSnap {
		return 0, false, nil
	}
	for _, ss := range snap.Segments() {
		seg, del := ss.Segment(), ss.Deleted()
		var bms []*roaring.Bitmap
		var one []uint32
		for _, i := range clauses {
			tq := p.q.Disjuncts[i].(*query.TermQuery)
			dict, err := seg.Dictionary(tq.FieldVal)
			if err != nil {
				return 0, false, fmt.Errorf("search: %w", err)
			}
			pl, err := dict.PostingsList([]byte(tq.Term), del, nil)
			if err != nil {
				return 0, false, fmt.Errorf("search: %w", err)
			}
			if pl == nil {
				continue
			}
			o, isOpt := pl.Iterator(false, false, false, nil).(segment.OptimizablePostingsIterator)
			if !isOpt {
				return 0, false, nil
			}
			if d, is1 := o.DocNum1Hit(); is1 {
				one = append(one, uint32(d))
			} else if bm := o.ActualBitmap(); bm != nil {
				bms = append(bms, bm)
			}
		}
		switch {
		case len(bms) == 0:
			u := roaring.New()
			u.AddMany(one)
			n += u.GetCardinality()
		case len(bms) == 1 && len(one) == 0:
			n += bms[0].GetCardinality()
		default:
			u := roaring.FastOr(bms...)
			u.AddMany(one)
			n += u.GetCardinality()
		}
	}
	return n, true, nil
}
