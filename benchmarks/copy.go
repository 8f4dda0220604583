package benchmarks

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// copyTree copies the folder src to dst (which must not exist): folders,
// regular files and symbolic links (as links). Run measures a given
// catalog on such a copy, because some scenarios edit skills.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		switch t := d.Type(); {
		case t.IsDir():
			return os.MkdirAll(to, 0o755)
		case t&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(link, to)
		case t.IsRegular():
			return copyFile(p, to)
		}
		return nil // FIFOs, sockets and devices are never read by the catalog either
	})
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copy %s: %w", src, err)
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Chtimes(dst, st.ModTime(), st.ModTime())
}

// appendWord adds a line with word to a SKILL.md, moving its modification
// time forward so coarse timestamps still show the change. It refuses a
// link, which could lead out of the catalog copy.
func appendWord(path, word string) error {
	if st, err := os.Lstat(path); err != nil || !st.Mode().IsRegular() {
		return fmt.Errorf("bench: will not edit %s: not a regular file (%v)", path, err)
	}
	// A link anywhere on the path (a skill folder linked from the copied
	// root) could lead back into the user's own folder: edit only files
	// that are where they seem to be.
	if real, err := filepath.EvalSymlinks(path); err != nil || real != filepath.Clean(path) {
		return fmt.Errorf("bench: will not edit %s: it is reached through a symbolic link (%s)", path, real)
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(f, "\n%s\n", word); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	t := st.ModTime().Add(time.Second)
	return os.Chtimes(path, t, t)
}
