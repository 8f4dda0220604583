package safefs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// impls runs f against each implementation this machine has: openat2
// where the kernel offers it, and os.Root always.
func impls(t *testing.T, f func(t *testing.T)) {
	t.Run("os.Root", func(t *testing.T) {
		haveOpenat2()
		saved := useOpenat2
		useOpenat2 = false
		defer func() { useOpenat2 = saved }()
		f(t)
	})
	if haveOpenat2() {
		t.Run("openat2", f)
	}
}

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestReadFile(t *testing.T) {
	impls(t, func(t *testing.T) {
		base := t.TempDir()
		dir := filepath.Join(base, "skill")
		write(t, filepath.Join(dir, "SKILL.md"), "hello")
		write(t, filepath.Join(dir, "references", "doc.md"), "doc")
		write(t, filepath.Join(base, "secret.txt"), "secret")
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		must(os.Symlink("../SKILL.md", filepath.Join(dir, "references", "inside.md")))
		must(os.Symlink("../secret.txt", filepath.Join(dir, "outside.md")))
		must(os.Symlink(filepath.Join(base, "secret.txt"), filepath.Join(dir, "absolute.md")))
		must(os.Symlink("references/../../secret.txt", filepath.Join(dir, "climb.md")))
		must(syscall.Mkfifo(filepath.Join(dir, "fifo.md"), 0o644))

		for rel, want := range map[string]string{"SKILL.md": "hello", "references/doc.md": "doc", "references/inside.md": "hello", "./SKILL.md": "hello"} {
			got, err := ReadFile(dir, rel, 100)
			if err != nil || string(got) != want {
				t.Errorf("ReadFile(%q) = %q, %v; want %q", rel, got, err, want)
			}
		}
		for rel, want := range map[string]error{
			"outside.md": ErrOutside, "absolute.md": ErrOutside, "climb.md": ErrOutside,
			"../secret.txt": ErrOutside, "/etc/passwd": ErrOutside, "references/../../secret.txt": ErrOutside,
			"fifo.md": ErrNotRegular, "references": ErrNotRegular, "missing.md": fs.ErrNotExist,
		} {
			got, err := ReadFile(dir, rel, 100)
			if !errors.Is(err, want) {
				t.Errorf("ReadFile(%q) = %q, %v; want an error wrapping %v", rel, got, err, want)
			}
		}
		if _, err := ReadFile(dir, "SKILL.md", 4); !errors.Is(err, ErrTooLarge) {
			t.Errorf("5 bytes with a limit of 4: %v; want ErrTooLarge", err)
		}
	})
}

// TestFolderLink: the folder itself is opened by its real path; with
// openat2 a folder that has become a link is not followed.
func TestFolderLink(t *testing.T) {
	if !haveOpenat2() {
		t.Skip("openat2 unavailable")
	}
	base := t.TempDir()
	write(t, filepath.Join(base, "real", "SKILL.md"), "x")
	if err := os.Symlink(filepath.Join(base, "real"), filepath.Join(base, "link")); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(filepath.Join(base, "link"), "SKILL.md", 10); err == nil {
		t.Error("a folder path through a link was followed")
	}
}

// TestFIFONeverBlocks: opening a FIFO with no writer returns at once.
func TestFIFONeverBlocks(t *testing.T) {
	impls(t, func(t *testing.T) {
		dir := t.TempDir()
		if err := syscall.Mkfifo(filepath.Join(dir, "x"), 0o644); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() {
			_, err := ReadFile(dir, "x", 10)
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) {
				t.Errorf("FIFO: %v; want ErrNotRegular", err)
			}
		case <-time.After(120 * time.Second): // hang guard only
			t.Fatal("reading a FIFO blocked")
		}
	})
}

func TestClosedDir(t *testing.T) {
	impls(t, func(t *testing.T) {
		dir := t.TempDir()
		write(t, filepath.Join(dir, "a"), "a")
		d, err := OpenDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := d.ReadFile("a", 10); err == nil {
			t.Error("read after Close succeeded")
		}
	})
}
