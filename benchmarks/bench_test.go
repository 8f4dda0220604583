package benchmarks

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/skilldex/skilldex/benchmarks/gen"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/tools"
)

// The benchmarks share one generated catalog of SKILLDEX_BENCH_SKILLS
// skills (default 1,000) and one warm data dir, made on first use:
//
//	go test -run '^$' -bench . -benchtime 10x ./benchmarks/
//	SKILLDEX_BENCH_SKILLS=10000 go test -run '^$' -bench . -benchtime 3x ./benchmarks/
var fx struct {
	once  sync.Once
	err   error
	tmp   string
	cat   *gen.Catalog
	data  string
	names []string

	mu      sync.Mutex
	serving *index.Catalog // open on data; closed by the warm start benchmark
}

func TestMain(m *testing.M) {
	code := m.Run()
	fx.mu.Lock()
	if fx.serving != nil {
		fx.serving.Close()
	}
	fx.mu.Unlock()
	if fx.tmp != "" {
		os.RemoveAll(fx.tmp)
	}
	os.Exit(code)
}

func benchSkills() int {
	if n, err := strconv.Atoi(os.Getenv("SKILLDEX_BENCH_SKILLS")); err == nil && n > 0 {
		return n
	}
	return 1000
}

func fixture(b *testing.B) {
	b.Helper()
	fx.once.Do(func() {
		if fx.tmp, fx.err = os.MkdirTemp("", "skilldex-gobench-"); fx.err != nil {
			return
		}
		if fx.cat, fx.err = gen.Generate(context.Background(), filepath.Join(fx.tmp, "skills"), gen.Options{Skills: benchSkills(), Seed: 1}); fx.err != nil {
			return
		}
		fx.data = filepath.Join(fx.tmp, "data")
		var c *index.Catalog
		if c, fx.err = index.Open(context.Background(), options(fx.data, false)); fx.err != nil {
			return
		}
		for _, s := range c.List(index.ListOptions{}) {
			fx.names = append(fx.names, s.Name)
		}
		fx.err = c.Close()
	})
	if fx.err != nil {
		b.Fatal(fx.err)
	}
}

func options(data string, background bool) *index.Options {
	return &index.Options{Roots: []index.Root{{Path: fx.cat.Root}}, DataDir: data, BackgroundBodies: background}
}

// serving returns the shared warm catalog, opening it if needed.
func serving(b *testing.B) *index.Catalog {
	fixture(b)
	fx.mu.Lock()
	defer fx.mu.Unlock()
	if fx.serving == nil {
		c, err := index.Open(context.Background(), options(fx.data, false))
		if err != nil {
			b.Fatal(err)
		}
		fx.serving = c
	}
	return fx.serving
}

func closeServing(b *testing.B) {
	fx.mu.Lock()
	defer fx.mu.Unlock()
	if fx.serving != nil {
		if err := fx.serving.Close(); err != nil {
			b.Fatal(err)
		}
		fx.serving = nil
	}
}

// reportPerOp adds ms/op and skills/s for a whole-catalog operation.
func reportPerOp(b *testing.B, elapsed time.Duration) {
	per := elapsed.Seconds() / float64(b.N)
	b.ReportMetric(per*1000, "ms/op")
	b.ReportMetric(float64(len(fx.cat.Skills))/per, "skills/s")
}

func BenchmarkDiscoverParse(b *testing.B) {
	fixture(b)
	b.ReportAllocs()
	start := time.Now()
	for b.Loop() {
		if reports, _ := index.ValidatePaths([]string{fx.cat.Root}, skillmd.Lenient); len(reports) != len(fx.cat.Skills) {
			b.Fatalf("%d reports for %d skills", len(reports), len(fx.cat.Skills))
		}
	}
	reportPerOp(b, time.Since(start))
}

// openSearchClose times opening a catalog on data through its first
// answered search, then closes it (and removes data when remove is set)
// with the timer stopped.
func openSearchClose(b *testing.B, data string, background, remove bool) time.Duration {
	start := time.Now()
	c, err := index.Open(context.Background(), options(data, background))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := c.Search(context.Background(), index.SearchRequest{Query: "build a dashboard"}); err != nil {
		b.Fatal(err)
	}
	elapsed := time.Since(start)
	b.StopTimer()
	c.Close()
	if remove {
		os.RemoveAll(data)
	}
	b.StartTimer()
	return elapsed
}

// coldOpen opens a fresh data dir and answers one search.
func coldOpen(b *testing.B, background bool) {
	fixture(b)
	b.ReportAllocs()
	var elapsed time.Duration
	for i := 0; b.Loop(); i++ {
		elapsed += openSearchClose(b, filepath.Join(fx.tmp, fmt.Sprintf("cold-%v-%d", background, i)), background, true)
	}
	reportPerOp(b, elapsed)
}

// BenchmarkColdMetadata is a cold start until names, descriptions and tags
// are searchable (bodies deferred).
func BenchmarkColdMetadata(b *testing.B) { coldOpen(b, true) }

// BenchmarkColdFull is a cold start with every body indexed.
func BenchmarkColdFull(b *testing.B) { coldOpen(b, false) }

