//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package store

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// lockFile takes the flock bbolt will take on f (exclusive, or shared when
// read-only), waiting up to timeout (a negative timeout tries once). It is
// called from bbolt's OpenFile hook, so the file is locked before checkFile
// reads it; bbolt's own flock on the same descriptor then succeeds at once.
// flock locks belong to the open file description, so a second Open in
// the same process is excluded just like another process.
func lockFile(f *os.File, exclusive bool, timeout time.Duration) error {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	start := time.Now()
	fd := int(f.Fd())
	for {
		err := syscall.Flock(fd, how|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case !errors.Is(err, syscall.EWOULDBLOCK):
			return fmt.Errorf("lock: %w", err)
		}
		left := timeout - time.Since(start)
		if left <= 0 {
			return fmt.Errorf("%w (waited %s)", ErrLocked, max(timeout, 0))
		}
		time.Sleep(min(left, 10*time.Millisecond))
	}
}
