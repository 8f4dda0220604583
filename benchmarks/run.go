// Package benchmarks measures the catalog against the seeds' (the tool
// contracts in tools/testdata/seeds/) speed and
// memory targets and our own goals, on a synthetic catalog from
// package gen or on a real one. Run drives every scenario once, for
// `skilldex bench` and CI; the Go benchmarks in this package (go test
// -bench . ./benchmarks/) measure the same scenarios with testing.B.
//
// Seed targets are stated for 1,000 skills. Figures that grow with the
// catalog (discovery, refresh, the metadata heap, description and error
// generation, which look at every name) get them scaled by skills/1,000
// for larger catalogs; figures that do not (a load, reading 1 MiB) keep
// them as they are. Smaller catalogs keep the 1,000-skill targets.
//
// This package serves the skilldex command and may change without notice;
// programs embedding a catalog import the module's root package,
// github.com/skilldex/skilldex.
package benchmarks

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/skilldex/skilldex/benchmarks/gen"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/filewatcher"
	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/tools"
)

// Config configures Run.
type Config struct {
	// Skills is the size of the generated catalog when Dir is empty;
	// 0 means 1,000.
	Skills int
	// Dir, when set, is an existing skill root to measure instead of a
	// generated catalog. It is only read: Run measures a temporary copy
	// (some scenarios edit skills) with a temporary data dir.
	Dir string
	// Seed picks the generated catalog and the query set.
	Seed uint64
	// ServeCmd, when set, is the command line of a skilldex binary (e.g.
	// {os.Executable()}); Run starts "ServeCmd serve --dir ... --data-dir
	// ..." on a warm data dir, completes an MCP handshake and reports the
	// process's resident memory. Nil skips that figure.
	ServeCmd []string
	// OnBuild, when set, is the catalog's index.Options.OnBuild in every
	// catalog the bench opens: the memory policy the measured process
	// applies while a build runs (skilldex bench passes serve's, so the
	// cold start and full build are what `skilldex serve` does). Nil
	// measures the runtime's defaults.
	OnBuild func(building bool)
	// Log receives one line per phase; nil discards.
	Log io.Writer
	// ProfileDir, when set, is a folder (created if missing) that
	// receives pprof CPU and heap profiles of the cold start, the warm
	// start and the searches (see profiler for the file names); the
	// search loop then runs 10 passes over the queries instead of 3, so
	// its CPU profile holds enough samples. Profiling slows every
	// figure a little.
	ProfileDir string
	// Only, when "takeover", measures the shared server's takeover alone
	// (NameTakeover; needs ServeCmd): the catalog is copied and built,
	// then Takeover runs. "catalog" measures everything but the takeover
	// (five restarts of a shared server: minutes at 100,000 skills).
	// "" measures everything.
	Only string
	// TakeoverSessions and TakeoverRounds configure the takeover figure
	// (see TakeoverConfig); 0 means the defaults. Only "api" measures the
	// HTTP JSON API's search figures alone (api.go).
	TakeoverSessions, TakeoverRounds int
	// APIHandler builds the handler the API figures measure; nil means
	// DefaultAPIHandler.
	APIHandler APIHandler
}

// Result is one measured figure.
type Result struct {
	// Name is one of the Name* constants.
	Name string `json:"name"`
	// Value is in Unit: "ms" for times (a median or the stated
	// percentile), "MB" (MiB) or "KB" (KiB) for memory.
	Value float64 `json:"value"`
	Unit  string  `json:"unit"`
	// Target is the seed's limit (scaled to the catalog size, see the
	// package documentation); nil when the seeds set none.
	Target *float64 `json:"target"`
	// Goal is our own aim; nil when none is stated for
	// this size. Goals are reported, not enforced.
	Goal *float64 `json:"goal"`
	// Pass is false only when a Target exists and Value exceeds it.
	Pass bool `json:"pass"`
}

