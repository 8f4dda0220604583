package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
)

// bbolt's on-disk constants (go.etcd.io/bbolt/internal/common, file format
// version 2), needed to check a file before bbolt memory-maps it.
const (
	boltMagic        = 0xED0CDAED
	boltVersion      = 2
	pageHeaderSize   = 16 // id u64, flags u16, count u16, overflow u32
	metaSize         = 64 // magic, version, pageSize, flags u32; root, sequence, freelist, pgid, txid, checksum u64
	metaChecksumAt   = 56 // the checksum covers the meta's first 56 bytes
	branchPageFlag   = 0x01
	leafPageFlag     = 0x02
	freelistPageFlag = 0x10
	noFreelist       = ^uint64(0)
)

// boltMeta is the part of a bbolt meta page the check needs.
type boltMeta struct {
	valid    bool // magic, version and checksum are right
	pageSize int64
	root     uint64
	freelist uint64
	pgid     uint64 // high water mark: pages [0, pgid) are in use
	txid     uint64
}

// parseMeta decodes the meta page whose first bytes are p.
func parseMeta(p []byte) boltMeta {
	if len(p) < pageHeaderSize+metaSize {
		return boltMeta{}
	}
	m := p[pageHeaderSize : pageHeaderSize+metaSize]
	ne := binary.NativeEndian
	bm := boltMeta{
		pageSize: int64(ne.Uint32(m[8:])),
		root:     ne.Uint64(m[16:]),
		freelist: ne.Uint64(m[32:]),
		pgid:     ne.Uint64(m[40:]),
		txid:     ne.Uint64(m[48:]),
	}
	h := fnv.New64a()
	h.Write(m[:metaChecksumAt])
	bm.valid = ne.Uint32(m[0:]) == boltMagic && ne.Uint32(m[4:]) == boltVersion &&
		ne.Uint64(m[metaChecksumAt:]) == h.Sum64()
	return bm
}

// checkFile is the cheap open-time consistency check, run on the locked
// file before bbolt maps it. bbolt trusts the meta page: if the file was
// truncated below the meta's high water mark, touching a page past the end
// of the file raises SIGBUS, which would kill the process. So this reads
// the two meta pages the way bbolt does, picks the one bbolt would use and
// checks that the file holds every page it claims, and that its root and
// freelist pages look like such pages. It reads a few KB whatever the file
// size. An empty file is fine for a read-write open (bbolt initialises it).
func checkFile(f *os.File, readOnly bool) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
	}
	st, err := f.Stat()
	if err != nil {
		return err
	}
	size := st.Size()
	if size == 0 {
		if readOnly {
			return bad("empty file")
		}
		return nil
	}
	read := func(off int64, n int) ([]byte, error) {
		buf := make([]byte, n)
		k, err := f.ReadAt(buf, off)
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
		return buf[:k], nil
	}

	// The page size, as bbolt finds it: from meta 0, else by probing for
	// meta 1 at 1 KB << i.
	var pageSize int64
	p, err := read(0, 4096)
	if err != nil {
		return err
	}
	if m := parseMeta(p); m.valid {
		pageSize = m.pageSize
	} else {
		for i := 0; i <= 14 && pageSize == 0; i++ {
			pos := int64(1024) << i
			if pos >= size-1024 {
				break
			}
			if p, err = read(pos, 4096); err != nil {
				return err
			}
			if m := parseMeta(p); m.valid {
				pageSize = m.pageSize
			}
		}
	}
	if pageSize == 0 {
		return bad("not a bbolt database (no valid meta page)")
	}
	if pageSize < 1024 || pageSize > 1<<24 || pageSize&(pageSize-1) != 0 {
		return bad("implausible page size %d", pageSize)
	}
	if size < 2*pageSize {
		return bad("file of %d bytes is shorter than its two meta pages", size)
	}

	// The meta bbolt will use: the higher txid if valid, else the other.
	p0, err := read(0, pageHeaderSize+metaSize)
	if err != nil {
		return err
	}
	p1, err := read(pageSize, pageHeaderSize+metaSize)
	if err != nil {
		return err
	}
	a, b := parseMeta(p0), parseMeta(p1)
	if b.txid > a.txid {
		a, b = b, a
	}
	m := a
	if !m.valid {
		m = b
	}
	if !m.valid {
		return bad("both meta pages are invalid")
	}
	pages := uint64(size / pageSize)
	if m.pgid > pages {
		return bad("truncated: the meta page counts %d pages of %d bytes, the file has %d bytes", m.pgid, pageSize, size)
	}
	checkPage := func(what string, id uint64, flags uint16) error {
		if id < 2 || id >= m.pgid {
			return bad("%s page %d outside [2, %d)", what, id, m.pgid)
		}
		h, err := read(int64(id)*pageSize, pageHeaderSize)
		if err != nil {
			return err
		}
		if len(h) < pageHeaderSize {
			return bad("%s page %d is past the end of the file", what, id)
		}
		ne := binary.NativeEndian
		if got := ne.Uint64(h[0:]); got != id {
			return bad("%s page %d has id %d", what, id, got)
		}
		if ne.Uint16(h[8:])&flags == 0 {
			return bad("%s page %d has flags %#x", what, id, ne.Uint16(h[8:]))
		}
		if id+uint64(ne.Uint32(h[12:])) >= m.pgid {
			return bad("%s page %d overflows past the high water mark %d", what, id, m.pgid)
		}
		return nil
	}
	if err := checkPage("root", m.root, branchPageFlag|leafPageFlag); err != nil {
		return err
	}
	if m.freelist != noFreelist {
		if err := checkPage("freelist", m.freelist, freelistPageFlag); err != nil {
			return err
		}
	}
	return nil
}
