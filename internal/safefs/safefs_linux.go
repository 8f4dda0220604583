package safefs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

const (
	oNonblock = syscall.O_NONBLOCK
	oNoctty   = syscall.O_NOCTTY
)

// useOpenat2 says whether openat2 works here: probed once, and switched off
// by tests to exercise the os.Root implementation.
var (
	probeOnce  sync.Once
	useOpenat2 bool
)

func haveOpenat2() bool {
	probeOnce.Do(func() {
		fd, err := unix.Openat2(unix.AT_FDCWD, ".", &unix.OpenHow{Flags: unix.O_PATH | unix.O_CLOEXEC})
		if err == nil {
			unix.Close(fd)
			useOpenat2 = true
		}
		// ENOSYS (kernel before 5.6) or EPERM (a seccomp filter that
		// does not know openat2): os.Root then.
	})
	return useOpenat2
}

func openDir(dir string) (dirImpl, error) {
	if !haveOpenat2() {
		return openRoot(dir)
	}
	fd, err := openat2(unix.AT_FDCWD, dir, &unix.OpenHow{
		Flags:   unix.O_PATH | unix.O_DIRECTORY | unix.O_CLOEXEC,
		Resolve: unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS,
	})
	if err != nil {
		return nil, &os.PathError{Op: "open folder", Path: dir, Err: err}
	}
	return &fdDir{fd: fd}, nil
}

// fdDir is the openat2 implementation.
type fdDir struct {
	mu     sync.RWMutex // guards fd against close while an open runs
	fd     int
	closed bool
}

func (d *fdDir) open(rel string) (*os.File, error) {
	fd, err := d.openFD(rel)
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), rel), nil
}

// openFD opens rel beneath the folder: read-only, non-blocking (a FIFO
// with no writer does not block), never a controlling terminal.
func (d *fdDir) openFD(rel string) (int, error) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return -1, &os.PathError{Op: "open", Path: rel, Err: os.ErrClosed}
	}
	fd, err := openat2(d.fd, rel, &unix.OpenHow{
		Flags:   unix.O_RDONLY | unix.O_NONBLOCK | unix.O_NOCTTY | unix.O_CLOEXEC,
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_MAGICLINKS,
	})
	if errors.Is(err, unix.EXDEV) {
		// RESOLVE_BENEATH: the path or a link on it leaves the folder,
		// or a link is absolute.
		return -1, fmt.Errorf("%s: %w", rel, ErrOutside)
	}
	if err != nil {
		return -1, &os.PathError{Op: "open", Path: rel, Err: err}
	}
	return fd, nil
}

// readFile reads with plain system calls on the descriptor: an *os.File
// of a non-blocking descriptor would first try to register it with the
// runtime's poller, two wasted system calls per file of a cold build.
func (d *fdDir) readFile(rel string, max int64) ([]byte, error) {
	fd, err := d.openFD(rel)
	if err != nil {
		return nil, err
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := fstat(fd, &st); err != nil {
		return nil, &os.PathError{Op: "stat", Path: rel, Err: err}
	}
	if err := checkFile(rel, statInfo{rel, &st}, max); err != nil {
		return nil, err
	}
	return readAll(rel, fdReader(fd), st.Size, max)
}

func fstat(fd int, st *unix.Stat_t) error {
	for {
		if err := unix.Fstat(fd, st); err != unix.EINTR {
			return err
		}
	}
}

// fdReader reads a descriptor with read(2).
type fdReader int

func (r fdReader) Read(p []byte) (int, error) {
	for {
		n, err := unix.Read(int(r), p)
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return 0, err
		case n == 0 && len(p) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

// statInfo is the fs.FileInfo of a Stat_t, for checkFile.
type statInfo struct {
	name string
	st   *unix.Stat_t
}

func (s statInfo) Name() string       { return s.name }
func (s statInfo) Size() int64        { return s.st.Size }
func (s statInfo) ModTime() time.Time { return time.Unix(s.st.Mtim.Unix()) }
func (s statInfo) IsDir() bool        { return s.Mode().IsDir() }
func (s statInfo) Sys() any           { return s.st }
func (s statInfo) Mode() fs.FileMode {
	switch s.st.Mode & unix.S_IFMT {
	case unix.S_IFREG:
		return 0
	case unix.S_IFDIR:
		return fs.ModeDir
	case unix.S_IFIFO:
		return fs.ModeNamedPipe
	case unix.S_IFSOCK:
		return fs.ModeSocket
	case unix.S_IFCHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case unix.S_IFBLK:
		return fs.ModeDevice
	case unix.S_IFLNK:
		return fs.ModeSymlink
	}
	return fs.ModeIrregular
}

func (d *fdDir) close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil
	}
	d.closed = true
	return unix.Close(d.fd)
}

// openat2 retries on EINTR and EAGAIN (which openat2 returns when a
// concurrent rename made the kernel's resolution unsafe to finish).
func openat2(dirfd int, p string, how *unix.OpenHow) (int, error) {
	for i := 0; ; i++ {
		fd, err := unix.Openat2(dirfd, p, how)
		if (err == unix.EINTR || err == unix.EAGAIN) && i < 64 {
			continue
		}
		return fd, err
	}
}
