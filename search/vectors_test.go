package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"sync"
	"testing"
)

// naiveNearest is Vectors.Query's answer computed the plain way.
func naiveNearest(vecs map[string][]float32, q []float32, k int) ([]Similar, float64, float64) {
	unit := func(v []float32) []float64 {
		var n float64
		for _, x := range v {
			n += float64(x) * float64(x)
		}
		out := make([]float64, len(v))
		for i, x := range v {
			out[i] = float64(x) / math.Sqrt(n)
		}
		return out
	}
	uq := unit(q)
	var all []Similar
	var sum, sq float64
	for id, v := range vecs {
		var d float64
		for i, x := range unit(v) {
			d += x * uq[i]
		}
		all = append(all, Similar{ID: id, Cosine: d})
		sum += d
		sq += d * d
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].Cosine != all[j].Cosine {
			return all[i].Cosine > all[j].Cosine
		}
		return all[i].ID < all[j].ID
	})
	n := float64(len(all))
	mean := sum / n
	return all[:min(k, len(all))], mean, math.Sqrt(sq/n - mean*mean)
}

func randVec(r *rand.Rand, dim int) []float32 {
	v := make([]float32, dim)
	for i := range v {
		v[i] = float32(r.NormFloat64())
	}
	return v
}

func TestVectorsQueryMatchesNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const dim = 13
	for _, n := range []int{1, 2, 7, 50, 400} {
		v := NewVectors()
		vecs := map[string][]float32{}
		for i := range n {
			id := fmt.Sprintf("s%03d", i)
			vecs[id] = randVec(r, dim)
			if err := v.Set(id, vecs[id]); err != nil {
				t.Fatal(err)
			}
		}
		// Replace some and delete some, so rows move.
		for i := 0; i < n; i += 3 {
			id := fmt.Sprintf("s%03d", i)
			if i%2 == 0 {
				v.Delete(id)
				delete(vecs, id)
				continue
			}
			vecs[id] = randVec(r, dim)
			if err := v.Set(id, vecs[id]); err != nil {
				t.Fatal(err)
			}
		}
		if v.Len() != len(vecs) {
			t.Fatalf("n=%d: Len %d, want %d", n, v.Len(), len(vecs))
		}
		for _, k := range []int{0, 1, 5, 30, n + 5} {
			q := randVec(r, dim)
			s, err := v.Query(q, k)
			if err != nil {
				t.Fatal(err)
			}
			if len(vecs) == 0 {
				if s != nil {
					t.Fatalf("empty table answered %+v", s)
				}
				continue
			}
			want, mean, std := naiveNearest(vecs, q, k)
			if len(s.Nearest) != len(want) {
				t.Fatalf("n=%d k=%d: %d nearest, want %d", n, k, len(s.Nearest), len(want))
			}
			for i := range want {
				if s.Nearest[i].ID != want[i].ID || math.Abs(s.Nearest[i].Cosine-want[i].Cosine) > 1e-5 {
					t.Fatalf("n=%d k=%d: nearest[%d] = %+v, want %+v", n, k, i, s.Nearest[i], want[i])
				}
			}
			if math.Abs(s.Mean-mean) > 1e-5 || math.Abs(s.Std-std) > 1e-4 {
				t.Fatalf("n=%d: mean/std %.5f/%.5f, want %.5f/%.5f", n, s.Mean, s.Std, mean, std)
			}
			all, _, _ := naiveNearest(vecs, q, len(vecs))
			for _, w := range all {
				c, ok := s.Cosine(w.ID)
				if !ok || math.Abs(c-w.Cosine) > 1e-5 {
					t.Fatalf("Cosine(%s) = %v, %v; want %v", w.ID, c, ok, w.Cosine)
				}
			}
			if _, ok := s.Cosine("nope"); ok {
				t.Fatal("Cosine of an unknown id")
			}
		}
	}
}

