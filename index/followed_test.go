package index

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// names lists the served skills' names, sorted.
func names(c *Catalog) []string {
	var out []string
	for _, s := range c.List(ListOptions{}) {
		out = append(out, s.Name)
	}
	sort.Strings(out)
	return out
}

// TestFollowedRootsKeepTheDataDir: a catalog that follows lockfiles is
// named by its folders and the lockfiles, not by the sources they lock
// now; one that follows nothing is named by all its roots, as before; a
// FollowedRoots that does not fit is an error.
func TestFollowedRootsKeepTheDataDir(t *testing.T) {
	folders := []Root{{Path: "/skills", Label: "project"}}
	lock := []string{"/p/skilldex.lock"}
	dirOf := func(roots []Root, follows []string, followed int) string {
		t.Helper()
		d, err := DataDirOf(&Options{Roots: roots, Follows: follows, FollowedRoots: followed, DataDir: "/data"})
		must(t, err)
		return d
	}
	none := dirOf(folders, lock, 0)
	one := dirOf(append(slices.Clone(folders), Root{Path: "/cache/sources/roots/x/a", Label: "project"}), lock, 1)
	two := dirOf(append(slices.Clone(folders), Root{Path: "/cache/sources/roots/x/a", Label: "project"}, Root{Path: "/cache/sources/roots/y/b", Label: "global"}), lock, 2)
	if none != one || one != two {
		t.Fatalf("adding sources renamed the catalog: %s %s %s", none, one, two)
	}
	if other := dirOf(folders, []string{"/q/skilldex.lock"}, 0); other == none {
		t.Fatal("another project's lockfile shares the data dir")
	}
	if plain := dirOf(folders, nil, 0); plain == none || filepath.Base(plain) != keyOf(folders, nil, &Options{}) {
		t.Fatalf("a catalog that follows nothing: %s (follows: %s)", plain, none)
	}
	if moved := dirOf([]Root{{Path: "/other", Label: "project"}}, lock, 0); moved == none {
		t.Fatal("other folders share the data dir")
	}
	for _, o := range []*Options{
		{Roots: folders, Follows: lock, FollowedRoots: 2, DataDir: "/data"},
		{Roots: folders, Follows: lock, FollowedRoots: -1, DataDir: "/data"},
		{Roots: folders, FollowedRoots: 1, DataDir: "/data"},
	} {
		if _, err := DataDirOf(o); err == nil || !strings.Contains(err.Error(), "FollowedRoots") {
			t.Errorf("DataDirOf(%+v): %v", o, err)
		}
		if _, err := Open(context.Background(), o); err == nil {
			t.Errorf("Open(%+v) accepted it", o)
		}
	}
}

// TestColdOpenFollowsTheSources: the data dir of a catalog that follows
// lockfiles, opened cold with another set of sources (one removed, one
// added), serves exactly the new set: the removed source's skills are
// gone from list and search, the added one's are listed and found, and
// the store, the search index and memory agree (the harness check).
func TestColdOpenFollowsTheSources(t *testing.T) {
	own, s1, s2, s3 := t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(own, "notes", "SKILL.md"), skillMD("notes", "Take meeting notes.", "mine"))
	writeFile(t, filepath.Join(s1, "pdf", "SKILL.md"), skillMD("pdf", "Fill PDF forms.", "first source"))
	writeFile(t, filepath.Join(s2, "csv", "SKILL.md"), skillMD("csv", "Clean CSV files.", "second source"))
	writeFile(t, filepath.Join(s3, "docx", "SKILL.md"), skillMD("docx", "Edit Word documents with tracked changes.", "third source"))
	// The same relative folder in two sources: ids that collide while
	// both are roots, and not once one is gone.
	writeFile(t, filepath.Join(s2, "shared", "SKILL.md"), skillMD("shared-two", "Shared folder of the second source.", "x"))
	writeFile(t, filepath.Join(s1, "shared", "SKILL.md"), skillMD("shared-one", "Shared folder of the first source.", "x"))
	data := t.TempDir()
	lock := []string{filepath.Join(t.TempDir(), "skilldex.lock")}
	optsFor := func(sources ...string) *Options {
		o := &Options{Roots: []Root{{Path: own, Label: "project"}}, Follows: lock, FollowedRoots: len(sources), DataDir: data}
		for _, s := range sources {
			o.Roots = append(o.Roots, Root{Path: s, Label: "project"})
		}
		return o
	}
	c := open(t, optsFor(s1, s2))
	dir := c.DataDir()
	if got := names(c); !slices.Equal(got, []string{"csv", "notes", "pdf", "shared-one", "shared-two"}) {
		t.Fatalf("first open: %v", got)
	}
	must(t, c.check())
	c.Close()

	for _, step := range []struct {
		sources []string
		want    []string
		gone    string // a query the dropped source answered
		found   string // a query only the added source answers, and its skill
		skill   string
	}{
		{[]string{s2, s3}, []string{"csv", "docx", "notes", "shared-two"}, "fill pdf forms", "word documents tracked changes", "docx"},
		{[]string{s1, s2}, []string{"csv", "notes", "pdf", "shared-one", "shared-two"}, "word documents tracked changes", "fill pdf forms", "pdf"},
		{nil, []string{"notes"}, "clean csv files", "meeting notes", "notes"},
	} {
		c := open(t, optsFor(step.sources...))
		if c.DataDir() != dir {
			t.Fatalf("sources %v: data dir %s, want %s", step.sources, c.DataDir(), dir)
		}
		if got := names(c); !slices.Equal(got, step.want) {
			t.Fatalf("sources %v: served %v, want %v", step.sources, got, step.want)
		}
		if got := searchNames(t, c, step.gone); len(got) > 0 && !slices.Contains(step.want, got[0]) {
			t.Fatalf("sources %v: %q finds a dropped source's skill: %v", step.sources, step.gone, got)
		}
		if got := searchNames(t, c, step.found); len(got) == 0 || got[0] != step.skill {
			t.Fatalf("sources %v: %q finds %v, want %s first", step.sources, step.found, got, step.skill)
		}
		must(t, c.check())
		c.Close()
	}
}

