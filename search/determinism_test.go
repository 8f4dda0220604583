package search

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/skilldex/skilldex/search/eval"
)

// TestTwoBuildsRankAlike: two indexes built from the same skills answer
// every symptom-phrased query of the development set with the same
// scores. A build writes documents in an order its parallel workers and
// merges decide, so anything that breaks ties by index order (such as
// the body co-occurrence voters at their cut) made the second search
// differ from build to build. The order of hits with equal scores is the
// catalog's to settle (index.tieOrder), so it is left out.
func TestTwoBuildsRankAlike(t *testing.T) {
	docs := corpusDocs(t)
	qs, err := eval.LoadQueries(filepath.Join("testdata", "dev-symptom.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	run := func() []string {
		ix := openMem(t, docs...)
		var out []string
		for _, q := range qs {
			res, err := ix.Search(context.Background(), Request{Query: q.Text, Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			byID := map[string]float64{}
			for _, h := range res.Hits {
				byID[h.ID] = h.Score
			}
			out = append(out, fmt.Sprintf("%q: %v no-match %v", q.Text, byID, res.NoGoodMatch))
		}
		return out
	}
	a, b := run(), run()
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("two builds answer differently:\n%s\n%s", a[i], b[i])
		}
	}
}
