package store

import (
	"bufio"
	"errors"
	"fmt"
	"github.com/skilldex/skilldex/internal/longtest"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

func mustOpen(t testing.TB, path string, o *Options) *Store {
	t.Helper()
	s, err := Open(path, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// fill puts n skills with a meta record and a file of fileSize bytes.
func fill(t testing.TB, s *Store, n, fileSize int) map[string]skill {
	t.Helper()
	want := map[string]skill{}
	es := make([]Entry, n)
	for i := range es {
		id := fmt.Sprintf("0/repo/skills/s%05d", i)
		line := fmt.Sprintf("line of skill %d\n", i)
		body := strings.Repeat(line, fileSize/len(line)+1)[:fileSize]
		es[i] = entry(id, fmt.Sprintf(`{"name":"s%05d"}`, i), "SKILL.md", body, "ref/x.md", "x")
		want[id] = skill{fmt.Sprintf(`{"name":"s%05d"}`, i), map[string]string{"SKILL.md": body, "ref/x.md": "x"}}
	}
	if err := s.Put(es...); err != nil {
		t.Fatal(err)
	}
	return want
}

func TestOpenCreatesAndReopenPersists(t *testing.T) {
	for _, o := range []*Options{nil, {NoSync: true}} {
		t.Run(fmt.Sprintf("%+v", o), func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "a", "b", "store.db")
			s, err := Open(path, o)
			if err != nil {
				t.Fatal(err)
			}
			if s.Path() != path {
				t.Errorf("Path() = %q", s.Path())
			}
			want := fill(t, s, 200, 3000)
			if err := s.SetState("k", []byte("v")); err != nil {
				t.Fatal(err)
			}
			if err := s.Sync(); err != nil {
				t.Fatal(err)
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o600 {
				t.Errorf("file mode %v, %v; want 0600", st.Mode(), err)
			}
			if st, err := os.Stat(filepath.Dir(path)); err != nil || st.Mode().Perm() != 0o755 {
				t.Errorf("dir mode %v, %v; want 0755", st.Mode(), err)
			}
			for _, ro := range []bool{false, true} {
				s := mustOpen(t, path, &Options{ReadOnly: ro})
				checkContents(t, s, want, []string{"nope"})
				if v, err := s.State("k"); string(v) != "v" || err != nil {
					t.Errorf("State = %q, %v", v, err)
				}
				s.Close()
			}
		})
	}
}

func TestReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.db")
	s := mustOpen(t, path, nil)
	fill(t, s, 3, 10)
	s.Close()

	r1 := mustOpen(t, path, &Options{ReadOnly: true})
	r2 := mustOpen(t, path, &Options{ReadOnly: true, Timeout: 100 * time.Millisecond}) // shared locks coexist
	for name, err := range map[string]error{"Put": r1.Put(entry("a", "1")), "Delete": r1.Delete("a"), "SetState": r1.SetState("k", nil)} {
		if !errors.Is(err, ErrReadOnly) {
			t.Errorf("%s: %v, want ErrReadOnly", name, err)
		}
	}
	if n, err := r2.Count(); n != 3 || err != nil {
		t.Errorf("Count = %d, %v", n, err)
	}
	if _, err := Open(path, &Options{Timeout: 100 * time.Millisecond}); !errors.Is(err, ErrLocked) {
		t.Errorf("read-write Open beside readers: %v, want ErrLocked", err)
	}
	r1.Close()
	r2.Close()

	if _, err := Open(filepath.Join(t.TempDir(), "missing.db"), &Options{ReadOnly: true}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("read-only Open of a missing file: %v, want fs.ErrNotExist", err)
	}
	empty := filepath.Join(t.TempDir(), "empty.db")
	os.WriteFile(empty, nil, 0o600)
	if _, err := Open(empty, &Options{ReadOnly: true}); !errors.Is(err, ErrCorrupt) {
		t.Errorf("read-only Open of an empty file: %v, want ErrCorrupt", err)
	}
	// A read-write Open initialises an empty file.
	s = mustOpen(t, empty, nil)
	if n, err := s.Count(); n != 0 || err != nil {
		t.Errorf("Count = %d, %v", n, err)
	}
}

// rawBolt writes a bbolt file with fn, bypassing the store.
func rawBolt(t *testing.T, path string, fn func(tx *bolt.Tx) error) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(fn); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestSchema(t *testing.T) {
	setMeta := func(k, v string) func(tx *bolt.Tx) error {
		return func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Put([]byte(k), []byte(v)) }
	}
	cases := []struct {
		name    string
		store   bool // start from a real store
		edit    func(tx *bolt.Tx) error
		ro      bool
		want    error
		wantMsg string
	}{
		{name: "newer version", store: true, edit: setMeta("schema", "2"), want: ErrSchema, wantMsg: "schema version 2, this skilldex uses 1"},
		{name: "older version", store: true, edit: setMeta("schema", "0"), want: ErrSchema},
		{name: "unreadable version", store: true, edit: setMeta("schema", "one"), want: ErrSchema},
		{name: "another program's meta", store: true, edit: setMeta("app", "other"), want: ErrSchema, wantMsg: `"other"`},
		{name: "another program", edit: func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("foo")); return err }, want: ErrSchema, wantMsg: "not a skilldex store"},
		{name: "missing data bucket", store: true, edit: func(tx *bolt.Tx) error { return tx.DeleteBucket(bucketFiles) }, want: ErrCorrupt},
		{name: "empty bbolt file read-only", edit: func(*bolt.Tx) error { return nil }, ro: true, want: ErrSchema},
		{name: "empty bbolt file read-write is initialised", edit: func(*bolt.Tx) error { return nil }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "s.db")
			if tc.store {
				s := mustOpen(t, path, nil)
				fill(t, s, 2, 10)
				s.Close()
			}
			rawBolt(t, path, tc.edit)
			s, err := Open(path, &Options{ReadOnly: tc.ro})
			if tc.want == nil {
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				if err := s.Put(entry("a", "1")); err != nil {
					t.Fatal(err)
				}
				return
			}
			if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.wantMsg) || !strings.Contains(err.Error(), path) {
				t.Fatalf("Open: %v; want %v containing %q and the path", err, tc.want, tc.wantMsg)
			}
			// The caller's recovery: Remove and rebuild.
			if err := Remove(path); err != nil {
				t.Fatal(err)
			}
			s = mustOpen(t, path, nil)
			if n, err := s.Count(); n != 0 || err != nil {
				t.Errorf("rebuilt Count = %d, %v", n, err)
			}
		})
	}
	if err := Remove(filepath.Join(t.TempDir(), "missing.db")); err != nil {
		t.Errorf("Remove of a missing file: %v", err)
	}
}

