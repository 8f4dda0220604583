package search

import (
	"context"
	"testing"
)

func TestOSADistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"postgress", "postgresql", 2},
		{"postgress", "postgres", 1},
		{"playwrigth", "playwright", 1}, // a swap is one edit
		{"abc", "abc", 0},
		{"abc", "", 3},
		{"kitten", "sitting", 3},
		{"deploymnet", "deployment", 1},
		{"ab", "ba", 1},
		{"ca", "abc", 3}, // OSA, not full Damerau (which gives 2)
	} {
		if got := osaDistance([]rune(tc.a), []rune(tc.b), 3); got != tc.want {
			t.Errorf("osaDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := osaDistance([]rune(tc.a), []rune(tc.b), 1); tc.want > 1 && got != 2 {
			t.Errorf("osaDistance(%q, %q, limit 1) = %d, want 2 (limit+1)", tc.a, tc.b, got)
		}
	}
}

// TestTypoDistance2: a long misspelt word two edits from an indexed word
// ("postgress" for "postgresql") is corrected; a shorter one is not.
func TestTypoDistance2(t *testing.T) {
	ix := openMem(t,
		Doc{ID: "pg", Name: "postgresql", Description: "Tune PostgreSQL databases."},
		Doc{ID: "k8s", Name: "kubernetes", Description: "Deploy to a cluster."},
		Doc{ID: "other", Name: "release-notes", Description: "Write release notes."},
	)
	ctx := context.Background()
	has := func(q, id string) bool {
		t.Helper()
		res, err := ix.Search(ctx, Request{Query: q})
		if err != nil {
			t.Fatal(err)
		}
		return contains(ids(res.Hits), id)
	}
	if !has("postgress", "pg") {
		t.Error("postgress: postgresql not found")
	}
	if !has("kubrnets", "k8s") { // 8 runes, two edits
		t.Error("kubrnets: kubernetes not found")
	}
	if has("kubrnte", "k8s") { // 7 runes: distance 2 not tried
		t.Error("kubrnte (7 runes) corrected at distance 2")
	}
	ix.tune.fuzzy2MinLen = 0
	defer func() { ix.tune = defaultTuning }()
	if has("postgress", "pg") {
		t.Error("postgress found postgresql with distance-2 correction off")
	}
}
