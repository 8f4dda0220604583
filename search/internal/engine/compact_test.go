package engine

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"syscall"
	"testing"

	"github.com/skilldex/skilldex/internal/failpoint"
)

// TestCompactAfterBuild: a two-pass build leaves several segments with
// deleted documents; compacting leaves one, finds the same documents with
// the same scores for every query (hits of equal score may come in
// another order: bleve breaks ties by internal document number), and
// survives a reopen. Close compacts a build left uncompacted.
func TestCompactAfterBuild(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index")
	e := openBuilt(t, path)
	if n, _, err := e.Segments(); err != nil || n < 2 {
		t.Fatalf("after the build: %d segments (%v), want several", n, err)
	}
	queries := []string{"chore 17 word3", "alpha5 beta7", "checker", "tool-042"}
	before := map[string]*Result{}
	for _, q := range queries {
		before[q] = mustSearch(t, e, Request{Query: q, Limit: 1000})
	}
	if err := e.CompactAfterBuild(ctx); err != nil {
		t.Fatal(err)
	}
	if n, busy, err := e.Segments(); err != nil || n != 1 || busy {
		t.Fatalf("after CompactAfterBuild: %d segments, busy %v (%v); want 1, idle", n, busy, err)
	}
	for _, q := range queries {
		after := mustSearch(t, e, Request{Query: q, Limit: 1000})
		if !reflect.DeepEqual(hitsOf(after), hitsOf(before[q])) || after.Total != before[q].Total {
			t.Errorf("%q: hits changed by compaction:\n before %v\n after  %v", q, hitsOf(before[q]), hitsOf(after))
		}
		b := before[q].Hits
		if len(b) > 1 && b[0].Score > b[1].Score && after.Hits[0].ID != b[0].ID {
			t.Errorf("%q: best hit changed by compaction", q)
		}
	}

	// A few edits are not a build: nothing to do, the count stays.
	if err := e.Index(buildDocs(3, true)...); err != nil {
		t.Fatal(err)
	}
	if err := e.CompactAfterBuild(ctx); err != nil {
		t.Fatal(err)
	}
	if w := e.written.Load(); w != 3 {
		t.Errorf("after 3 edits: written %d, want 3 (no compaction)", w)
	}

	// Another full pass, then Close: the next open finds one segment.
	if err := e.Index(buildDocs(600, false)...); err != nil {
		t.Fatal(err)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	e, err := Open(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if n, _, err := e.Segments(); err != nil || n != 1 {
		t.Errorf("reopened after Close: %d segments (%v), want 1", n, err)
	}
	if got := mustSearch(t, e, Request{Query: "chore 17 word3", Limit: 5}); len(got.Hits) == 0 || got.Hits[0].ID != "skill/017" {
		t.Errorf("reopened: hits %v, want skill/017 first", ids(got.Hits))
	}
}

// TestCompactInMemory: an in-memory index has nothing to compact.
func TestCompactInMemory(t *testing.T) {
	e := openMem(t, buildDocs(300, true)...)
	if err := e.Compact(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := e.CompactAfterBuild(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// TestCompactRightAfterBuild: compacting the moment a build's last batch
// is written, before bleve's persister has written its segments to disk
// (the catalog does so when its body pass drains), still leaves one
// segment. It used to find no segment on disk, count the build as
// compacted and leave it in several segments (five at 10k skills).
func TestCompactRightAfterBuild(t *testing.T) {
	for round := range 3 {
		e, err := Open(filepath.Join(t.TempDir(), "index"), 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Index(buildDocs(600, false)...); err != nil {
			t.Fatal(err)
		}
		if err := e.Index(buildDocs(600, true)...); err != nil {
			t.Fatal(err)
		}
		if err := e.CompactAfterBuild(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n, _, err := e.Segments(); err != nil || n != 1 {
			t.Errorf("round %d: compacted right after the build: %d segments (%v), want 1", round, n, err)
		}
		if err := e.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCompactCutShort: a compaction whose context ends (the catalog's
// body pass stopped by Close) leaves the build counted as not compacted,
// so Close compacts it. bleve's ForceMerge returns nil when its context
// ends; that used to count the build as compacted.
func TestCompactCutShort(t *testing.T) {
	path := filepath.Join(t.TempDir(), "index")
	e := openBuilt(t, path)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := e.CompactAfterBuild(ctx); err == nil {
		if n, _, _ := e.Segments(); n != 1 {
			t.Errorf("a cut-short compaction returned nil, leaving %d segments", n)
		}
	}
	if w := e.written.Load(); w < 1200 {
		t.Errorf("after a cut-short compaction: written %d, want the build's 1200 still counted", w)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	e, err := Open(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if n, _, err := e.Segments(); err != nil || n != 1 {
		t.Errorf("reopened after Close: %d segments (%v), want 1", n, err)
	}
}

// TestCloseAfterPersistFailure: once the index's writes to disk fail
// (a full disk, injected), Close neither compacts nor waits for the
// segments it cannot write, and returns the write error.
func TestCloseAfterPersistFailure(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "index")
	e, err := Open(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	full := &fs.PathError{Op: "write", Path: path, Err: syscall.ENOSPC}
	defer failpoint.Enable(failpoint.Persist, dir, full, 0)()
	if err := e.IndexUnsynced(buildDocs(200, true)...); err != nil {
		t.Fatal(err)
	}
	if err := e.Sync(); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Sync on a full disk: %v, want ENOSPC", err)
	}
	if err := e.Compact(context.Background()); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("Compact on a full disk: %v, want ENOSPC", err)
	}
	if err := e.Close(); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("Close on a full disk: %v, want ENOSPC", err)
	}
	if n := e.forcedMerges.Load(); n != 0 {
		t.Errorf("%d merges started on a full disk, want none", n)
	}
}

// openBuilt opens an index at path and writes 600 documents into it
// twice (metadata, then bodies), 150 at a time, as a catalog writes
// them: one segment per write, several per pass. The caller closes it.
func openBuilt(t *testing.T, path string) *Engine {
	t.Helper()
	e, err := Open(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, bodies := range []bool{false, true} {
		for chunk := range slices.Chunk(buildDocs(600, bodies), 150) {
			if err := e.Index(chunk...); err != nil {
				t.Fatal(err)
			}
		}
	}
	return e
}
