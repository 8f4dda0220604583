package embed

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	bolt "go.etcd.io/bbolt"
)

func openCache(t *testing.T, path string) *Cache {
	t.Helper()
	c, err := OpenCache(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestCacheRoundTripAndModes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "folder")
	path := filepath.Join(dir, "embeddings.db")
	c := openCache(t, path)
	for p, want := range map[string]fs.FileMode{path: 0o600, dir: 0o700 | fs.ModeDir} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode() != want {
			t.Errorf("%s has mode %v, want %v", p, st.Mode(), want)
		}
	}
	vecs := [][]float32{{0.6, 0.8}, {1, 0}}
	if err := c.Put("m@u", []string{"a", "b"}, vecs); err != nil {
		t.Fatal(err)
	}
	got, err := c.Get("m@u", []string{"b", "zzz", "a"})
	if err != nil {
		t.Fatal(err)
	}
	if !near(got[0], vecs[1]) || got[1] != nil || !near(got[2], vecs[0]) {
		t.Fatalf("Get = %v", got)
	}
	if other, _ := c.Get("other@u", []string{"a"}); other[0] != nil {
		t.Fatal("another model's lookup found model m's vector")
	}
	if err := c.Put("m@u", []string{"a"}, nil); err == nil {
		t.Fatal("Put with a wrong count did not fail")
	}
	c.Close()
	c2 := openCache(t, path)
	if got, _ := c2.Get("m@u", []string{"a"}); !near(got[0], vecs[0]) {
		t.Fatal("the vector did not survive reopening")
	}
	if n, err := c2.Len(); n != 2 || err != nil {
		t.Fatalf("Len = %d, %v", n, err)
	}
}

func TestCacheKeyIsModelNULText(t *testing.T) {
	// The NUL between model and text keeps ("m", "ab") and ("ma", "b") apart.
	if string(cacheKey("m", "ab")) == string(cacheKey("ma", "b")) {
		t.Fatal("model and text run together")
	}
}

func TestCacheRefusesLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "precious")
	os.WriteFile(target, []byte("keep me"), 0o644)
	link := filepath.Join(dir, "embeddings.db")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	_, err := OpenCache(link)
	if !errors.Is(err, ErrCacheLink) {
		t.Fatalf("err = %v, want ErrCacheLink", err)
	}
	// A dangling link is refused too, and nothing is created at its target.
	dangling := filepath.Join(dir, "dangling.db")
	os.Symlink(filepath.Join(dir, "nowhere"), dangling)
	if _, err := OpenCache(dangling); err == nil {
		t.Fatal("a dangling link was followed")
	}
	if _, err := os.Lstat(filepath.Join(dir, "nowhere")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("the dangling link's target was created")
	}
	if data, _ := os.ReadFile(target); string(data) != "keep me" {
		t.Fatal("the link's target changed")
	}
	// A folder at the path is refused as well.
	os.Mkdir(filepath.Join(dir, "d.db"), 0o700)
	if _, err := OpenCache(filepath.Join(dir, "d.db")); !errors.Is(err, ErrCacheLink) {
		t.Fatalf("folder: err = %v", err)
	}
}

func TestCacheBusy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "embeddings.db")
	openCache(t, path)
	if _, err := OpenCache(path); !errors.Is(err, ErrCacheBusy) || !strings.Contains(err.Error(), path) {
		t.Fatalf("second open: err = %v, want ErrCacheBusy naming the path", err)
	}
}

// TestCacheBusyOtherProcess holds the cache in a child process (this test
// binary re-run) and opens it here.
func TestCacheBusyOtherProcess(t *testing.T) {
	if path := os.Getenv("EMBED_TEST_HOLD_CACHE"); path != "" {
		c, err := OpenCache(path)
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Println("holding")
		bufio.NewReader(os.Stdin).ReadString('\n') // until the parent closes stdin
		c.Close()
		os.Exit(0)
	}
	path := filepath.Join(t.TempDir(), "embeddings.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestCacheBusyOtherProcess$")
	cmd.Env = append(os.Environ(), "EMBED_TEST_HOLD_CACHE="+path)
	stdin, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	line, _ := bufio.NewReader(out).ReadString('\n')
	if strings.TrimSpace(line) != "holding" {
		t.Fatalf("child said %q", line)
	}
	if _, err := OpenCache(path); !errors.Is(err, ErrCacheBusy) {
		t.Fatalf("err = %v, want ErrCacheBusy", err)
	}
	stdin.Close()
	cmd.Wait()
	openCache(t, path) // free again once the other process is gone
}

func TestCacheForeignOrDamagedFile(t *testing.T) {
	dir := t.TempDir()
	foreign := filepath.Join(dir, "store.db")
	db, err := bolt.Open(foreign, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("skills")); return err })
	db.Close()
	before, _ := os.ReadFile(foreign)
	if _, err := OpenCache(foreign); !errors.Is(err, ErrCacheCorrupt) || !strings.Contains(err.Error(), "not writing into it") {
		t.Fatalf("foreign bbolt file: err = %v", err)
	}
	if after, _ := os.ReadFile(foreign); string(after) != string(before) {
		t.Fatal("the foreign file was written")
	}
	garbage := filepath.Join(dir, "garbage.db")
	os.WriteFile(garbage, []byte(strings.Repeat("not a database ", 2000)), 0o600)
	if _, err := OpenCache(garbage); !errors.Is(err, ErrCacheCorrupt) {
		t.Fatalf("garbage: err = %v", err)
	}
}

