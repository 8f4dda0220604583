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
)

// waitFor polls cond until it holds or 5 s pass.
func waitFor(t *testing.T, what string, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for time.Since(start) < 5*time.Second {
		if cond() {
			return time.Since(start)
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
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
			w, err := NewWatcher(kind, 50*time.Millisecond, 50*time.Millisecond)
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
			writeFile(t, filepath.Join(dir, "SKILL.md"), skillMD("alpha", "Convert invoices to spreadsheets.", ""))
			lat := waitFor(t, "create", searchFinds("invoices", "alpha"))
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
	w, _ := NewWatcher("fsnotify", 0, 0)
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
	t.Logf("500-skill burst applied in %d batches", batches)
	if batches > 10 {
		t.Errorf("burst took %d batches; debounce should fold it into a few", batches)
	}
	mu.Unlock()
}