// usedBytes is the size of the pages a store file's meta page claims.
func usedBytes(t *testing.T, path string) int64 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m0 := parseMeta(data)
	m1 := parseMeta(data[m0.pageSize:])
	if !m0.valid || !m1.valid {
		t.Fatal("invalid meta pages in a fresh store")
	}
	return int64(max(m0.pgid, m1.pgid)) * m0.pageSize
}

func TestCorrupt(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	s := mustOpen(t, good, nil)
	want := fill(t, s, 300, 3000)
	s.Close()
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	used := usedBytes(t, good)
	t.Logf("file %d bytes, %d used", len(data), used)
	rng := rand.New(rand.NewPCG(1, 2))
	garbage := make([]byte, 64<<10)
	for i := range garbage {
		garbage[i] = byte(rng.IntN(256))
	}
	withMagic := func(n int) []byte { // a header that looks like bbolt's, then garbage
		b := append([]byte{}, data[:4096]...)
		return append(b, garbage[:n]...)
	}
	cases := []struct {
		name    string
		content []byte
	}{
		{"text", []byte("hello, this is not a database\n")},
		{"zeros", make([]byte, 16<<10)},
		{"random", garbage},
		{"one byte", []byte{0}},
		{"meta page then garbage", withMagic(60 << 10)},
		{"truncated to 100 bytes", data[:100]},
		{"truncated to one page", data[:4096]},
		{"truncated to two pages", data[:8192]},
		{"truncated to 3 pages + 1", data[:3*4096+1]},
		{"truncated to a quarter", data[:used/4]},
		{"truncated to half", data[:used/2]},
		{"truncated by one page", data[:used-4096]},
		{"truncated by one byte", data[:used-1]},
	}
	for _, tc := range cases {
		for _, ro := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/ro=%v", tc.name, ro), func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "bad.db")
				if err := os.WriteFile(path, tc.content, 0o600); err != nil {
					t.Fatal(err)
				}
				s, err := Open(path, &Options{ReadOnly: ro})
				if err == nil {
					s.Close()
					t.Fatal("Open succeeded")
				}
				if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), path) {
					t.Fatalf("Open: %v; want ErrCorrupt naming the path", err)
				}
				t.Log(err)
				// The lock was released: Remove and rebuild works.
				if err := Remove(path); err != nil {
					t.Fatal(err)
				}
				if !ro {
					s := mustOpen(t, path, &Options{Timeout: 100 * time.Millisecond})
					if err := s.Put(entry("a", "1")); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	}
	t.Run("cut at the used size is intact", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "cut.db")
		os.WriteFile(path, data[:used], 0o600)
		s := mustOpen(t, path, nil)
		checkContents(t, s, want, nil)
	})
}

