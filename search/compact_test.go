package search

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/skilldex/skilldex/internal/failpoint"
)

// buildDocs are n documents, metadata only or with bodies, like the two
// passes of a catalog build (the second replaces every document).
func buildDocs(n int, bodies bool) []Doc {
	docs := make([]Doc, n)
	for i := range docs {
		docs[i] = Doc{
			ID:          fmt.Sprintf("skill/%03d", i),
			Name:        fmt.Sprintf("tool-%03d", i),
			Description: fmt.Sprintf("Handles chore number %d for word%d projects.", i, i%17),
		}
		if bodies {
			docs[i].Body = fmt.Sprintf("Steps for alpha%d and beta%d. Run the checker.", i%23, i%29)
		}
	}
	return docs
}

// TestCompactAfterBuild: a two-pass build leaves several segments with
// deleted documents; compacting leaves one, finds the same documents with
// the same scores for every query (hits of equal score may come in
// another order: bleve breaks ties by internal document number), and
// survives a reopen. Close compacts a build left uncompacted.
func TestCompactAfterBuild(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index")
	ix, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Written 150 at a time, as a catalog writes them: one segment
	// per write, several per pass.
	for _, bodies := range []bool{false, true} {
		for chunk := range slices.Chunk(buildDocs(600, bodies), 150) {
			if err := ix.Index(chunk...); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n, _, err := ix.Segments(); err != nil || n < 2 {
		t.Fatalf("after the build: %d segments (%v), want several", n, err)
	}
	queries := []string{"chore 17 word3", "alpha5 beta7", "checker", "tool-042"}
	before := map[string]*Result{}
	for _, q := range queries {
		before[q] = mustSearch(t, ix, Request{Query: q, Limit: 1000})
	}
	if err := ix.CompactAfterBuild(ctx); err != nil {
		t.Fatal(err)
	}
	if n, busy, err := ix.Segments(); err != nil || n != 1 || busy {
		t.Fatalf("after CompactAfterBuild: %d segments, busy %v (%v); want 1, idle", n, busy, err)
	}
	for _, q := range queries {
		after := mustSearch(t, ix, Request{Query: q, Limit: 1000})
		if !reflect.DeepEqual(hitsOf(after), hitsOf(before[q])) || after.Total != before[q].Total {
			t.Errorf("%q: hits changed by compaction:\n before %v\n after  %v", q, hitsOf(before[q]), hitsOf(after))
		}
		b := before[q].Hits
		if len(b) > 1 && b[0].Score > b[1].Score && after.Hits[0].ID != b[0].ID {
			t.Errorf("%q: best hit changed by compaction", q)
		}
	}

	// A few edits are not a build: nothing to do, the count stays.
	if err := ix.Index(buildDocs(3, true)...); err != nil {
		t.Fatal(err)
	}
	if err := ix.CompactAfterBuild(ctx); err != nil {
		t.Fatal(err)
	}
	if w := ix.written.Load(); w != 3 {
		t.Errorf("after 3 edits: written %d, want 3 (no compaction)", w)
	}

	// Another full pass, then Close: the next open finds one segment.
	if err := ix.Index(buildDocs(600, false)...); err != nil {
		t.Fatal(err)
	}
	if err := ix.Close(); err != nil {
		t.Fatal(err)
	}
	ix, err = Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if n, _, err := ix.Segments(); err != nil || n != 1 {
		t.Errorf("reopened after Close: %d segments (%v), want 1", n, err)
	}
	if got := mustSearch(t, ix, Request{Query: "chore 17 word3", Limit: 5}); len(got.Hits) == 0 || got.Hits[0].ID != "skill/017" {
		t.Errorf("reopened: hits %v, want skill/017 first", ids(got.Hits))
	}
}

// TestCompactInMemory: an in-memory index has nothing to compact.
func TestCompactInMemory(t *testing.T) {
	ix := openMem(t, buildDocs(300, true)...)
	if err := ix.Compact(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := ix.CompactAfterBuild(context.Background()); err != nil {
		t.Fatal(err)
	}
}

type idScore struct {
	ID    string
	Score float64
}

// hitsOf is every hit of r as (id, score), sorted by id.
func hitsOf(r *Result) []idScore {
	out := make([]idScore, len(r.Hits))
	for i, h := range r.Hits {
		out[i] = idScore{h.ID, h.Score}
	}
	slices.SortFunc(out, func(a, b idScore) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// TestCompactRightAfterBuild: compacting the moment a build's last batch
// is written, before bleve's persister has written its segments to disk
// (the catalog does so when its body pass drains), still leaves one
// segment. It used to find no segment on disk, count the build as
// compacted and leave it in several segments (five at 10k skills).
func TestCompactRightAfterBuild(t *testing.T) {
	for round := range 3 {
		ix, err := Open(filepath.Join(t.TempDir(), "index"), nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := ix.Index(buildDocs(600, false)...); err != nil {
			t.Fatal(err)
		}
		if err := ix.Index(buildDocs(600, true)...); err != nil {
			t.Fatal(err)
		}
		if err := ix.CompactAfterBuild(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n, _, err := ix.Segments(); err != nil || n != 1 {
			t.Errorf("round %d: compacted right after the build: %d segments (%v), want 1", round, n, err)
		}
		if err := ix.Close(); err != nil {
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
	ix, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Several segments, as a catalog's writes leave them.
	for _, bodies := range []bool{false, true} {
		for chunk := range slices.Chunk(buildDocs(600, bodies), 150) {
			if err := ix.Index(chunk...); err != nil {
				t.Fatal(err)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := ix.CompactAfterBuild(ctx); err == nil {
		if n, _, _ := ix.Segments(); n != 1 {
			t.Errorf("a cut-short compaction returned nil, leaving %d segments", n)
		}
	}
	if w := ix.written.Load(); w < 1200 {
		t.Errorf("after a cut-short compaction: written %d, want the build's 1200 still counted", w)
	}
	if err := ix.Close(); err != nil {
		t.Fatal(err)
	}
	ix, err = Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if n, _, err := ix.Segments(); err != nil || n != 1 {
		t.Errorf("reopened after Close: %d segments (%v), want 1", n, err)
	}
}

// TestCloseAfterPersistFailure: once the index's writes to disk fail
// (a full disk, injected), Close neither compacts nor waits for the
// segments it cannot write, and returns the write error.
func TestCloseAfterPersistFailure(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "index")
	ix, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	full := &fs.PathError{Op: "write", Path: path, Err: syscall.ENOSPC}
	defer failpoint.Enable(failpoint.Persist, dir, full, 0)()
	if err := ix.IndexUnsynced(buildDocs(200, true)...); err != nil {
		t.Fatal(err)
	}
	if err := ix.Sync(); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Sync on a full disk: %v, want ENOSPC", err)
	}
	if err := ix.Compact(context.Background()); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("Compact on a full disk: %v, want ENOSPC", err)
	}
	if err := ix.Close(); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("Close on a full disk: %v, want ENOSPC", err)
	}
	if n := ix.forcedMerges.Load(); n != 0 {
		t.Errorf("%d merges started on a full disk, want none", n)
	}
}
