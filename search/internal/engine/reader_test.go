package engine

import "testing"

// TestFuzzyTermsCounted: distance-1 candidates carry their document
// counts (bleve's fuzzy dictionary reports 0 for every one), so the most
// frequent correction comes first.
func TestFuzzyTermsCounted(t *testing.T) {
	var docs []Doc
	for i, w := range []string{"license", "license", "license", "licence", "lichens"} {
		docs = append(docs, Doc{ID: string(rune('a' + i)), Name: w + "-tool", Description: "Checks the " + w + "."})
	}
	e := openMem(t, docs...)
	r, err := e.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cs, err := r.FuzzyTerms("licanse")
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]uint64{}
	for _, c := range cs {
		counts[c.Term] = c.Count
	}
	if counts["license"] != 3 {
		t.Errorf("candidates %v: license counted %d, want 3", cs, counts["license"])
	}
	if got := MostFrequent(cs, 1); len(got) != 1 || got[0] != "license" {
		t.Errorf("most frequent correction %v, want license", got)
	}
}
