package index

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skilldex/skilldex/index/filewatcher"
)

// hangGuard is how long a watch test waits for a change to show before
// it fails: a change shows within a second even on a loaded 2-core
// machine, so this only catches a watcher that never reports.
const hangGuard = 60 * time.Second

// waitFor polls cond until it holds or hangGuard passes.
func waitFor(t *testing.T, what string, cond func() bool) time.Duration {
	t.Helper()
	return waitPoking(t, what, nil, cond)
}

// waitPoking is waitFor that also calls poke (when not nil) every 500 ms
// while cond does not hold: the first change a test makes may land before
// the watcher has finished adding its watches (there is no ready signal),
// and repeating the change (rewriting a file) makes the test independent
// of how loaded the machine is.
func waitPoking(t *testing.T, what string, poke func(), cond func() bool) time.Duration {
	t.Helper()
	start, poked := time.Now(), time.Now()
	for time.Since(start) < hangGuard {
		if cond() {
			return time.Since(start)
		}
		if poke != nil && time.Since(poked) > 500*time.Millisecond {
			poke()
			poked = time.Now()
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("%s did not show within %v", what, hangGuard)
	return 0
}

func TestWatchLifecycle(t *testing.T) {
	for _, kind := range []string{"fsnotify", "poll"} {
		t.Run(kind, func(t *testing.T) {
			base := t.TempDir()
			root := filepath.Join(base, "not-yet", "skills") // created later
			c := open(t, &Options{Roots: []Root{{Path: root}}})
			var mu sync.Mutex
			var changes []Change
			c.Subscribe(func(ch Change) { mu.Lock(); changes = append(changes, ch); mu.Unlock() })
			w, err := filewatcher.New(filewatcher.Options{Kind: kind, Debounce: 50 * time.Millisecond, Interval: 50 * time.Millisecond})
			must(t, err)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go c.Watch(ctx, w, 0)
			time.Sleep(100 * time.Millisecond)
			searchFinds := func(q, id string) func() bool {
				return func() bool {
					res, err := c.Search(ctx, SearchRequest{Query: q})
					if err != nil {
						return false
					}
					for _, h := range res.Hits {
						if h.ID == id {
							return true
						}
					}
					return false
				}
			}
			dir := filepath.Join(root, "alpha")
			create := func() {
				writeFile(t, filepath.Join(dir, "SKILL.md"), skillMD("alpha", "Convert invoices to spreadsheets.", ""))
			}
			create()
			lat := waitPoking(t, "create", create, searchFinds("invoices", "alpha"))
			t.Logf("%s: create visible in search after %v", kind, lat)

			writeFile(t, filepath.Join(dir, "SKILL.md"), skillMD("alpha", "Reconcile bank statements.", ""))
			lat = waitFor(t, "edit", searchFinds("bank statements", "alpha"))
			t.Logf("%s: edit visible in search after %v", kind, lat)

			writeFile(t, filepath.Join(dir, "references", "r.md"), "ref")
			waitFor(t, "reference file", func() bool {
				s, err := c.Resolve("alpha")
				return err == nil && len(s.Files) == 2
			})

			must(t, os.Rename(dir, filepath.Join(root, "beta")))
			waitFor(t, "rename", func() bool {
				ids := ids(c.List(ListOptions{}))
				return len(ids) == 1 && ids[0] == "beta"
			})

			writeFile(t, filepath.Join(root, "beta", "SKILL.md"), "---\nname: [broken\n---\n")
			waitFor(t, "break", func() bool { return c.Len() == 0 })
			writeFile(t, filepath.Join(root, "beta", "SKILL.md"), skillMD("alpha", "Fixed again.", ""))
			waitFor(t, "fix", func() bool { return c.Len() == 1 })

			must(t, os.RemoveAll(filepath.Join(root, "beta")))
			waitFor(t, "delete", func() bool { return c.Len() == 0 && !searchFinds("fixed", "beta")() })
			mu.Lock()
			defer mu.Unlock()
			var list int
			for _, ch := range changes {
				if ch.ListChanged {
					list++
				}
			}
			if list < 4 {
				t.Errorf("want list-changed notifications for create, edit, rename, break, fix, delete; got %d of %d changes", list, len(changes))
			}
		})
	}
}

// TestWatchBurst writes 500 skills at once, like a git checkout, and
// checks that a few batches bring the catalog to the right state.
func TestWatchBurst(t *testing.T) {
	root := t.TempDir()
	c := open(t, &Options{Roots: []Root{{Path: root}}})
	var mu sync.Mutex
	batches := 0
	c.Subscribe(func(Change) { mu.Lock(); batches++; mu.Unlock() })
	w, err := filewatcher.New(filewatcher.Options{})
	must(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go c.Watch(ctx, w, 0)
	time.Sleep(100 * time.Millisecond)
	var want []string
	for i := 0; i < 500; i++ {
		n := "skill-" + strings.Repeat("x", i%3) + string(rune('a'+i%26)) + "-" + strconv.Itoa(i)
		writeFile(t, filepath.Join(root, n, "SKILL.md"), skillMD(n, "Burst skill number "+strconv.Itoa(i)+".", ""))
		want = append(want, n)
	}
	waitFor(t, "500 skills", func() bool { return c.Len() == 500 })
	sort.Strings(want)
	got := ids(c.List(ListOptions{}))
	sort.Strings(got)
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("catalog differs after burst")
	}
	time.Sleep(300 * time.Millisecond)
	mu.Lock()
	// How many batches a burst takes depends on how fast the machine
	// writes; the batcher's folding is checked deterministically in
	// package filewatcher.
	t.Logf("500-skill burst applied in %d batches", batches)
	mu.Unlock()
}

// TestWatchDeep is the --max-depth bug of issue 13: with a catalog walking
// 12 levels, a skill 10 folders below the root is found by the walk, and
// an edit to it must show through the watcher, not only at the next full
// rescan (disabled here).
func TestWatchDeep(t *testing.T) {
	for _, kind := range []string{"fsnotify", "poll"} {
		t.Run(kind, func(t *testing.T) {
			root := t.TempDir()
			dir := root
			for i := 1; i <= 10; i++ {
				dir = filepath.Join(dir, "d"+strconv.Itoa(i))
			}
			file := filepath.Join(dir, "SKILL.md")
			writeFile(t, file, skillMD("deep", "Ten folders down.", ""))
			c := open(t, &Options{Roots: []Root{{Path: root}}, MaxDepth: 12})
			if c.Len() != 1 {
				t.Fatalf("walk with max depth 12 found %d skills, want the one 10 folders deep", c.Len())
			}
			w, err := filewatcher.New(filewatcher.Options{Kind: kind, Debounce: 20 * time.Millisecond, Interval: 50 * time.Millisecond, MaxDepth: 12})
			must(t, err)
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- c.Watch(ctx, w, 0) }()
			defer func() { cancel(); <-done }()
			edit := func() { writeFile(t, file, skillMD("deep", "Reconcile quarterly ledgers.", "")) }
			edit()
			waitPoking(t, "edit 10 folders deep", edit, func() bool {
				res, err := c.Search(ctx, SearchRequest{Query: "quarterly ledgers"})
				return err == nil && len(res.Hits) == 1 && res.Hits[0].ID == "d1/d2/d3/d4/d5/d6/d7/d8/d9/d10"
			})
		})
	}
}

// TestWatchRefusesShallowWatcher: a watcher built without the catalog's
// depth (the old wiring) is refused with an error naming both depths
// instead of silently missing deep edits.
func TestWatchRefusesShallowWatcher(t *testing.T) {
	c := open(t, &Options{Roots: []Root{{Path: t.TempDir()}}, MaxDepth: 12})
	w, err := filewatcher.New(filewatcher.Options{})
	must(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	err = c.Watch(ctx, w, 0)
	if err == nil || !strings.Contains(err.Error(), "watches 8 folder levels") || !strings.Contains(err.Error(), "walks 12") {
		t.Fatalf("Watch with an 8-level watcher on a 12-level catalog: err = %v", err)
	}
}

// TestDefaultDepthsAgree: the watcher's default depth is the walk's.
func TestDefaultDepthsAgree(t *testing.T) {
	if filewatcher.DefaultMaxDepth != DefaultMaxDepth {
		t.Fatalf("filewatcher.DefaultMaxDepth = %d, index.DefaultMaxDepth = %d: a default watcher would miss edits the walk sees", filewatcher.DefaultMaxDepth, DefaultMaxDepth)
	}
}

// TestWatchLinkedSkill: an edit inside a skill folder that the root holds
// as a link shows through the watcher, as discovery finds it through the
// link.
func TestWatchLinkedSkill(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "skills")
	real := filepath.Join(base, "repo", "alpha")
	writeFile(t, filepath.Join(real, "SKILL.md"), skillMD("alpha", "First words.", ""))
	must(t, os.MkdirAll(root, 0o755))
	must(t, os.Symlink(real, filepath.Join(root, "alpha")))
	c := open(t, &Options{Roots: []Root{{Path: root}}})
	if c.Len() != 1 {
		t.Fatalf("the linked skill was not discovered: %d skills", c.Len())
	}
	w, err := filewatcher.New(filewatcher.Options{Debounce: 20 * time.Millisecond})
	must(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Watch(ctx, w, 0) }()
	defer func() { cancel(); <-done }()
	edit := func() {
		writeFile(t, filepath.Join(real, "SKILL.md"), skillMD("alpha", "Reconcile quarterly ledgers.", ""))
	}
	edit()
	waitPoking(t, "edit in a linked skill folder", edit, func() bool {
		res, err := c.Search(ctx, SearchRequest{Query: "quarterly ledgers"})
		return err == nil && len(res.Hits) == 1 && res.Hits[0].ID == "alpha"
	})
}

// editFirst is a watcher that edits the tree just before the one it wraps
// starts watching: the window between the catalog's refresh at Open and
// the watches being in place (issue 20).
type editFirst struct {
	filewatcher.Watcher
	edit func()
}

func (e editFirst) Watch(ctx context.Context, roots []string, onChange func([]string)) error {
	e.edit()
	return e.Watcher.Watch(ctx, roots, onChange)
}

// TestWatchSeesEditBeforeWatches: an edit made after the catalog's refresh
// but before the watcher's watches are in place shows in search without a
// periodic rescan (disabled here). An edit of another skill made after the
// watch started is awaited first: batches are applied in order, so once it
// shows, the edit would have shown too.
func TestWatchSeesEditBeforeWatches(t *testing.T) {
	for _, kind := range []string{"fsnotify", "poll"} {
		t.Run(kind, func(t *testing.T) {
			root := t.TempDir()
			file := filepath.Join(root, "alpha", "SKILL.md")
			writeFile(t, file, skillMD("alpha", "Convert invoices to spreadsheets.", ""))
			writeFile(t, filepath.Join(root, "beta", "SKILL.md"), skillMD("beta", "Water the garden.", ""))
			c := open(t, &Options{Roots: []Root{{Path: root}}})
			w, err := filewatcher.New(filewatcher.Options{Kind: kind, Debounce: 20 * time.Millisecond, Interval: 50 * time.Millisecond})
			must(t, err)
			edited := make(chan struct{})
			ew := editFirst{Watcher: w, edit: func() {
				writeFile(t, file, skillMD("alpha", "Reconcile quarterly ledgers.", ""))
				close(edited)
			}}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- c.Watch(ctx, ew, 0) }()
			defer func() { cancel(); <-done }()
			finds := func(q, id string) bool {
				res, err := c.Search(ctx, SearchRequest{Query: q})
				return err == nil && len(res.Hits) == 1 && res.Hits[0].ID == id
			}
			select {
			case <-edited:
			case <-time.After(hangGuard):
				t.Fatal("the watcher was never started")
			}
			// An edit of another existing skill refreshes only its folder
			// (a new folder would refresh the whole root).
			marker := func() {
				writeFile(t, filepath.Join(root, "beta", "SKILL.md"), skillMD("beta", "Plant tomatoes "+time.Now().String()+".", ""))
			}
			marker()
			waitPoking(t, "an edit made after the watch began", marker, func() bool { return finds("tomatoes", "beta") })
			if !finds("quarterly ledgers", "alpha") {
				t.Fatal("an edit made before the watches were in place is not in search (it waits for the periodic rescan)")
			}
			if finds("invoices", "alpha") {
				t.Fatal("search still serves the text from before the edit")
			}
		})
	}
}
