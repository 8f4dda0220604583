package index

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/skilldex/skilldex/search"
	"github.com/skilldex/skilldex/store"
)

// TestBodyQueueAlone drives the body queue without a catalog: queued ids
// are pending, a chunk in flight still counts, a failed chunk goes back,
// and a kick wakes only a queue with a pass and work.
func TestBodyQueueAlone(t *testing.T) {
	q := newBodyQueue(true)
	q.kick()
	if len(q.wake) != 0 {
		t.Error("an empty queue woke its pass")
	}
	q.add("a", "b", "c")
	if got := q.list(); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("list: %v", got)
	}
	taken := q.take(2)
	if len(taken) != 2 || q.queued() != 1 || q.pending() != 3 {
		t.Errorf("after take(2): taken %v, queued %d, pending %d", taken, q.queued(), q.pending())
	}
	q.settle(taken, true) // the chunk failed: back in the queue
	if q.queued() != 3 || q.pending() != 3 {
		t.Errorf("after a failed chunk: queued %d, pending %d", q.queued(), q.pending())
	}
	q.settle(q.take(3), false)
	if q.pending() != 0 {
		t.Errorf("after a written chunk: pending %d", q.pending())
	}
	q.add("d")
	q.kick()
	q.kick() // a second kick while one is unread does not block
	if len(q.wake) != 1 {
		t.Error("a queue with work did not wake its pass")
	}
	idle := newBodyQueue(false)
	idle.add("x")
	idle.kick() // no pass: nothing to wake, and no panic
}

// TestViewFolders maps changed paths to the skill folders holding them
// on a bare view: the deepest folder wins, each skill once; a path in no
// skill folder, or naming a skill folder itself, needs the whole walk.
func TestViewFolders(t *testing.T) {
	v := newView()
	skills := map[string]*Skill{
		"a":   {ID: "a", Name: "a", Dir: "/r/a", Rel: "a", Valid: true},
		"a/b": {ID: "a/b", Name: "b", Dir: "/r/a/b", Rel: "a/b", Valid: true},
	}
	l := v.lock()
	l.replace(skills)
	l.unlock()
	got, whole := v.folders([]string{"/r/a/b/SKILL.md", "/r/a/b/refs/x.md", "/r/a/notes.md"})
	if whole || len(got) != 2 || got[0].ID != "a/b" || got[1].ID != "a" {
		t.Errorf("folders: whole %v, %v", whole, got)
	}
	for _, paths := range [][]string{{"/r/other/SKILL.md"}, {"/r/a/b"}, nil} {
		if _, whole := v.folders(paths); !whole {
			t.Errorf("%q: not a whole walk", paths)
		}
	}
}

// newParts builds the refresher and what it holds (view, an in-memory
// pair, a body queue) over roots, without a Catalog.
func newParts(t *testing.T, roots ...string) *refresher {
	t.Helper()
	opts := &Options{}
	for _, r := range roots {
		opts.Roots = append(opts.Roots, Root{Path: r})
	}
	p, err := openPair("", 0, slog.New(slog.DiscardHandler))
	must(t, err)
	r := newRefresher(opts, slog.New(slog.DiscardHandler), newView(), p, newBodyQueue(false))
	t.Cleanup(func() { must(t, r.close()) })
	return r
}

// TestRefresherAlone runs the write pipeline without a Catalog: a refresh
// publishes into the view, writes the store and the search index, and
// tells subscribers; catchUp walks again only while the reader's check
// still says the catalog is behind.
func TestRefresherAlone(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "pdf", "SKILL.md"), skillMD("pdf", "Fill PDF forms.", "body"))
	r := newParts(t, root)
	var changes []Change
	r.subs.add(func(ch Change) { changes = append(changes, ch) })
	ctx := context.Background()
	st, err := r.refresh(ctx)
	must(t, err)
	if st.Valid != 1 || len(changes) != 1 || !slices.Equal(changes[0].Added, []string{"pdf"}) {
		t.Fatalf("stats %+v, changes %+v", st, changes)
	}
	if s, ok := r.view.get("pdf"); !ok || !s.Valid {
		t.Fatalf("view after refresh: %v %v", s, ok)
	}
	if _, err := r.pair.st.Meta("pdf"); err != nil {
		t.Errorf("store after refresh: %v", err)
	}
	if ids, err := r.pair.ix.IDs(); err != nil || !slices.Equal(ids, []string{"pdf"}) {
		t.Errorf("search index after refresh: %v %v", ids, err)
	}

	skill := filepath.Join(root, "pdf", "SKILL.md")
	must(t, r.catchUp(ctx, skill, func() bool { return false }))
	if n := r.readWalks.Load(); n != 0 {
		t.Errorf("caught up with nothing behind: %d walks", n)
	}
	time.Sleep(10 * time.Millisecond)
	writeFile(t, skill, skillMD("pdf", "Fill and sign PDF forms.", "body"))
	must(t, r.catchUp(ctx, skill, func() bool { return true }))
	if s, _ := r.view.get("pdf"); r.readWalks.Load() != 1 || s.Description != "Fill and sign PDF forms." {
		t.Errorf("after catchUp: %d walks, description %q", r.readWalks.Load(), s.Description)
	}
	must(t, os.RemoveAll(filepath.Join(root, "pdf")))
	if _, err := r.refreshPaths(ctx, []string{skill}); err != nil {
		t.Fatal(err)
	}
	if _, ok := r.view.get("pdf"); ok || len(changes) != 3 || !slices.Equal(changes[2].Removed, []string{"pdf"}) {
		t.Errorf("after removal: in view %v, changes %+v", ok, changes)
	}
}

