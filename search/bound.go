package search

import (
	"math/bits"
	"sort"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// planScorer is the ranking as the engine executes it: plan.scoreOf
// combines a document's clause scores, and maxScore bounds them for the
// engine's MaxScore pruning (search/internal/engine/prune.go).
//
// Bounds under our ranking (plan.scoreOf): the engine bounds each clause
// alone (U, at most k1*idf*weight under BM25). A term adds best +
// tie*rest of its matched clauses, at most the sum of their scores (0 <=
// tie <= 1), times the body bonus when all it matched is body text (at
// most 1 + bodyMulti*(K-1) for the K terms with body clauses; a body
// clause's bound includes it). A document's coverage is at most the
// summed weights of the terms of the clauses it matched over the total
// weight. So a set of clauses N, the exact-name clause not among it (it
// has no coverage factor and is never lazy), gives at most bound(N) = sum
// of U * (weights/total)^coverageExp.
type planScorer struct {
	p    *plan
	tune *tuning
}

// Score implements engine.Scorer.
func (s *planScorer) Score(scores []float64, matched []int) float64 {
	return s.p.scoreOf(scores, matched, s.tune, 0)
}

// Pruner implements engine.Scorer: nil without tune.prune or when the
// tuning gives no safe bound.
func (s *planScorer) Pruner(bounds []float64) engine.Pruner {
	if !s.tune.prune {
		return nil
	}
	if m := newMaxScore(s.p, bounds, s.tune); m != nil {
		return m
	}
	return nil
}

// boundSlack widens bounds against rounding: a bound is computed in
// another order than the score it bounds.
const boundSlack = 1 + 1e-9

// maxScore is the pruning state of one execution (an engine.Pruner).
type maxScore struct {
	p       *plan
	tune    *tuning
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

// newMaxScore prepares pruning of p's execution, given each clause's
// bound alone, or returns nil when the tuning gives no safe bound (tie
// outside [0, 1], negative weights).
func newMaxScore(p *plan, bounds []float64, tune *tuning) *maxScore {
	if tune.tie < 0 || tune.tie > 1 || tune.bodyMulti < 0 || tune.coverageExp < 0 || p.totalWeight < 0 {
		return nil
	}
	var bodyTerms uint64
	for i := range bounds {
		if t := p.clauses[i].term; t >= 0 && p.clauses[i].field == engine.FieldBody {
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
	for i := range bounds {
		t := p.clauses[i].term
		if t < 0 {
			continue // the exact-name clause is never pruned
		}
		b := bounds[i]
		if p.clauses[i].field == engine.FieldBody && p.fb&(1<<uint(t)) == 0 {
			b *= bonus
		}
		us = append(us, unit{i, b})
	}
	sort.SliceStable(us, func(a, b int) bool { return us[a].bound < us[b].bound })
	m := &maxScore{p: p, tune: tune, bonus: bonus, sumUB: []float64{0}, sumW: []float64{0}}
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
	// Total: with feedback terms in the plan (the engine counts, minScore
	// 0) only the documents scoring above 0, those matching a clause that
	// gives coverage (or any clause when coverage is off); else every
	// match.
	count := p.fb != 0
	for i := range bounds {
		t := p.clauses[i].term
		if !count || t < 0 || tune.coverageExp == 0 || p.totalWeight == 0 || p.weights[t] > 0 {
			m.counted = append(m.counted, i)
		}
	}
	return m
}

// Counted implements engine.Pruner.
func (m *maxScore) Counted() []int { return m.counted }

// Raise implements engine.Pruner: the clauses that stop driving the
// iteration are those of the units whose bound, together with the units
// pruned before, is at most the threshold.
func (m *maxScore) Raise(threshold float64) []int {
	var moved []int
	for m.next < len(m.units) && m.bound[m.next] <= threshold {
		moved = append(moved, m.units[m.next])
		m.next++
	}
	return moved
}

// Known implements engine.Pruner: what the clauses looked at so far add
// to a document's bound. scores holds their scores (matched: those it
// matched, ascending); Sum is its terms as scoreOf adds them (a body-only
// term at the largest bonus, since more body-only terms may come), Weight
// their coverage weight, Exact whether the exact-name clause matched.
func (m *maxScore) Known(scores []float64, matched []int) engine.Partial {
	p, tie := m.p, m.tune.tie
	var sum, w float64
	var exact bool
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
		if c.field != engine.FieldBody {
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
	return engine.Partial{Sum: sum, Weight: w, Exact: exact}
}

// CanEnter implements engine.Pruner: whether a document may score above
// threshold once its first k lazy clauses (the units of smallest bound)
// are known, given what the others added (known): their sum plus the
// bounds of the k, times the coverage of all.
func (m *maxScore) CanEnter(known engine.Partial, threshold float64, k int) bool {
	p, tune := m.p, m.tune
	sum := known.Sum + m.sumUB[k]
	if !known.Exact && tune.coverageExp != 0 && p.totalWeight != 0 {
		sum *= tune.coverage(min((known.Weight+m.sumW[k])/p.totalWeight, 1))
	}
	return sum*boundSlack > threshold
}