// Machine describes where the figures were measured.
type Machine struct {
	// OS, Arch and Go are runtime.GOOS, runtime.GOARCH and
	// runtime.Version(); CPUs is runtime.NumCPU(); CPUModel comes from
	// /proc/cpuinfo (Linux).
	OS       string `json:"os"`
	Arch     string `json:"arch"`
	CPUs     int    `json:"cpus"`
	CPUModel string `json:"cpu_model,omitempty"`
	Go       string `json:"go"`
	// Skills is the number of skills found in the catalog.
	Skills int `json:"skills"`
	// CatalogMB is the size of the catalog's files in MiB.
	CatalogMB float64 `json:"catalog_mb"`
	// Generated is true for a synthetic catalog made with Seed; else
	// Dir is the folder that was measured (on a copy).
	Generated bool   `json:"generated"`
	Seed      uint64 `json:"seed,omitempty"`
	Dir       string `json:"dir,omitempty"`
}

// Report is what Run measured.
type Report struct {
	Machine Machine  `json:"machine"`
	Results []Result `json:"results"`
}

// Failed returns the results whose seed target was missed.
func (r *Report) Failed() []Result {
	var out []Result
	for _, x := range r.Results {
		if !x.Pass {
			out = append(out, x)
		}
	}
	return out
}

// Figure names, shared by Run, the Go benchmarks and the README table.
const (
	NameDiscovery    = "full validation: discovery + parse of everything, no index"
	NameColdStart    = "cold start to first answered search (metadata searchable)"
	NameFullBuild    = "cold full build (bodies indexed)"
	NameWarmStart    = "warm start to first answered search (unchanged catalog)"
	NameRefresh      = "refresh of the unchanged catalog (full walk)"
	NameReindexOne   = "re-index 1 changed skill (RefreshPaths)"
	NameVisible      = "change on disk visible in search (watcher)"
	NameSearchP50    = "search p50 (in process)"
	NameSearchP99    = "search p99 (in process)"
	NameLoadP99      = "load by name p99 (in process)"
	NameReadFileP99  = "read_file p99 (in process)"
	NameReadHuge     = "load a 1 MiB SKILL.md"
	NameList         = "list every skill (list_skills)"
	NameDescription  = "tool description (universal profile)"
	NameErrorMessage = "error message for an unknown name (with suggestions)"
	NameMetaHeap     = "heap for metadata (warm catalog open)"
	NameHeapPerSkill = "heap per skill"
	NameContentCache = "heap kept after loading 100 skills (content cache)"
	NameServeRSS     = "RSS of a serving process (skilldex serve, stdio)"
	NameTakeover     = "takeover: slowest shared session answering after the server's SIGKILL (median of rounds)"
	NameTakeoverCPU  = "takeover: CPU time of every session and server process meanwhile (median of rounds)"
)

func result(name string, value float64, unit string, skills int) Result {
	r := Result{Name: name, Value: value, Unit: unit, Target: targetFor(name, skills), Goal: goalFor(name, skills), Pass: true}
	if r.Target != nil && value > *r.Target {
		r.Pass = false
	}
	return r
}

// runner carries the state shared by the phases of Run.
type runner struct {
	cfg     Config
	root    string
	data    string
	skills  int
	names   []string // served skill names, sorted, for loads
	huge    string   // name of the largest SKILL.md
	queries []string
	out     []Result
	prof    *profiler // nil unless Config.ProfileDir is set
}

func (r *runner) logf(format string, a ...any) {
	if r.cfg.Log != nil {
		fmt.Fprintf(r.cfg.Log, format+"\n", a...)
	}
}

func (r *runner) add(name string, value float64, unit string) {
	r.out = append(r.out, result(name, value, unit, r.skills))
}