// TestScribbled overwrites pages inside a store with garbage: the cheap
// open-time check may not see it, but then reads must fail with
// ErrCorrupt (or succeed), never panic or crash the process.
func TestScribbled(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	s := mustOpen(t, good, nil)
	want := fill(t, s, 300, 3000)
	s.Close()
	data, _ := os.ReadFile(good)
	used := usedBytes(t, good)
	pages := int(used / 4096)
	for seed := range uint64(12) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 7))
			bad := append([]byte{}, data...)
			for range 1 + seed%4 {
				pg := 2 + rng.IntN(pages-2)
				off := pg * 4096
				switch seed % 3 {
				case 0: // the whole page
					for i := range 4096 {
						bad[off+i] = byte(rng.IntN(256))
					}
				case 1: // the element table after the header
					for i := 16; i < 256; i++ {
						bad[off+i] = byte(rng.IntN(256))
					}
				case 2: // the header's count and overflow
					for i := 10; i < 16; i++ {
						bad[off+i] = 0xff
					}
				}
			}
			path := filepath.Join(t.TempDir(), "bad.db")
			os.WriteFile(path, bad, 0o600)
			s, err := Open(path, &Options{ReadOnly: seed%2 == 0})
			if err != nil {
				if !errors.Is(err, ErrCorrupt) {
					t.Fatalf("Open: %v; want ErrCorrupt", err)
				}
				t.Log(err)
				return
			}
			defer s.Close()
			corrupt := 0
			okErr := func(what string, err error) {
				if errors.Is(err, ErrCorrupt) {
					if corrupt++; corrupt == 1 {
						t.Logf("%s: %v", what, err)
					}
				} else if err != nil && !errors.Is(err, ErrNotFound) {
					t.Errorf("%s: %v", what, err)
				}
			}
			defer func() { t.Logf("opened; %d reads gave ErrCorrupt", corrupt) }()
			_, err = s.Count()
			okErr("Count", err)
			okErr("ForEach", s.ForEach(func(string, []byte) error { return nil }))
			for id, w := range want {
				_, err := s.Meta(id)
				okErr("Meta", err)
				for rel := range w.files {
					_, err := s.File(id, rel)
					okErr("File", err)
				}
			}
		})
	}
}

func TestLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.db")
	s := mustOpen(t, path, nil)
	for _, ro := range []bool{false, true} {
		start := time.Now()
		_, err := Open(path, &Options{Timeout: 100 * time.Millisecond, ReadOnly: ro})
		took := time.Since(start)
		if !errors.Is(err, ErrLocked) {
			t.Fatalf("second Open (ro=%v): %v, want ErrLocked", ro, err)
		}
		if msg := err.Error(); !strings.Contains(msg, path) || !strings.Contains(msg, "another skilldex may be running") {
			t.Errorf("message %q should name the path and another skilldex", msg)
		}
		if took < 90*time.Millisecond || took > 60*time.Second { // the lower bound is the timeout itself; the upper only catches a hang
			t.Errorf("second Open gave up after %v, want about 100ms", took)
		}
	}
	if _, err := Open(path, &Options{Timeout: -1}); !errors.Is(err, ErrLocked) {
		t.Errorf("Open with a negative timeout: %v, want ErrLocked", err)
	}
	s.Close()
	s2 := mustOpen(t, path, &Options{Timeout: 100 * time.Millisecond})
	s2.Close()
}

