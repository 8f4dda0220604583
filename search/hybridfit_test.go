package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/skilldex/skilldex/internal/embed"
	"github.com/skilldex/skilldex/internal/embed/embedtest"
	"github.com/skilldex/skilldex/search/eval"
)

// hybridRow is one development query's first hit of a hybrid search, for
// the hybrid confidence fit.
type hybridRow struct {
	q, rank int                   // the query (its index over every set) and the hit's place, from 0
	in      [hybridInputs]float64 // hybridFeatures.inputs
	lexConf float64               // the lexical Confidence as fuse gave it before (0 when semOnly)
	id      string                // the hit
	conf    float64               // its Confidence as served
	ngm     bool                  // Result.NoGoodMatch
	label   float64
	none    bool
	file    string
}

// fixedModel names the test model without the server's port, so an
// embedding cache (SKILLDEX_EMBED_CACHE) serves one run after another.
type fixedModel struct{ *embed.Client }

func (fixedModel) Model() string { return embedtest.Model + "@embedtest" }

// embedTextOf is what index/semantic.go's embedText makes of a skill: its
// name, words apart, and its description, at most 2 KB.
func embedTextOf(d Doc) string {
	t := strings.NewReplacer("-", " ", "_", " ").Replace(d.Name) + ". " + d.Description
	if len(t) > 2048 {
		t = t[:2048]
		for !utf8.ValidString(t) {
			t = t[:len(t)-1]
		}
	}
	return t
}