// Run measures every scenario on the configured catalog and returns the
// figures in a fixed order. It fails only when the catalog cannot be made
// or opened; a figure that cannot be measured (e.g. no inotify watches
// left) is left out and logged.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if cfg.Skills == 0 {
		cfg.Skills = 1000
	}
	tmp, err := os.MkdirTemp("", "skilldex-bench-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	r := &runner{cfg: cfg, root: cfg.Dir, data: filepath.Join(tmp, "data"), queries: gen.Queries(cfg.Seed, 200)}
	if r.prof, err = newProfiler(cfg.ProfileDir); err != nil {
		return nil, err
	}
	defer r.prof.stopCPU() // after a failed phase
	rep := &Report{Machine: machine()}
	rep.Machine.Seed = cfg.Seed
	if r.root == "" {
		start := time.Now()
		g, err := gen.Generate(ctx, filepath.Join(tmp, "skills"), gen.Options{Skills: cfg.Skills, Seed: cfg.Seed})
		if err != nil {
			return nil, fmt.Errorf("generate catalog: %w", err)
		}
		r.root = g.Root
		rep.Machine.Generated = true
		rep.Machine.CatalogMB = float64(g.Bytes) / (1 << 20)
		r.logf("generated %d skills (%.0f MiB) in %v", cfg.Skills, rep.Machine.CatalogMB, time.Since(start).Round(time.Millisecond))
	} else {
		rep.Machine.Dir = r.root
		rep.Machine.Seed = 0
		r.root = filepath.Join(tmp, "skills")
		if err := copyTree(cfg.Dir, r.root); err != nil {
			return nil, fmt.Errorf("copy %s: %w", cfg.Dir, err)
		}
	}
	switch cfg.Only {
	case "takeover":
		return r.takeoverOnly(ctx, rep)
	case "api":
		return r.apiOnly(ctx, rep)
	case "", "catalog":
	default:
		return nil, fmt.Errorf("bench: unknown figure set %q (takeover, api or catalog)", cfg.Only)
	}
	if err := r.cold(ctx); err != nil {
		return nil, err
	}
	rep.Machine.Skills = r.skills
	if rep.Machine.CatalogMB == 0 {
		rep.Machine.CatalogMB = dirMB(r.root)
	}
	if err := r.warm(ctx); err != nil {
		return nil, err
	}
	if len(cfg.ServeCmd) > 0 {
		// 2 minutes per 10,000 skills for serve's warm start (a 100k
		// start takes tens of seconds on a loaded 2-core machine).
		sctx, cancel := context.WithTimeout(ctx, time.Duration(max(1, r.skills/10000))*2*time.Minute)
		m, err := ServeRSS(sctx, cfg.ServeCmd, r.root, r.data, r.queries[2])
		cancel()
		if err != nil {
			r.logf("serve RSS not measured: %v", err)
		} else {
			r.add(NameServeRSS, float64(m.Peak)/(1<<20), "MB")
			r.logf("serve RSS: peak %.1f MB; after a search %.1f MB: anonymous (heap) %.1f MB, mapped files %.1f MB",
				mb(m.Peak), mb(m.RSS), mb(m.Anon), mb(m.File))
		}
		if cfg.Only == "" {
			r.takeover(ctx)
		}
	}
	rep.Results = r.out
	return rep, nil
}

// options are the catalog options of `skilldex serve --dir root
// --data-dir data` with the default settings (label, depth, lenient
// mode): the data-dir key hashes them, and ServeRSS must open the data
// dir the bench built, not build another one (with MaxDepth 0 here and
// 8 in the CLI it did: the serve RSS figure measured a cold build).
func (r *runner) options() *index.Options {
	return &index.Options{Roots: []index.Root{{Path: r.root, Label: "project"}}, DataDir: r.data,
		MaxDepth: index.DefaultMaxDepth, Mode: skillmd.Lenient, BackgroundBodies: true, OnBuild: r.cfg.OnBuild}
}