// TestLockedAcrossProcesses holds the store in a child process (this test
// binary re-run as TestHelperHoldStore).
func TestLockedAcrossProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a process")
	}
	path := filepath.Join(t.TempDir(), "s.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperHoldStore$")
	cmd.Env = append(os.Environ(), "STORE_HELPER_PATH="+path)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || line != "ready\n" {
		cmd.Process.Kill()
		t.Fatalf("helper said %q, %v", line, err)
	}
	if _, err := Open(path, &Options{Timeout: 100 * time.Millisecond}); !errors.Is(err, ErrLocked) {
		t.Errorf("Open while another process holds it: %v, want ErrLocked", err)
	}
	stdin.Close() // the helper closes the store and exits
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	s := mustOpen(t, path, &Options{Timeout: time.Second})
	if m, err := s.Meta("held"); string(m) != "by child" || err != nil {
		t.Errorf("Meta = %q, %v", m, err)
	}
}

func TestHelperHoldStore(t *testing.T) {
	path := os.Getenv("STORE_HELPER_PATH")
	if path == "" {
		t.Skip("helper process for TestLockedAcrossProcesses")
	}
	s, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Put(entry("held", "by child")); err != nil {
		t.Fatal(err)
	}
	fmt.Println("ready")
	io.Copy(io.Discard, os.Stdin)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestFailedWrite checks that a write the disk refuses returns an error
// and leaves the previous contents intact, in the open Store and on disk.
func TestFailedWrite(t *testing.T) {
	cases := []struct {
		name   string
		open   func(t *testing.T, path string) *Store // opens the populated store
		break_ func(t *testing.T, s *Store)
		want   error // nil: any error
	}{
		{
			// Like a read-only file system: every write(2) fails (EBADF).
			// chmod cannot simulate it when the tests run as root.
			name: "read-only descriptor",
			open: func(t *testing.T, path string) *Store {
				s, err := openWith(path, nil, func(name string, flag int, perm os.FileMode) (*os.File, error) {
					return os.OpenFile(name, os.O_RDONLY, perm)
				})
				if err != nil {
					t.Fatal(err)
				}
				return s
			},
		},
		{
			// Like a full disk: bbolt refuses to grow the file.
			name:   "disk full",
			break_: func(t *testing.T, s *Store) { s.be.(*boltBackend).db.MaxSize = 1 },
			want:   berrors.ErrMaxSizeReached,
		},
		{
			name:   "closed store",
			break_: func(t *testing.T, s *Store) { s.Close() },
			want:   fs.ErrClosed,
		},
	}
	var file *os.File
	cases = append(cases, struct {
		name   string
		open   func(t *testing.T, path string) *Store
		break_ func(t *testing.T, s *Store)
		want   error
	}{
		name: "file closed under bbolt",
		open: func(t *testing.T, path string) *Store {
			s, err := openWith(path, nil, func(name string, flag int, perm os.FileMode) (*os.File, error) {
				f, err := os.OpenFile(name, flag, perm)
				file = f
				return f, err
			})
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
		break_: func(t *testing.T, s *Store) { file.Close() },
		// bbolt formats some of these errors with %s: no errors.Is.
	})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "s.db")
			s := mustOpen(t, path, nil)
			want := fill(t, s, 50, 2000)
			s.SetState("k", []byte("old"))
			s.Close()
			if tc.open != nil {
				s = tc.open(t, path)
			} else {
				s = mustOpen(t, path, nil)
			}
			if tc.break_ != nil {
				tc.break_(t, s)
			}
			bigBody := strings.Repeat("x", 1<<20)
			writes := map[string]error{
				"Put":      s.Put(entry("0/repo/skills/s00001", "new", "SKILL.md", bigBody), entry("new", "new", "SKILL.md", bigBody)),
				"Delete":   s.Delete("0/repo/skills/s00002"),
				"SetState": s.SetState("k", []byte(bigBody)),
			}
			for name, err := range writes {
				if err == nil {
					if name == "Put" || tc.name != "disk full" { // small writes fit in a file's free pages
						t.Errorf("%s succeeded", name)
					}
					continue
				}
				if tc.want != nil && !errors.Is(err, tc.want) {
					t.Errorf("%s: %v, want %v", name, err, tc.want)
				}
				if !strings.Contains(err.Error(), path) {
					t.Errorf("%s: %v does not name the path", name, err)
				}
				t.Logf("%s: %v", name, err)
			}
			if tc.name == "disk full" {
				// The Store is still usable once there is room again.
				w2 := want
				if writes["Delete"] == nil {
					delete(w2, "0/repo/skills/s00002")
				}
				checkContents(t, s, w2, []string{"new"})
				s.be.(*boltBackend).db.MaxSize = 0
				if err := s.Put(entry("after", "ok")); err != nil {
					t.Fatal(err)
				}
				s.Close()
				return
			}
			if tc.name != "closed store" {
				checkContents(t, s, want, []string{"new"}) // this Store still reads the old data
			}
			s.Close()
			s = mustOpen(t, path, &Options{Timeout: time.Second})
			checkContents(t, s, want, []string{"new"})
			if v, _ := s.State("k"); string(v) != "old" {
				t.Errorf("State = %.10q", v)
			}
		})
	}
}

