package search

import (
	"context"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/search/eval"
	"github.com/skilldex/skilldex/search/internal/corpustest"
)

// synthCorpus is corpustest.Synth with Docs as search.Docs.
type synthCorpus struct{ *corpustest.Synth }

func newSynth(seed int64) *synthCorpus { return &synthCorpus{corpustest.NewSynth(seed)} }

func (s *synthCorpus) words(n int) []string { return s.Words(n) }

func (s *synthCorpus) queries(n int) []string { return s.Queries(n) }

func (s *synthCorpus) docs(n int, body bool) []Doc {
	cs := s.Docs(n, body)
	docs := make([]Doc, len(cs))
	for i, d := range cs {
		docs[i] = Doc(d)
	}
	return docs
}

func BenchmarkIndex1k(b *testing.B) {
	for _, body := range []bool{false, true} {
		name := "meta"
		if body {
			name = "body"
		}
		b.Run(name, func(b *testing.B) {
			docs := newSynth(1).docs(1000, body)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				dir := b.TempDir() + "/ix"
				ix, err := Open(dir, nil)
				if err != nil {
					b.Fatal(err)
				}
				if err := ix.Index(docs...); err != nil {
					b.Fatal(err)
				}
				if err := ix.Close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(docs)*b.N)/b.Elapsed().Seconds(), "docs/s")
		})
	}
}

// BenchmarkSearch1k measures query latency on an on-disk index of 1,000
// synthetic skills with bodies: "meta" searches name/description/tags only,
// "body" adds the gated body clauses (the default), "body-all" a body clause
// for every term, "no-feedback" is "body" without pseudo-relevance feedback. p50/p99 are reported in microseconds.
func BenchmarkSearch1k(b *testing.B) {
	benchSearch(b, 1000)
}

// BenchmarkSearch10k is BenchmarkSearch1k at 10,000 skills; building the
// index takes ~20 s on 2 cores, so it only runs with SKILLDEX_BENCH_10K=1.
func BenchmarkSearch10k(b *testing.B) {
	if os.Getenv("SKILLDEX_BENCH_10K") == "" {
		b.Skip("set SKILLDEX_BENCH_10K=1 to run")
	}
	benchSearch(b, 10000)
}

func benchSearch(b *testing.B, n int) {
	s := newSynth(2)
	docs := s.docs(n, true)
	qs := s.queries(500)
	ix, err := Open(b.TempDir()+"/ix", nil)
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	if err := ix.Index(docs...); err != nil {
		b.Fatal(err)
	}
	time.Sleep(time.Duration(n/1000+1) * time.Second) // let scorch finish merging segments
	variants := []struct {
		name string
		mod  func(*tuning)
	}{
		{"meta", func(t *tuning) { t.body = 0 }},
		{"body", func(*tuning) {}},
		{"body-all", func(t *tuning) { t.bodyMaxDocFrac = 1 }},
		{"no-feedback", func(t *tuning) { t.feedback = 0 }},
	}
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			ix.tune = defaultTuning
			v.mod(&ix.tune)
			defer func() { ix.tune = defaultTuning }()
			ctx := context.Background()
			lat := make([]time.Duration, 0, b.N)
			cpu0 := cpuTime()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				if _, err := ix.Search(ctx, Request{Query: qs[i%len(qs)]}); err != nil {
					b.Fatal(err)
				}
				lat = append(lat, time.Since(t0))
			}
			b.StopTimer()
			// CPU time is steadier than wall time on a shared machine.
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
			reportLatency(b, lat)
		})
	}
}

