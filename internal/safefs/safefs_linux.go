package safefs

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"syscall"

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
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return nil, &os.PathError{Op: "open", Path: rel, Err: os.ErrClosed}
	}
	fd, err := openat2(d.fd, rel, &unix.OpenHow{
		Flags:   unix.O_RDONLY | unix.O_NONBLOCK | unix.O_NOCTTY | unix.O_CLOEXEC,
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_MAGICLINKS,
	})
	if errors.Is(err, unix.EXDEV) {
		// RESOLVE_BENEATH: the path or a link on it leaves the folder,
		// or a link is absolute.
		return nil, fmt.Errorf("%s: %w", rel, ErrOutside)
	}
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: rel, Err: err}
	}
	return os.NewFile(uintptr(fd), rel), nil
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
