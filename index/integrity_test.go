package index

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/search"
)

// waitDegraded waits (hang guard only) until the catalog serves from
// memory after damage and its in-memory rebuild is done.
func waitDegraded(t *testing.T, c *Catalog) {
	t.Helper()
	deadline := time.Now().Add(hangLimit)
	for {
		if c.Degraded() != nil && !c.pair.rebuilding() {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("no rebuild in memory after damage")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestDamagedContentNotServed is issue 14 B11 and B12: a byte patched
// inside skills.db, in the stored content of a SKILL.md and of a
// reference file, is never served as the file on disk: the content's
// SHA-256 does not match the record, so the file is read from its folder;
// the damage marks the data dir for a rebuild, the catalog rebuilds in
// memory, and the next start rebuilds the data dir from the folders.
func TestDamagedContentNotServed(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "root")
	writeFile(t, filepath.Join(root, "ledger", "SKILL.md"), skillMD("ledger", "Reconciles ledgers.", "ORIGINAL-BODY-TEXT of the ledger skill."))
	writeFile(t, filepath.Join(root, "ledger", "references", "guide.md"), "ORIGINAL-GUIDE-TEXT")
	writeFile(t, filepath.Join(root, "other", "SKILL.md"), skillMD("other", "Another skill.", "body"))
	opts := &Options{Roots: []Root{{Path: root}}, DataDir: filepath.Join(base, "data")}
	ctx := context.Background()
	c, err := Open(ctx, opts)
	must(t, err)
	dd := c.DataDir()
	must(t, c.Close())

	db := filepath.Join(dd, storeFile)
	raw, err := os.ReadFile(db)
	must(t, err)
	for _, s := range []string{"ORIGINAL-BODY-TEXT", "ORIGINAL-GUIDE-TEXT"} {
		if bytes.Count(raw, []byte(s)) == 0 {
			t.Fatalf("%s not found in the store file", s)
		}
		raw = bytes.ReplaceAll(raw, []byte(s), []byte("DAMAGED"+s[7:]))
	}
	must(t, os.WriteFile(db, raw, 0o600))

	c, err = Open(ctx, opts)
	must(t, err)
	l, err := c.Load(ctx, "ledger")
	if err != nil || !strings.Contains(l.Content, "ORIGINAL-BODY-TEXT") {
		t.Fatalf("load served damaged content: %v\n%s", err, l.Content)
	}
	f, err := c.ReadFile(ctx, "ledger", "references/guide.md")
	if err != nil || f.Content != "ORIGINAL-GUIDE-TEXT" {
		t.Fatalf("read_file served damaged content: %v %q", err, f.Content)
	}
	if _, err := os.Stat(filepath.Join(dd, rebuildFile)); err != nil {
		t.Errorf("the data dir is not marked for a rebuild: %v", err)
	}
	waitDegraded(t, c)
	if l, err := c.Load(ctx, "ledger"); err != nil || !strings.Contains(l.Content, "ORIGINAL-BODY-TEXT") {
		t.Errorf("load after the rebuild in memory: %v", err)
	}
	must(t, c.Close())

	c = open(t, opts)
	if _, err := os.Stat(filepath.Join(dd, rebuildFile)); err == nil {
		t.Error("the rebuild mark outlived the rebuild")
	}
	if c.Degraded() != nil {
		t.Errorf("the next start still serves from memory: %v", c.Degraded())
	}
	if data, err := c.pair.st.File("ledger", "SKILL.md"); err != nil || !bytes.Contains(data, []byte("ORIGINAL-BODY-TEXT")) {
		t.Errorf("the next start did not rebuild the stored content: %v %q", err, data)
	}
	if l, err := c.Load(ctx, "ledger"); err != nil || !strings.Contains(l.Content, "ORIGINAL-BODY-TEXT") {
		t.Errorf("load after the next start: %v", err)
	}
}

// TestSearchDamageRebuilds is issue 14 B12 for the search index: a search
// the index fails for no reason of the query's (here: its files closed
// under it) marks the data dir for a rebuild and moves the catalog to a
// rebuilt in-memory index; the next start rebuilds the data dir.
func TestSearchDamageRebuilds(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "root")
	writeFile(t, filepath.Join(root, "ledger", "SKILL.md"), skillMD("ledger", "Reconciles ledgers.", "body"))
	opts := &Options{Roots: []Root{{Path: root}}, DataDir: filepath.Join(base, "data")}
	ctx := context.Background()
	c, err := Open(ctx, opts)
	must(t, err)
	dd := c.DataDir()
	must(t, c.pair.ix.Close()) // the index fails every query from now on
	if _, err := c.Search(ctx, SearchRequest{Query: "ledgers"}); err == nil {
		t.Fatal("search on a failing index succeeded")
	}
	if _, err := os.Stat(filepath.Join(dd, rebuildFile)); err != nil {
		t.Errorf("the data dir is not marked for a rebuild: %v", err)
	}
	waitDegraded(t, c)
	if res, err := c.Search(ctx, SearchRequest{Query: "ledgers"}); err != nil || len(res.Hits) != 1 {
		t.Errorf("search after the rebuild in memory: %v %+v", err, res)
	}
	// A query the index refuses is not damage.
	if _, err := c.Search(ctx, SearchRequest{Query: "  ?! "}); err == nil {
		t.Error("an empty query succeeded")
	}
	c.Close()

	c = open(t, opts)
	if _, err := os.Stat(filepath.Join(dd, rebuildFile)); err == nil {
		t.Error("the rebuild mark outlived the rebuild")
	}
	if res, err := c.Search(ctx, SearchRequest{Query: "ledgers"}); err != nil || len(res.Hits) != 1 || c.Degraded() != nil {
		t.Errorf("search after the next start: %v %+v (degraded: %v)", err, res, c.Degraded())
	}
}

// TestEmptyQueryIsNotDamage: the index refusing a query (empty, too long,
// over its time budget) does not mark anything: a hostile query must not
// cost a rebuild.
func TestEmptyQueryIsNotDamage(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "root")
	writeFile(t, filepath.Join(root, "ledger", "SKILL.md"), skillMD("ledger", "Reconciles ledgers.", "body"))
	c := open(t, &Options{Roots: []Root{{Path: root}}, DataDir: filepath.Join(base, "data")})
	if _, err := c.Search(context.Background(), SearchRequest{Query: "  ?! "}); err == nil {
		t.Error("an empty query succeeded")
	}
	long := strings.Repeat("ledger ", search.MaxQueryWords+1)
	if _, err := c.Search(context.Background(), SearchRequest{Query: long}); !errors.Is(err, search.ErrQueryTooLong) {
		t.Errorf("a query of %d words: %v, want search.ErrQueryTooLong", search.MaxQueryWords+1, err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	c.Search(cancelled, SearchRequest{Query: "ledgers"})
	if _, err := os.Stat(filepath.Join(c.DataDir(), rebuildFile)); err == nil || c.Degraded() != nil {
		t.Error("a refused or cancelled query was taken for damage")
	}
}
