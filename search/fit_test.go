package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/search/eval"
)

// confRow is one development query's first hit for the Confidence fit:
// label 1 when it is an expected skill, 0 when it is not or nothing fits.
type confRow struct {
	in    [5]float64 // hitFeatures.inputs
	label float64
	none  bool // a query nothing in the catalog fits
}

// devConfRows runs every development set (allQueryFiles; never the
// held-out ones) and returns the first hit of each query that has hits.
func devConfRows(t *testing.T, ix *Index, group func(string) string) []confRow {
	var rows []confRow
	for _, f := range allQueryFiles {
		qs, err := eval.LoadQueries(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range qs {
			res, err := ix.Search(context.Background(), Request{Query: q.Text, Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Hits) == 0 {
				continue
			}
			r := confRow{in: res.Hits[0].feat.inputs(), none: q.NoAnswer()}
			if eval.Score(q, []eval.Hit{{ID: res.Hits[0].ID}}, 1, group).Rank == 1 {
				r.label = 1
			}
			rows = append(rows, r)
		}
	}
	return rows
}

// fitLogistic fits L2-regularised logistic regression (the bias is not
// penalised) by Newton's method and returns the bias and the coefficients
// of confRow.in.
func fitLogistic(rows []confRow, l2 float64) [6]float64 {
	const k = 6
	var w [k]float64
	x := func(r confRow) [k]float64 {
		return [k]float64{1, r.in[0], r.in[1], r.in[2], r.in[3], r.in[4]}
	}
	n := float64(len(rows))
	for range 50 {
		var g [k]float64
		var h [k][k]float64
		for _, r := range rows {
			xi := x(r)
			z := 0.0
			for j := range k {
				z += w[j] * xi[j]
			}
			p := 1 / (1 + math.Exp(-z))
			for a := range k {
				g[a] += (p - r.label) * xi[a] / n
				for b := range k {
					h[a][b] += p * (1 - p) * xi[a] * xi[b] / n
				}
			}
		}
		for j := 1; j < k; j++ {
			g[j] += l2 * w[j]
			h[j][j] += l2
		}
		step := solve(h, g)
		for j := range k {
			w[j] -= step[j]
		}
	}
	return w
}

// solve returns s with h s = g (Gaussian elimination with partial pivoting;
// h is positive definite here).
func solve(h [6][6]float64, g [6]float64) [6]float64 {
	const k = 6
	for c := range k {
		p := c
		for r := c + 1; r < k; r++ {
			if math.Abs(h[r][c]) > math.Abs(h[p][c]) {
				p = r
			}
		}
		h[c], h[p] = h[p], h[c]
		g[c], g[p] = g[p], g[c]
		for r := c + 1; r < k; r++ {
			f := h[r][c] / h[c][c]
			for j := c; j < k; j++ {
				h[r][j] -= f * h[c][j]
			}
			g[r] -= f * g[c]
		}
	}
	var s [6]float64
	for r := k - 1; r >= 0; r-- {
		v := g[r]
		for j := r + 1; j < k; j++ {
			v -= h[r][j] * s[j]
		}
		s[r] = v / h[r][r]
	}
	return s
}

func predict(w [6]float64, in [5]float64) float64 {
	z := w[0]
	for j, v := range in {
		z += w[j+1] * v
	}
	return 1 / (1 + math.Exp(-z))
}

// TestConfidenceFit refits Confidence's coefficients on the development
// sets (SKILLDEX_FIT=1; it measures, it does not check) and prints them
// with the cross-validated log loss and, per cut, how many none-queries and
// correct first answers fall under it, out of fold (each query scored by a
// model fitted without its fold) and in sample. Choose ConfidentMatch on
// the out-of-fold rates: in-sample rates flatter the fit.
func TestConfidenceFit(t *testing.T) {
	if os.Getenv("SKILLDEX_FIT") == "" {
		t.Skip("set SKILLDEX_FIT=1 to refit Confidence on the development sets")
	}
	docs := corpusDocs(t)
	ix := openMem(t, docs...)
	rows := devConfRows(t, ix, contentGroup(docs))
	const folds, l2 = 5, 0.01
	order := rand.New(rand.NewPCG(1, 2)).Perm(len(rows))
	oof := make([]float64, len(rows))
	loss := 0.0
	for k := range folds {
		var train []confRow
		for j, i := range order {
			if j%folds != k {
				train = append(train, rows[i])
			}
		}
		w := fitLogistic(train, l2)
		for j, i := range order {
			if j%folds == k {
				p := predict(w, rows[i].in)
				oof[i] = p
				if rows[i].label == 1 {
					loss -= math.Log(p)
				} else {
					loss -= math.Log(1 - p)
				}
			}
		}
	}
	w := fitLogistic(rows, l2)
	cur := [6]float64{confBias, confCov, confMetaCov, confNameCov, confLnScore, confMargin}
	var b strings.Builder
	fmt.Fprintf(&b, "%d queries with hits; %d-fold log loss %.3f\n", len(rows), folds, loss/float64(len(rows)))
	fmt.Fprintf(&b, "refit: bias %.3f cov %.3f metaCov %.3f nameCov %.3f lnScore %.3f margin %.3f\n", w[0], w[1], w[2], w[3], w[4], w[5])
	for _, cut := range []float64{0.16, 0.18, 0.2, 0.22, 0.24, 0.26, 0.28, 0.3, 0.32, 0.35, 0.4} {
		var none, noneN, right, rightN, inNone, inRight, curNone, curRight int
		for i, r := range rows {
			in, c := predict(w, r.in), predict(cur, r.in)
			if r.none {
				noneN++
				none += b2i(oof[i] < cut)
				inNone += b2i(in < cut)
				curNone += b2i(c < cut)
			}
			if r.label == 1 {
				rightN++
				right += b2i(oof[i] < cut)
				inRight += b2i(in < cut)
				curRight += b2i(c < cut)
			}
		}
		fmt.Fprintf(&b, "cut %.2f: out of fold none %d/%d, correct %d/%d (%.3f) | refit in sample %d, %d | current model %d, %d\n",
			cut, none, noneN, right, rightN, float64(right)/float64(rightN), inNone, inRight, curNone, curRight)
	}
	t.Log(b.String())
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
