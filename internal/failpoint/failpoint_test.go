package failpoint

import (
	"errors"
	"path/filepath"
	"testing"
)

func TestScopedAndCounted(t *testing.T) {
	boom := errors.New("boom")
	dir := t.TempDir()
	off := Enable(Store, dir, boom, 2)
	inside := filepath.Join(dir, "skills.db")
	for i := 0; i < 2; i++ {
		if err := Check(Store, inside); err != nil {
			t.Fatalf("call %d failed before its turn: %v", i, err)
		}
	}
	if err := Check(Store, inside); !errors.Is(err, boom) {
		t.Fatalf("armed failpoint passed: %v", err)
	}
	if err := Check(Persist, inside); err != nil {
		t.Errorf("another failpoint failed: %v", err)
	}
	if err := Check(Store, dir+"-other/skills.db"); err != nil {
		t.Errorf("a sibling directory failed: %v", err)
	}
	off()
	if err := Check(Store, inside); err != nil {
		t.Errorf("disarmed failpoint failed: %v", err)
	}
}
