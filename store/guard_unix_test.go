//go:build unix

package store

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestGuardFaultInCallback (issue 14 B12): a memory fault while a caller's
// callback reads what bbolt handed it (a value on a damaged page pointing
// past the mapped file) is damage, ErrCorrupt; a callback's own panic
// still passes through unchanged.
func TestGuardFaultInCallback(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "mapped"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	page := os.Getpagesize()
	if err := f.Truncate(int64(2 * page)); err != nil {
		t.Fatal(err)
	}
	m, err := syscall.Mmap(int(f.Fd()), 0, 2*page, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer syscall.Munmap(m)
	if err := f.Truncate(0); err != nil { // the mapping now reaches past the file: SIGBUS
		t.Fatal(err)
	}
	var sink byte
	user := true
	err = guard(&user, func() error {
		sink = m[page+1]
		return nil
	})
	if !errors.Is(err, ErrCorrupt) {
		t.Errorf("fault in a callback: err = %v (sink %d), want ErrCorrupt", err, sink)
	}
	defer func() {
		if r := recover(); r != "callback's own" {
			t.Errorf("a callback's own panic: recovered %v, want it passed on", r)
		}
	}()
	_ = guard(&user, func() error { panic("callback's own") })
}