// TestReadOnlyDir needs a non-root user: root ignores permission bits.
// (Run it as one with: go test -c -o /tmp/store.test ./store &&
// setpriv --reuid=65534 --regid=65534 --clear-groups /tmp/store.test
// -test.run ReadOnlyDir.)
func TestReadOnlyDir(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("running as root: permission bits are not enforced")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "s.db")
	s := mustOpen(t, path, nil)
	want := fill(t, s, 5, 100)

	os.Chmod(dir, 0o500)
	defer os.Chmod(dir, 0o700)
	// A new store cannot be created in the directory...
	if _, err := Open(filepath.Join(dir, "new.db"), nil); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("Open in a read-only dir: %v, want fs.ErrPermission", err)
	}
	// ...but an open store keeps writing: bbolt writes in place through
	// its open descriptor and never creates files next to it.
	if err := s.Put(entry("more", "m")); err != nil {
		t.Errorf("Put on an open store in a read-only dir: %v", err)
	}
	want["more"] = skill{"m", nil}
	s.Close()

	// A read-only file cannot be opened read-write; read-only works.
	os.Chmod(path, 0o400)
	if _, err := Open(path, nil); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("read-write Open of a 0400 file: %v, want fs.ErrPermission", err)
	}
	r := mustOpen(t, path, &Options{ReadOnly: true})
	checkContents(t, r, want, nil)
}

// TestBulkFill checks that a fresh bulk Put packs pages (FillPercent 0.9)
// and leaves a consistent file.
func TestBulkFill(t *testing.T) {
	n := 5000 // pages of either fill show at any size; the full one is long
	if longtest.Enabled() {
		n = 20000
	}
	es := make([]Entry, n)
	for i := range es {
		es[i] = entry(fmt.Sprintf("0/repo/skills/%06d", i), strings.Repeat("m", 300), "SKILL.md", strings.Repeat("b", 200))
	}
	dir := t.TempDir()
	sizes := map[string]int64{}
	for _, mode := range []string{"bulk", "one by one"} {
		path := filepath.Join(dir, strings.ReplaceAll(mode, " ", "")+".db")
		s := mustOpen(t, path, &Options{NoSync: true})
		if mode == "bulk" {
			if err := s.Put(es...); err != nil {
				t.Fatal(err)
			}
		} else {
			// Batches written out of order: FillPercent stays at 0.5.
			for i := 0; i < n; i += 500 {
				j := n - i
				if err := s.Put(es[max(j-500, 0):j]...); err != nil {
					t.Fatal(err)
				}
			}
		}
		err := s.be.(*boltBackend).db.View(func(tx *bolt.Tx) error {
			for err := range tx.Check() {
				return err
			}
			return nil
		})
		if err != nil {
			t.Fatalf("%s: check: %v", mode, err)
		}
		s.Close()
		sizes[mode] = usedBytes(t, path)
	}
	t.Logf("used bytes for %d skills: %v", n, sizes)
	if sizes["bulk"] >= sizes["one by one"]*3/4 {
		t.Errorf("bulk load not packed: %v", sizes)
	}
}