// hybridDevRows embeds the corpus and every development set (allQueryFiles;
// never the held-out ones) with the test model, searches each query with
// the semantic stage as the catalog does (the 30 nearest skills), and
// returns the first hit of each query that has hits.
func hybridDevRows(t *testing.T) []hybridRow {
	url := embedtest.Start(t)
	cl, err := embed.New(embed.Options{BaseURL: url, Model: embedtest.Model})
	if err != nil {
		t.Fatal(err)
	}
	var emb embed.Embedder = cl
	if p := os.Getenv("SKILLDEX_EMBED_CACHE"); p != "" {
		c, err := embed.OpenCache(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		emb = embed.WithCache(fixedModel{cl}, c, nil)
	}
	ctx := context.Background()
	docs := corpusDocs(t)
	ix := openMem(t, docs...)
	group := contentGroup(docs)
	texts := make([]string, len(docs))
	for i, d := range docs {
		texts[i] = embedTextOf(d)
	}
	vecs, err := emb.Embed(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	v := NewVectors()
	for i, d := range docs {
		if err := v.Set(d.ID, vecs[i]); err != nil {
			t.Fatal(err)
		}
	}
	var rows []hybridRow
	nq := 0
	for _, f := range allQueryFiles {
		qs, err := eval.LoadQueries(f)
		if err != nil {
			t.Fatal(err)
		}
		qtexts := make([]string, len(qs))
		for i, q := range qs {
			qtexts[i] = q.Text
		}
		qv, err := emb.Embed(ctx, qtexts)
		if err != nil {
			t.Fatal(err)
		}
		for i, q := range qs {
			sem, err := v.Query(qv[i], 30)
			if err != nil {
				t.Fatal(err)
			}
			res, err := ix.Search(ctx, Request{Query: q.Text, Limit: 10, Semantic: sem})
			if err != nil {
				t.Fatal(err)
			}
			for k, h := range res.Hits {
				r := hybridRow{q: nq, rank: k, in: h.hyb.inputs(), id: h.ID, conf: h.Confidence, ngm: res.NoGoodMatch, none: q.NoAnswer(), file: filepath.Base(f)}
				if !h.hyb.semOnly {
					r.lexConf = h.feat.confidence()
				}
				if eval.Score(q, []eval.Hit{{ID: h.ID}}, 1, group).Rank == 1 {
					r.label = 1
				}
				rows = append(rows, r)
			}
			nq++
		}
	}
	return rows
}

// TestHybridConfidenceFit refits the hybrid confidence (hybridconf.go) on
// the development sets (SKILLDEX_FIT_HYBRID=1; it needs the test embedding
// model, see internal/embed/embedtest; SKILLDEX_EMBED_CACHE=file keeps the
// vectors between runs). It measures, it does not check: for each model
// (the lexical Confidence used as-is, as fuse gave it before, and hybrid
// models fitted on first hits or on every hit of the first ten) its
// coefficients, its out-of-fold log loss (5 folds of queries: every hit
// of a query is scored by a model fitted without that query) on first
// hits and on the hits only the semantic side found, out-of-fold
// reliability tables, and what NoGoodMatch flags.
func TestHybridConfidenceFit(t *testing.T) {
	if os.Getenv("SKILLDEX_FIT_HYBRID") == "" {
		t.Skip("set SKILLDEX_FIT_HYBRID=1 to refit the hybrid confidence on the development sets (needs node)")
	}
	rows := hybridDevRows(t)
	var b strings.Builder
	var first, semOnly []int // row indexes
	var none, firstSem, firstSemRight, semRight int
	for i, r := range rows {
		if r.rank == 0 {
			first = append(first, i)
			none += b2i(r.none)
			if r.in[5] == 1 {
				firstSem++
				firstSemRight += int(r.label)
			}
		}
		if r.in[5] == 1 {
			semOnly = append(semOnly, i)
			semRight += int(r.label)
		}
	}
	fmt.Fprintf(&b, "%d queries with hits (%d none-queries), %d hits in their first ten; found by the semantic side alone: %d first hits (%d right), %d hits (%d right)\n",
		len(first), none, len(rows), firstSem, firstSemRight, len(semOnly), semRight)
	fmt.Fprintf(&b, "semantic-only hits by z: ")
	for _, lo := range []float64{0, 2, 3, 4, 5, 6} {
		var n, right int
		for _, i := range semOnly {
			if z := rows[i].in[6]; z >= lo && (z < lo+1 || lo == 6 || lo == 0 && z < 2) {
				n++
				right += int(rows[i].label)
			}
		}
		fmt.Fprintf(&b, " z>=%g: %d/%d right;", lo, right, n)
	}
	b.WriteString("\n")
	lex := make([]float64, len(rows))
	cur := make([]float64, len(rows))
	for i, r := range rows {
		lex[i] = r.lexConf
		cur[i] = logistic(hybridCoef[:], r.in[:])
	}
	losses := func(p []float64) string {
		return fmt.Sprintf("log loss first hits %.3f, semantic-only hits %.3f, every hit %.3f", logLoss(rows, first, p), logLoss(rows, semOnly, p), logLoss(rows, nil, p))
	}
	fmt.Fprintf(&b, "lexical Confidence as-is: %s\n", losses(lex))
	fmt.Fprintf(&b, "current hybridCoef, in sample: %s\n", losses(cur))
	for _, v := range hybridVariants {
		w, oof := hybridCV(rows, v.rows, v.semStage, v.x)
		fmt.Fprintf(&b, "%s: out of fold %s; refit: %.3f\n", v.name, losses(oof), w)
		reliability(&b, v.name+", out of fold, first hits", rows, first, oof)
		if v.semStage || v.rows != hybridFirst {
			reliability(&b, v.name+", out of fold, semantic-only hits", rows, semOnly, oof)
		}
	}
	reliability(&b, "lexical Confidence as-is, first hits", rows, first, lex)
	reliability(&b, "current hybridCoef, in sample, first hits", rows, first, cur)
	reliability(&b, "current hybridCoef, in sample, semantic-only hits", rows, semOnly, cur)
	cuts(&b, rows, first, map[string][]float64{"lexical as-is": lex, "current hybrid": cur})
	t.Log(b.String())
}

// hybridVariants are the hybrid models TestHybridConfidenceFit compares:
// the inputs x of a row, fitted on rows (hybridFirst: first hits;
// hybridTen: every hit of the first ten; hybridFirstSem: first hits and
// every semantic-only hit of the first ten), then with semStage the
// semantic-only input alone refitted on the semantic-only hits of the first
// ten, every other coefficient held (hybridconf.go's procedure).
var hybridVariants = []struct {
	name     string
	rows     int
	semStage bool
	x        func(r hybridRow) []float64
}{
	{"first hits, the lexical five refitted alone", hybridFirst, false, func(r hybridRow) []float64 { return r.in[:5] }},
	{"first hits, no fused margin, semantic-only stage", hybridFirst, true, func(r hybridRow) []float64 { return r.in[:7] }},
	{"first hits, no semantic-only stage", hybridFirst, false, func(r hybridRow) []float64 { return r.in[:] }},
	{"first hits, semantic-only stage (kept)", hybridFirst, true, func(r hybridRow) []float64 { return r.in[:] }},
	{"one fit on every hit of the first ten", hybridTen, false, func(r hybridRow) []float64 { return r.in[:] }},
	{"one fit on first hits and semantic-only hits", hybridFirstSem, false, func(r hybridRow) []float64 { return r.in[:] }},
}

// The rows a hybrid variant is fitted on.
const (
	hybridFirst = iota
	hybridTen
	hybridFirstSem
)

// hybridCV fits a hybrid variant with 5-fold cross-validation over queries
// and returns the fit on every row and each row's out-of-fold estimate.
func hybridCV(rows []hybridRow, which int, semStage bool, x func(hybridRow) []float64) ([]float64, []float64) {
	const folds, l2 = 5, 0.01
	nq := rows[len(rows)-1].q + 1
	fold := rand.New(rand.NewPCG(1, 2)).Perm(nq)
	fit := func(keep func(hybridRow) bool) []float64 {
		var xs [][]float64
		var ys []float64
		for _, r := range rows {
			sem := r.in[5] == 1
			in := r.rank == 0 && !(semStage && sem) || which == hybridTen || which == hybridFirstSem && sem
			if in && keep(r) {
				xs, ys = append(xs, x(r)), append(ys, r.label)
			}
		}
		w := fitLogistic(xs, ys, l2)
		if semStage {
			// The semantic-only input (6th) alone, on the semantic-only
			// hits: its lexical inputs are 0, so the rest of the model
			// gives each an offset.
			var off []float64
			ys = ys[:0]
			for _, r := range rows {
				if r.in[5] == 1 && keep(r) {
					in := x(r)
					in[5] = 0
					off, ys = append(off, logit(logistic(w, in))), append(ys, r.label)
				}
			}
			w[6] = fitOffset(off, ys)
		}
		return w
	}
	oof := make([]float64, len(rows))
	for k := range folds {
		w := fit(func(r hybridRow) bool { return fold[r.q]%folds != k })
		for i, r := range rows {
			if fold[r.q]%folds == k {
				oof[i] = logistic(w, x(r))
			}
		}
	}
	return fit(func(hybridRow) bool { return true }), oof
}

func logit(p float64) float64 { return math.Log(p / (1 - p)) }

// fitOffset returns the s that minimises the log loss of logistic(off[i]
// + s) against y (Newton's method, from 0).
func fitOffset(off, y []float64) float64 {
	s := 0.0
	for range 50 {
		var g, h float64
		for i, o := range off {
			p := 1 / (1 + math.Exp(-(o + s)))
			g += p - y[i]
			h += p * (1 - p)
		}
		if h == 0 {
			break
		}
		s -= g / h
	}
	return s
}

// logLoss is the mean log loss of estimates p of the labels of rows idx
// (nil: every row) (clamped
// away from 0 and 1: the lexical confidence of a semantic-only hit is 0).
func logLoss(rows []hybridRow, idx []int, p []float64) float64 {
	if idx == nil {
		idx = make([]int, len(rows))
		for i := range idx {
			idx[i] = i
		}
	}
	var l float64
	for _, i := range idx {
		r := rows[i]
		q := min(max(p[i], 1e-4), 1-1e-4)
		if r.label == 1 {
			l -= math.Log(q)
		} else {
			l -= math.Log(1 - q)
		}
	}
	return l / float64(max(len(idx), 1))
}

// reliability prints first hits by confidence bin: queries, right, rate,
// mean confidence.
func reliability(b *strings.Builder, name string, rows []hybridRow, idx []int, p []float64) {
	fmt.Fprintf(b, "reliability, %s:\n| confidence | queries | right | rate | mean confidence |\n|---|---|---|---|---|\n", name)
	for bin := range 10 {
		var n, right int
		var sum float64
		for _, i := range idx {
			if r := rows[i]; min(int(p[i]*10), 9) == bin {
				n++
				right += int(r.label)
				sum += p[i]
			}
		}
		if n == 0 {
			fmt.Fprintf(b, "| %.1f-%.1f | 0 | 0 | - | - |\n", float64(bin)/10, float64(bin+1)/10)
			continue
		}
		fmt.Fprintf(b, "| %.1f-%.1f | %d | %d | %.2f | %.2f |\n", float64(bin)/10, float64(bin+1)/10, n, right, float64(right)/float64(n), sum/float64(n))
	}
}

// cuts prints, for each model, how many none-queries' and correct first
// answers' first hits fall under ConfidentMatch, and what NoGoodMatch
// flags (the lexical answerability model, unchanged by this stage).
func cuts(b *strings.Builder, rows []hybridRow, first []int, models map[string][]float64) {
	for _, name := range []string{"lexical as-is", "current hybrid"} {
		p := models[name]
		var none, noneN, right, rightN int
		for _, i := range first {
			r := rows[i]
			if r.none {
				noneN++
				none += b2i(p[i] < ConfidentMatch)
			}
			if r.label == 1 {
				rightN++
				right += b2i(p[i] < ConfidentMatch)
			}
		}
		fmt.Fprintf(b, "%s under ConfidentMatch: none-queries %d/%d, correct first answers %d/%d; highest cut flagging at most 4%% of correct first answers %.2f\n",
			name, none, noneN, right, rightN, highestCut(rows, first, p))
	}
	var none, noneN, right, rightN, rightConf int
	for _, i := range first {
		r := rows[i]
		if r.none {
			noneN++
			none += b2i(r.ngm)
		}
		if r.label == 1 {
			rightN++
			right += b2i(r.ngm)
			rightConf += b2i(r.ngm && models["current hybrid"][i] >= ConfidentMatch)
		}
	}
	fmt.Fprintf(b, "NoGoodMatch: none-queries %d/%d, correct first answers %d/%d (%d of them at or above ConfidentMatch by the hybrid confidence)\n",
		none, noneN, right, rightN, rightConf)
	// A variant kept out: NoGoodMatch also asking that the first hit's
	// hybrid confidence be under a cut (in sample: the model was fitted
	// on these rows).
	for _, c := range []float64{0.3, 0.4, 0.5, 0.6} {
		none, right = 0, 0
		for _, i := range first {
			r := rows[i]
			flagged := r.ngm && models["current hybrid"][i] < c
			none += b2i(r.none && flagged)
			right += b2i(r.label == 1 && flagged)
		}
		fmt.Fprintf(b, "  NoGoodMatch and hybrid confidence under %.1f: none-queries %d/%d, correct first answers %d/%d\n", c, none, noneN, right, rightN)
	}
}

// highestCut is the highest cut, in steps of 0.01, under which at most 4%
// of the correct first answers fall (ConfidentMatch's rule).
func highestCut(rows []hybridRow, first []int, p []float64) float64 {
	cut := 0.0
	for c := 0.01; c < 1; c += 0.01 {
		var n, right int
		for _, i := range first {
			if rows[i].label == 1 {
				right++
				n += b2i(p[i] < c)
			}
		}
		if float64(n) > 0.04*float64(right) {
			break
		}
		cut = c
	}
	return cut
}
