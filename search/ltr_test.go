package search

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/search/eval"
	"github.com/skilldex/skilldex/search/internal/engine"
)

// ltrDepth is how many of the ranked hits a learned reranker reorders.
const ltrDepth = 20

// ltrQuery is one answerable development query's ranked hits with their
// reranking features and labels (1 expected, 0 not, -1 acceptable).
type ltrQuery struct {
	file  string
	cat   string
	text  string
	x     [][]float64
	label []int
}

// ltrFeats computes the reranking features of the hits (ranked) of plan
// p: every signal the score is made of, apart: ln(score / best score),
// the query-word score over the best one, Confidence's three coverages,
// the shares of the clause scores from name, description, tags, body and
// expansions (feedback, co-occurrence), an exact
// name match, ln(1 + rank), the margin to the next hit, and ln(query
// terms) times coverage, name share and body share (long queries may
// want them weighed otherwise).
func ltrFeats(p *plan, hits []engine.Hit, tune *tuning) [][]float64 {
	if len(hits) == 0 {
		return nil
	}
	qs := p.queryScores(hits, tune)
	top, topq := max(hits[0].Score, 1e-6), 1e-6
	for _, s := range qs {
		topq = max(topq, s)
	}
	lnTerms := math.Log(float64(max(len(p.terms)-bits.OnesCount64(p.fb), 1)))
	out := make([][]float64, len(hits))
	for i, h := range hits {
		var part [5]float64 // name, description, tags, body, expansion
		exact := 0.0
		var sum float64
		for k, s := range h.Scores {
			if s == 0 {
				continue
			}
			c := p.clauses[k]
			sum += s
			switch {
			case c.term < 0:
				exact = 1
			case p.fb&(1<<uint(c.term)) != 0:
				part[4] += s
			case c.field == engine.FieldName:
				part[0] += s
			case c.field == engine.FieldDescription:
				part[1] += s
			case c.field == engine.FieldTags:
				part[2] += s
			default:
				part[3] += s
			}
		}
		if sum > 0 {
			for k := range part {
				part[k] /= sum
			}
		}
		f := p.features(h.Scores, qs[i])
		margin := 1.0
		if i+1 < len(hits) && hits[i+1].Score > 0 {
			margin = min(math.Log(h.Score/hits[i+1].Score), 1)
		}
		out[i] = []float64{
			math.Log(max(h.Score, 1e-6) / top),
			qs[i] / topq,
			f.cov, f.metaCov, f.nameCov,
			part[0], part[1], part[2], part[3], part[4],
			exact,
			math.Log(1 + float64(i)),
			margin,
			lnTerms * f.cov,
			lnTerms * part[0],
			lnTerms * part[3],
		}
	}
	return out
}

