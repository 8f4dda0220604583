package audit_test

import (
	"context"
	"os"
	"testing"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/audit"
)

// corpusDir is the real corpus the audit's speed target is set on
// (issue 19: "Audit of the 1,865-skill corpus runs in under 5 s");
// SKILLDEX_CORPUS overrides it.
func corpusDir() string {
	if d := os.Getenv("SKILLDEX_CORPUS"); d != "" {
		return d
	}
	return "/work/shared/corpus"
}

// openCorpus opens the corpus catalog in a data dir kept between runs
// (SKILLDEX_BENCH_DATA, else a temporary one), so the benchmark times the
// audit, not the index build.
func openCorpus(b *testing.B) *index.Catalog {
	b.Helper()
	dir := corpusDir()
	if _, err := os.Stat(dir); err != nil {
		b.Skipf("no corpus at %s (set SKILLDEX_CORPUS)", dir)
	}
	data := os.Getenv("SKILLDEX_BENCH_DATA")
	if data == "" {
		data = b.TempDir()
	}
	cat, err := index.Open(context.Background(), &index.Options{Roots: []index.Root{{Path: dir}}, DataDir: data})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cat.Close() })
	return cat
}

// BenchmarkCorpus audits every served skill of the corpus (figures in
// CORPUS.md), without a cache. Run with -benchtime=2x -cpuprofile to see
// where time goes.
func BenchmarkCorpus(b *testing.B) {
	cat := openCorpus(b)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rep, err := audit.Catalog(ctx, cat, audit.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if i == 0 {
			b.ReportMetric(float64(rep.Files), "files")
		}
	}
}

// BenchmarkCorpusCached audits the corpus from a warm cache: what a
// second `skilldex audit` or a server's start on a warm data dir costs.
func BenchmarkCorpusCached(b *testing.B) {
	cat := openCorpus(b)
	ctx := context.Background()
	c, _ := audit.OpenCache("")
	if _, err := audit.Catalog(ctx, cat, audit.Options{Cache: c}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rep, err := audit.Catalog(ctx, cat, audit.Options{Cache: c})
		if err != nil {
			b.Fatal(err)
		}
		if rep.Audited != 0 {
			b.Fatalf("%d files audited from a warm cache", rep.Audited)
		}
	}
}
