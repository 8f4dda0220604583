package index

import (
	"bytes"
	"context"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/skilldex/skilldex/internal/failpoint"
)

// damage is one way a data dir file can be broken between two runs.
type damage struct {
	name string
	do   func(t *testing.T, dataDir string)
	// quiet: the damage may hit only unused pages (half of bleve's
	// root.bolt is often free), so a warning is not required.
	quiet bool
}

// eachFile damages every file of the data dir matched by glob with fn; a
// glob that matches nothing fails the test (the damage would be a no-op).
func eachFile(glob string, fn func(t *testing.T, path string)) func(*testing.T, string) {
	return func(t *testing.T, dd string) {
		files, _ := filepath.Glob(filepath.Join(dd, glob))
		if len(files) == 0 {
			t.Fatalf("no file matches %s", glob)
		}
		for _, f := range files {
			fn(t, f)
		}
	}
}

// overwriteMiddle writes junk over the middle of every file matched by glob:
// damage that an open-time check does not see.
func overwriteMiddle(glob string) func(*testing.T, string) {
	return eachFile(glob, func(t *testing.T, f string) {
		data, err := os.ReadFile(f)
		must(t, err)
		copy(data[len(data)/4:], bytes.Repeat([]byte{0xA5}, len(data)/2))
		must(t, os.WriteFile(f, data, 0o600))
	})
}

// truncateHalf cuts every file matched by glob to half its size.
func truncateHalf(glob string) func(*testing.T, string) {
	return eachFile(glob, func(t *testing.T, f string) {
		st, err := os.Stat(f)
		must(t, err)
		must(t, os.Truncate(f, st.Size()/2))
	})
}

// TestCorruptDataDir damages the store or the search index between two
// runs in each way a disk or a careless user can; the next Open detects it,
// logs a warning, rebuilds from the skill folders, and serves everything.
func TestCorruptDataDir(t *testing.T) {
	if testing.Short() {
		t.Skip("damages and rebuilds the data dir in every way: skipped with -short")
	}
	cases := []damage{
		{"store truncated", truncateHalf("skills.db"), false},
		{"store emptied", func(t *testing.T, dd string) { must(t, os.Truncate(filepath.Join(dd, "skills.db"), 0)) }, false},
		{"store overwritten inside", overwriteMiddle("skills.db"), false},
		{"index segments truncated", truncateHalf("search.bleve/store/*.zap"), false},
		{"index segments overwritten inside", overwriteMiddle("search.bleve/store/*.zap"), false},
		{"index root truncated", truncateHalf("search.bleve/store/root.bolt"), true},
		{"index mapping removed", func(t *testing.T, dd string) {
			must(t, os.Remove(filepath.Join(dd, "search.bleve", "index_meta.json")))
		}, false},
		{"index folder replaced by a file", func(t *testing.T, dd string) {
			must(t, os.RemoveAll(filepath.Join(dd, "search.bleve")))
			must(t, os.WriteFile(filepath.Join(dd, "search.bleve"), []byte("x"), 0o600))
		}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root, data := t.TempDir(), t.TempDir()
			const n = 300 // enough records that half the store file is in use
			for i := 0; i < n; i++ {
				name := "skill-" + string(rune('a'+i%26)) + "-" + strings.Repeat("x", i%7) + "-" + strconv.Itoa(i)
				writeFile(t, filepath.Join(root, name, "SKILL.md"), skillMD(name, "Reconciles ledgers number "+strconv.Itoa(i)+" for invoices.", strings.Repeat("Body text about ledgers. ", 40)))
			}
			ctx := context.Background()
			c, err := Open(ctx, &Options{Roots: []Root{{Path: root}}, DataDir: data})
			must(t, err)
			dd := c.DataDir()
			must(t, c.Close())
			tc.do(t, dd)

			var logs bytes.Buffer
			c, err = Open(ctx, &Options{Roots: []Root{{Path: root}}, DataDir: data, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
			if err != nil {
				t.Fatalf("open after damage: %v", err)
			}
			defer c.Close()
			if got := c.Len(); got != n {
				t.Errorf("%d skills served after damage, want %d", got, n)
			}
			res, err := c.Search(ctx, SearchRequest{Query: "ledgers invoices", Limit: 1000})
			if err != nil || res.Total != n {
				t.Errorf("search after damage: %v, %d hits, want %d", err, res.Total, n)
			}
			l, err := c.Load(ctx, "skill-c-xx-2")
			if err != nil || !strings.Contains(l.Content, "number 2 ") {
				t.Errorf("load after damage: %v", err)
			}
			if !tc.quiet && !strings.Contains(logs.String(), "level=WARN") {
				t.Errorf("no warning logged for the damage:\n%.2000s", logs.String())
			}
		})
	}
}

// diskFault arms the store's and the search index's failpoints for the
// data dir data: after storeOK store writes and persistOK index batches
// succeed, each fails with errno (syscall.ENOSPC for a full disk,
// syscall.EROFS for a read-only one) as the file system would report it.
// The faults stop at the test's end or when the returned function is
// called (space again).
func diskFault(t *testing.T, data string, errno syscall.Errno, storeOK, persistOK int) (clear func()) {
	t.Helper()
	off1 := failpoint.Enable(failpoint.Store, data, &fs.PathError{Op: "write", Path: filepath.Join(data, "skills.db"), Err: errno}, storeOK)
	off2 := failpoint.Enable(failpoint.Persist, data, &fs.PathError{Op: "write", Path: filepath.Join(data, "search.bleve"), Err: errno}, persistOK)
	var once sync.Once
	clear = func() { once.Do(func() { off1(); off2() }) }
	t.Cleanup(clear)
	return clear
}

// closeSoon closes c and fails the test if Close hangs: a data dir that
// cannot be written must not hold up Close (the deadline is far above
// the time Close takes; it only catches a Close that waits on writes
// that can never happen).
func closeSoon(t *testing.T, c *Catalog) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- c.Close() }()
	select {
	case err := <-done:
		must(t, err)
	case <-time.After(60 * time.Second):
		t.Fatal("Close still waiting after 60 s on a data dir that cannot be written")
	}
}

