package index

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/store"
)

// TestSecondOpenNamesTheOwner: one data dir has one writer; a second Open
// waits LockTimeout, then fails with a *LockedError that names this
// process, and succeeds once the first catalog is closed.
func TestSecondOpenNamesTheOwner(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "alpha", "SKILL.md"), skillMD("alpha", "first skill", "Body."))
	o := &Options{Roots: []Root{{Path: root}}, DataDir: t.TempDir(), LockTimeout: 100 * time.Millisecond}
	first, err := Open(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Open(context.Background(), o)
	var le *LockedError
	if !errors.As(err, &le) || !errors.Is(err, store.ErrLocked) {
		first.Close()
		t.Fatalf("second Open: %v, want a *LockedError wrapping store.ErrLocked", err)
	}
	if le.Owner == nil || le.Owner.PID != os.Getpid() || !le.Owner.Alive {
		t.Errorf("owner = %+v, want this process (pid %d)", le.Owner, os.Getpid())
	}
	if msg := err.Error(); !strings.Contains(msg, "pid ") || !strings.Contains(msg, o.DataDir) || strings.Contains(msg, "--data-dir") || strings.Contains(msg, "--mem") {
		t.Errorf("message does not name the owner and the data dir, or names a front-end's flag: %s", msg)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	second, err := Open(context.Background(), o)
	if err != nil {
		t.Fatalf("Open after the owner closed: %v", err)
	}
	defer second.Close()
	if second.Len() != 1 {
		t.Errorf("reopened catalog has %d skills, want 1", second.Len())
	}
}
