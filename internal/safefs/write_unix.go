//go:build unix

package safefs

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// openParent opens anchor as named, then each of dirs beneath it with
// O_NOFOLLOW, creating missing ones when create is set. It returns the
// last folder's descriptor.
func openParent(anchor string, dirs []string, create bool) (int, error) {
	fd, err := unix.Open(anchor, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, &os.PathError{Op: "open", Path: anchor, Err: err}
	}
	for i, d := range dirs {
		next, err := unix.Openat(fd, d, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if errors.Is(err, unix.ENOENT) && create {
			if err = unix.Mkdirat(fd, d, 0o755); err == nil || errors.Is(err, unix.EEXIST) {
				next, err = unix.Openat(fd, d, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
			}
		}
		if err != nil {
			defer unix.Close(fd)
			var st unix.Stat_t
			if isLinkErr(err) || (unix.Fstatat(fd, d, &st, unix.AT_SYMLINK_NOFOLLOW) == nil && st.Mode&unix.S_IFMT == unix.S_IFLNK) {
				return -1, linkError(anchor, dirs[:i+1]...)
			}
			return -1, &os.PathError{Op: "open", Path: filepath.Join(append([]string{anchor}, dirs[:i+1]...)...), Err: err}
		}
		unix.Close(fd)
		fd = next
	}
	return fd, nil
}

// isLinkErr reports whether an O_NOFOLLOW open failed because name is a
// link: ELOOP for a link to anything, ENOTDIR for a link opened with
// O_DIRECTORY on some systems.
func isLinkErr(err error) bool {
	return errors.Is(err, unix.ELOOP) || errors.Is(err, unix.EMLINK)
}

func writeAtomic(anchor string, dirs []string, base string, data []byte, perm fs.FileMode) error {
	dfd, err := openParent(anchor, dirs, true)
	if err != nil {
		return err
	}
	defer unix.Close(dfd)
	target := append(append([]string{}, dirs...), base)
	mode := uint32(perm.Perm())
	var st unix.Stat_t
	switch err := unix.Fstatat(dfd, base, &st, unix.AT_SYMLINK_NOFOLLOW); {
	case err == nil && st.Mode&unix.S_IFMT == unix.S_IFLNK:
		return linkError(anchor, target...)
	case err == nil && st.Mode&unix.S_IFMT != unix.S_IFREG:
		return &os.PathError{Op: "write", Path: filepath.Join(append([]string{anchor}, target...)...), Err: ErrNotRegular}
	case err == nil:
		mode = uint32(st.Mode) & 0o7777
	case !errors.Is(err, unix.ENOENT):
		return &os.PathError{Op: "stat", Path: filepath.Join(append([]string{anchor}, target...)...), Err: err}
	}
	var rnd [6]byte
	_, _ = rand.Read(rnd[:])
	tmp := "." + base + "." + hex.EncodeToString(rnd[:]) + ".tmp"
	fd, err := unix.Openat(dfd, tmp, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return &os.PathError{Op: "create", Path: filepath.Join(anchor, tmp), Err: err}
	}
	f := os.NewFile(uintptr(fd), tmp)
	ok := false
	defer func() {
		if !ok {
			unix.Unlinkat(dfd, tmp, 0)
		}
	}()
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := unix.Fchmod(fd, mode); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := unix.Renameat(dfd, tmp, dfd, base); err != nil {
		return &os.PathError{Op: "rename", Path: filepath.Join(append([]string{anchor}, target...)...), Err: err}
	}
	ok = true
	_ = unix.Fsync(dfd)
	return nil
}

func readNoFollow(anchor string, dirs []string, base string, max int64) ([]byte, error) {
	dfd, err := openParent(anchor, dirs, false)
	if err != nil {
		return nil, err
	}
	defer unix.Close(dfd)
	path := filepath.Join(append(append([]string{anchor}, dirs...), base)...)
	fd, err := unix.Openat(dfd, base, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		if isLinkErr(err) {
			return nil, linkError(anchor, append(append([]string{}, dirs...), base)...)
		}
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	f := os.NewFile(uintptr(fd), path)
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if err := checkFile(path, st, max); err != nil {
		return nil, err
	}
	return readAll(path, f, st.Size(), max)
}
