package engine

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2/index/scorch"
)

// copyDir copies the files of the index at src to dst: what a crash at
// this moment would leave on disk (nothing else writes the index while
// the caller copies it).
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
}

func countAt(t *testing.T, path string) uint64 {
	t.Helper()
	e, err := Open(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	n, err := e.Count()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestSyncedWritesAreOnDisk: IndexUnsynced returns once the documents are
// searchable; after Sync (and after Index and Delete, which sync) they are
// on disk: a copy of the index's files, as a crash would leave them, holds
// them without the process closing the index.
func TestSyncedWritesAreOnDisk(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "index")
	e, err := Open(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if err := e.IndexUnsynced(buildDocs(300, false)...); err != nil {
		t.Fatal(err)
	}
	if got := mustSearch(t, e, Request{Query: "chore 17 word0", Limit: 3}); len(got.Hits) == 0 || got.Hits[0].ID != "skill/017" {
		t.Fatalf("unsynced write not searchable: %v", ids(got.Hits))
	}
	if err := e.Sync(); err != nil {
		t.Fatal(err)
	}
	copyDir(t, path, filepath.Join(dir, "crash1"))
	if n := countAt(t, filepath.Join(dir, "crash1")); n != 300 {
		t.Errorf("after Sync the disk holds %d documents, want 300", n)
	}

	if err := e.Delete("skill/000", "skill/001"); err != nil {
		t.Fatal(err)
	}
	copyDir(t, path, filepath.Join(dir, "crash2"))
	if n := countAt(t, filepath.Join(dir, "crash2")); n != 298 {
		t.Errorf("after Delete the disk holds %d documents, want 298", n)
	}
	if err := e.Index(buildDocs(2, true)...); err != nil {
		t.Fatal(err)
	}
	copyDir(t, path, filepath.Join(dir, "crash3"))
	if n := countAt(t, filepath.Join(dir, "crash3")); n != 300 {
		t.Errorf("after Index the disk holds %d documents, want 300", n)
	}
}

// TestPersistErrorReported: a snapshot bleve's persister could not write
// (reported in the background) fails Sync and the writes after it, until
// bleve has written every batch; errors of the merger do not.
func TestPersistErrorReported(t *testing.T) {
	e, err := Open(filepath.Join(t.TempDir(), "index"), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	// A batch in flight that the persister has not written yet.
	done := e.dur.sent()

	trackers.report(e.storePath, scorch.NewScorchError("merger", "no space left on device", scorch.ErrPersist))
	if err := e.dur.check(); err != nil {
		t.Fatalf("a merge error failed the writes: %v", err)
	}
	trackers.report(e.storePath, scorch.NewScorchError("persister", "no space left on device", scorch.ErrPersist))
	if err := e.Sync(); err == nil || !strings.Contains(err.Error(), "no space left") {
		t.Errorf("Sync after a persist error: %v", err)
	}
	if err := e.IndexUnsynced(buildDocs(1, false)...); err == nil {
		t.Error("a write after a persist error succeeded")
	}
	if n, _ := e.Count(); n != 0 {
		t.Errorf("the refused write indexed %d documents", n)
	}

	done(nil) // bleve's retry wrote everything
	if err := e.Sync(); err != nil {
		t.Errorf("Sync once everything is on disk: %v", err)
	}
	if err := e.Index(buildDocs(1, false)...); err != nil {
		t.Errorf("write after the retry: %v", err)
	}
}

// TestDurabilityCounts: wait returns only once every batch sent is
// persisted, or with the first persist error while some are not.
func TestDurabilityCounts(t *testing.T) {
	d := newDurability("")
	a, b := d.sent(), d.sent()
	a(nil)
	if d.pending != 1 {
		t.Fatalf("pending %d after one of two persisted, want 1", d.pending)
	}
	d.failed(errors.New("disk full"))
	if err := d.wait(); err == nil {
		t.Fatal("wait ignored a persist error")
	}
	b(nil)
	if err := d.wait(); err != nil {
		t.Errorf("wait after every batch persisted: %v", err)
	}
	d.sent()
	d.unsent()
	if d.pending != 0 {
		t.Errorf("pending %d after a refused batch, want 0", d.pending)
	}
	d.failed(errors.New("late"))
	if err := d.check(); err != nil {
		t.Errorf("an error with nothing pending failed the next write: %v", err)
	}
}

// TestPersisterDeath: a panic of bleve's persister (its goroutine ends,
// no callback runs again) reported while nothing is pending still fails
// every later wait and write check, instead of leaving Sync and Close
// waiting for ever (found by review: failed recorded errors only while
// batches were pending).
func TestPersisterDeath(t *testing.T) {
	e, err := Open(filepath.Join(t.TempDir(), "e"), 0)
	if err != nil {
		t.Fatal(err)
	}
	trackers.report(e.storePath, scorch.NewScorchError("persister", "panic: damaged segment", scorch.ErrAsyncPanic))
	d := e.dur
	d.sent() // a batch whose callback will never run
	waited := make(chan error, 1)
	go func() { waited <- d.wait() }()
	select {
	case err := <-waited:
		if !errors.Is(err, scorch.ErrAsyncPanic) {
			t.Errorf("wait = %v, want the persister's panic", err)
		}
	case <-time.After(time.Minute): // a hang guard only
		t.Fatal("wait still blocked a minute after the persister died")
	}
	if err := e.Index(buildDocs(1, false)...); !errors.Is(err, scorch.ErrAsyncPanic) {
		t.Errorf("write after the persister died: %v, want its panic", err)
	}
	if err := e.Close(); err == nil {
		t.Error("Close after the persister died reported no error")
	}
}

// TestSmallDocumentsOneBatch: a write of documents without bodies (a
// cold build's first pass) goes to bleve as one batch, so one segment;
// documents with bodies still go 250-odd at a time.
func TestSmallDocumentsOneBatch(t *testing.T) {
	for _, tc := range []struct {
		body int
		want uint64
	}{{0, 1}, {8 << 10, 2}} {
		e, err := Open(filepath.Join(t.TempDir(), "index"), 0)
		if err != nil {
			t.Fatal(err)
		}
		docs := buildDocs(500, false)
		for i := range docs {
			docs[i].Body = strings.Repeat("x", tc.body)
		}
		before := batches(t, e)
		if err := e.Index(docs...); err != nil {
			t.Fatal(err)
		}
		if n := batches(t, e) - before; n != tc.want {
			t.Errorf("500 documents with %d-byte bodies: %d batches, want %d", tc.body, n, tc.want)
		}
		e.Close()
	}
}

// batches is the number of batches bleve has applied to e.
func batches(t *testing.T, e *Engine) uint64 {
	t.Helper()
	s, ok := scorchOf(e.idx)
	if !ok {
		t.Fatal("not a scorch index")
	}
	n, _ := s.StatsMap()["TotBatches"].(uint64)
	return n
}