// cold measures discovery, the cold start and the full build.
func (r *runner) cold(ctx context.Context) error {
	start := time.Now()
	reports, _ := index.ValidatePaths([]string{r.root}, skillmd.Lenient)
	elapsed := msSince(start)
	// Targets scale with the catalog: count it before the first figure.
	for _, rep := range reports {
		if rep.Valid {
			r.skills++
		}
	}
	r.add(NameDiscovery, elapsed, "ms")
	r.logf("discovery + parse of %d skills: %.0f ms", len(reports), elapsed)

	// Small catalogs take the median of five cold starts (each on a new
	// data dir), so one or two scheduling hiccups on a shared machine do
	// not decide the figure (one run of three at 0.5, 0.9 and 1.3 s was
	// seen beside a disk flushing gigabytes), catalogs up to 20,000 skills
	// the median of three (a 10k cold start takes under two seconds, and
	// single runs moved by 2x); all runs are printed. The last one goes on
	// to the full build.
	runs := 1
	switch {
	case r.skills <= 2000:
		runs = 5
	case r.skills <= 20000:
		runs = 3
	}
	var cold []float64
	var c *index.Catalog
	if err := r.prof.startCPU("cold"); err != nil {
		return err
	}
	for i := range runs {
		data := r.data
		if i < runs-1 {
			data = fmt.Sprintf("%s-cold%d", r.data, i)
		}
		opts := r.options()
		opts.DataDir = data
		start = time.Now()
		var err error
		if c, err = index.Open(ctx, opts); err != nil {
			return err
		}
		if _, err := c.Search(ctx, index.SearchRequest{Query: r.queries[0]}); err != nil {
			c.Close()
			return err
		}
		cold = append(cold, msSince(start))
		if i < runs-1 {
			if err := c.Close(); err != nil {
				return err
			}
			if err := os.RemoveAll(data); err != nil {
				return err
			}
		}
	}
	defer c.Close()
	r.add(NameColdStart, median(cold), "ms")
	r.logf("cold start: %v ms, %d bodies pending", roundAll(cold), c.BodiesPending())
	for c.BodiesPending() > 0 {
		if err := sleep(ctx, 5*time.Millisecond); err != nil {
			return err
		}
	}
	r.add(NameFullBuild, msSince(start), "ms")
	r.logf("full build: %.0f ms", msSince(start))
	if err := errors.Join(r.prof.stopCPU(), r.prof.write("heap", "cold.heap")); err != nil {
		return err
	}
	if n := c.Len(); n != r.skills {
		return fmt.Errorf("the catalog serves %d skills, validation found %d valid", n, r.skills)
	}
	for _, s := range c.List(index.ListOptions{}) {
		r.names = append(r.names, s.Name)
	}
	var biggest int64
	for _, s := range c.List(index.ListOptions{}) {
		for _, f := range s.Files {
			if f.Path == s.SkillFile && f.Size > biggest {
				biggest, r.huge = f.Size, s.Name
			}
		}
	}
	if r.skills == 0 {
		return errors.New("the catalog has no valid skill")
	}
	return nil
}

// warm reopens the data dir and measures everything a serving catalog
// does.
func (r *runner) warm(ctx context.Context) error {
	var warm []float64
	if err := r.prof.startCPU("warm"); err != nil {
		return err
	}
	for range 3 {
		runtime.GC()
		start := time.Now()
		c, err := index.Open(ctx, r.options())
		if err != nil {
			return err
		}
		if _, err := c.Search(ctx, index.SearchRequest{Query: r.queries[1]}); err != nil {
			c.Close()
			return err
		}
		warm = append(warm, msSince(start))
		if err := c.Close(); err != nil {
			return err
		}
	}
	if err := r.prof.stopCPU(); err != nil {
		return err
	}
	r.add(NameWarmStart, median(warm), "ms")
	r.logf("warm start: %v ms", roundAll(warm))

	before := heapInUse()
	c, err := index.Open(ctx, r.options())
	if err != nil {
		return err
	}
	defer c.Close()
	if _, err := c.Search(ctx, index.SearchRequest{Query: r.queries[1]}); err != nil {
		return err
	}
	// The search index may merge segments for a moment after opening;
	// its buffers are not the catalog's: the lowest of a few samples is
	// the steady state.
	heap := heapInUse() - before
	for range 4 {
		if err := sleep(ctx, 100*time.Millisecond); err != nil {
			return err
		}
		heap = min(heap, heapInUse()-before)
	}
	if err := r.prof.write("heap", "warm.heap"); err != nil {
		return err
	}
	r.add(NameMetaHeap, float64(heap)/(1<<20), "MB")
	r.add(NameHeapPerSkill, float64(heap)/float64(r.skills)/1024, "KB")

	var refresh []float64
	for range 3 {
		st, err := c.Refresh(ctx)
		if err != nil {
			return err
		}
		refresh = append(refresh, ms(st.Duration))
	}
	r.add(NameRefresh, median(refresh), "ms")

	if err := r.searches(ctx, c); err != nil {
		return err
	}
	if err := r.apiSearch(ctx, c); err != nil {
		return err
	}
	if err := r.loads(ctx, c); err != nil {
		return err
	}
	if err := r.toolFigures(ctx, c); err != nil {
		return err
	}
	if err := r.changes(ctx, c); err != nil {
		return err
	}
	return nil
}

