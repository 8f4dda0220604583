package index

import (
	"encoding/binary"
	"errors"
	"io/fs"
	"os"
	"slices"
	"strings"
	"time"
)

// dirsKey is the store's state key of the folder listings of the last
// full walk (dirCache), kept so the next process's walk skips reading the
// folders that did not change.
const dirsKey = "dirs"

// dirCacheMargin is how much older than the start of the walk that read
// it a folder's change time must be for its listing to be kept. A folder's
// timestamps come from a coarse clock (a kernel tick, up to 10 ms; 2 s on
// FAT), so a change made in the same tick as the reading could leave the
// change time the listing was recorded with; a folder changed within the
// margin is read again by every walk until it is older.
var dirCacheMargin = 2 * time.Second

// dirStamp identifies a folder's state: a folder's change time (ctime)
// moves whenever an entry is added, removed or renamed in it, and, unlike
// its modification time, cannot be set back by a program (utimes sets it
// to now); the device and inode catch a folder replaced by another.
type dirStamp struct {
	dev, ino uint64
	ctime    int64 // Unix nanoseconds
}

// dirListing is one folder's entries, sorted by name as os.ReadDir gives
// them, and the stamp the folder had before they were read.
type dirListing struct {
	stamp   dirStamp
	entries []os.DirEntry
}

// Listings are used and recorded only for folders on the device of their
// root, and only when that is a local file system (localDevice): a network
// file system caches attributes (NFS for up to a minute), so a folder's
// change time read there can be older than its entries, where reading the
// folder revalidates them.
//
// dirCache holds the folder listings of the last full walk, by folder path
// as the walk reached it. A walk uses a listing instead of reading the
// folder only when the folder's stamp is unchanged (one stat instead of
// open, read and close): what the folder holds can then not have changed.
// The files in it are still stated one by one (an edit in place changes
// no folder), so a catalog served from a listing is as fresh as one walked
// in full (the never-stale promise). Immutable once built.
type dirCache struct {
	dirs map[string]*dirListing
	// hits is how many folders the walk that built this cache listed
	// from the previous one (for tests and profiles).
	hits int
}

