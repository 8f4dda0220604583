package index

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMoveBetweenRoots moves skill folders from one root to another, the
// way the watcher reports it (the old and the new folder), and checks that
// load, search and shadowing follow the files.
func TestMoveBetweenRoots(t *testing.T) {
	base := t.TempDir()
	a, b := filepath.Join(base, "project"), filepath.Join(base, "personal")
	writeFile(t, filepath.Join(a, "bar", "SKILL.md"), skillMD("bar", "Project bar: reconcile ledgers.", "Project bar body."))
	writeFile(t, filepath.Join(b, "bar", "SKILL.md"), skillMD("bar", "Personal bar: reconcile ledgers.", "Personal bar body."))
	writeFile(t, filepath.Join(b, "foo", "SKILL.md"), skillMD("foo", "Foo converts invoices to spreadsheets.", "Foo body."))
	c := open(t, &Options{Roots: []Root{{Path: a, Label: "project"}, {Path: b, Label: "personal"}}})
	ctx := context.Background()

	move := func(from, to string) {
		t.Helper()
		if err := os.Rename(from, to); err != nil {
			t.Fatal(err)
		}
		if _, err := c.RefreshPaths(ctx, []string{from, to}); err != nil {
			t.Fatal(err)
		}
	}
	served := func(name, wantDir, wantBody string) {
		t.Helper()
		s, err := c.Resolve(name)
		if err != nil {
			t.Fatalf("resolve %s: %v", name, err)
		}
		if s.Dir != wantDir {
			t.Errorf("%s served from %s, want %s", name, s.Dir, wantDir)
		}
		l, err := c.Load(ctx, name)
		if err != nil {
			t.Fatalf("load %s: %v", name, err)
		}
		if !strings.Contains(l.Content, wantBody) {
			t.Errorf("load %s: %q, want %q", name, l.Content, wantBody)
		}
	}

	served("bar", filepath.Join(a, "bar"), "Project bar body.")
	move(filepath.Join(b, "foo"), filepath.Join(a, "foo"))
	served("foo", filepath.Join(a, "foo"), "Foo body.")
	res, err := c.Search(ctx, SearchRequest{Query: "invoices spreadsheets"})
	if err != nil || len(res.Hits) == 0 || res.Hits[0].Path != filepath.Join(a, "foo", "SKILL.md") {
		t.Errorf("search after the move: %v %+v", err, res)
	}
	if n := len(c.List(ListOptions{IncludeShadowed: true})); n != 3 {
		t.Errorf("%d skills after the move, want 3", n)
	}

	// The project copy of bar leaves for the personal root: the personal
	// bar wins, and the moved copy is shadowed by it.
	move(filepath.Join(a, "bar"), filepath.Join(b, "bar-project"))
	served("bar", filepath.Join(b, "bar"), "Personal bar body.")
	var shadowed []string
	for _, s := range c.List(ListOptions{IncludeShadowed: true}) {
		if s.ShadowedBy != "" {
			shadowed = append(shadowed, s.ID+"<"+s.ShadowedBy)
		}
	}
	if strings.Join(shadowed, ",") != "bar-project<bar" {
		t.Errorf("shadowed after the second move: %v, want [bar-project<bar]", shadowed)
	}
}

// TestReadUnlistedFileWalksOnce: reading a file the walk leaves out (here
// under .git) answers not found and walks the skill folder once, not on
// every call; a change to the skill lets it walk again.
func TestReadUnlistedFileWalksOnce(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "pdf", "SKILL.md"), skillMD("pdf", "Fill PDF forms.", "Body."))
	writeFile(t, filepath.Join(root, "pdf", ".git", "config"), "[core]\n")
	c := open(t, &Options{Roots: []Root{{Path: root}}})
	ctx := context.Background()
	for i := 0; i < 5; i++ {
		if _, err := c.ReadFile(ctx, "pdf", ".git/config"); err == nil {
			t.Fatal("a file under .git was served")
		}
	}
	if n := c.ref.readWalks.Load(); n != 1 {
		t.Errorf("%d folder walks for 5 reads of an unlisted file, want 1", n)
	}
	writeFile(t, filepath.Join(root, "pdf", "SKILL.md"), skillMD("pdf", "Fill PDF forms, edited.", "Body."))
	if _, err := c.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	_, _ = c.ReadFile(ctx, "pdf", ".git/config")
	if n := c.ref.readWalks.Load(); n != 2 {
		t.Errorf("%d folder walks after the skill changed, want 2", n)
	}
}
