package index

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// lowMargin lowers dirCacheMargin for a test, so folders written a moment
// ago are old enough to be listed from the cache.
func lowMargin(t *testing.T) {
	if localDevice(t.TempDir()) == 0 {
		t.Skip("the test's temporary folder is not on a local file system (Linux), where folder listings are used")
	}
	old := dirCacheMargin
	dirCacheMargin = 20 * time.Millisecond
	t.Cleanup(func() { dirCacheMargin = old })
}

// oneShot opens the catalog the way a one-shot command does (a new
// Catalog on the data dir), runs fn, and closes it; it returns how many
// folders the opening walk listed from the stored listings.
func oneShot(t *testing.T, opts Options, fn func(c *Catalog)) int {
	t.Helper()
	c, err := Open(context.Background(), &opts)
	must(t, err)
	defer c.Close()
	if err := c.check(); err != nil {
		t.Errorf("catalog invariants: %v", err)
	}
	fn(c)
	return c.ref.dirHits
}

// TestOneShotNeverStale is issue 20's never-stale promise for one-shot
// commands that list unchanged folders from the stored listings: an edit
// in place (same size, modification time moved forward), an added skill
// folder, a renamed one, an added and a removed reference file, and an
// added folder whose parent's modification time was set back, each made
// right before the next command, are all seen.
func TestOneShotNeverStale(t *testing.T) {
	lowMargin(t)
	base := t.TempDir()
	root := filepath.Join(base, "root")
	for _, n := range []string{"alpha", "beta", "gamma"} {
		writeFile(t, filepath.Join(root, "owner", "repo", "skills", n, "SKILL.md"), skillMD(n, "The "+n+" skill does things.", "body of "+n))
		writeFile(t, filepath.Join(root, "owner", "repo", "skills", n, "references", "guide.md"), "a guide")
	}
	opts := Options{Roots: []Root{{Path: root}}, DataDir: filepath.Join(base, "data")}
	skills := filepath.Join(root, "owner", "repo", "skills")
	time.Sleep(3 * dirCacheMargin)
	oneShot(t, opts, func(*Catalog) {}) // records the listings
	if hits := oneShot(t, opts, func(*Catalog) {}); hits == 0 {
		t.Fatal("the second walk listed no folder from the stored listings: the rest of this test would prove nothing")
	}

	// An edit in place: same size, modification time moved forward; no
	// folder changes.
	md := filepath.Join(skills, "alpha", "SKILL.md")
	st, err := os.Stat(md)
	must(t, err)
	edited := skillMD("alpha", "The alpha skill does THINGS.", "body of alpha")
	if int64(len(edited)) != st.Size() {
		t.Fatalf("edit changes the size: %d -> %d", st.Size(), len(edited))
	}
	must(t, os.WriteFile(md, []byte(edited), 0o644))
	must(t, os.Chtimes(md, st.ModTime().Add(time.Second), st.ModTime().Add(time.Second)))
	hits := oneShot(t, opts, func(c *Catalog) {
		s, err := c.Resolve("alpha")
		if err != nil || s.Description != "The alpha skill does THINGS." {
			t.Errorf("edit in place not seen: %q, %v", s.Description, err)
		}
	})
	if hits == 0 {
		t.Error("the walk after an edit in place listed no folder from the cache")
	}

	// A new skill folder beside the others.
	writeFile(t, filepath.Join(skills, "delta", "SKILL.md"), skillMD("delta", "The delta skill is new.", "fresh body"))
	oneShot(t, opts, func(c *Catalog) {
		if _, err := c.Resolve("delta"); err != nil {
			t.Errorf("added skill folder not seen: %v", err)
		}
		res, err := c.Search(context.Background(), SearchRequest{Query: "fresh"})
		if err != nil || len(res.Hits) == 0 || res.Hits[0].Name != "delta" {
			t.Errorf("added skill not searchable: %+v, %v", res, err)
		}
	})

	// A renamed skill folder.
	must(t, os.Rename(filepath.Join(skills, "beta"), filepath.Join(skills, "beta2")))
	oneShot(t, opts, func(c *Catalog) {
		s, err := c.Resolve("beta")
		if err != nil || !strings.HasSuffix(s.ID, "/beta2") {
			t.Errorf("renamed folder: resolve beta = %q, %v; want the id ending in /beta2", s.ID, err)
		}
		if _, err := c.Resolve("owner/repo/skills/beta"); err == nil {
			t.Error("the old id of a renamed folder is still served")
		}
	})

	// A reference file added in a nested folder, another removed.
	writeFile(t, filepath.Join(skills, "gamma", "references", "more.md"), "more")
	must(t, os.Remove(filepath.Join(skills, "alpha", "references", "guide.md")))
	oneShot(t, opts, func(c *Catalog) {
		g, err := c.Resolve("gamma")
		must(t, err)
		if !slices.ContainsFunc(g.Files, func(f FileInfo) bool { return f.Path == "references/more.md" }) {
			t.Errorf("added reference file not listed: %+v", g.Files)
		}
		a, err := c.Resolve("alpha")
		must(t, err)
		if slices.ContainsFunc(a.Files, func(f FileInfo) bool { return f.Path == "references/guide.md" }) {
			t.Errorf("removed reference file still listed: %+v", a.Files)
		}
	})

	// A folder added, then its parent's modification time set back (as
	// rsync -a or tar do): the change time still moves.
	pst, err := os.Stat(skills)
	must(t, err)
	writeFile(t, filepath.Join(skills, "epsilon", "SKILL.md"), skillMD("epsilon", "The epsilon skill.", "body"))
	must(t, os.Chtimes(skills, pst.ModTime(), pst.ModTime()))
	oneShot(t, opts, func(c *Catalog) {
		if _, err := c.Resolve("epsilon"); err != nil {
			t.Errorf("folder added under a parent whose mtime was set back not seen: %v", err)
		}
	})
}

