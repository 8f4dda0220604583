package benchmarks

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/skilldex/skilldex/benchmarks/gen"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/tools/web"
)

// The web catalog's pages (tools/web), rendered in process on the shared
// warm catalog: the time until the first byte of the answer (pages are
// rendered into a buffer, then written, so it is the whole render). Goal:
// under 20 ms at 10,000 skills.
//
//	SKILLDEX_BENCH_SKILLS=1860 go test -run '^$' -bench Web -benchtime 200x ./benchmarks/
//	SKILLDEX_BENCH_SKILLS=10000 go test -run '^$' -bench Web -benchtime 200x ./benchmarks/

// firstByte records when the first byte of an answer was written.
type firstByte struct {
	http.ResponseWriter
	start time.Time
	at    time.Duration
	code  int
}

func (f *firstByte) WriteHeader(code int) {
	if f.at == 0 {
		f.at = time.Since(f.start)
	}
	f.code = code
	f.ResponseWriter.WriteHeader(code)
}

func (f *firstByte) Write(p []byte) (int, error) {
	if f.at == 0 {
		f.at = time.Since(f.start)
		f.code = http.StatusOK
	}
	return f.ResponseWriter.Write(p)
}

// webPages measures the first byte of the pages targets(i) names; each
// target is served once before the timer starts (the skill pages' first
// view audits the skill; a server's audit primes that beforehand).
func webPages(b *testing.B, targets []string) { webPagesWarm(b, targets, true) }

// webPagesWarm is webPages; without warm no target is served before the
// timer starts.
func webPagesWarm(b *testing.B, targets []string, warm bool) {
	h := web.New(serving(b), web.Options{})
	serve := func(target string) (time.Duration, error) {
		f := &firstByte{ResponseWriter: httptest.NewRecorder(), start: time.Now()}
		h.ServeHTTP(f, httptest.NewRequest(http.MethodGet, target, nil))
		if f.code != http.StatusOK {
			return 0, fmt.Errorf("GET %s: %d", target, f.code)
		}
		return f.at, nil
	}
	for _, t := range targets {
		if !warm {
			break
		}
		if _, err := serve(t); err != nil {
			b.Fatal(err)
		}
	}
	lat := make([]float64, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, err := serve(targets[i%len(targets)])
		if err != nil {
			b.Fatal(err)
		}
		lat = append(lat, float64(d.Nanoseconds())/1e6)
	}
	b.StopTimer()
	b.ReportMetric(percentile(lat, 50), "p50-ms")
	b.ReportMetric(percentile(lat, 99), "p99-ms")
}

// BenchmarkWebSearchPage: /?q=QUERY, the first page of 50 results.
func BenchmarkWebSearchPage(b *testing.B) {
	var targets []string
	for _, q := range gen.Queries(1, 50) {
		targets = append(targets, "/?q="+url.QueryEscape(q))
	}
	webPages(b, targets)
}

// BenchmarkWebListPage: / and a later page of the whole list.
func BenchmarkWebListPage(b *testing.B) {
	webPages(b, []string{"/", "/?page=7", "/?sort=name&page=3"})
}

// BenchmarkWebSkillPage: /skills/{id} of 50 skills spread over the
// catalog (SKILL.md rendered and sanitized, files, doctor, audit).
func BenchmarkWebSkillPage(b *testing.B) {
	all := serving(b).List(index.ListOptions{})
	var targets []string
	for i := 0; i < 50 && i < len(all); i++ {
		s := all[(i*7919)%len(all)]
		u := &url.URL{Path: "/skills/" + s.ID}
		targets = append(targets, u.EscapedPath())
	}
	webPages(b, targets)
}

// BenchmarkWebSkillPageFirstView: /skills/{id} of skills never shown
// before (b.N of them, up to the catalog's size): the page audits the
// skill (a server that primed its audit answers as BenchmarkWebSkillPage).
func BenchmarkWebSkillPageFirstView(b *testing.B) {
	all := serving(b).List(index.ListOptions{})
	targets := make([]string, len(all))
	for i := range all {
		u := &url.URL{Path: "/skills/" + all[(i*7919)%len(all)].ID}
		targets[i] = u.EscapedPath()
	}
	webPagesWarm(b, targets, false)
}
