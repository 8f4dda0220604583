package engine

import (
	"math"
	"path/filepath"
	"strings"
	"testing"
)

// TestEstimateTokens checks the body-length estimate used for BM25 against
// the real analyzer: per-document ratios on the corpus (a sample of it
// without SKILLDEX_LONG=1), and the total.
func TestEstimateTokens(t *testing.T) {
	e := openMem(t)
	a := e.idx.Mapping().AnalyzerNamed(analyzerText)
	for _, s := range []string{"", "The quick brown fox", "snake_case and kebab-case", "数据分析 tool", "don't stop"} {
		if got, want := estimateTokens(s), uint64(len(a.Analyze([]byte(s)))); got != want {
			t.Errorf("estimateTokens(%q) = %d, analyzer %d", s, got, want)
		}
	}
	docs := sampleDocs(t, 8)
	var est, real uint64
	worst := 0.0
	for _, d := range docs {
		e, r := estimateTokens(d.Body), uint64(len(a.Analyze([]byte(d.Body))))
		est += e
		real += r
		if r > 200 {
			worst = max(worst, math.Abs(float64(e)/float64(r)-1))
		}
	}
	ratio := float64(est) / float64(real)
	t.Logf("corpus bodies: estimate/analyzer = %.3f overall, worst per doc (>200 tokens) %.1f%%", ratio, worst*100)
	if math.Abs(ratio-1) > 0.02 || worst > 0.10 {
		t.Errorf("estimate off by %.1f%% overall, %.1f%% worst, want <= 2%% and 10%%", (ratio-1)*100, worst*100)
	}
}

func BenchmarkEstimateTokens(b *testing.B) {
	body := strings.Repeat("Run `make test` before each commit; snake_case names, kebab-case files, and 数据 too. ", 200)
	b.SetBytes(int64(len(body)))
	for i := 0; i < b.N; i++ {
		estimateTokens(body)
	}
}

func TestMetaTerms(t *testing.T) {
	e := openMem(t)
	ana := e.idx.Mapping().AnalyzerNamed(analyzerText)
	d := Doc{Name: "pdf-forms", Description: "Fill PDF forms, and fill them fast."}
	if got, want := d.metaTerms(ana), "pdf form fill fast"; got != want {
		t.Errorf("metaTerms = %q, want %q", got, want)
	}
}

// TestLengthTotals: after upserts and deletes, on disk and across a
// reopen, the BM25 length totals equal those of an index built fresh from
// the surviving documents (they decide every score).
func TestLengthTotals(t *testing.T) {
	path := filepath.Join(t.TempDir(), "index")
	e, err := Open(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	docs := buildDocs(300, true)
	if err := e.Index(docs...); err != nil {
		t.Fatal(err)
	}
	changed := Doc{ID: docs[7].ID, Name: "changed", Description: "a much longer description than before with many more words in it", Tags: []string{"x", "y"}, Body: strings.Repeat("body words ", 50)}
	if err := e.Index(changed); err != nil {
		t.Fatal(err)
	}
	var gone []string
	for _, d := range docs[100:150] {
		gone = append(gone, d.ID)
	}
	if err := e.Delete(gone...); err != nil {
		t.Fatal(err)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	if e, err = Open(path, 0); err != nil {
		t.Fatal(err)
	}
	defer e.Close()

	fresh := openMem(t)
	want := append(append(append([]Doc{}, docs[:7]...), changed), docs[8:100]...)
	want = append(want, docs[150:]...)
	if err := fresh.Index(want...); err != nil {
		t.Fatal(err)
	}
	if got, exp := *e.stats.Load(), *fresh.stats.Load(); got != exp {
		t.Errorf("length totals after updates, deletes and a reopen = %+v, want %+v", got, exp)
	}
}

func TestIsTitle(t *testing.T) {
	if isTitle("Fill PDF forms.") || isTitle("Use when writing tests for a new module") || !isTitle("Incident Commander Skill") {
		t.Error("isTitle misjudges")
	}
}
