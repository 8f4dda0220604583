package store

import (
	"os"
	"sync"
	"unsafe"

	bolt "go.etcd.io/bbolt"
)

// Why the store gives back the pages of its memory map: bbolt reads the
// file through a shared read-only mapping, and every page a read touches
// stays in the process's resident set (counted in its RSS) until the
// process exits, although the kernel can reread it from the page cache at
// any time. The kernel also maps up to 16 neighbouring pages around each
// fault ("fault-around", 64 KiB; bbolt's MADV_RANDOM stops read-ahead, not
// that). So reading the skill records of a large store (Catalog.Open)
// left several times their size of the file resident, and a server whose
// audit read every cached file ended with the whole file resident. Now,
// once reads have touched about
// releaseEvery bytes of the mapping, the store tells the kernel it no
// longer needs the pages they touched (MADV_DONTNEED, releaseMap): they
// leave the resident set, stay in the page cache, and a later read faults
// them in again (a minor fault, no disk access while the cache holds
// them).
const (
	// releaseEvery bounds the resident pages of the mapping that reads
	// leave behind, in bytes.
	releaseEvery = 8 << 20
	// faultAround is what one read may map besides its own bytes.
	faultAround = 64 << 10
)

var pageSize = uintptr(os.Getpagesize())

// mapUse counts the bytes reads touched in a bbolt store's memory map
// since the pages were last released, and the span of addresses they
// touched. Safe for concurrent use.
type mapUse struct {
	mu     sync.Mutex
	n      int64
	lo, hi uintptr // touched span, [lo, hi); lo == hi: none known
	whole  bool    // a read whose place is unknown (a Put): release everything
}

// read records that a read in tx touched n bytes of values, v being the
// value when it lies in the map (nil for a Put, whose reads of old pages
// are somewhere in the file), and releases the touched pages when reads
// since the last release touched releaseEvery bytes or more. tx must be
// open: its read lock keeps bbolt from remapping the file meanwhile.
func (u *mapUse) read(tx *bolt.Tx, n int, v []byte) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.n += int64(n) + faultAround
	if len(v) == 0 {
		u.whole = true
	} else {
		p := uintptr(unsafe.Pointer(unsafe.SliceData(v)))
		lo, hi := p-min(p, faultAround), p+uintptr(len(v))+faultAround
		if u.lo == u.hi {
			u.lo, u.hi = lo, hi
		} else {
			u.lo, u.hi = min(u.lo, lo), max(u.hi, hi)
		}
	}
	if u.n < releaseEvery {
		return
	}
	data := tx.DB().Info().Data
	end := data + uintptr(tx.Size())
	lo, hi := data, end
	if !u.whole {
		lo, hi = max(u.lo, data), min(u.hi, end)
	}
	u.n, u.lo, u.hi, u.whole = 0, 0, 0, false
	lo &^= pageSize - 1
	if lo < hi {
		releaseMap(lo, hi-lo)
	}
}

// releaseAll releases every page of tx's map (after a scan of a whole
// bucket, such as Count's).
func releaseAll(tx *bolt.Tx) {
	if size := tx.Size(); size > 0 {
		releaseMap(tx.DB().Info().Data, uintptr(size))
	}
}
