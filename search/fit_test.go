package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/search/eval"
)

// confRow is one development query's first hit for the Confidence fit:
// label 1 when it is an expected skill, 0 when it is not or nothing fits.
type confRow struct {
	in      [5]float64 // hitFeatures.inputs
	unknown float64    // hitFeatures.unknownWords
	name    bool       // hitFeatures.unknownName
	terms   int        // hitFeatures.terms
	docs    uint64     // hitFeatures.docs
	catalog string     // "" for the corpus, else the repository searched alone
	label   float64
	none    bool   // a query nothing in the catalog fits
	file    string // the judged set it comes from
}

// fitsIn is the input vector of fits for a row.
func (r confRow) fitsIn() []float64 {
	return hitFeatures{unknownWords: r.unknown, unknownName: r.name, terms: r.terms, docs: r.docs}.fitsInputs(r.in)
}

// devConfRows runs every development set (allQueryFiles; never the
// held-out ones) and returns the first hit of each query that has hits.
// With repo set, ix holds that repository's skills alone and the queries
// are cut to it (see smallCatalogQuery).
func devConfRows(t *testing.T, ix *Index, group func(string) string, repo string) []confRow {
	var rows []confRow
	for _, f := range fitFiles() {
		qs, err := eval.LoadQueries(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range qs {
			if repo != "" && !smallCatalogQuery(&q, repo) {
				continue
			}
			res, err := ix.Search(context.Background(), Request{Query: q.Text, Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Hits) == 0 {
				continue
			}
			ft := res.Hits[0].feat
			r := confRow{in: ft.inputs(), unknown: ft.unknownWords, name: ft.unknownName, terms: ft.terms, docs: ft.docs,
				catalog: repo, none: q.NoAnswer(), file: filepath.Base(f)}
			if eval.Score(q, []eval.Hit{{ID: res.Hits[0].ID}}, 1, group).Rank == 1 {
				r.label = 1
			}
			rows = append(rows, r)
		}
	}
	return rows
}

// fitFiles are the judged sets the confidence models are fitted on:
// allQueryFiles, and with SKILLDEX_FITALL=1 the held-out sets of
// heldoutFiles too (each looked at once already, so a development set).
func fitFiles() []string {
	if os.Getenv("SKILLDEX_FITALL") == "" {
		return allQueryFiles
	}
	return append(slices.Clone(allQueryFiles), heldoutFiles...)
}

// smallCatalogs are the corpus's larger repositories, each searched alone
// as a catalog smaller than the corpus (80 to 860 skills).
var smallCatalogs = []string{"ComposioHQ__awesome-claude-skills", "alirezarezvani__claude-skills", "wshobson__agents",
	"K-Dense-AI__claude-scientific-skills", "Orchestra-Research__AI-research-SKILLs", "trailofbits__skills"}

// smallCatalogQuery cuts q to the catalog of repo's skills alone: a
// none-query stays one; another keeps the expected skills repo holds and
// is left out (false) when it holds none of them (whether something else
// there fits is not judged).
func smallCatalogQuery(q *eval.Query, repo string) bool {
	if q.NoAnswer() {
		return true
	}
	q.Expected = slices.DeleteFunc(slices.Clone(q.Expected), func(id string) bool { return !strings.HasPrefix(id, repo+"/") })
	return len(q.Expected) > 0
}

// smallCatalogDocs returns the skills of repo among docs.
func smallCatalogDocs(docs []Doc, repo string) []Doc {
	var sub []Doc
	for _, d := range docs {
		if strings.HasPrefix(d.ID, repo+"/") {
			sub = append(sub, d)
		}
	}
	return sub
}

// fitLogistic fits L2-regularised logistic regression (the bias is not
// penalised) by Newton's method on inputs x and labels y, and returns the
// bias followed by one coefficient per input.
func fitLogistic(x [][]float64, y []float64, l2 float64) []float64 {
	return fitWeighted(x, y, nil, l2)
}

// fitWeighted is fitLogistic with a weight per row (nil: all 1).
func fitWeighted(x [][]float64, y, wt []float64, l2 float64) []float64 {
	k := len(x[0]) + 1
	w := make([]float64, k)
	n := float64(len(x))
	if wt != nil {
		n = 0
		for _, v := range wt {
			n += v
		}
	}
	xi := make([]float64, k)
	for range 50 {
		g := make([]float64, k)
		h := make([][]float64, k)
		for a := range h {
			h[a] = make([]float64, k)
		}
		for r, row := range x {
			xi[0] = 1
			copy(xi[1:], row)
			p := logistic(w, row)
			v := 1.0
			if wt != nil {
				v = wt[r]
			}
			for a := range k {
				g[a] += v * (p - y[r]) * xi[a] / n
				for b := range k {
					h[a][b] += v * p * (1 - p) * xi[a] * xi[b] / n
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
// h is positive definite here). h and g are overwritten.
func solve(h [][]float64, g []float64) []float64 {
	k := len(g)
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
	s := make([]float64, k)
	for r := k - 1; r >= 0; r-- {
		v := g[r]
		for j := r + 1; j < k; j++ {
			v -= h[r][j] * s[j]
		}
		s[r] = v / h[r][r]
	}
	return s
}

// logistic is the logistic function of w (bias first) applied to in.
func logistic(w, in []float64) float64 {
	z := w[0]
	for j, v := range in {
		z += w[j+1] * v
	}
	return 1 / (1 + math.Exp(-z))
}

// TestConfidenceFit refits Confidence's coefficients and fits' on the
// development sets (SKILLDEX_FIT=1; it measures, it does not check).
//
// Confidence: the coefficients with the cross-validated log loss and, per
// cut, how many none-queries and correct first answers fall under it, out
// of fold (each query scored by a model fitted without its fold) and in
// sample. fits (Result.NoGoodMatch): the coefficients, the cut that flags
// at most 3% of the correct first answers in sample, and the rates of the
// same procedure left out one set at a time (the model and its cut fitted
// on the other sets): what a new set may expect; then the current
// coefficients' rates in catalogs smaller than any fitted on
// (tinyCatalogs). Choose cuts on the
// out-of-sample rates: in-sample rates flatter the fit.
func TestConfidenceFit(t *testing.T) {
	if os.Getenv("SKILLDEX_FIT") == "" {
		t.Skip("set SKILLDEX_FIT=1 to refit Confidence on the development sets")
	}
	docs := corpusDocs(t)
	ix := openMem(t, docs...)
	group := contentGroup(docs)
	rows := devConfRows(t, ix, group, "")
	var small []confRow
	for _, repo := range smallCatalogs {
		sub := openMem(t, smallCatalogDocs(docs, repo)...)
		small = append(small, devConfRows(t, sub, group, repo)...)
	}
	var b strings.Builder
	confFit(&b, rows)
	fitsFit(&b, rows, small)
	// Catalogs smaller than any fitted on, read as one of fitsMinDocs.
	for _, repo := range tinyCatalogs {
		sub := openMem(t, smallCatalogDocs(docs, repo)...)
		var n, none, right, rightN int
		for _, r := range devConfRows(t, sub, group, repo) {
			flagged := logistic(fitsCoef[:], r.fitsIn()) < fitsCut
			if r.none {
				n++
				none += b2i(flagged)
			}
			if r.label == 1 {
				rightN++
				right += b2i(flagged)
			}
		}
		fmt.Fprintf(&b, "%-40s not fitted on: none flagged %d/%d, correct first answers flagged %d/%d (current coefficients)\n", repo, none, n, right, rightN)
	}
	t.Log(b.String())
}

// tinyCatalogs are the corpus's repositories of 10 to 48 skills, each
// searched alone by TestConfidenceFit with the current coefficients: fits
// is not fitted on them (it reads them as catalogs of fitsMinDocs).
var tinyCatalogs = []string{"openai__skills", "anthropics__skills", "muratcankoylan__Agent-Skills-for-Context-Engineering",
	"obra__superpowers", "hashicorp__agent-skills", "expo__skills", "getsentry__skills", "anthropics__claude-plugins-official",
	"mattpocock__skills", "coreyhaines31__marketingskills"}

// confFit prints the Confidence refit (see TestConfidenceFit).
func confFit(b *strings.Builder, rows []confRow) {
	const folds, l2 = 5, 0.01
	xs := func(rs []confRow) ([][]float64, []float64) {
		x, y := make([][]float64, len(rs)), make([]float64, len(rs))
		for i, r := range rs {
			x[i], y[i] = r.in[:], r.label
		}
		return x, y
	}
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
		x, y := xs(train)
		w := fitLogistic(x, y, l2)
		for j, i := range order {
			if j%folds == k {
				p := logistic(w, rows[i].in[:])
				oof[i] = p
				if rows[i].label == 1 {
					loss -= math.Log(p)
				} else {
					loss -= math.Log(1 - p)
				}
			}
		}
	}
	x, y := xs(rows)
	w := fitLogistic(x, y, l2)
	cur := []float64{confBias, confCov, confMetaCov, confNameCov, confLnScore, confMargin}
	fmt.Fprintf(b, "Confidence: %d queries with hits; %d-fold log loss %.3f\n", len(rows), folds, loss/float64(len(rows)))
	fmt.Fprintf(b, "refit: bias %.3f cov %.3f metaCov %.3f nameCov %.3f lnScore %.3f margin %.3f\n", w[0], w[1], w[2], w[3], w[4], w[5])
	for _, cut := range []float64{0.16, 0.18, 0.2, 0.22, 0.24, 0.26, 0.28, 0.3, 0.32, 0.35, 0.4} {
		var none, noneN, right, rightN, inNone, inRight, curNone, curRight int
		for i, r := range rows {
			in, c := logistic(w, r.in[:]), logistic(cur, r.in[:])
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
		fmt.Fprintf(b, "cut %.2f: out of fold none %d/%d, correct %d/%d (%.3f) | refit in sample %d, %d | current model %d, %d\n",
			cut, none, noneN, right, rightN, float64(right)/float64(rightN), inNone, inRight, curNone, curRight)
	}
}

// fitsMaxFlagged is the largest share of correct first answers the cut of
// fits may flag in sample.
const fitsMaxFlagged = 0.03

// fitsModel fits the answerability model on rows (none-queries 0, every
// other query 1) and returns it with its cut.
func fitsModel(rows []confRow) (w []float64, cut float64) {
	const l2 = 0.01
	x, y, wt := make([][]float64, len(rows)), make([]float64, len(rows)), make([]float64, len(rows))
	// A small catalog's rows keep the corpus's share of none-queries:
	// cutting the queries to one repository drops answerable ones only,
	// and the fit would learn that share as a prior of small catalogs.
	none, ans := map[string]float64{}, map[string]float64{}
	for _, r := range rows {
		if r.none {
			none[r.catalog]++
		} else {
			ans[r.catalog]++
		}
	}
	for i, r := range rows {
		x[i], wt[i] = r.fitsIn(), 1
		if !r.none {
			y[i] = 1
		} else if r.catalog != "" && none[""] > 0 {
			wt[i] = ans[r.catalog] * none[""] / ans[""] / none[r.catalog]
		}
	}
	w = fitWeighted(x, y, wt, l2)
	var right []float64
	for _, r := range rows {
		if r.label == 1 && r.catalog == "" {
			right = append(right, logistic(w, r.fitsIn()))
		}
	}
	for c := 0.01; c < 1; c += 0.005 {
		n := 0
		for _, p := range right {
			n += b2i(p < c)
		}
		if float64(n) > fitsMaxFlagged*float64(len(right)) {
			break
		}
		cut = c
	}
	return w, cut
}

// fitsFit prints the answerability refit (see TestConfidenceFit), fitted
// on the corpus's rows and the small catalogs' together.
func fitsFit(b *strings.Builder, rows, small []confRow) {
	all := append(slices.Clone(rows), small...)
	w, cut := fitsModel(all)
	fmt.Fprintf(b, "fits: %.3f; cut %.3f\n", w, cut)
	cur := fitsCoef[:]
	var files []string
	for _, r := range rows {
		if !slices.Contains(files, r.file) {
			files = append(files, r.file)
		}
	}
	// Left out one set at a time: the set's rows in every catalog.
	type tally struct{ noneFlagged, none, rightFlagged, right int }
	add := func(t *tally, r confRow, flagged bool) {
		if r.none {
			t.noneFlagged += b2i(flagged)
			t.none++
		}
		if r.label == 1 {
			t.rightFlagged += b2i(flagged)
			t.right++
		}
	}
	byCatalog := map[string]*tally{}
	curBy := map[string]*tally{}
	for _, f := range files {
		var train []confRow
		for _, r := range all {
			if r.file != f {
				train = append(train, r)
			}
		}
		wf, cf := fitsModel(train)
		var n tally
		for _, r := range all {
			if r.file != f {
				continue
			}
			if byCatalog[r.catalog] == nil {
				byCatalog[r.catalog], curBy[r.catalog] = &tally{}, &tally{}
			}
			flagged := logistic(wf, r.fitsIn()) < cf
			add(byCatalog[r.catalog], r, flagged)
			add(curBy[r.catalog], r, logistic(cur, r.fitsIn()) < fitsCut)
			if r.catalog == "" {
				add(&n, r, flagged)
			}
		}
		fmt.Fprintf(b, "  left out %-20s cut %.3f: corpus none flagged %d/%d, correct first answers flagged %d/%d\n", f, cf, n.noneFlagged, n.none, n.rightFlagged, n.right)
	}
	for _, c := range append([]string{""}, smallCatalogs...) {
		t, ct := byCatalog[c], curBy[c]
		if t == nil {
			continue
		}
		name := c
		if name == "" {
			name = "corpus"
		}
		fmt.Fprintf(b, "%-40s left out: none flagged %d/%d, correct first answers flagged %d/%d (%.3f) | current coefficients in sample %d, %d\n",
			name, t.noneFlagged, t.none, t.rightFlagged, t.right, float64(t.rightFlagged)/float64(max(t.right, 1)), ct.noneFlagged, ct.rightFlagged)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
