package skillsext

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/skilldex/skilldex/benchmarks/gen"
	"github.com/skilldex/skilldex/index"
)

// The benchmark's catalog: SKILLDEX_BENCH_SKILLS generated skills (default
// 10,000, issue #17's figure), opened once in memory.
//
//	go test -run '^$' -bench SkillsList -benchtime 20x ./tools/skillsext/
var benchFx struct {
	once sync.Once
	cat  *index.Catalog
	err  error
}

func benchCatalog(b *testing.B) *index.Catalog {
	b.Helper()
	benchFx.once.Do(func() {
		n := 10000
		if v, err := strconv.Atoi(os.Getenv("SKILLDEX_BENCH_SKILLS")); err == nil && v > 0 {
			n = v
		}
		tmp, err := os.MkdirTemp("", "skilldex-skillsext-bench-")
		if err != nil {
			benchFx.err = err
			return
		}
		g, err := gen.Generate(context.Background(), filepath.Join(tmp, "skills"), gen.Options{Skills: n, Seed: 1})
		if err != nil {
			benchFx.err = err
			return
		}
		benchFx.cat, benchFx.err = index.Open(context.Background(), &index.Options{Roots: []index.Root{{Path: g.Root}}, Mem: true})
	})
	if benchFx.err != nil {
		b.Fatal(benchFx.err)
	}
	return benchFx.cat
}

// BenchmarkSkillsListFirstPage answers skills/list's first page (100
// entries, every file's digest) in process:
//
//   - warm: the view and the page's entries are cached (the steady state
//     between catalog changes);
//   - after-change: the first page right after a catalog change (the
//     change callback's generation bump), entries cached: the view (the
//     ordered skill keys) is rebuilt from the catalog's list and the
//     page's 100 fingerprints computed; no other skill's files are
//     touched;
//   - cold: a new Extension, so the view is built and the page's entries
//     computed from nothing (frontmatter read from the store, digests of
//     files the catalog has not hashed read and hashed).
func BenchmarkSkillsListFirstPage(b *testing.B) {
	cat := benchCatalog(b)
	ctx := context.Background()
	b.Run("warm", func(b *testing.B) {
		e := New(cat, nil)
		if _, err := e.listSkills(ctx, nil, &ListSkillsParams{}); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			r, err := e.listSkills(ctx, nil, &ListSkillsParams{})
			if err != nil || len(r.Skills) == 0 {
				b.Fatal(err, len(r.Skills))
			}
		}
	})
	b.Run("after-change", func(b *testing.B) {
		e := New(cat, nil)
		if _, err := e.listSkills(ctx, nil, &ListSkillsParams{}); err != nil {
			b.Fatal(err)
		}
		cpu0, cpuOK := processCPU()
		for b.Loop() {
			e.gen.Add(1) // what the catalog's change callback does
			r, err := e.listSkills(ctx, nil, &ListSkillsParams{})
			if err != nil || len(r.Skills) == 0 {
				b.Fatal(err, len(r.Skills))
			}
		}
		reportCPU(b, cpu0, cpuOK)
	})
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			e := New(cat, nil)
			r, err := e.listSkills(ctx, nil, &ListSkillsParams{})
			if err != nil || len(r.Skills) == 0 {
				b.Fatal(err, len(r.Skills))
			}
		}
	})
}

// reportCPU reports the process's CPU time per operation since cpu0 as
// "cpu-ns/op": on a shared machine wall time (ns/op) counts the time other
// processes held the cores, CPU time does not.
func reportCPU(b *testing.B, cpu0 time.Duration, ok bool) {
	cpu1, ok1 := processCPU()
	if ok && ok1 && b.N > 0 {
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
	}
}
