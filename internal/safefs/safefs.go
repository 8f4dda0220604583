// Package safefs opens files beneath a folder race-free: the folder is
// opened once and each file is resolved by the kernel against that
// descriptor, so a link swapped in between a check and a read (the
// classic time-of-check/time-of-use race) can never lead outside it.
//
// On Linux 5.6 and later files are opened with openat2(2) and
// RESOLVE_BENEATH|RESOLVE_NO_MAGICLINKS: a path or link that climbs out of
// the folder, an absolute link, and /proc magic links all fail with
// ErrOutside. Elsewhere (an older kernel, a seccomp filter refusing
// openat2, another OS) the standard library's os.Root gives the same
// guarantee by resolving one path element at a time with O_NOFOLLOW.
//
// Every file is opened with O_NONBLOCK, so a FIFO put in place of a file
// never blocks the caller; the descriptor is then fstat'ed and anything but
// a regular file is refused (ErrNotRegular) before a byte is read.
package safefs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
)

// Sentinel errors; every error of this package that matches one wraps it
// with the path involved. Test with errors.Is.
var (
	// ErrOutside means the path, or a link on the way, leads outside the
	// folder (or is an absolute link, which is never followed). Nothing
	// was read.
	ErrOutside = errors.New("path leads outside the folder")
	// ErrNotRegular means the path names a FIFO, device, socket or folder
	// rather than a regular file. Nothing was read.
	ErrNotRegular = errors.New("not a regular file")
	// ErrTooLarge means the file holds more bytes than the caller's limit.
	ErrTooLarge = errors.New("file is too large")
)

// Dir is a folder opened for reading files beneath it. Its methods are safe
// for concurrent use. Close it when done.
type Dir struct {
	name string
	impl dirImpl
}

// dirImpl is the openat2 or the os.Root implementation.
type dirImpl interface {
	// open opens rel (clean, relative, slash-separated) read-only and
	// non-blocking beneath the folder.
	open(rel string) (*os.File, error)
	// readFile reads rel (clean) as ReadFile does.
	readFile(rel string, max int64) ([]byte, error)
	close() error
}

// OpenDir opens the folder at dir (an absolute path, normally with links
// already resolved). On Linux with openat2 the folder path itself may not
// pass through a symbolic link (RESOLVE_NO_SYMLINKS): a folder replaced by
// a link since its real path was taken fails to open instead of being
// followed. Errors wrap the OS error (fs.ErrNotExist, fs.ErrPermission,
// syscall.ELOOP for a link, syscall.ENOTDIR).
func OpenDir(dir string) (*Dir, error) {
	impl, err := openDir(dir)
	if err != nil {
		return nil, err
	}
	return &Dir{name: dir, impl: impl}, nil
}

// Name returns the path the folder was opened with.
func (d *Dir) Name() string { return d.name }

// Close releases the folder's descriptor.
func (d *Dir) Close() error { return d.impl.close() }

// Open opens the regular file rel (slash-separated, relative to the
// folder) for reading. The file is opened non-blocking and checked with
// fstat: a FIFO, device, socket or folder gives ErrNotRegular. Errors also
// wrap ErrOutside (rel or a link on the way leaves the folder, rel is
// absolute or holds ".." above the folder), fs.ErrNotExist and
// fs.ErrPermission. The caller closes the file.
func (d *Dir) Open(rel string) (*os.File, error) {
	clean, err := cleanRel(rel)
	if err != nil {
		return nil, err
	}
	f, err := d.impl.open(clean)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err == nil {
		err = checkFile(rel, st, -1)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ReadFile reads the regular file rel beneath the folder, at most max
// bytes: a larger file (by fstat, or grown while read) gives an error
// wrapping ErrTooLarge. Errors as Open.
func (d *Dir) ReadFile(rel string, max int64) ([]byte, error) {
	clean, err := cleanRel(rel)
	if err != nil {
		return nil, err
	}
	return d.impl.readFile(clean, max)
}

// checkFile is the fstat check of an opened file: a regular file of at
// most max bytes (max < 0: any size).
func checkFile(rel string, st fs.FileInfo, max int64) error {
	if !st.Mode().IsRegular() {
		return fmt.Errorf("%s: %w (%s)", rel, ErrNotRegular, typeName(st.Mode()))
	}
	if max >= 0 && st.Size() > max {
		return fmt.Errorf("%w: %s is %d bytes, limit %d", ErrTooLarge, rel, st.Size(), max)
	}
	return nil
}

// readAll reads r to its end, at most max bytes; size is the fstat size,
// a hint for the buffer.
func readAll(rel string, r io.Reader, size, max int64) ([]byte, error) {
	buf := make([]byte, 0, min(size, max)+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > max {
			return nil, fmt.Errorf("%w: %s grew past the limit of %d bytes while read", ErrTooLarge, rel, max)
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", rel, err)
		}
	}
}

// ReadFile opens the folder dir and reads the file rel beneath it: one
// call of OpenDir and Dir.ReadFile. Errors as those.
func ReadFile(dir, rel string, max int64) ([]byte, error) {
	d, err := OpenDir(dir)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.ReadFile(rel, max)
}

// cleanRel refuses absolute paths, NUL bytes and paths climbing out of the
// folder before any system call, and cleans the rest.
func cleanRel(rel string) (string, error) {
	if rel == "" || strings.IndexByte(rel, 0) >= 0 {
		return "", fmt.Errorf("%q: %w", rel, fs.ErrNotExist)
	}
	if strings.HasPrefix(rel, "/") {
		return "", fmt.Errorf("%q: %w (absolute)", rel, ErrOutside)
	}
	clean := path.Clean(rel)
	if clean == ".." || strings.HasPrefix(clean, "../") {
		return "", fmt.Errorf("%q: %w", rel, ErrOutside)
	}
	return clean, nil
}

// typeName names a non-regular file type for an error message.
func typeName(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a link"
	}
	return "not a regular file"
}

// rootDir is the portable implementation: os.Root resolves each path
// element with O_NOFOLLOW against the folder's descriptor and refuses
// links that leave it.
type rootDir struct{ r *os.Root }

func openRoot(dir string) (dirImpl, error) {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return rootDir{r}, nil
}

func (d rootDir) open(rel string) (*os.File, error) {
	f, err := d.r.OpenFile(rel, os.O_RDONLY|oNonblock|oNoctty, 0)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "escapes from parent") {
			return nil, fmt.Errorf("%s: %w", rel, ErrOutside)
		}
		return nil, err
	}
	return f, nil
}

func (d rootDir) readFile(rel string, max int64) ([]byte, error) {
	f, err := d.open(rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("stat %s: %w", rel, err)
	}
	if err := checkFile(rel, st, max); err != nil {
		return nil, err
	}
	return readAll(rel, f, st.Size(), max)
}

func (d rootDir) close() error { return d.r.Close() }