func (r *runner) searches(ctx context.Context, c *index.Catalog) error {
	var lat []float64
	passes := 3
	if r.prof != nil {
		passes = 10
	}
	if err := errors.Join(r.prof.write("allocs", "search.allocs-base"), r.prof.startCPU("search")); err != nil {
		return err
	}
	for range passes {
		for _, q := range r.queries {
			start := time.Now()
			if _, err := c.Search(ctx, index.SearchRequest{Query: q}); err != nil {
				return fmt.Errorf("search %q: %w", q, err)
			}
			lat = append(lat, msSince(start))
		}
	}
	if err := errors.Join(r.prof.stopCPU(), r.prof.write("allocs", "search.allocs")); err != nil {
		return err
	}
	r.add(NameSearchP50, percentile(lat, 50), "ms")
	r.add(NameSearchP99, percentile(lat, 99), "ms")
	return nil
}

// sample picks up to n names spread over the sorted list.
func (r *runner) sample(n int) []string {
	out := make([]string, 0, n)
	for i := 0; i < n && i < len(r.names); i++ {
		out = append(out, r.names[i*len(r.names)/min(n, len(r.names))])
	}
	return out
}

func (r *runner) loads(ctx context.Context, c *index.Catalog) error {
	var load, read []float64
	names := r.sample(200)
	for _, n := range names {
		start := time.Now()
		l, err := c.Load(ctx, n)
		if err != nil {
			return fmt.Errorf("load %q: %w", n, err)
		}
		load = append(load, msSince(start))
		for _, f := range l.Files {
			if strings.HasSuffix(f, ".md") {
				start = time.Now()
				if _, err := c.ReadFile(ctx, n, f); err != nil {
					return fmt.Errorf("read_file %q %q: %w", n, f, err)
				}
				read = append(read, msSince(start))
				break
			}
		}
	}
	r.add(NameLoadP99, percentile(load, 99), "ms")
	if len(read) > 0 {
		r.add(NameReadFileP99, percentile(read, 99), "ms")
	}
	var huge []float64
	for range 5 {
		start := time.Now()
		if _, err := c.Load(ctx, r.huge); err != nil {
			return fmt.Errorf("load %q: %w", r.huge, err)
		}
		huge = append(huge, msSince(start))
	}
	r.add(NameReadHuge, median(huge), "ms")

	// What the catalog keeps on the heap after serving 100 loads: the
	// content cache is the store's memory-mapped file, not the heap.
	before := heapInUse()
	for _, n := range r.sample(100) {
		if _, err := c.Load(ctx, n); err != nil {
			return err
		}
	}
	r.add(NameContentCache, float64(max(heapInUse()-before, 0))/(1<<20), "MB")
	return nil
}