// TestAdoptEarlierDataDir: a catalog that follows lockfiles keeps the
// data dir an earlier skilldex built for it (named by all its roots, or
// by those and the lockfiles): the folder is renamed, not rebuilt (the
// same store file), and serves the same skills. One in use by another
// process is left alone and the catalog builds its own.
func TestAdoptEarlierDataDir(t *testing.T) {
	own, src := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(own, "notes", "SKILL.md"), skillMD("notes", "Take meeting notes.", "mine"))
	writeFile(t, filepath.Join(src, "pdf", "SKILL.md"), skillMD("pdf", "Fill PDF forms.", "fetched"))
	roots := []Root{{Path: own, Label: "project"}, {Path: src, Label: "project"}}
	lock := []string{filepath.Join(t.TempDir(), "skilldex.lock")}
	for _, tc := range []struct {
		name    string
		follows []string // what the earlier name hashed besides the roots
	}{{"roots", nil}, {"roots and lockfiles", lock}} {
		t.Run(tc.name, func(t *testing.T) {
			data := t.TempDir()
			// The earlier build: every root named the data dir.
			old := open(t, &Options{Roots: roots, Follows: tc.follows, DataDir: data})
			oldDir := old.DataDir()
			before, err := os.Stat(filepath.Join(oldDir, storeFile))
			must(t, err)
			old.Close()

			c := open(t, &Options{Roots: roots, Follows: lock, FollowedRoots: 1, DataDir: data})
			if c.DataDir() == oldDir {
				t.Fatal("the new name is the old one; nothing to adopt")
			}
			after, err := os.Stat(filepath.Join(c.DataDir(), storeFile))
			must(t, err)
			if !os.SameFile(before, after) {
				t.Fatal("the earlier data dir was not adopted (a new store was built)")
			}
			if _, err := os.Stat(oldDir); !os.IsNotExist(err) {
				t.Fatalf("the earlier data dir is still there: %v", err)
			}
			if got := names(c); !slices.Equal(got, []string{"notes", "pdf"}) {
				t.Fatalf("adopted catalog serves %v", got)
			}
		})
	}
	t.Run("in use", func(t *testing.T) {
		data := t.TempDir()
		old := open(t, &Options{Roots: roots, DataDir: data}) // stays open: its lock is held
		c := open(t, &Options{Roots: roots, Follows: lock, FollowedRoots: 1, DataDir: data})
		if _, err := os.Stat(filepath.Join(old.DataDir(), storeFile)); err != nil {
			t.Fatalf("a data dir in use was moved: %v", err)
		}
		if c.DataDir() == old.DataDir() {
			t.Fatal("same data dir")
		}
		if got := names(c); !slices.Equal(got, []string{"notes", "pdf"}) {
			t.Fatalf("serves %v", got)
		}
		if got := names(old); !slices.Equal(got, []string{"notes", "pdf"}) {
			t.Fatalf("the catalog in use serves %v", got)
		}
	})
}
