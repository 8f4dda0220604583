package store

import (
	"syscall"

	bolt "go.etcd.io/bbolt"
)

// releaseMap drops the pages of tx's memory map from the process's
// resident set (see mapUse). bbolt maps the file shared and read-only and
// writes with pwrite, so MADV_DONTNEED loses nothing: the next access
// reads the file's current contents again. tx being open keeps the
// mapping in place (bbolt remaps only under its mmap lock, which an open
// transaction holds shared, or inside the one write transaction). Errors
// are ignored: the advice only saves memory.
func releaseMap(tx *bolt.Tx) {
	info := tx.DB().Info()
	if size := tx.Size(); size > 0 {
		_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, info.Data, uintptr(size), syscall.MADV_DONTNEED)
	}
}