// TestFileReadsFresh checks the read path alone: a current file costs a
// stat and no walk; a changed one is brought up to date through the
// refresher, and the record returned is the new one.
func TestFileReadsFresh(t *testing.T) {
	root := t.TempDir()
	skill := filepath.Join(root, "pdf", "SKILL.md")
	writeFile(t, skill, skillMD("pdf", "Fill PDF forms.", "body"))
	r := newParts(t, root)
	ctx := context.Background()
	_, err := r.refresh(ctx)
	must(t, err)
	f := &fileReads{view: r.view, pair: r.pair, ref: r}
	s, _ := r.view.get("pdf")
	got, err := f.fresh(ctx, *s, "SKILL.md")
	must(t, err)
	if r.readWalks.Load() != 0 || got.Hash != s.Hash {
		t.Errorf("current file: %d walks", r.readWalks.Load())
	}
	time.Sleep(10 * time.Millisecond)
	writeFile(t, skill, skillMD("pdf", "Fill and sign PDF forms.", "body"))
	got, err = f.fresh(ctx, *s, "SKILL.md")
	must(t, err)
	if r.readWalks.Load() != 1 || got.Description != "Fill and sign PDF forms." {
		t.Errorf("changed file: %d walks, description %q", r.readWalks.Load(), got.Description)
	}
	// A file no walk lists (inside .git) is remembered, not walked for again.
	writeFile(t, filepath.Join(root, "pdf", ".git", "config"), "x")
	cur, _ := r.view.get("pdf")
	if _, err := f.fresh(ctx, *cur, ".git/config"); err != nil {
		t.Fatal(err)
	}
	cur, _ = r.view.get("pdf")
	if _, err := f.fresh(ctx, *cur, ".git/config"); err != nil || r.readWalks.Load() != 2 {
		t.Errorf("unlisted file walked again: %d walks, %v", r.readWalks.Load(), err)
	}
}

// TestPairAlone opens the persistence pair without a catalog: a second
// opener of the same data dir gets a *LockedError; after a swap to memory
// readers keep the data dir's files until rebuilt, and cause says why.
func TestPairAlone(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "key")
	log := slog.New(slog.DiscardHandler)
	p, err := openPair(dir, 0, log)
	must(t, err)
	if _, err := os.Stat(filepath.Join(dir, storeFile)); err != nil {
		t.Fatalf("store file: %v", err)
	}
	_, err = openPair(dir, 50*time.Millisecond, log)
	var le *LockedError
	if !errors.As(err, &le) || le.DataDir != dir {
		t.Fatalf("second opener: %v", err)
	}
	r := &refresher{pair: p} // only for its lock: swap and close need the writing token
	w := r.lockWrite()
	oldSt, oldIx := p.st, p.ix
	st, ix := openMemPair(t)
	cause := errors.New("disk full")
	p.swap(w, st, ix, cause)
	if gotSt, gotIx := p.backends(); gotSt != oldSt || gotIx != oldIx || !p.rebuilding() || !p.inMem() {
		t.Error("readers left the data dir's files before the rebuild")
	}
	p.rebuilt()
	if gotSt, gotIx := p.backends(); gotSt != st || gotIx != ix || p.rebuilding() || p.cause() != cause {
		t.Errorf("after the rebuild: readers on the data dir, or cause %v", p.cause())
	}
	must(t, p.close(w))
	w.unlock()
}

func openMemPair(t *testing.T) (*store.Store, *search.Index) {
	st, err := store.Open("", nil)
	must(t, err)
	ix, err := search.Open("", nil)
	must(t, err)
	return st, ix
}
