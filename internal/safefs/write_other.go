//go:build !unix

package safefs

import (
	"io/fs"
	"os"
	"path/filepath"
)

// Without openat, each folder and the file are checked with Lstat before
// the write; the rename still replaces a name and never follows one.
func lstatPath(anchor string, parts []string) error {
	p := anchor
	for i, d := range parts {
		p = filepath.Join(p, d)
		st, err := os.Lstat(p)
		if err != nil {
			return err
		}
		if st.Mode()&fs.ModeSymlink != 0 {
			return linkError(anchor, parts[:i+1]...)
		}
	}
	return nil
}

func writeAtomic(anchor string, dirs []string, base string, data []byte, perm fs.FileMode) error {
	dir := filepath.Join(append([]string{anchor}, dirs...)...)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := lstatPath(anchor, dirs); err != nil {
		return err
	}
	file := filepath.Join(dir, base)
	if st, err := os.Lstat(file); err == nil {
		if st.Mode()&fs.ModeSymlink != 0 {
			return linkError(anchor, append(dirs, base)...)
		}
		perm = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), perm); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), file)
}

func readNoFollow(anchor string, dirs []string, base string, max int64) ([]byte, error) {
	if err := lstatPath(anchor, append(append([]string{}, dirs...), base)); err != nil {
		return nil, err
	}
	file := filepath.Join(append(append([]string{anchor}, dirs...), base)...)
	st, err := os.Stat(file)
	if err != nil {
		return nil, err
	}
	if err := checkFile(file, st, max); err != nil {
		return nil, err
	}
	return os.ReadFile(file)
}