// checkServes asserts that c lists, searches and loads all n skills of
// writeLedgerSkills, with the given description suffix on skill 7.
func checkServes(t *testing.T, c *Catalog, n int, seven string) {
	t.Helper()
	ctx := context.Background()
	if got := c.Len(); got != n {
		t.Errorf("%d skills served, want %d", got, n)
	}
	res, err := c.Search(ctx, SearchRequest{Query: "ledgers invoices", Limit: 10000})
	if err != nil || res.Total != n {
		t.Errorf("search: %v, %d hits, want %d", err, res.Total, n)
	}
	l, err := c.Load(ctx, "ledger-7")
	if err != nil || !strings.Contains(l.Content, seven) {
		t.Errorf("load ledger-7: %v, want %q in it", err, seven)
	}
}

func writeLedgerSkills(t *testing.T, root string, n int) {
	for i := 0; i < n; i++ {
		name := "ledger-" + strconv.Itoa(i)
		writeFile(t, filepath.Join(root, name, "SKILL.md"), skillMD(name, "Reconciles ledgers and invoices, number "+strconv.Itoa(i)+".",
			strings.Repeat("Body text about ledgers number "+strconv.Itoa(i)+". ", 60)))
	}
}

// TestDataDirFull: the data dir's disk fills up during the first build
// (injected: the store's writes, or the store's and the index's, fail
// with ENOSPC once the data dir is open). The catalog serves everything from memory,
// says why (Degraded, an error log), closes without waiting on what it
// cannot write, and once there is space again the next start completes
// the data dir from the skill folders.
func TestDataDirFull(t *testing.T) {
	// The index alone failing is not in the table: the catalog learns of
	// it at its next index write or Sync (see search.Index.Sync).
	const never = 1 << 30
	cases := []struct {
		name               string
		storeOK, persistOK int
	}{
		{"store and index", 1, 0},
		{"store", 1, never},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			data, root := t.TempDir(), t.TempDir()
			const n = 200
			writeLedgerSkills(t, root, n)
			var logs syncBuf
			opts := func() *Options {
				return &Options{Roots: []Root{{Path: root}}, DataDir: data, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
			}
			space := diskFault(t, data, syscall.ENOSPC, tc.storeOK, tc.persistOK)
			c, err := Open(context.Background(), opts())
			if err != nil {
				t.Fatalf("open on a full disk: %v", err)
			}
			waitDegraded(t, c)
			if !strings.Contains(logs.String(), "level=ERROR") || !strings.Contains(logs.String(), "no space left on device") {
				t.Errorf("a full disk went unreported: degraded=%v\n%.1500s", c.Degraded(), logs.String())
			}
			checkServes(t, c, n, "number 7.")
			closeSoon(t, c)

			space()
			c, err = Open(context.Background(), opts())
			must(t, err)
			defer c.Close()
			if err := c.Degraded(); err != nil {
				t.Errorf("still degraded with space: %v", err)
			}
			checkServes(t, c, n, "number 7.")
		})
	}
}