func TestVectorsRefusesBadVectors(t *testing.T) {
	v := NewVectors()
	if err := v.Set("a", []float32{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	for name, vec := range map[string][]float32{
		"other length": {1, 2},
		"empty":        {},
		"zero":         {0, 0, 0},
		"NaN":          {1, float32(math.NaN()), 0},
		"Inf":          {float32(math.Inf(1)), 0, 0},
	} {
		if err := v.Set("b", vec); err == nil {
			t.Errorf("%s: Set accepted %v", name, vec)
		}
		if _, err := v.Query(vec, 3); err == nil {
			t.Errorf("%s: Query accepted %v", name, vec)
		}
	}
	if err := v.Set("b", []float32{1, 2}); !errors.Is(err, ErrDimension) {
		t.Errorf("other length: %v, want ErrDimension", err)
	}
	if s, err := v.Query([]float32{1, 2, 3}, 5); err != nil || v.Len() != 1 || len(s.Nearest) != 1 || s.Nearest[0].ID != "a" {
		t.Errorf("a refused vector was stored: %v %+v", err, s)
	}
	// An emptied table takes a new dimension.
	v.Delete("a")
	if err := v.Set("b", []float32{1, 2}); err != nil {
		t.Errorf("emptied table: %v", err)
	}
}

func TestVectorsConcurrent(t *testing.T) {
	v := NewVectors()
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 9))
			for i := range 200 {
				id := fmt.Sprintf("w%d-%d", w, i%20)
				if i%5 == 4 {
					v.Delete(id)
				} else if err := v.Set(id, randVec(r, 8)); err != nil {
					t.Error(err)
					return
				}
				s, err := v.Query(randVec(r, 8), 5)
				if err != nil {
					t.Error(err)
					return
				}
				for _, n := range s.Nearest {
					s.Cosine(n.ID)
				}
			}
		}()
	}
	wg.Wait()
}

// fuseDocs are skills of which only one shares a word with fuseQuery.
var fuseDocs = []Doc{
	{ID: "/s/timing", Name: "constant-time-crypto", Description: "Review cryptographic code for side channels and constant-time comparisons."},
	{ID: "/s/bread", Name: "sourdough", Description: "Bake sourdough bread with a starter."},
	{ID: "/s/decrypt", Name: "file-decrypt", Description: "Decrypt files encrypted with age or gpg."},
	{ID: "/s/funnel", Name: "signup-funnel", Description: "Improve signup conversion and form completion."},
}

const fuseQuery = "the attacker measures how long decryption takes"

// fuseFillers are unrelated skills, so the catalog has a usual distance
// for the near ones to stand out from.
func fuseFillers() ([]Doc, map[string][]float32) {
	r := rand.New(rand.NewPCG(3, 4))
	var docs []Doc
	vecs := map[string][]float32{}
	for i := range 150 {
		id := fmt.Sprintf("/s/garden-%02d", i)
		docs = append(docs, Doc{ID: id, Name: fmt.Sprintf("garden-%02d", i), Description: "Plan a vegetable garden bed."})
		vecs[id] = []float32{0.02 * float32(r.NormFloat64()), 0.02 * float32(r.NormFloat64()), 1, 0.3 * float32(r.NormFloat64())}
	}
	return docs, vecs
}

// fuseVectors gives the skills made-up vectors: the query points at the
// timing skill, away from the word-sharing decrypt skill.
func fuseVectors(t *testing.T) (*Vectors, []float32) {
	v := NewVectors()
	_, vecs := fuseFillers()
	for id, vec := range map[string][]float32{
		"/s/timing":  {1, 0.1, 0, 0},
		"/s/bread":   {0, 0, 1, 0},
		"/s/decrypt": {0.1, 1, 0, 0},
		"/s/funnel":  {0, 0, 0, 1},
	} {
		vecs[id] = vec
	}
	for id, vec := range vecs {
		if err := v.Set(id, vec); err != nil {
			t.Fatal(err)
		}
	}
	return v, []float32{1, 0, 0.05, 0}
}

func openFuse(t *testing.T) *Index {
	fill, _ := fuseFillers()
	return openMem(t, append(slices.Clone(fuseDocs), fill...)...)
}