func (r *runner) toolFigures(ctx context.Context, c *index.Catalog) error {
	h := tools.New(c, &tools.Options{Profiles: []string{"universal"}})
	var list, desc, msg []float64
	for range 5 {
		start := time.Now()
		_, out, err := h.ListSkills(ctx, nil, tools.ListSkillsInput{})
		if err != nil || out.Count == 0 {
			return fmt.Errorf("list_skills: %d skills, %v", out.Count, err)
		}
		list = append(list, msSince(start))
		start = time.Now()
		if d := h.UniversalDescription(); d == "" {
			return errors.New("empty universal description")
		}
		desc = append(desc, msSince(start))
		// A near miss of a real name: the answer lists close names.
		ref := r.names[len(r.names)/3] + "x"
		start = time.Now()
		_, err = c.Resolve(ref)
		if err == nil {
			return fmt.Errorf("resolve %q: want an error", ref)
		}
		_ = err.Error()
		msg = append(msg, msSince(start))
	}
	r.add(NameList, median(list), "ms")
	r.add(NameDescription, median(desc), "ms")
	r.add(NameErrorMessage, median(msg), "ms")
	return nil
}

// changes edits skills on disk and measures the re-index of one skill and,
// with a live watcher, the time until the edit is searchable.
func (r *runner) changes(ctx context.Context, c *index.Catalog) error {
	// Only skills whose SKILL.md really lies in the catalog (the generated
	// one, or the copy of a given one) are edited, never through a link.
	realRoot, err := filepath.EvalSymlinks(r.root)
	if err != nil {
		return err
	}
	var skills []index.Skill
	for _, s := range c.List(index.ListOptions{}) {
		real, err := filepath.EvalSymlinks(s.SkillPath())
		if st, lerr := os.Lstat(s.SkillPath()); err == nil && lerr == nil && st.Mode().IsRegular() &&
			strings.HasPrefix(real, realRoot+string(filepath.Separator)) {
			skills = append(skills, s)
		}
	}
	if len(skills) == 0 {
		r.logf("change figures not measured: no skill file to edit")
		return nil
	}
	pick := func(i int) index.Skill { return skills[(i*7919+13)%len(skills)] }
	var one []float64
	for i := range 5 {
		s := pick(i)
		if err := appendWord(s.SkillPath(), fmt.Sprintf("reindexword%d", i)); err != nil {
			return err
		}
		start := time.Now()
		if _, err := c.RefreshPaths(ctx, []string{s.SkillPath()}); err != nil {
			return err
		}
		one = append(one, msSince(start))
	}
	r.add(NameReindexOne, median(one), "ms")

	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w, err := filewatcher.New(filewatcher.Options{})
	if err != nil {
		return err
	}
	werr := make(chan error, 1)
	go func() { werr <- c.Watch(wctx, w, 0) }()
	// The first edit only waits for the watcher to be set up (it walks
	// every folder): edits made before it watches a folder go unseen, so
	// it is repeated until one shows.
	var visible []float64
	for i := range 6 {
		s := pick(100 + i)
		word := fmt.Sprintf("visibleword%d", i)
		if err := appendWord(s.SkillPath(), word); err != nil {
			return err
		}
		start, touched := time.Now(), time.Now()
		for {
			if i == 0 && time.Since(touched) > time.Second {
				if err := appendWord(s.SkillPath(), word); err != nil {
					return err
				}
				touched = time.Now()
			}
			res, err := c.Search(ctx, index.SearchRequest{Query: word, Limit: 1})
			if err != nil {
				return err
			}
			if len(res.Hits) > 0 && res.Hits[0].ID == s.ID {
				break
			}
			select {
			case err := <-werr:
				r.logf("change visibility not measured: watcher stopped: %v", err)
				return nil
			case <-time.After(2 * time.Millisecond):
			}
			if time.Since(start) > 60*time.Second {
				r.logf("change visibility not measured: %q not searchable after 60 s", word)
				return nil
			}
		}
		if i > 0 {
			visible = append(visible, msSince(start))
		}
	}
	r.add(NameVisible, median(visible), "ms")
	return nil
}
