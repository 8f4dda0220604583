package store

import (
	"sync/atomic"

	bolt "go.etcd.io/bbolt"
)

// Why the store gives back the pages of its memory map: bbolt reads the
// file through a shared read-only mapping, and every page a read touches
// stays in the process's resident set (counted in its RSS) until the
// process exits, although the kernel can reread it from the page cache at
// any time. The kernel also maps up to 16 neighbouring pages around each
// fault ("fault-around", 64 KiB; bbolt's MADV_RANDOM stops read-ahead, not
// that). So reading the 16 MB of skill records of a 10,000-skill store
// (Catalog.Open) left 100 MB of the 280 MB file resident, and a server
// whose audit read every cached file ended with the whole file resident
// (benchmarks/PROFILE.md). Now, once reads have touched about
// releaseEvery bytes of the mapping, the store tells the kernel it no
// longer needs the mapped pages (MADV_DONTNEED, releaseMap): they leave
// the resident set, stay in the page cache, and a later read faults them
// in again (a minor fault, no disk access while the cache holds them).
const (
	// releaseEvery bounds the resident pages of the mapping that reads
	// leave behind, in bytes.
	releaseEvery = 8 << 20
	// faultAround is what one read may map besides its own bytes.
	faultAround = 64 << 10
)

// mapUse counts the bytes reads touched in a bbolt store's memory map
// since the pages were last released. Safe for concurrent use.
type mapUse struct{ n atomic.Int64 }

// read records that a read in tx touched n bytes of values, and releases
// the mapped pages when reads since the last release touched
// releaseEvery bytes or more. tx must be open: its read lock keeps bbolt
// from remapping the file meanwhile.
func (u *mapUse) read(tx *bolt.Tx, n int) {
	if u.n.Add(int64(n)+faultAround) < releaseEvery {
		return
	}
	u.n.Store(0)
	releaseMap(tx)
}