// TestDirCacheRecent: a folder changed within the margin before the walk
// is not recorded (its change time could repeat), and is read from disk
// by the next walk.
func TestDirCacheRecent(t *testing.T) {
	if localDevice(t.TempDir()) == 0 {
		t.Skip("the test's temporary folder is not on a local file system (Linux), where folder listings are used")
	}
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "a", "SKILL.md"), skillMD("a", "Skill a.", "body"))
	wk := discoverWith([]Root{{Path: root}}, 0, &dirCache{}) // the default margin: 2 s
	next, _ := wk.nextDirs()
	if len(next.dirs) != 0 {
		t.Errorf("folders written a moment ago were recorded: %d", len(next.dirs))
	}
	lowMargin(t)
	time.Sleep(3 * dirCacheMargin)
	wk = discoverWith([]Root{{Path: root}}, 0, next)
	next, changed := wk.nextDirs()
	if len(next.dirs) != 2 || !changed || next.hits != 0 {
		t.Errorf("old folders: %d recorded (want 2), changed %v, hits %d", len(next.dirs), changed, next.hits)
	}
	wk = discoverWith([]Root{{Path: root}}, 0, next)
	again, changed := wk.nextDirs()
	if again.hits < 2 || changed || len(wk.found) != 1 || len(wk.found[0].files) != 1 {
		t.Errorf("unchanged folders: hits %d (want 2 or more), changed %v, found %d", again.hits, changed, len(wk.found))
	}
}

// TestDirCacheEncoding: listings survive the store, and damaged bytes are
// refused (the walk then reads every folder), never a panic.
func TestDirCacheEncoding(t *testing.T) {
	lowMargin(t)
	root := t.TempDir()
	for _, p := range []string{"x/a/SKILL.md", "x/a/ref/r\xff.md", "x/b/SKILL.md", "y/SKILL.md"} {
		writeFile(t, filepath.Join(root, p), skillMD("s", "d.", "b"))
	}
	must(t, os.Symlink(filepath.Join(root, "y"), filepath.Join(root, "x", "link")))
	time.Sleep(3 * dirCacheMargin)
	wk := discoverWith([]Root{{Path: root}}, 0, &dirCache{})
	c, _ := wk.nextDirs()
	data := encodeDirCache(c)
	back, err := decodeDirCache(data)
	must(t, err)
	if len(back.dirs) != len(c.dirs) || len(c.dirs) < 5 {
		t.Fatalf("%d listings back of %d", len(back.dirs), len(c.dirs))
	}
	for p, l := range c.dirs {
		b := back.dirs[p]
		if b == nil || b.stamp != l.stamp || len(b.entries) != len(l.entries) {
			t.Fatalf("%q: %+v back as %+v", p, l, b)
		}
		for i, e := range l.entries {
			if b.entries[i].Name() != e.Name() || b.entries[i].Type() != e.Type() {
				t.Errorf("%q entry %d: %q %v back as %q %v", p, i, e.Name(), e.Type(), b.entries[i].Name(), b.entries[i].Type())
			}
		}
	}
	// A walk from the decoded listings finds what a plain walk finds.
	plain, _ := discover([]Root{{Path: root}}, 0)
	cached := discoverWith([]Root{{Path: root}}, 0, back)
	if len(cached.found) != len(plain) || cached.cachedDirs == 0 {
		t.Fatalf("walk from the listings found %d (hits %d), a plain walk %d", len(cached.found), cached.cachedDirs, len(plain))
	}
	for i, f := range plain {
		g := cached.found[i]
		if g.dir != f.dir || g.realDir != f.realDir || g.rel != f.rel || !slices.Equal(g.files, f.files) {
			t.Errorf("skill %d: %+v from the listings, %+v from a plain walk", i, g, f)
		}
	}
	for n := range len(data) {
		if _, err := decodeDirCache(data[:n]); err == nil {
			t.Errorf("listings cut to %d of %d bytes decoded", n, len(data))
		}
	}
}

// TestDirCacheRemote: a root on a network or FUSE file system (whose
// client may cache a folder's attributes) neither uses nor records
// listings; neither does a folder on another device than its root's.
func TestDirCacheRemote(t *testing.T) {
	lowMargin(t)
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "a", "SKILL.md"), skillMD("a", "Skill a.", "body"))
	time.Sleep(3 * dirCacheMargin)
	wk := discoverWith([]Root{{Path: root}}, 0, &dirCache{})
	next, _ := wk.nextDirs()
	if len(next.dirs) == 0 {
		t.Fatal("a local root recorded no listing")
	}
	// The same walk as if the root were remote (localDevice 0) or its
	// folders on another device.
	for _, dev := range []uint64{0, 12345} {
		w := &walker{maxDepth: DefaultMaxDepth, visited: map[string]bool{}, dirs: next, listed: map[string]*dirListing{},
			since: time.Now().UnixNano(), localDev: dev}
		w.walkRoot(0, root, root)
		if w.cachedDirs != 0 || len(w.listed) != 0 || len(w.found) != 1 {
			t.Errorf("root device %d: %d listings used, %d recorded, %d skills found; want 0, 0, 1", dev, w.cachedDirs, len(w.listed), len(w.found))
		}
	}
}
