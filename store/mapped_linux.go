package store

import "syscall"

// releaseMap drops the pages of bbolt's memory map in [addr, addr+n) from
// the process's resident set (see mapUse); addr is page-aligned. bbolt
// maps the file shared and read-only and writes with pwrite, so
// MADV_DONTNEED loses nothing: the next access reads the file's current
// contents again. The caller holds a transaction open, which keeps the
// mapping in place (bbolt remaps only under its mmap lock, which an open
// transaction holds shared, or inside the one write transaction). Errors
// are ignored: the advice only saves memory.
func releaseMap(addr, n uintptr) {
	_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, addr, n, syscall.MADV_DONTNEED)
}
