package filewatcher

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// hangGuard only catches a watcher that never reports; a change shows in
// well under a second even on a loaded 2-core machine.
const hangGuard = 60 * time.Second

func TestSkipDir(t *testing.T) {
	for name, want := range map[string]bool{
		".git": true, "node_modules": true,
		".github": false, ".gitignore": false, "git": false, "node_module": false,
		".curated": false, "skills": false, "": false,
	} {
		if got := SkipDir(name); got != want {
			t.Errorf("SkipDir(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestDepthBelow(t *testing.T) {
	sep := string(filepath.Separator)
	root := sep + filepath.Join("r", "skills")
	for _, c := range []struct {
		p    string
		want int
	}{
		{root, 0},
		{filepath.Join(root, "a"), 1},
		{filepath.Join(root, "a", "b", "SKILL.md"), 3},
		{root + "x", -1}, // a sibling sharing the prefix
		{sep + "r", -1},
	} {
		if got := depthBelow(root, c.p); got != c.want {
			t.Errorf("depthBelow(%q, %q) = %d, want %d", root, c.p, got, c.want)
		}
	}
	if got := depthBelow(sep, filepath.Join(sep, "a", "b")); got != 2 {
		t.Errorf("depthBelow(/, /a/b) = %d, want 2", got)
	}
}

func TestNewOptions(t *testing.T) {
	w, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	f, ok := w.(*FSNotify)
	if !ok || f.Debounce != DefaultDebounce || f.MaxDepth() != DefaultMaxDepth {
		t.Fatalf("New(Options{}) = %#v, want fsnotify with the defaults", w)
	}
	w, err = New(Options{Kind: "poll", MaxDepth: 12})
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := w.(*Poll); !ok || p.Interval != DefaultPollInterval || p.MaxDepth() != 12 {
		t.Fatalf("New(poll, depth 12) = %#v", w)
	}
	if _, err := New(Options{Kind: "inotify"}); err == nil || !strings.Contains(err.Error(), "use fsnotify or poll") {
		t.Errorf("unknown kind: err = %v", err)
	}
	if _, err := New(Options{MaxDepth: -1}); err == nil {
		t.Errorf("negative depth accepted")
	}
}

// TestBatcherFolds: paths added faster than the debounce come out as one
// sorted, deduplicated batch; "rescan everything" sorts first.
func TestBatcherFolds(t *testing.T) {
	b := newBatcher(time.Hour) // never fires by itself here
	defer b.stop()
	for i := range 500 {
		b.add("/r/s" + strconv.Itoa(i%50))
	}
	b.add("")
	got := b.take()
	if len(got) != 51 || got[0] != "" || !slices.IsSorted(got) {
		t.Fatalf("take() = %d paths (first %q), want 51 sorted with \"\" first", len(got), got[0])
	}
	if again := b.take(); len(again) != 0 {
		t.Fatalf("second take() = %v, want empty", again)
	}
}

// TestBatcherFlushes: a batch is signalled after the debounce.
func TestBatcherFlushes(t *testing.T) {
	b := newBatcher(time.Millisecond)
	defer b.stop()
	b.add("/r/a")
	select {
	case <-b.flush:
	case <-time.After(hangGuard):
		t.Fatal("no flush signal")
	}
	if got := b.take(); len(got) != 1 || got[0] != "/r/a" {
		t.Fatalf("take() = %v", got)
	}
}

// collector gathers batches reported by a watcher.
type collector struct {
	mu    sync.Mutex
	paths map[string]bool
	all   bool // an empty batch came
}

func (c *collector) onChange(paths []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(paths) == 0 {
		c.all = true
	}
	for _, p := range paths {
		c.paths[p] = true
	}
}

func (c *collector) saw(p string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.paths[p]
}

func (c *collector) sawUnder(dir string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for p := range c.paths {
		if within(dir, p) {
			out = append(out, p)
		}
	}
	return out
}

// start runs w on roots until the test ends.
func start(t *testing.T, w Watcher, roots ...string) *collector {
	t.Helper()
	c := &collector{paths: map[string]bool{}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Watch(ctx, roots, c.onChange) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Watch returned %v", err)
		}
	})
	return c
}

// await rewrites file every 500 ms until the collector saw it (the first
// write may come before the watches are in place) or hangGuard passes.
func await(t *testing.T, c *collector, file string) {
	t.Helper()
	write := func() {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(time.Now().String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	begin, wrote := time.Now(), time.Now()
	write()
	for !c.saw(file) {
		if time.Since(begin) > hangGuard {
			t.Fatalf("no change reported for %s within %v", file, hangGuard)
		}
		if time.Since(wrote) > 500*time.Millisecond {
			write()
			wrote = time.Now()
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func deepDir(root string, n int) string {
	for i := 1; i <= n; i++ {
		root = filepath.Join(root, "d"+strconv.Itoa(i))
	}
	return root
}

// TestDeepEdit: both watchers report an edit 10 folders deep when built
// with MaxDepth 12 (the --max-depth bug of issue 13).
func TestDeepEdit(t *testing.T) {
	for _, kind := range []string{"fsnotify", "poll"} {
		t.Run(kind, func(t *testing.T) {
			root := t.TempDir()
			dir := deepDir(root, 10)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			w, err := New(Options{Kind: kind, Debounce: 10 * time.Millisecond, Interval: 20 * time.Millisecond, MaxDepth: 12})
			if err != nil {
				t.Fatal(err)
			}
			c := start(t, w, root)
			await(t, c, filepath.Join(dir, "SKILL.md"))
		})
	}
}

// TestNewFolderDepthCountsFromRoot: a folder created inside a root is
// watched down to the root's bound, counted from the root (not from the
// new folder), and a new node_modules is not watched at all. The events
// inside the skipped and too-deep folders are checked after an event that
// comes later, so no waiting for "nothing" is needed.
func TestNewFolderDepthCountsFromRoot(t *testing.T) {
	root := t.TempDir()
	w, err := New(Options{Debounce: 10 * time.Millisecond, MaxDepth: 3})
	if err != nil {
		t.Fatal(err)
	}
	c := start(t, w, root)
	await(t, c, filepath.Join(root, "ready"))
	// Created after the watch began: d1/d2/d3 is at the bound (watched),
	// d1/d2/d3/d4 below it (its creation is seen, its content is not).
	await(t, c, filepath.Join(root, "d1", "d2", "d3", "f"))
	nm := filepath.Join(root, "d1", "node_modules", "pkg")
	if err := os.MkdirAll(nm, 0o755); err != nil {
		t.Fatal(err)
	}
	deep := filepath.Join(root, "d1", "d2", "d3", "d4")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	// Let the new folders be (not) watched, then write in them, then
	// write a marker: once the marker is seen, the earlier writes would
	// have been too if they were watched (one goroutine, in order).
	await(t, c, filepath.Join(root, "d1", "settle"))
	for _, f := range []string{filepath.Join(nm, "index.js"), filepath.Join(deep, "x")} {
		if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	await(t, c, filepath.Join(root, "d1", "marker"))
	if got := c.sawUnder(nm); len(got) != 0 {
		t.Errorf("changes inside node_modules reported: %v", got)
	}
	if got := c.sawUnder(deep); len(got) != 1 || got[0] != deep {
		t.Errorf("below the depth bound: reported %v, want only the folder's own creation", got)
	}
}

// TestPendingRoot: a root created after the watch began is picked up.
func TestPendingRoot(t *testing.T) {
	for _, kind := range []string{"fsnotify", "poll"} {
		t.Run(kind, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), "not-yet", "skills")
			w, err := New(Options{Kind: kind, Debounce: 10 * time.Millisecond, Interval: 20 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			c := start(t, w, root)
			await(t, c, filepath.Join(root, "a", "SKILL.md"))
		})
	}
}

// TestLinkedFolders: a skill folder reached through a link (how catalogs
// are assembled) is watched under the path the catalog knows it by, and a
// link back up the tree does not make the walk loop.
func TestLinkedFolders(t *testing.T) {
	for _, kind := range []string{"fsnotify", "poll"} {
		t.Run(kind, func(t *testing.T) {
			base := t.TempDir()
			root := filepath.Join(base, "root")
			elsewhere := filepath.Join(base, "elsewhere", "pdf")
			os.MkdirAll(filepath.Join(elsewhere, "references"), 0o755)
			os.MkdirAll(root, 0o755)
			if err := os.Symlink(elsewhere, filepath.Join(root, "pdf")); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(root, filepath.Join(elsewhere, "loop")); err != nil {
				t.Fatal(err)
			}
			w, err := New(Options{Kind: kind, Debounce: 10 * time.Millisecond, Interval: 20 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			c := start(t, w, root)
			await(t, c, filepath.Join(root, "pdf", "references", "forms.md"))
		})
	}
}

// TestFirstBatchRescans: the Watcher contract's first batch, once the
// watches are in place, is "rescan everything" (nil), for both watchers:
// a change made before then raised no event.
func TestFirstBatchRescans(t *testing.T) {
	for _, kind := range []string{"fsnotify", "poll"} {
		t.Run(kind, func(t *testing.T) {
			root := t.TempDir()
			w, err := New(Options{Kind: kind, Debounce: 10 * time.Millisecond, Interval: 20 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			var mu sync.Mutex
			var first []string
			batches := 0
			got := make(chan struct{})
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				done <- w.Watch(ctx, []string{root}, func(paths []string) {
					mu.Lock()
					defer mu.Unlock()
					if batches++; batches == 1 {
						first = paths
						close(got)
					}
				})
			}()
			defer func() { cancel(); <-done }()
			select {
			case <-got:
			case <-time.After(hangGuard):
				t.Fatal("no first batch")
			}
			mu.Lock()
			defer mu.Unlock()
			if first != nil {
				t.Fatalf("first batch = %v, want nil (rescan everything)", first)
			}
		})
	}
}