// counting is an Embedder that records the texts it is asked for.
type counting struct {
	mu    sync.Mutex
	model string
	dim   int
	calls [][]string
}

func (e *counting) Model() string { return e.model }

func (e *counting) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	e.mu.Lock()
	e.calls = append(e.calls, append([]string(nil), texts...))
	dim := e.dim
	e.mu.Unlock()
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, dim)
		v[0] = float32(len(t))
		v[dim-1] = 1
		out[i] = v
	}
	return out, nil
}

func (e *counting) asked() [][]string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([][]string(nil), e.calls...)
}

func TestCachedEmbedsOnlyMisses(t *testing.T) {
	c := openCache(t, filepath.Join(t.TempDir(), "e.db"))
	inner := &counting{model: "m@x", dim: 3}
	e := WithCache(inner, c, nil)
	if e.Model() != "m@x" {
		t.Fatalf("Model() = %q", e.Model())
	}
	first, err := e.Embed(context.Background(), []string{"a", "bb", "a"})
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != 3 || first[0][0] != 1 || first[1][0] != 2 || first[2][0] != 1 {
		t.Fatalf("first = %v", first)
	}
	first[0][1] = 42 // results share no memory
	if first[2][1] == 42 {
		t.Fatal("a repeated text's vectors share memory")
	}
	second, err := e.Embed(context.Background(), []string{"ccc", "bb", "a", "dddd"})
	if err != nil {
		t.Fatal(err)
	}
	if second[0][0] != 3 || second[1][0] != 2 || second[2][0] != 1 || second[3][0] != 4 {
		t.Fatalf("second = %v", second)
	}
	calls := inner.asked()
	if fmt.Sprint(calls) != "[[a bb] [ccc dddd]]" {
		t.Fatalf("the model was asked for %v, want [[a bb] [ccc dddd]]", calls)
	}
	if _, err := e.Embed(context.Background(), []string{"dddd", "a"}); err != nil || len(inner.asked()) != 2 {
		t.Fatalf("all cached, yet the model was asked again (%v, %v)", inner.asked(), err)
	}
}

func TestCachedRefreshesOnLengthChange(t *testing.T) {
	c := openCache(t, filepath.Join(t.TempDir(), "e.db"))
	inner := &counting{model: "m@x", dim: 3}
	e := WithCache(inner, c, nil)
	e.Embed(context.Background(), []string{"a", "bb"})
	inner.mu.Lock()
	inner.dim = 5 // the model behind the same name changed
	inner.mu.Unlock()
	out, err := e.Embed(context.Background(), []string{"a", "ccc", "bb"})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range out {
		if len(v) != 5 {
			t.Fatalf("vector %d has %d dimensions, want 5", i, len(v))
		}
	}
	if got, _ := c.Get("m@x", []string{"a", "bb"}); len(got[0]) != 5 || len(got[1]) != 5 {
		t.Fatal("the cache kept the stale vectors")
	}
}

func TestCachedCacheErrors(t *testing.T) {
	c, err := OpenCache(filepath.Join(t.TempDir(), "e.db"))
	if err != nil {
		t.Fatal(err)
	}
	c.Close() // every read and write now fails
	inner := &counting{model: "m@x", dim: 2}
	if _, err := WithCache(inner, c, nil).Embed(context.Background(), []string{"a"}); err == nil || !strings.Contains(err.Error(), "e.db") {
		t.Fatalf("strict: err = %v, want the cache's error", err)
	}
	var reported []error
	out, err := WithCache(inner, c, func(err error) { reported = append(reported, err) }).Embed(context.Background(), []string{"a"})
	if err != nil || len(out) != 1 || len(reported) != 2 {
		t.Fatalf("lenient: %v, %v, reported %v (want the read and the write)", out, err, reported)
	}
}

func TestCachedConcurrent(t *testing.T) {
	c := openCache(t, filepath.Join(t.TempDir(), "e.db"))
	inner := &counting{model: "m@x", dim: 4}
	e := WithCache(inner, c, nil)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				text := strings.Repeat("x", 1+(g*7+i)%13)
				out, err := e.Embed(context.Background(), []string{text, "shared"})
				if err != nil || out[0][0] != float32(len(text)) || out[1][0] != 6 {
					t.Errorf("%q: %v, %v", text, out, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if n, _ := c.Len(); n != 14 {
		t.Fatalf("%d cached vectors, want 14 distinct texts", n)
	}
}

// TestCachedOverClient is the whole path against an httptest endpoint: a
// second Embed of the same texts sends no request.
func TestCachedOverClient(t *testing.T) {
	f := newFake(t, nil)
	client, _ := f.client(t, Options{})
	c := openCache(t, filepath.Join(t.TempDir(), "e.db"))
	e := WithCache(client, c, nil)
	in := []string{"alpha", "beta"}
	first, err := e.Embed(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	second, err := e.Embed(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.requests()) != 1 {
		t.Fatalf("%d requests, want 1: the cache did not answer", len(f.requests()))
	}
	for i := range in {
		if !near(first[i], second[i]) {
			t.Fatalf("cached vector %d = %v, fresh %v", i, second[i], first[i])
		}
	}
	if got, _ := c.Get(client.Model(), in); got[0] == nil {
		t.Fatal("not keyed on the client's Model()")
	}
}