// readDir is os.ReadDir for the walk: with a cache, a folder whose stamp
// is unchanged is listed from it, and a folder read from disk is recorded
// for the next walk when it is older than the margin.
func (w *walker) readDir(dir string) ([]os.DirEntry, error) {
	if w.dirs == nil {
		return os.ReadDir(dir)
	}
	if w.localDev == 0 {
		return os.ReadDir(dir)
	}
	if l := w.dirs.dirs[dir]; l != nil && l.stamp.dev == w.localDev {
		if st, ok := statDir(dir); ok && st == l.stamp {
			w.listed[dir] = l
			w.cachedDirs++
			return l.entries, nil
		}
	}
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The stamp before the entries: a change while they are read moves
	// the folder's change time past the recorded one.
	st, stamped := fstatDir(f)
	entries, err := f.ReadDir(-1)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(entries, func(a, b os.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	if stamped && st.ctime < w.since && st.dev == w.localDev {
		w.listed[dir] = &dirListing{stamp: st, entries: entries}
		w.freshDirs++
	}
	return entries, nil
}

// nextDirs returns the listings this walk used or recorded, for the next
// walk, and whether they differ from the cache it started with.
func (w *walker) nextDirs() (*dirCache, bool) {
	if w.dirs == nil {
		return nil, false
	}
	return &dirCache{dirs: w.listed, hits: w.cachedDirs}, w.freshDirs > 0 || len(w.listed) != len(w.dirs.dirs)
}

// cachedEntry is an os.DirEntry read back from a stored listing.
type cachedEntry struct {
	dir, name string
	typ       fs.FileMode
}

func (e *cachedEntry) Name() string               { return e.name }
func (e *cachedEntry) IsDir() bool                { return e.typ.IsDir() }
func (e *cachedEntry) Type() fs.FileMode          { return e.typ }
func (e *cachedEntry) Info() (fs.FileInfo, error) { return os.Lstat(joinName(e.dir, e.name)) }
func (e *cachedEntry) String() string             { return fs.FormatDirEntry(e) }

// dirCacheMagic starts an encoded dirCache; the byte after it is the
// format version.
const dirCacheMagic, dirCacheVersion = 0xD1, 1

// encodeDirCache returns the stored form of c: magic, version, the number
// of folders, then per folder in path order: the path front-coded against
// the previous one (uvarint bytes shared, str rest), uvarint dev and inode,
// varint change time, and its entries (uvarint count; per entry str name
// and uvarint file type bits), with encodeRecord's str and varints.
func encodeDirCache(c *dirCache) []byte {
	paths := make([]string, 0, len(c.dirs))
	size := 16
	for p, l := range c.dirs {
		paths = append(paths, p)
		size += 24 + len(p)/4 + 16*len(l.entries)
	}
	slices.Sort(paths)
	e := recordEncoder{b: make([]byte, 0, size)}
	e.b = append(e.b, dirCacheMagic, dirCacheVersion)
	e.b = binary.AppendUvarint(e.b, uint64(len(paths)))
	prev := ""
	for _, p := range paths {
		l := c.dirs[p]
		n := 0
		for n < len(p) && n < len(prev) && p[n] == prev[n] {
			n++
		}
		e.b = binary.AppendUvarint(e.b, uint64(n))
		e.str(p[n:])
		prev = p
		e.b = binary.AppendUvarint(e.b, l.stamp.dev)
		e.b = binary.AppendUvarint(e.b, l.stamp.ino)
		e.int(l.stamp.ctime)
		e.b = binary.AppendUvarint(e.b, uint64(len(l.entries)))
		for _, en := range l.entries {
			e.str(en.Name())
			e.b = binary.AppendUvarint(e.b, uint64(en.Type()))
		}
	}
	return e.b
}

// decodeDirCache reads encodeDirCache's form. Errors: anything else
// (damage, another version); the caller then walks without a cache.
func decodeDirCache(data []byte) (*dirCache, error) {
	if len(data) < 2 || data[0] != dirCacheMagic || data[1] != dirCacheVersion {
		return nil, errors.New("folder listings: not of this version")
	}
	d := recordDecoder{s: string(data), i: 2}
	n := d.count(5)
	c := &dirCache{dirs: make(map[string]*dirListing, n)}
	prev := ""
	for range n {
		shared := d.uvarint()
		if shared > uint64(len(prev)) {
			return nil, errors.New("folder listings: damaged path")
		}
		p := prev[:shared] + d.str()
		prev = p
		l := &dirListing{stamp: dirStamp{dev: d.uvarint(), ino: d.uvarint(), ctime: d.int()}}
		l.entries = make([]os.DirEntry, d.count(2))
		ents := make([]cachedEntry, len(l.entries))
		for i := range ents {
			ents[i] = cachedEntry{dir: p, name: d.str(), typ: fs.FileMode(d.uvarint())}
			l.entries[i] = &ents[i]
		}
		if d.err != nil {
			return nil, d.err
		}
		c.dirs[p] = l
	}
	if d.err == nil && d.i != len(d.s) {
		return nil, errors.New("folder listings: bytes past the end")
	}
	return c, d.err
}

// walkDirs returns the folder listings for a full walk, read from the
// store (nil for an in-memory catalog). They are not kept in memory
// between walks: they grow with the catalog, and would sit in a
// serving process's heap for the one full walk a rescan makes now and
// then. w proves refreshMu is held.
func (c *refresher) walkDirs(_ writing) *dirCache {
	if c.pair.dataDir == "" {
		return nil
	}
	dirs := &dirCache{}
	if val, err := c.pair.st.State(dirsKey); err == nil && len(val) > 0 {
		if dc, err := decodeDirCache(val); err == nil {
			dirs = dc
		} else {
			c.log.Debug("stored folder listings not used", "err", err)
		}
	}
	return dirs
}

// saveDirs stores the listings of a full walk for the next one when they
// changed. A failure to store them costs the next walk its shortcut,
// nothing else: it is logged, not returned.
func (c *refresher) saveDirs(_ writing, wk *walker) {
	c.dirHits = wk.cachedDirs
	if next, changed := wk.nextDirs(); changed {
		if err := c.pair.st.SetState(dirsKey, encodeDirCache(next)); err != nil {
			c.log.Debug("folder listings not stored", "err", err)
		}
	}
}