func TestHybridSearchFindsSkillWithoutSharedWords(t *testing.T) {
	ix := openFuse(t)
	ctx := context.Background()
	lex, err := ix.Search(ctx, Request{Query: fuseQuery})
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(lex.Hits, func(h Hit) bool { return h.ID == "/s/timing" }) {
		t.Fatalf("lexical search already finds the timing skill: %+v", lex.Hits)
	}
	v, q := fuseVectors(t)
	sem, err := v.Query(q, 10)
	if err != nil {
		t.Fatal(err)
	}
	hy, err := ix.Search(ctx, Request{Query: fuseQuery, Semantic: sem})
	if err != nil {
		t.Fatal(err)
	}
	if len(hy.Hits) == 0 || hy.Hits[0].ID != "/s/timing" {
		t.Fatalf("hybrid search: %+v, want /s/timing first", hy.Hits)
	}
	first := hy.Hits[0]
	if first.Similarity < 0.9 || first.Confidence <= 0 || first.Confidence >= ConfidentMatch || first.Matched == nil {
		t.Errorf("semantic-only hit: %+v, want Similarity near 1, a confidence above 0 but under ConfidentMatch, Matched not nil", first)
	}
	if !hy.NoGoodMatch {
		t.Error("a hit no query word matched made the result a confident match")
	}
	all, err := ix.Search(ctx, Request{Query: fuseQuery, Semantic: sem, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	added := 0
	for _, h := range all.Hits {
		if len(h.Matched) == 0 {
			added++
		}
	}
	if added == 0 || all.Total != lex.Total+uint64(added) {
		t.Errorf("Total %d, want the lexical %d + the %d hits only the semantic side found", all.Total, lex.Total, added)
	}
	// The word-sharing skill keeps its place after it; the unrelated ones
	// stand at about the catalog's usual distance and come after both.
	if len(hy.Hits) < 2 || hy.Hits[1].ID != "/s/decrypt" {
		t.Errorf("hybrid search: %+v, want /s/decrypt second", hy.Hits)
	}
	// Paging over the fused order.
	p2, err := ix.Search(ctx, Request{Query: fuseQuery, Semantic: sem, Limit: 1, Offset: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(hy.Hits) > 1 && (len(p2.Hits) != 1 || p2.Hits[0].ID != hy.Hits[1].ID) {
		t.Errorf("page 2 of 1: %+v, want %s", p2.Hits, hy.Hits[1].ID)
	}
}

func TestHybridSearchWithoutVectorsIsLexical(t *testing.T) {
	ix := openMem(t, fuseDocs...)
	ctx := context.Background()
	for _, q := range []string{fuseQuery, "sourdough", "signup conversion"} {
		lex, err := ix.Search(ctx, Request{Query: q})
		if err != nil {
			t.Fatal(err)
		}
		// A table holding other documents only: no hit has a vector.
		v := NewVectors()
		for i := range 3 {
			if err := v.Set(fmt.Sprintf("/other/%d", i), []float32{float32(i), 1}); err != nil {
				t.Fatal(err)
			}
		}
		sem, err := v.Query([]float32{0, 1}, 0)
		if err != nil {
			t.Fatal(err)
		}
		hy, err := ix.Search(ctx, Request{Query: q, Semantic: sem})
		if err != nil {
			t.Fatal(err)
		}
		if len(hy.Hits) != len(lex.Hits) || hy.NoGoodMatch != lex.NoGoodMatch {
			t.Fatalf("%q: hybrid %+v, lexical %+v", q, hy, lex)
		}
		for i := range lex.Hits {
			if hy.Hits[i].ID != lex.Hits[i].ID || hy.Hits[i].Score != lex.Hits[i].Score || hy.Hits[i].Confidence != lex.Hits[i].Confidence {
				t.Errorf("%q: hit %d hybrid %+v, lexical %+v", q, i, hy.Hits[i], lex.Hits[i])
			}
		}
	}
}

func TestHybridSearchOfStopWordsOnly(t *testing.T) {
	ix := openFuse(t)
	v, q := fuseVectors(t)
	sem, err := v.Query(q, 10)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ix.Search(context.Background(), Request{Query: "how does it do that", Semantic: sem})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 || res.Hits[0].ID != "/s/timing" || !res.NoGoodMatch {
		t.Fatalf("query of stop words: %+v, want the nearest skill, not confident", res)
	}
}

// BenchmarkVectorsQuery: the semantic stage's brute-force cost per
// query, for the corpus's size and for a 100,000-skill catalog.
func BenchmarkVectorsQuery(b *testing.B) {
	for _, n := range []int{2000, 100000} {
		b.Run(fmt.Sprintf("%d-skills-512d", n), func(b *testing.B) {
			r := rand.New(rand.NewPCG(5, 6))
			v := NewVectors()
			for i := range n {
				if err := v.Set(fmt.Sprintf("s%d", i), randVec(r, 512)); err != nil {
					b.Fatal(err)
				}
			}
			q := randVec(r, 512)
			b.ResetTimer()
			for range b.N {
				if _, err := v.Query(q, 30); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestHybridPagesAgree: a skill that matches the query's words but ranks
// far down lexically, and is the nearest by meaning, is one hit with its
// matched words, counted once, at the same place whatever the page size;
// when more skills match than the hybrid search fetches, a nearest skill
// outside them is left out rather than taken for one no word matched.
func TestHybridPagesAgree(t *testing.T) {
	var docs []Doc
	v := NewVectors()
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 150 {
		id := fmt.Sprintf("/s/garden-%03d", i)
		desc := "Plan a vegetable garden bed."
		if i == 149 {
			desc = "Plan a vegetable garden bed, the raised garden bed and the garden layout."
		}
		docs = append(docs, Doc{ID: id, Name: fmt.Sprintf("garden-%03d", i), Description: desc})
		vec := []float32{0.02 * float32(r.NormFloat64()), 1, 0.3 * float32(r.NormFloat64())}
		if i == 149 {
			vec = []float32{1, 0, 0}
		}
		if err := v.Set(id, vec); err != nil {
			t.Fatal(err)
		}
	}
	ix := openMem(t, docs...)
	sem, err := v.Query([]float32{1, 0, 0}, 30)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	search := func(req Request) *Result {
		t.Helper()
		res, err := ix.Search(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	lex := search(Request{Query: "vegetable", Limit: 200})
	small := search(Request{Query: "vegetable", Limit: 10, Semantic: sem})
	big := search(Request{Query: "vegetable", Limit: 200, Semantic: sem})
	if small.Total != lex.Total || big.Total != lex.Total {
		t.Errorf("Total: lexical %d, hybrid %d (limit 10) and %d (limit 200)", lex.Total, small.Total, big.Total)
	}
	for i := range small.Hits {
		a, b := small.Hits[i], big.Hits[i]
		// (Confidence's margin looks at the page's hits, as in a lexical
		// search, so it may differ with the page size.)
		if a.ID != b.ID || a.Score != b.Score || len(a.Matched) == 0 {
			t.Fatalf("hit %d: limit 10 %+v, limit 200 %+v", i, a, b)
		}
	}
	if small.Hits[0].ID != "/s/garden-149" {
		t.Errorf("the nearest skill is not first: %+v", small.Hits[0])
	}

	// Fewer fetched than match: nothing enters as found by meaning alone.
	ix.tune.semDepth = 20
	cut := search(Request{Query: "vegetable", Limit: 30, Semantic: sem})
	if cut.Total != lex.Total {
		t.Errorf("Total %d with a short candidate list, want %d", cut.Total, lex.Total)
	}
	for _, h := range cut.Hits {
		if len(h.Matched) == 0 {
			t.Errorf("a skill matching the query's words taken for one found by meaning alone: %+v", h)
		}
	}
}

// TestHybridMinScore: MinScore cuts the fused score; a higher MinScore
// drops hits and never changes the score of those it keeps.
func TestHybridMinScore(t *testing.T) {
	ix := openFuse(t)
	v, q := fuseVectors(t)
	sem, err := v.Query(q, 10)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	all, err := ix.Search(ctx, Request{Query: fuseQuery, Semantic: sem, Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Hits) < 2 {
		t.Fatalf("hits: %+v", all.Hits)
	}
	score := map[string]float64{}
	for _, h := range all.Hits {
		score[h.ID] = h.Score
	}
	for _, min := range []float64{all.Hits[1].Score / 2, all.Hits[1].Score, all.Hits[0].Score} {
		cut, err := ix.Search(ctx, Request{Query: fuseQuery, Semantic: sem, Limit: 50, MinScore: min})
		if err != nil {
			t.Fatal(err)
		}
		if len(cut.Hits) == 0 || int(cut.Total) != len(cut.Hits) {
			t.Errorf("MinScore %g: %d hits, Total %d", min, len(cut.Hits), cut.Total)
		}
		for _, h := range cut.Hits {
			if h.Score < min || h.Score != score[h.ID] {
				t.Errorf("MinScore %g: %s scores %g, %g without it", min, h.ID, h.Score, score[h.ID])
			}
		}
	}
}

// TestSemanticCosinesFollowTheTable: Cosine gives the cosine Query
// computed, to the bit the dot product of the query and the row, and
// once the table changed (a vector replaced, one deleted and the last row
// moved into its place) the cosine of each document's vector as it is
// now, never another row's.
func TestSemanticCosinesFollowTheTable(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	const dim = 16
	v := NewVectors()
	vecs := map[string][]float32{}
	for i := range 40 {
		id := fmt.Sprintf("s%02d", i)
		vecs[id] = randVec(r, dim)
		if err := v.Set(id, vecs[id]); err != nil {
			t.Fatal(err)
		}
	}
	q := randVec(r, dim)
	uq, err := normalise(q)
	if err != nil {
		t.Fatal(err)
	}
	now := func(id string) float64 {
		u, err := normalise(vecs[id])
		if err != nil {
			t.Fatal(err)
		}
		return dot(uq, u)
	}
	check := func(when string, s *Semantic) {
		t.Helper()
		for id := range vecs {
			if c, ok := s.Cosine(id); !ok || c != now(id) {
				t.Errorf("%s: Cosine(%s) = %v, %v; want %v", when, id, c, ok, now(id))
			}
		}
	}
	s, err := v.Query(q, 5)
	if err != nil {
		t.Fatal(err)
	}
	check("as queried", s)
	for _, n := range s.Nearest {
		if c, _ := s.Cosine(n.ID); c != n.Cosine {
			t.Errorf("Nearest %s: %v, Cosine %v", n.ID, n.Cosine, c)
		}
	}
	vecs["s03"] = randVec(r, dim)
	if err := v.Set("s03", vecs["s03"]); err != nil {
		t.Fatal(err)
	}
	check("a vector replaced", s)
	v.Delete("s05") // s39 moves into its row
	delete(vecs, "s05")
	check("a vector deleted", s)
	if _, ok := s.Cosine("s05"); ok {
		t.Error("Cosine of a deleted vector")
	}
	vecs["new"] = randVec(r, dim)
	if err := v.Set("new", vecs["new"]); err != nil {
		t.Fatal(err)
	}
	check("a vector added", s)
}

// TestHybridSearchSameWhenTheTableChanged: a hybrid search ranks with the
// cosines Query computed exactly as with cosines computed afresh (the
// table changed since, though no vector did): same hits, scores,
// similarities and confidences, bit for bit, over queries with hundreds
// of candidates.
func TestHybridSearchSameWhenTheTableChanged(t *testing.T) {
	s := newSynth(11)
	docs := s.docs(400, false)
	for i := range docs {
		docs[i].Description += " " + broadWords[i%len(broadWords)]
	}
	ix := openMem(t, docs...)
	r := rand.New(rand.NewPCG(12, 13))
	v := NewVectors()
	vecs := map[string][]float32{}
	for _, d := range docs[:350] { // some skills without a vector
		vecs[d.ID] = randVec(r, 24)
		if err := v.Set(d.ID, vecs[d.ID]); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	qs := append(broadQueries(), s.queries(20)...)
	fused := 0
	for _, q := range qs {
		sem, err := v.Query(randVec(r, 24), 30)
		if err != nil {
			t.Fatal(err)
		}
		req := Request{Query: q, Semantic: sem, Limit: 100}
		fast, err := ix.Search(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		// The same vector set again: the table changed, no cosine did.
		id := docs[0].ID
		if err := v.Set(id, vecs[id]); err != nil {
			t.Fatal(err)
		}
		slow, err := ix.Search(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		if fast.Total != slow.Total || fast.NoGoodMatch != slow.NoGoodMatch || len(fast.Hits) != len(slow.Hits) {
			t.Fatalf("%q: %d hits of %d, %d of %d after the table changed", q, len(fast.Hits), fast.Total, len(slow.Hits), slow.Total)
		}
		for i, a := range fast.Hits {
			b := slow.Hits[i]
			if a.ID != b.ID || a.Score != b.Score || a.Similarity != b.Similarity || a.Confidence != b.Confidence {
				t.Fatalf("%q: hit %d %+v, %+v after the table changed", q, i, a, b)
			}
			if a.Similarity != 0 {
				fused++
			}
		}
	}
	if fused < 1000 {
		t.Errorf("only %d hits had a cosine: the test compares too little", fused)
	}
}