// BenchmarkCorpusSearch runs the 17 QUERIES.tsv queries against the real
// corpus (~1,860 skills, in-memory scorch) and reports p50/p99 latency in
// microseconds, with and without the body clauses.
func BenchmarkCorpusSearch(b *testing.B) {
	docs := corpusDocs(b)
	qs, err := eval.LoadQueries(queryFiles[0])
	if err != nil {
		b.Fatal(err)
	}
	ix, err := Open(b.TempDir()+"/ix", nil)
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	if err := ix.Index(docs...); err != nil {
		b.Fatal(err)
	}
	time.Sleep(2 * time.Second) // let scorch finish merging segments
	for _, v := range []struct {
		name string
		body float64
	}{{"meta", 0}, {"body", defaultTuning.body}} {
		b.Run(v.name, func(b *testing.B) {
			ix.tune = defaultTuning
			ix.tune.body = v.body
			defer func() { ix.tune = defaultTuning }()
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				if _, err := ix.Search(context.Background(), Request{Query: qs[i%len(qs)].Text}); err != nil {
					b.Fatal(err)
				}
				lat = append(lat, time.Since(t0))
			}
			b.StopTimer()
			reportLatency(b, lat)
		})
	}
}

// reportLatency reports the p50 and p99 of lat in microseconds.
func reportLatency(b *testing.B, lat []time.Duration) {
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) float64 {
		return float64(lat[int(p*float64(len(lat)-1))].Nanoseconds()) / 1e3
	}
	b.ReportMetric(pct(0.50), "p50-us")
	b.ReportMetric(pct(0.99), "p99-us")
}

// BenchmarkHybridSearch measures a hybrid search over 2,000 synthetic
// skills with bodies, each with a random 512-dimension vector: "lexical"
// is the search without the semantic stage, "hybrid" embeds nothing (the
// query vectors are made up beforehand) but runs Vectors.Query and the
// fused search, whose candidates are the lexical hits down to semDepth.
// The "synth" queries are a few words of the corpus's Zipf vocabulary;
// the "broad" ones words a quarter of the skills hold each (broadWords),
// so a hybrid search fuses up to semDepth candidates. cands/op is the mean number of lexical
// hits fused; cpu-ns/op is steadier than ns/op on a shared machine.
func BenchmarkHybridSearch(b *testing.B) {
	const n, dim = 2000, 512
	s := newSynth(7)
	docs := s.docs(n, true)
	for i := range docs {
		docs[i].Description += " " + broadWords[i%len(broadWords)]
	}
	ix, err := Open("", nil)
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	if err := ix.Index(docs...); err != nil {
		b.Fatal(err)
	}
	sets := map[string][]string{"synth": s.queries(200), "broad": broadQueries()}
	r := rand.New(rand.NewPCG(8, 9))
	v := NewVectors()
	for _, d := range docs {
		if err := v.Set(d.ID, randVec(r, dim)); err != nil {
			b.Fatal(err)
		}
	}
	qv := make([][]float32, 200)
	for i := range qv {
		qv[i] = randVec(r, dim)
	}
	ctx := context.Background()
	for _, set := range []string{"synth", "broad"} {
		qs := sets[set]
		for _, hybrid := range []bool{false, true} {
			name := set + "/lexical"
			if hybrid {
				name = set + "/hybrid"
			}
			b.Run(name, func(b *testing.B) {
				var cands uint64
				cpu0 := cpuTime()
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					req := Request{Query: qs[i%len(qs)]}
					if hybrid {
						sem, err := v.Query(qv[i%len(qv)], 30)
						if err != nil {
							b.Fatal(err)
						}
						req.Semantic = sem
					}
					res, err := ix.Search(ctx, req)
					if err != nil {
						b.Fatal(err)
					}
					cands += min(res.Total, uint64(ix.tune.semDepth))
				}
				b.StopTimer()
				b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
				b.ReportMetric(float64(cands)/float64(b.N), "cands/op")
			})
		}
	}
}

// broadWords are words the benchmark adds to the synthetic skills'
// descriptions, one a skill in turn, so a query of some of them has
// hundreds to thousands of lexical hits (the Zipf vocabulary's words are
// each in a few percent of the skills at most).
var broadWords = []string{"kubernetes", "terraform", "postgres", "react"}

// broadQueries are every query of two, three and four broadWords.
func broadQueries() []string {
	var qs []string
	for set := 1; set < 1<<len(broadWords); set++ {
		var q []string
		for i, w := range broadWords {
			if set&(1<<i) != 0 {
				q = append(q, w)
			}
		}
		if len(q) >= 2 {
			qs = append(qs, strings.Join(q, " "))
		}
	}
	return qs
}
