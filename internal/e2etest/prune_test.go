package e2etest

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestPruneStale checks which shared build folders pruneStale removes: a
// gone checkout's and one that names none, but not the caller's own, a
// live checkout's, or one whose lock a test process holds.
func TestPruneStale(t *testing.T) {
	parent := t.TempDir()
	live := t.TempDir()
	if err := os.WriteFile(filepath.Join(live, "go.mod"), []byte("module x\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	folder := func(name, root string) string {
		d := filepath.Join(parent, name)
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "skilldex"), []byte("binary"), 0o700); err != nil {
			t.Fatal(err)
		}
		if root != "" {
			if err := os.WriteFile(filepath.Join(d, rootFile), []byte(root), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	gone := folder("gone", filepath.Join(t.TempDir(), "deleted-clone"))
	legacy := folder("legacy", "")
	own := folder("own", filepath.Join(t.TempDir(), "also-deleted"))
	alive := folder("alive", live)
	busy := folder("busy", filepath.Join(t.TempDir(), "deleted-too"))
	lock, err := os.OpenFile(filepath.Join(busy, "lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}

	pruneStale(parent, own)

	for d, want := range map[string]bool{gone: false, legacy: false, own: true, alive: true, busy: true} {
		_, err := os.Stat(d)
		if got := err == nil; got != want {
			t.Errorf("%s: exists = %v, want %v", filepath.Base(d), got, want)
		}
	}
}
