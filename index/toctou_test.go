package index

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// flipper keeps replacing dir/references/doc.md, atomically (a rename over
// it), by a link to secret and by a regular file until stop is closed: the
// attack of issue 14 B1 (`ln -s SECRET .t && mv -T .t doc.md`).
func flipper(t *testing.T, dir, secret string, stop <-chan struct{}, wg *sync.WaitGroup) {
	t.Helper()
	doc := filepath.Join(dir, "references", "doc.md")
	tmp := filepath.Join(dir, ".t")
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			os.Remove(tmp)
			if i%2 == 0 {
				if err := os.Symlink(secret, tmp); err != nil {
					continue
				}
			} else if err := writeLike(tmp, secret); err != nil {
				continue
			}
			os.Rename(tmp, doc)
		}
	}()
}

// safeContent is the safe version of the attacked file: as long as the
// secret, so that (with the secret's modification time, which anyone can
// stat) its fingerprint cannot be told from the secret's.
const safeContent = "safe content of the reference file...\n"

// writeLike writes safeContent to p with the modification time of like.
func writeLike(p, like string) error {
	st, err := os.Stat(like)
	if err != nil {
		return err
	}
	if err := os.WriteFile(p, []byte(safeContent), 0o644); err != nil {
		return err
	}
	return os.Chtimes(p, st.ModTime(), st.ModTime())
}

// TestLinkFlipNeverLeaks is issue 14 B1: while a link to a file outside the
// skill and a safe file keep swapping places at references/doc.md, 2,000
// ReadFile calls never return the outside file's content, nor does the
// store end up caching it.
func TestLinkFlipNeverLeaks(t *testing.T) {
	base := t.TempDir()
	secret := filepath.Join(base, "secret.txt")
	writeFile(t, secret, "TOP-SECRET-CANARY outside every skill\n")
	root := filepath.Join(base, "root")
	dir := filepath.Join(root, "flip")
	writeFile(t, filepath.Join(dir, "SKILL.md"), skillMD("flip", "A skill whose reference file is attacked.", "See [doc](references/doc.md)."))
	if len(safeContent) != len("TOP-SECRET-CANARY outside every skill\n") {
		t.Fatal("the safe content must be as long as the secret")
	}
	writeFile(t, filepath.Join(dir, "references", "doc.md"), "")
	must(t, writeLike(filepath.Join(dir, "references", "doc.md"), secret))
	c := open(t, &Options{Roots: []Root{{Path: root}}, DataDir: filepath.Join(base, "data")})

	stop := make(chan struct{})
	var wg sync.WaitGroup
	flipper(t, dir, secret, stop, &wg)
	var leaks, served atomic.Int64
	var readers sync.WaitGroup
	const reads, workers = 2000, 4
	for w := 0; w < workers; w++ {
		readers.Add(1)
		go func() {
			defer readers.Done()
			for i := 0; i < reads/workers; i++ {
				// The watcher's part: the folder is refreshed before each
				// read, parsing (and caching) whatever doc.md is then.
				c.RefreshPaths(context.Background(), []string{filepath.Join(dir, "references", "doc.md")})
				f, err := c.ReadFile(context.Background(), "flip", "references/doc.md")
				if err != nil {
					continue // a link out, or a file between renames: refused, as it should be
				}
				served.Add(1)
				if strings.Contains(f.Content, "TOP-SECRET") {
					leaks.Add(1)
				}
			}
		}()
	}
	readers.Wait()
	close(stop)
	wg.Wait()
	if n := leaks.Load(); n > 0 {
		t.Fatalf("%d of %d ReadFile calls returned the content of a file outside the skill", n, reads)
	}
	t.Logf("%d of %d reads served the safe file, the rest were refused", served.Load(), reads)
	// Whatever the last state, nothing outside the skill is in the store.
	st, _ := c.pair.backends()
	if data, err := st.File("flip", "references/doc.md"); err == nil && strings.Contains(string(data), "TOP-SECRET") {
		t.Fatal("the store caches the content of a file outside the skill")
	}
}

// TestFIFOSwapNeverHangs is issue 14 B2: a regular file repeatedly replaced
// by a FIFO (no writer) while it is read and the skill refreshed: every
// read returns, with content or an error, never blocks.
func TestFIFOSwapNeverHangs(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "root")
	dir := filepath.Join(root, "fifo")
	writeFile(t, filepath.Join(dir, "SKILL.md"), skillMD("fifo", "A skill whose file becomes a FIFO.", "body"))
	writeFile(t, filepath.Join(dir, "x.md"), "regular")
	c := open(t, &Options{Roots: []Root{{Path: root}}, DataDir: filepath.Join(base, "data")})

	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tmp, x := filepath.Join(dir, ".t"), filepath.Join(dir, "x.md")
		skill, skillTmp := filepath.Join(dir, "SKILL.md"), filepath.Join(dir, ".s")
		content := skillMD("fifo", "A skill whose file becomes a FIFO.", "body")
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			os.Remove(tmp)
			if i%2 == 0 {
				if syscall.Mkfifo(tmp, 0o644) == nil {
					os.Rename(tmp, x)
				}
				if i%10 == 0 && syscall.Mkfifo(skillTmp, 0o644) == nil {
					os.Rename(skillTmp, skill)
				}
			} else {
				if os.WriteFile(tmp, []byte("regular"), 0o644) == nil {
					os.Rename(tmp, x)
				}
				if os.WriteFile(skillTmp, []byte(content), 0o644) == nil {
					os.Rename(skillTmp, skill)
				}
			}
		}
	}()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 500; i++ {
			c.ReadFile(context.Background(), "fifo", "x.md")
			c.Load(context.Background(), "fifo")
			if i%50 == 0 {
				c.Refresh(context.Background())
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(hangLimit): // hang guard only
		t.Fatal("a read blocked on a FIFO")
	}
	close(stop)
	wg.Wait()
}