// ltrRows runs every development set (never the held-out one) and returns
// its answerable queries' top ltrDepth hits with features and labels.
func ltrRows(t *testing.T, ix *Index, group func(string) string, docs []Doc) []ltrQuery {
	byID := make(map[string]*Doc, len(docs))
	for i := range docs {
		byID[docs[i].ID] = &docs[i]
	}
	var last [][]float64
	var lastIDs []string
	rankTap = func(p *plan, hits []engine.Hit) {
		hs := hits[:min(len(hits), ltrDepth)]
		last = ltrFeats(p, hs, &ix.tune)
		lastIDs = lastIDs[:0]
		for i, h := range hs {
			lastIDs = append(lastIDs, h.ID)
			// The skill's own shape, which no score sees: its description's
			// and body's lengths in words, its name's words, and whether it
			// sits in another skill's references/ folder.
			d := byID[h.ID]
			ref := 0.0
			if strings.Contains(h.ID, "/references/") {
				ref = 1
			}
			last[i] = append(last[i], math.Log(1+float64(len(strings.Fields(d.Description)))),
				math.Log(1+float64(len(strings.Fields(d.Body)))), float64(len(strings.Split(d.Name, "-"))), ref)
		}
	}
	defer func() { rankTap = nil }()
	var out []ltrQuery
	for _, f := range allQueryFiles {
		qs, err := eval.LoadQueries(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range qs {
			if q.NoAnswer() {
				continue
			}
			last, lastIDs = nil, nil
			if _, err := ix.Search(context.Background(), Request{Query: q.Text, Limit: ltrDepth}); err != nil {
				t.Fatal(err)
			}
			lq := ltrQuery{file: filepath.Base(f), cat: q.Category, text: q.Text, x: last}
			exp, acc := map[string]bool{}, map[string]bool{}
			for _, e := range q.Expected {
				exp[group(e)] = true
			}
			for _, e := range q.Acceptable {
				acc[group(e)] = true
			}
			for _, id := range lastIDs {
				g := group(id)
				switch {
				case exp[g] || exp[id]:
					lq.label = append(lq.label, 1)
				case acc[g] || acc[id]:
					lq.label = append(lq.label, -1)
				default:
					lq.label = append(lq.label, 0)
				}
			}
			out = append(out, lq)
		}
	}
	return out
}

// ltrFit fits a linear pairwise (RankNet-style) model on qs: every
// (expected, not expected) pair of a query's hits, each query weighing 1.
func ltrFit(qs []ltrQuery, l2 float64) []float64 {
	var x [][]float64
	var y, wt []float64
	for _, q := range qs {
		var pos, neg []int
		for i, l := range q.label {
			switch l {
			case 1:
				pos = append(pos, i)
			case 0:
				neg = append(neg, i)
			}
		}
		if len(pos) == 0 || len(neg) == 0 {
			continue
		}
		w := 1 / float64(len(pos)*len(neg))
		for _, a := range pos {
			for _, b := range neg {
				d := make([]float64, len(q.x[a]))
				e := make([]float64, len(q.x[a]))
				for k := range d {
					d[k] = q.x[a][k] - q.x[b][k]
					e[k] = -d[k]
				}
				x = append(x, d, e)
				y = append(y, 1, 0)
				wt = append(wt, w, w)
			}
		}
	}
	return fitWeighted(x, y, wt, l2)
}

// ltrRank is the 1-based rank of q's first expected hit after reordering
// by w (nil: the engine's order), 0 when none is in the hits.
func ltrRank(q ltrQuery, w []float64) int {
	order := make([]int, len(q.x))
	s := make([]float64, len(q.x))
	for i := range order {
		order[i] = i
		if w != nil {
			for k, v := range q.x[i] {
				s[i] += w[k+1] * v
			}
		}
	}
	if w != nil {
		slices.SortStableFunc(order, func(a, b int) int {
			switch {
			case s[a] > s[b]:
				return -1
			case s[a] < s[b]:
				return 1
			}
			return 0
		})
	}
	for r, i := range order {
		if q.label[i] == 1 {
			return r + 1
		}
	}
	return 0
}

// ltrTally counts hits@1/3/10 and sums reciprocal ranks.
type ltrTally struct {
	n, h1, h3, h10 int
	rr             float64
}

func (t *ltrTally) add(rank int) {
	t.n++
	if rank >= 1 {
		t.rr += 1 / float64(rank)
	}
	if rank == 1 {
		t.h1++
	}
	if rank >= 1 && rank <= 3 {
		t.h3++
	}
	if rank >= 1 && rank <= 10 {
		t.h10++
	}
}

func (t ltrTally) String() string {
	return fmt.Sprintf("%d/%d/%d of %d MRR %.3f", t.h1, t.h3, t.h10, t.n, t.rr/float64(max(t.n, 1)))
}

// TestLearnedRerank measures a learned linear reranker of the top hits
// (SKILLDEX_LTR=1): fitted on every development set but one and measured
// on the one left out, per set, against the engine's own order. It
// measures, it does not check.
func TestLearnedRerank(t *testing.T) {
	if os.Getenv("SKILLDEX_LTR") == "" {
		t.Skip("set SKILLDEX_LTR=1 to measure the learned reranker")
	}
	docs := corpusDocs(t)
	ix := openMem(t, docs...)
	rows := ltrRows(t, ix, contentGroup(docs), docs)
	files := []string{}
	for _, q := range rows {
		if !slices.Contains(files, q.file) {
			files = append(files, q.file)
		}
	}
	for _, l2 := range []float64{0.001, 0.01, 0.1, 1} {
		var baseAll, ltrAll ltrTally
		var b strings.Builder
		for _, f := range files {
			var train, test []ltrQuery
			for _, q := range rows {
				if q.file == f {
					test = append(test, q)
				} else {
					train = append(train, q)
				}
			}
			w := ltrFit(train, l2)
			var base, ltr ltrTally
			for _, q := range test {
				rb, rl := ltrRank(q, nil), ltrRank(q, w)
				base.add(rb)
				ltr.add(rl)
				baseAll.add(rb)
				ltrAll.add(rl)
				if os.Getenv("SKILLDEX_LTR") == "v" && rb != rl && l2 == 0.01 {
					fmt.Fprintf(&b, "    %s %s %d -> %d %q\n", f, q.cat, rb, rl, q.text)
				}
			}
			fmt.Fprintf(&b, "  %-22s base %s  ltr %s\n", f, base, ltr)
		}
		w := ltrFit(rows, l2)
		t.Logf("l2 %g: all base %s  ltr %s\n%s  weights (all sets) %.3f", l2, baseAll, ltrAll, b.String(), w)
	}
}
