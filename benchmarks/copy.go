package benchmarks

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
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
