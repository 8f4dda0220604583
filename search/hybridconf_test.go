package search

import (
	"context"
	"testing"
)

// TestHybridConfidenceWeighsTheCosine: in a hybrid search a hit a query
// word matched is more confident the nearer it is to the query by meaning,
// where the lexical search gives it one confidence whatever its cosine;
// its lexical features are the lexical search's.
func TestHybridConfidenceWeighsTheCosine(t *testing.T) {
	ix := openFuse(t)
	ctx := context.Background()
	const q = "decrypt files"
	lex, err := ix.Search(ctx, Request{Query: q})
	if err != nil {
		t.Fatal(err)
	}
	if len(lex.Hits) == 0 || lex.Hits[0].ID != "/s/decrypt" {
		t.Fatalf("lexical search: %+v, want /s/decrypt first", lex.Hits)
	}
	conf := map[string]float64{}
	// The decrypt skill's vector near the query, then at the catalog's
	// usual distance (that of the garden fillers).
	for name, vec := range map[string][]float32{"near": {0.95, 0.1, 0, 0}, "usual": {0, 0, 1, 0}} {
		v, _ := fuseVectors(t)
		if err := v.Set("/s/decrypt", vec); err != nil {
			t.Fatal(err)
		}
		sem, err := v.Query([]float32{1, 0, 0.05, 0}, 10)
		if err != nil {
			t.Fatal(err)
		}
		res, err := ix.Search(ctx, Request{Query: q, Semantic: sem})
		if err != nil {
			t.Fatal(err)
		}
		var h *Hit
		for i := range res.Hits {
			if res.Hits[i].ID == "/s/decrypt" {
				h = &res.Hits[i]
			}
		}
		if h == nil {
			t.Fatalf("%s: /s/decrypt not found: %+v", name, res.Hits)
		}
		if h.feat != lex.Hits[0].feat || h.hyb.lex != lex.Hits[0].feat.inputs() {
			t.Errorf("%s: lexical features %+v, the lexical search's %+v", name, h.feat, lex.Hits[0].feat)
		}
		if h.Confidence <= 0 || h.Confidence >= 1 {
			t.Errorf("%s: confidence %v", name, h.Confidence)
		}
		conf[name] = h.Confidence
	}
	if !(conf["near"] > conf["usual"]) {
		t.Errorf("confidence near by meaning %.3f, at the usual distance %.3f: want it higher when near", conf["near"], conf["usual"])
	}
}

// TestHybridConfidenceOfSemanticOnlyHits: a hit no query word matched gets
// a confidence of its own, rising with its z-score and with its lead over
// the next hit, and kept low: on the development sets such hits were
// right about one time in a thousand (search/RANKING-NOTES-semantic.md), so
// even one far nearer than the rest is not a confident match.
func TestHybridConfidenceOfSemanticOnlyHits(t *testing.T) {
	ix := openFuse(t)
	v, q := fuseVectors(t)
	sem, err := v.Query(q, 10)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ix.Search(context.Background(), Request{Query: fuseQuery, Semantic: sem})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 || res.Hits[0].ID != "/s/timing" || len(res.Hits[0].Matched) != 0 {
		t.Fatalf("hybrid search: %+v, want /s/timing first, found by meaning alone", res.Hits)
	}
	h := res.Hits[0]
	if !h.hyb.semOnly || h.hyb.z < 3 {
		t.Fatalf("features %+v: want a semantic-only hit of a high z-score", h.hyb)
	}
	if h.Confidence <= 0 || h.Confidence >= ConfidentMatch/2 {
		t.Errorf("semantic-only first hit, z %.1f: confidence %v, want above 0 and under %v", h.hyb.z, h.Confidence, ConfidentMatch/2)
	}
	lower := h.hyb
	lower.z--
	if c := lower.confidence(); !(c < h.Confidence) {
		t.Errorf("a lower z-score gave confidence %v, not under %v", c, h.Confidence)
	}
	closer := h.hyb
	closer.next = closer.score
	if c := closer.confidence(); !(c < h.Confidence) {
		t.Errorf("a tie with the next hit gave confidence %v, not under %v", c, h.Confidence)
	}
}

// TestHybridConfidenceModel: the fitted model reads its inputs the way its
// doc says (more coverage, a higher z-score or a bigger lead never lower
// it; being found by meaning alone lowers it), and a hit a query word
// matched, covering the query in its name and description, near it by
// meaning and well ahead, is a confident match.
func TestHybridConfidenceModel(t *testing.T) {
	strong := hybridFeatures{lex: [5]float64{1, 1, 1, 1, 1}, z: 4, score: 3, next: 1}
	if c := strong.confidence(); c < 0.7 {
		t.Errorf("a hit covering the query, near by meaning and ahead: confidence %v", c)
	}
	base := hybridFeatures{lex: [5]float64{0.5, 0.5, 0, 0, 0.3}, z: 2, score: 2, next: 1.5}
	for i := range hybridInputs {
		if i == 5 { // semOnly
			continue
		}
		if hybridCoef[i+1] < 0 {
			t.Errorf("input %d has a negative coefficient %v", i, hybridCoef[i+1])
		}
	}
	sem := base
	sem.lex, sem.semOnly = [5]float64{}, true
	if !(sem.confidence() < base.confidence()) {
		t.Errorf("found by meaning alone %v, a word matched %v", sem.confidence(), base.confidence())
	}
}