// TestDataDirFillsUpWhileServing: the data dir's disk fills up while
// the catalog serves (injected: every later store and index write fails
// with ENOSPC); edits are still picked up and served (from memory), Close
// does not wait on what it cannot write, and after a restart with space
// the data dir catches up.
func TestDataDirFillsUpWhileServing(t *testing.T) {
	data, root := t.TempDir(), t.TempDir()
	const n = 120
	writeLedgerSkills(t, root, n)
	var logs syncBuf
	opts := func() *Options {
		return &Options{Roots: []Root{{Path: root}}, DataDir: data, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	}
	ctx := context.Background()
	c, err := Open(ctx, opts())
	must(t, err)
	checkServes(t, c, n, "number 7.")

	// The disk is full from now on; edit and add skills.
	space := diskFault(t, data, syscall.ENOSPC, 0, 0)
	big := strings.Repeat("More ledger text. ", 200)
	writeFile(t, filepath.Join(root, "ledger-7", "SKILL.md"), skillMD("ledger-7", "Reconciles ledgers and invoices, number 7, edited.", big))
	for i := 0; i < 20; i++ {
		name := "ledger-new-" + strconv.Itoa(i)
		writeFile(t, filepath.Join(root, name, "SKILL.md"), skillMD(name, "Reconciles ledgers and invoices, new.", big))
	}
	if _, err := c.Refresh(ctx); err != nil {
		t.Fatalf("refresh on a full data dir: %v", err)
	}
	if c.Degraded() == nil || !strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("a full data dir went unreported: %v\n%.1500s", c.Degraded(), logs.String())
	}
	checkServes(t, c, n+20, "number 7, edited.")
	closeSoon(t, c)

	space()
	c, err = Open(ctx, opts())
	must(t, err)
	defer c.Close()
	if err := c.Degraded(); err != nil {
		t.Errorf("still degraded with space: %v", err)
	}
	checkServes(t, c, n+20, "number 7, edited.")
}

// TestDataDirReadOnly: a data dir on a read-only file system (injected:
// every store and index write fails with EROFS) serves from memory, with the reason logged and in Degraded.
func TestDataDirReadOnly(t *testing.T) {
	data, root := t.TempDir(), t.TempDir()
	diskFault(t, data, syscall.EROFS, 0, 0)
	writeLedgerSkills(t, root, 50)
	var logs syncBuf
	c, err := Open(context.Background(), &Options{Roots: []Root{{Path: root}}, DataDir: data, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatalf("open on a read-only data dir: %v", err)
	}
	defer c.Close()
	if c.Degraded() == nil || !strings.Contains(logs.String(), "read-only file system") {
		t.Errorf("a read-only data dir went unreported: %v\n%.1500s", c.Degraded(), logs.String())
	}
	checkServes(t, c, 50, "number 7.")
}

// syncBuf is a bytes.Buffer safe for the logger's concurrent writes.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
