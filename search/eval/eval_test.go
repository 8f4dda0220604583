package eval

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestReadQueries(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    []Query
		wantErr error
		line    int // FormatError line, when wantErr is nil but an error is expected
	}{
		{
			name: "full",
			in: "query\texpected\tacceptable\tnotes\n" +
				"fill a pdf form\ta/pdf-forms, b/pdf/ \tc/docs/SKILL.md\twhy\n" +
				"\n# a comment\n" +
				"tdd\tx/tdd\n",
			want: []Query{
				{Text: "fill a pdf form", Expected: []string{"a/pdf-forms", "b/pdf"}, Acceptable: []string{"c/docs"}, Notes: "why", Line: 2},
				{Text: "tdd", Expected: []string{"x/tdd"}, Line: 5},
			},
		},
		{name: "crlf", in: "query\texpected\r\nq\ta/b\r\n", want: []Query{{Text: "q", Expected: []string{"a/b"}, Line: 2}}},
		{name: "no header", in: "fill a pdf form\ta/pdf\n", line: 1},
		{name: "no expected", in: "query\texpected\nfill\t \n", line: 2},
		{
			name: "categories and no-answer rows",
			in: "query\texpected\tacceptable\tcategory\tnotes\n" +
				"fill a pdf form\ta/pdf\t\tKeyword\twhy\tmore\n" +
				"wedding toast\t\t\tnone\tnothing fits\n",
			want: []Query{
				{Text: "fill a pdf form", Expected: []string{"a/pdf"}, Category: "keyword", Notes: "why\tmore", Line: 2},
				{Text: "wedding toast", Category: NoAnswer, Notes: "nothing fits", Line: 3},
			},
		},
		{
			name: "columns by name",
			in:   "query\texpected\tcategory\tacceptable\nq\ta/b\ttypo\tc/d\n",
			want: []Query{{Text: "q", Expected: []string{"a/b"}, Acceptable: []string{"c/d"}, Category: "typo", Line: 2}},
		},
		{name: "no expected outside none", in: "query\texpected\tcategory\nfill\t\tagent\n", line: 2},
		{name: "expected in none", in: "query\texpected\tcategory\nfill\ta/b\tnone\n", line: 2},
		{name: "unknown column", in: "query\texpected\tgrade\nfill\ta/b\t1\n", line: 1},
		{name: "duplicate column", in: "query\texpected\tnotes\tnotes\nfill\ta/b\tx\ty\n", line: 1},
		{name: "only query", in: "query\texpected\nfill\n", line: 2},
		{name: "empty query", in: "query\texpected\n \ta/b\n", line: 2},
		{name: "no queries", in: "query\texpected\n\n", wantErr: ErrNoQueries},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadQueries(strings.NewReader(tt.in))
			var fe *FormatError
			switch {
			case tt.wantErr != nil:
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
			case tt.line > 0:
				if !errors.As(err, &fe) || fe.Line != tt.line {
					t.Fatalf("err = %v, want a FormatError at line %d", err, tt.line)
				}
			case err != nil:
				t.Fatal(err)
			case !reflect.DeepEqual(got, tt.want):
				t.Fatalf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestLoadQueriesNamesFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "q.tsv")
	if err := os.WriteFile(p, []byte("bad header\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadQueries(p)
	var fe *FormatError
	if !errors.As(err, &fe) || fe.File != p || !strings.Contains(err.Error(), p+":1:") {
		t.Fatalf("err = %v, want a FormatError naming %s:1", err, p)
	}
}

func TestSharedQueriesParse(t *testing.T) {
	for _, p := range []string{"/work/shared/corpus/QUERIES.tsv", "../testdata/queries.tsv"} {
		if _, err := os.Stat(p); err != nil {
			continue
		}
		qs, err := LoadQueries(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(qs) < 17 {
			t.Errorf("%s: %d queries, want at least 17", p, len(qs))
		}
	}
}

// dcg returns sum gain/log2(rank+1) for grades by rank.
func dcg(grades ...int) float64 {
	var s float64
	for i, g := range grades {
		s += gain(g) / math.Log2(float64(i+2))
	}
	return s
}

func hits(ids ...string) []Hit {
	out := make([]Hit, len(ids))
	for i, id := range ids {
		out[i] = Hit{ID: id, Score: float64(len(ids) - i)}
	}
	return out
}

func TestScore(t *testing.T) {
	q := Query{Text: "q", Expected: []string{"e1", "e2"}, Acceptable: []string{"a1"}}
	sameContent := func(id string) string { // e2 and copy-of-e2 hold the same SKILL.md
		if id == "copy-of-e2" {
			return "e2"
		}
		return id
	}
	ideal := dcg(2, 2, 1)
	tests := []struct {
		name     string
		hits     []Hit
		group    func(string) string
		k        int
		wantRank int
		wantNDCG float64
		grades   []int
	}{
		{"perfect", hits("e1", "e2", "a1"), nil, 10, 1, 1, []int{2, 2, 1}},
		{"acceptable first is not a hit", hits("a1", "x", "e2"), nil, 10, 3, dcg(1, 0, 2) / ideal, []int{1, 0, 2}},
		{"nothing found", hits("x", "y"), nil, 10, 0, 0, []int{0, 0}},
		{"cut at k", hits("x", "y", "e1"), nil, 2, 0, 0, []int{0, 0}},
		{"same hit twice credited once", hits("x", "e1", "e1"), nil, 10, 2, dcg(0, 2, 0) / ideal, []int{0, 2, 0}},
		{"duplicate content counts as the judged skill", hits("copy-of-e2"), sameContent, 10, 1, dcg(2) / ideal, []int{2}},
		{"duplicate content credited once", hits("e2", "copy-of-e2", "e1"), sameContent, 10, 1, dcg(2, 0, 2) / ideal, []int{2, 0, 2}},
		{
			// A hit that folds e1 and e2 together is one skill, so the
			// ideal ranking has two items (e1+e2, a1), not three.
			"folded duplicates", []Hit{{ID: "e1", Also: []string{"e2"}}, {ID: "a1"}}, nil, 10, 1, 1, []int{2, 1},
		},
		{"expected only in also_at", []Hit{{ID: "x", Also: []string{"e1"}}}, nil, 10, 1, dcg(2) / ideal, []int{2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := tt.group
			if g == nil {
				g = func(id string) string { return id }
			}
			r := Score(q, tt.hits, tt.k, g)
			if r.Rank != tt.wantRank || math.Abs(r.NDCG-tt.wantNDCG) > 1e-9 {
				t.Errorf("rank %d ndcg %.4f, want %d %.4f", r.Rank, r.NDCG, tt.wantRank, tt.wantNDCG)
			}
			var grades []int
			for _, h := range r.Hits {
				grades = append(grades, h.Grade)
			}
			if !reflect.DeepEqual(grades, tt.grades) {
				t.Errorf("grades %v, want %v", grades, tt.grades)
			}
		})
	}
}

func TestRunMetrics(t *testing.T) {
	qs := []Query{
		{Text: "first", Expected: []string{"a"}},
		{Text: "second", Expected: []string{"b"}},
		{Text: "third", Expected: []string{"c"}},
		{Text: "fourth", Expected: []string{"d"}},
	}
	answers := map[string][]Hit{
		"first":  hits("a", "x"),                                                   // rank 1
		"second": hits("x", "y", "b"),                                              // rank 3
		"third":  hits("x", "y", "z", "w", "c"),                                    // rank 5
		"fourth": hits("x", "y", "z", "w", "v", "u", "t", "s", "r", "q", "p", "d"), // rank 12: beyond k
	}
	var asked []int
	rank := func(_ context.Context, q string, k int) (Answer, error) {
		asked = append(asked, k)
		return Answer{Hits: answers[q]}, nil
	}
	rep, err := Run(context.Background(), rank, qs, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := rep.Metrics
	want := Metrics{Queries: 4, Hits1: 1, Hits3: 2, Hits10: 3, Recall1: 0.25, Recall3: 0.5, Recall10: 0.75,
		MRR: (1 + 1.0/3 + 1.0/5) / 4, NDCG10: (1 + 1/math.Log2(4) + 1/math.Log2(6)) / 4}
	if math.Abs(m.MRR-want.MRR) > 1e-9 || math.Abs(m.NDCG10-want.NDCG10) > 1e-9 {
		t.Errorf("MRR %.4f nDCG %.4f, want %.4f %.4f", m.MRR, m.NDCG10, want.MRR, want.NDCG10)
	}
	m.MRR, m.NDCG10, want.MRR, want.NDCG10 = 0, 0, 0, 0
	if m != want {
		t.Errorf("metrics %+v, want %+v", m, want)
	}
	if !reflect.DeepEqual(asked, []int{10, 10, 10, 10}) {
		t.Errorf("ranker asked for %v hits, want 10 each", asked)
	}
	misses := rep.Misses()
	if len(misses) != 3 || misses[0].Query != "second" || len(misses[0].Above()) != 2 || len(misses[2].Above()) != 10 {
		t.Errorf("misses %+v", misses)
	}

	boom := errors.New("boom")
	_, err = Run(context.Background(), func(context.Context, string, int) (Answer, error) { return Answer{}, boom }, qs, nil)
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), `"first"`) {
		t.Errorf("ranker error: %v", err)
	}
}

func TestBaselineOrder(t *testing.T) {
	docs := []Doc{
		{ID: "r/zeta", Name: "zeta", Description: "fill pdf forms"},         // 2+2
		{ID: "r/pdf-2", Name: "pdf", Description: "other"},                  // 3
		{ID: "r/pdf-1", Name: "pdf", Description: "other"},                  // 3, same name: by ID
		{ID: "r/alpha", Name: "alpha", Description: "forms"},                // 2
		{ID: "r/none", Name: "none", Description: "nothing to see"},         // 0: dropped
		{ID: "r/pdfforms", Name: "pdf-forms", Description: "pdf and forms"}, // 3+2+3+2
	}
	rank := Baseline(docs)
	got, err := rank(context.Background(), "pdf forms", 10)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, h := range got.Hits {
		ids = append(ids, h.ID)
	}
	want := []string{"r/pdfforms", "r/zeta", "r/pdf-1", "r/pdf-2", "r/alpha"}
	if !reflect.DeepEqual(ids, want) {
		t.Errorf("order %v, want %v", ids, want)
	}
	if got.Hits[0].Score != 10 || got.NoGoodMatch {
		t.Errorf("top score %v (want 10), no_good_match %v", got.Hits[0].Score, got.NoGoodMatch)
	}
	if got, _ := rank(context.Background(), "pdf forms", 2); len(got.Hits) != 2 {
		t.Errorf("k=2 gave %d hits", len(got.Hits))
	}
}

func TestRunCategoriesAndAbstention(t *testing.T) {
	qs := []Query{
		{Text: "a1", Expected: []string{"a"}, Category: "agent"},
		{Text: "a2", Expected: []string{"b"}, Category: "agent"},
		{Text: "t1", Expected: []string{"c"}, Category: "typo"},
		{Text: "n1", Category: NoAnswer},
		{Text: "n2", Category: NoAnswer},
		{Text: "n3", Category: NoAnswer},
	}
	answers := map[string]Answer{
		"a1": {Hits: hits("a")},                    // right first, not flagged
		"a2": {Hits: hits("x", "b")},               // rank 2
		"t1": {Hits: hits("c"), NoGoodMatch: true}, // right first but flagged
		"n1": {Hits: hits("x"), NoGoodMatch: true}, // abstained
		"n2": {},                                   // no hits: abstained
		"n3": {Hits: hits("y")},                    // answered confidently
	}
	rank := func(_ context.Context, q string, _ int) (Answer, error) { return answers[q], nil }
	rep, err := Run(context.Background(), rank, qs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if m := rep.Metrics; m.Queries != 3 || m.Hits1 != 2 || m.Hits3 != 3 || math.Abs(m.MRR-(1+0.5+1)/3) > 1e-9 {
		t.Errorf("overall metrics %+v: no-answer queries must be left out", m)
	}
	if len(rep.Categories) != 2 || rep.Categories[0].Category != "agent" || rep.Categories[1].Category != "typo" {
		t.Fatalf("categories %+v", rep.Categories)
	}
	if a := rep.Categories[0].Metrics; a.Queries != 2 || a.Hits1 != 1 || a.MRR != 0.75 {
		t.Errorf("agent metrics %+v", a)
	}
	want := Abstention{NoAnswer: 3, Flagged: 2, FlaggedRate: 2.0 / 3, CorrectFirst: 2, WronglyFlagged: 1, WrongRate: 0.5}
	if rep.Abstention != want {
		t.Errorf("abstention %+v, want %+v", rep.Abstention, want)
	}
	if len(rep.Misses()) != 1 || rep.Misses()[0].Query != "a2" {
		t.Errorf("misses %+v: only answerable queries can miss", rep.Misses())
	}
	if r := rep.Results[3]; !r.NoAnswer || !r.NoGoodMatch || r.Rank != 0 || len(r.Hits) != 1 {
		t.Errorf("no-answer result %+v", r)
	}
}

func TestReliability(t *testing.T) {
	res := []QueryResult{
		{Rank: 1, Hits: []RankedHit{{Confidence: 0.95}}},
		{Rank: 2, Hits: []RankedHit{{Confidence: 0.91}}},
		{Rank: 1, Hits: []RankedHit{{Confidence: 1}}},
		{NoAnswer: true, Hits: []RankedHit{{Confidence: 0.05}}},
		{Rank: 1, Hits: []RankedHit{{Confidence: 0.15}}},
		{Rank: 0}, // no hits: left out
	}
	bins := Reliability(res)
	if len(bins) != ReliabilityBins {
		t.Fatalf("%d bins, want %d", len(bins), ReliabilityBins)
	}
	want := map[int][2]int{0: {1, 0}, 1: {1, 1}, 9: {3, 2}}
	for i, b := range bins {
		w := want[i]
		if b.Queries != w[0] || b.Right != w[1] {
			t.Errorf("bin %d [%.1f, %.1f): %d queries, %d right; want %d, %d", i, b.Low, b.High, b.Queries, b.Right, w[0], w[1])
		}
	}
	if got := bins[9].MeanConfidence; got < 0.953 || got > 0.954 {
		t.Errorf("bin 9 mean confidence %v, want (0.95+0.91+1)/3", got)
	}
	if r := bins[9].Rate(); r < 0.66 || r > 0.67 {
		t.Errorf("bin 9 rate %v, want 2/3", r)
	}
	// A ranker without confidence: every bin empty.
	for _, b := range Reliability([]QueryResult{{Rank: 1, Hits: []RankedHit{{}}}}) {
		if b.Queries != 0 {
			t.Errorf("without confidence, bin %.1f has %d queries", b.Low, b.Queries)
		}
	}
}
