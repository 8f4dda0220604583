package index

import (
	"context"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

// winners maps each served skill's name to its root's path.
func winners(c *Catalog) map[string]string {
	roots := c.Roots()
	out := map[string]string{}
	for _, s := range c.List(ListOptions{}) {
		out[s.Name] = roots[s.Root].Path
	}
	return out
}

func searchNames(t *testing.T, c *Catalog, q string) []string {
	t.Helper()
	res, err := c.Search(context.Background(), SearchRequest{Query: q, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, h := range res.Hits {
		out = append(out, h.Name)
	}
	return out
}

// TestSetRoots replaces an open catalog's roots: an added root's skills
// are listed and searchable, a dropped root's are gone, the order decides
// shadowing, subscribers hear each change, and a catalog on disk reopens
// with the new roots in agreement (the harness check runs on both).
func TestSetRoots(t *testing.T) {
	for _, mem := range []bool{true, false} {
		t.Run(map[bool]string{true: "mem", false: "disk"}[mem], func(t *testing.T) {
			a, b, src := t.TempDir(), t.TempDir(), t.TempDir()
			writeFile(t, filepath.Join(a, "pdf", "SKILL.md"), skillMD("pdf", "Fill PDF forms.", "mine"))
			writeFile(t, filepath.Join(b, "csv", "SKILL.md"), skillMD("csv", "Clean CSV files.", "theirs"))
			writeFile(t, filepath.Join(src, "pdf", "SKILL.md"), skillMD("pdf", "Fetched PDF skill.", "fetched"))
			writeFile(t, filepath.Join(src, "docx", "SKILL.md"), skillMD("docx", "Edit Word documents with tracked changes.", "fetched"))
			opts := &Options{Roots: []Root{{Path: a}, {Path: b}}}
			if !mem {
				opts.DataDir = t.TempDir()
			}
			c := open(t, opts)
			var mu sync.Mutex
			var changes []Change
			c.Subscribe(func(ch Change) {
				mu.Lock()
				changes = append(changes, ch)
				mu.Unlock()
			})
			ctx := context.Background()

			// A source root added after the folders: docx appears, the
			// folder's pdf still wins its name.
			if _, err := c.SetRoots(ctx, []Root{{Path: a}, {Path: b}, {Path: src, Label: "project"}}); err != nil {
				t.Fatal(err)
			}
			if got := searchNames(t, c, "word documents tracked"); len(got) == 0 || got[0] != "docx" {
				t.Fatalf("search after adding a root: %v", got)
			}
			if w := winners(c); w["pdf"] != a || w["docx"] != src || w["csv"] != b || len(w) != 3 {
				t.Fatalf("winners %v", w)
			}
			if s, ok := c.Get("docx"); !ok || s.RootLabel != "project" {
				t.Fatalf("docx: %+v %v", s, ok)
			}
			mu.Lock()
			if len(changes) != 1 || !changes[0].ListChanged || !slices.Contains(changes[0].Added, "docx") {
				t.Fatalf("changes %+v", changes)
			}
			mu.Unlock()

			// The source first: its pdf wins; b dropped: csv is gone.
			if _, err := c.SetRoots(ctx, []Root{{Path: src}, {Path: a}}); err != nil {
				t.Fatal(err)
			}
			if w := winners(c); w["pdf"] != src || w["docx"] != src || len(w) != 2 {
				t.Fatalf("winners after reorder %v", w)
			}
			if got := searchNames(t, c, "csv"); len(got) != 0 {
				t.Fatalf("a dropped root's skill is found: %v", got)
			}
			if got := c.Roots(); len(got) != 2 || got[0].Path != src {
				t.Fatalf("roots %v", got)
			}
			// An edit in a folder after the change is refreshed by path.
			writeFile(t, filepath.Join(a, "pdf", "SKILL.md"), skillMD("pdf", "Fill PDF forms, edited.", "mine"))
			if _, err := c.RefreshPaths(ctx, []string{filepath.Join(a, "pdf", "SKILL.md")}); err != nil {
				t.Fatal(err)
			}
			if err := c.check(); err != nil {
				t.Fatal(err)
			}
			if mem {
				return
			}
			// Reopened over the data dir Open chose, with the new roots.
			dir := c.DataDir()
			c.Close()
			c2 := open(t, &Options{Roots: []Root{{Path: src}, {Path: a}}, DataDir: opts.DataDir})
			if w := winners(c2); w["pdf"] != src || len(w) != 2 {
				t.Fatalf("reopened winners %v", w)
			}
			if c2.DataDir() == dir {
				t.Fatal("the new roots reused the data dir named for the old ones")
			}
		})
	}
}

// TestFollowsNamesTheDataDir: catalogs over the same folders that follow
// different lockfiles get different data dirs (so different shared
// servers); one that follows none keeps the name it had.
func TestFollowsNamesTheDataDir(t *testing.T) {
	base := &Options{Roots: []Root{{Path: "/skills"}}, DataDir: "/data"}
	plain, err := DataDirOf(base)
	must(t, err)
	a, b := *base, *base
	a.Follows = []string{"/p/a/skilldex.lock"}
	b.Follows = []string{"/p/b/skilldex.lock"}
	da, err := DataDirOf(&a)
	must(t, err)
	db, err := DataDirOf(&b)
	must(t, err)
	if da == db || da == plain || db == plain {
		t.Fatalf("data dirs %s %s %s", plain, da, db)
	}
}