func BenchmarkWarmStart(b *testing.B) {
	fixture(b)
	closeServing(b)
	b.ReportAllocs()
	var elapsed time.Duration
	for b.Loop() {
		elapsed += openSearchClose(b, fx.data, true, false)
	}
	reportPerOp(b, elapsed)
}

func BenchmarkRefreshUnchanged(b *testing.B) {
	c := serving(b)
	b.ReportAllocs()
	start := time.Now()
	for b.Loop() {
		if _, err := c.Refresh(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
	reportPerOp(b, time.Since(start))
}

func BenchmarkReindexOne(b *testing.B) {
	c := serving(b)
	b.ReportAllocs()
	var elapsed time.Duration
	for i := 0; b.Loop(); i++ {
		s := fx.cat.Skills[(i*7919+1)%len(fx.cat.Skills)]
		p := filepath.Join(s.Dir, "SKILL.md")
		b.StopTimer()
		if err := appendWord(p, fmt.Sprintf("benchword%d", i)); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		start := time.Now()
		if _, err := c.RefreshPaths(context.Background(), []string{p}); err != nil {
			b.Fatal(err)
		}
		elapsed += time.Since(start)
	}
	b.ReportMetric(elapsed.Seconds()*1000/float64(b.N), "ms/op")
}

// latencies runs op over b.N iterations and reports p50 and p99.
func latencies(b *testing.B, op func(i int) error) {
	b.ReportAllocs()
	lat := make([]float64, 0, b.N)
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		if err := op(i); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, msSince(start))
	}
	b.ReportMetric(percentile(lat, 50), "p50-ms")
	b.ReportMetric(percentile(lat, 99), "p99-ms")
}

func BenchmarkSearch(b *testing.B) {
	c := serving(b)
	queries := gen.Queries(1, 200)
	latencies(b, func(i int) error {
		_, err := c.Search(context.Background(), index.SearchRequest{Query: queries[i%len(queries)]})
		return err
	})
}

func BenchmarkLoad(b *testing.B) {
	c := serving(b)
	latencies(b, func(i int) error {
		_, err := c.Load(context.Background(), fx.names[(i*7919)%len(fx.names)])
		return err
	})
}

func BenchmarkLoadHuge(b *testing.B) {
	c := serving(b)
	latencies(b, func(int) error {
		l, err := c.Load(context.Background(), gen.HugeName)
		if err == nil && len(l.Content) != gen.HugeSize {
			err = fmt.Errorf("loaded %d bytes, want %d", len(l.Content), gen.HugeSize)
		}
		return err
	})
}

func BenchmarkReadFile(b *testing.B) {
	c := serving(b)
	var refs [][2]string
	for _, s := range fx.cat.Skills {
		if len(s.Files) > 0 {
			refs = append(refs, [2]string{s.ID, s.Files[0]})
		}
	}
	latencies(b, func(i int) error {
		r := refs[i%len(refs)]
		_, err := c.ReadFile(context.Background(), r[0], r[1])
		return err
	})
}

func BenchmarkList(b *testing.B) {
	h := tools.New(serving(b), nil)
	latencies(b, func(int) error {
		_, out, err := h.ListSkills(context.Background(), nil, tools.ListSkillsInput{})
		if err == nil && out.Count != len(fx.names) {
			err = fmt.Errorf("listed %d of %d", out.Count, len(fx.names))
		}
		return err
	})
}

func BenchmarkDescription(b *testing.B) {
	h := tools.New(serving(b), &tools.Options{Profiles: []string{"universal"}})
	latencies(b, func(int) error {
		if h.UniversalDescription() == "" {
			return fmt.Errorf("empty description")
		}
		return nil
	})
}

func BenchmarkErrorMessage(b *testing.B) {
	c := serving(b)
	latencies(b, func(i int) error {
		_, err := c.Resolve(fx.names[(i*7919)%len(fx.names)] + "x")
		if err == nil || err.Error() == "" {
			return fmt.Errorf("want a not-found error, got %v", err)
		}
		return nil
	})
}

// BenchmarkMemory reports the heap a warm catalog keeps (metadata), what
// 100 loads add to it, and the process's peak RSS.
func BenchmarkMemory(b *testing.B) {
	fixture(b)
	closeServing(b)
	for b.Loop() {
		before := heapInUse()
		c, err := index.Open(context.Background(), options(fx.data, false))
		if err != nil {
			b.Fatal(err)
		}
		heap := heapInUse() - before
		b.ReportMetric(float64(heap)/(1<<20), "MB-heap")
		b.ReportMetric(float64(heap)/float64(len(fx.names))/1024, "KB-heap/skill")
		before = heapInUse()
		for i := range 100 {
			if _, err := c.Load(context.Background(), fx.names[i*len(fx.names)/100]); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(max(heapInUse()-before, 0))/(1<<20), "MB-heap-100-loads")
		if rss, err := procStatus(0, "VmHWM"); err == nil && runtime.GOOS == "linux" {
			b.ReportMetric(float64(rss)/(1<<20), "MB-RSS-peak")
		}
		c.Close()
	}
}
