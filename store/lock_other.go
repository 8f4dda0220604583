//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package store

import (
	"os"
	"time"
)

// lockFile is a no-op where flock is unavailable: bbolt takes its own lock
// (LockFileEx on Windows) right after, bounded by the same timeout, and
// checkFile runs on the file unlocked.
func lockFile(f *os.File, exclusive bool, timeout time.Duration) error { return nil }
