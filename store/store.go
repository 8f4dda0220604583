// Package store is skilldex's persistent metadata and content cache.
//
// A Store holds, per skill id, one opaque metadata record (the index
// package serialises its own metadata as JSON) and the contents of some of
// the skill's files, plus a small key/value state area. It is backed by a
// single bbolt file, or by maps in memory when opened with an empty path;
// both backends have the same semantics: every write is one all-or-nothing
// transaction, and reads are safe from many goroutines concurrently with
// writes (each read sees the state before or after a write, never part of
// one).
//
// Damage deep inside a file that passed Open's cheap check makes bbolt
// panic or fault when a read or write reaches it; every method recovers
// that and returns an error wrapping ErrCorrupt instead.
//
// # On-disk layout (SchemaVersion 1)
//
// The bbolt file has four top-level buckets:
//
//	meta    "app" = "skilldex", "schema" = decimal SchemaVersion
//	skills  id -> Meta record
//	files   id + "\x00" + rel -> file content
//	state   key -> value
//
// Files live in one flat bucket keyed by id, a NUL byte and the
// slash-separated relative path, rather than in a nested bucket per skill:
//
//   - A nested bucket stays inline in its parent's page only while its
//     contents are under about a quarter of a page; a skill with a real
//     SKILL.md (typically about 11 KB) would get its own root page and B+tree,
//     so every skill would cost at least one more page and every write would
//     touch more pages.
//   - One ordered key space lets a bulk load append keys in order and pack
//     pages with FillPercent 0.9 across the whole catalog.
//   - Listing, replacing and deleting a skill's files is one cursor range
//     scan over the prefix id+"\x00". NUL sorts before every other byte and
//     is refused in ids and paths, so the prefix of "a" never matches the
//     files of "a/b", and a skill's keys are contiguous and sorted by path.
//
// This package serves the skilldex command and may change without notice;
// programs embedding a catalog import the module's root package,
// github.com/skilldex/skilldex.
package store

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// SchemaVersion is bumped whenever the on-disk layout or the meaning of
// records changes. Open refuses (ErrSchema) a file written with another
// version; the caller is expected to Remove it and rebuild.
const SchemaVersion = 1

// Sentinel errors. Every error returned by this package that matches one of
// them wraps it with the operation and the path or key involved; test with
// errors.Is.
var (
	// ErrNotFound means there is no such skill, file or state key.
	ErrNotFound = errors.New("not found")
	// ErrLocked means another process (or another Store in this process)
	// held the file's lock for longer than Options.Timeout. The wrapping
	// error names the path.
	ErrLocked = errors.New("locked by another process; another skilldex may be running")
	// ErrSchema means the file was written by another schema version of
	// skilldex, or by another program, or was never initialised. Remove it
	// and rebuild.
	ErrSchema = errors.New("incompatible store schema")
	// ErrCorrupt means the file cannot be read as a bbolt database or fails
	// a consistency check (for example it was truncated). Remove it and
	// rebuild.
	ErrCorrupt = errors.New("store file is corrupt")
	// ErrReadOnly is returned by every write (Put, Delete, SetState) on a
	// store opened with Options.ReadOnly.
	ErrReadOnly = errors.New("store is read-only")
)

// defaultTimeout is the lock wait used when Options.Timeout is 0.
const defaultTimeout = 2 * time.Second

// Limits on keys, in bytes; they are bbolt's own limits.
const (
	maxKeySize   = bolt.MaxKeySize   // id+"\x00"+rel, and state keys
	maxValueSize = bolt.MaxValueSize // Meta, file contents, state values
)

// Options configure Open. The zero value (or a nil *Options) gives the
// defaults: a 2 s lock wait, read-write, fsync on every commit.
type Options struct {
	// Timeout bounds the wait for the file lock; 0 means 2s and a negative
	// value means a single attempt. When it runs out Open returns an error
	// wrapping ErrLocked. Ignored for the in-memory store.
	Timeout time.Duration
	// ReadOnly opens the file with a shared lock and refuses writes with
	// ErrReadOnly. bbolt locks the whole file: any number of read-only
	// Stores (in this or other processes) can be open together, but they
	// exclude a read-write Store and vice versa, so a read-only Open waits
	// Timeout for a writer to close and then fails with ErrLocked. A
	// read-only Open never creates the file: a missing file gives an error
	// wrapping fs.ErrNotExist, and an empty or uninitialised one ErrCorrupt
	// or ErrSchema. With an empty path it gives an empty in-memory store
	// that refuses writes.
	ReadOnly bool
	// NoSync skips the fsync after each commit, for bulk builds. A crash
	// may then lose recent commits (bbolt keeps the file consistent but may
	// roll back to an older state); call Sync when the bulk work is done.
	// Close also syncs a NoSync store. Ignored for the in-memory store.
	NoSync bool
}

// Entry is one skill's record for Put.
type Entry struct {
	// ID is the skill id: the root-relative folder path, for example
	// "0/anthropics__skills/skills/pdf". It must be non-empty and must not
	// contain a NUL byte.
	ID string
	// Meta is the opaque metadata record, stored as is (nil is stored as
	// empty).
	Meta []byte
	// Files maps a slash-separated path relative to the skill folder (such
	// as "SKILL.md" or "scripts/fill.py": no leading or trailing slash, no
	// "." or ".." or empty elements, no NUL; any other bytes, UTF-8 or
	// not) to the
	// file's content. It replaces ALL files previously stored for ID; nil
	// or empty removes them. len(ID)+1+len(path) must not exceed 32768
	// bytes.
	Files map[string][]byte
}

// Store is an open store. Its methods are safe for concurrent use; reads
// run concurrently with each other and with a write.
type Store struct {
	path     string
	readOnly bool
	be       backend

	closeOnce sync.Once
	closeErr  error
}

// backend is implemented by the bbolt store and the in-memory store. The
// Store validates arguments and refuses writes when read-only before
// calling it.
type backend interface {
	put(entries []Entry) error
	del(ids []string) error
	meta(id string) ([]byte, error)
	stored(ids []string) (int, error)
	file(id, rel string) ([]byte, error)
	fileNames(id string) ([]string, error)
	forEach(fn func(id string, meta []byte) error) error
	count() (int, error)
	state(key string) ([]byte, error)
	setState(key string, val []byte) error
	sync() error
	close() error
}

// Open opens the store at path, creating the file (mode 0o600) and its
// parent directories (0o755) when missing and not ReadOnly. An empty path
// gives a purely in-memory store with identical semantics. A nil opts
// means the defaults.
//
// Errors (all wrapped with the path):
//   - ErrLocked: another Store holds the file lock past opts.Timeout.
//   - ErrSchema: the file was written by another SchemaVersion, by another
//     program, or (ReadOnly only) was never initialised.
//   - ErrCorrupt: the file is not a bbolt database, is truncated, or fails
//     the open-time consistency check. The check is cheap (the two meta
//     pages, the file size, the root and freelist page headers, the
//     buckets): it does not read every page, so damage deep inside the file
//     shows up later as ErrCorrupt from a read or write.
//   - fs.ErrNotExist: ReadOnly and the file does not exist.
//   - other OS errors (permissions, read-only file system) wrapped as is.
func Open(path string, opts *Options) (*Store, error) {
	return openWith(path, opts, nil)
}

// openWith is Open with a replaceable file opener, for tests that simulate
// failing writes.
func openWith(path string, opts *Options, openFile func(string, int, os.FileMode) (*os.File, error)) (*Store, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Timeout == 0 {
		o.Timeout = defaultTimeout
	}
	s := &Store{path: path, readOnly: o.ReadOnly}
	if path == "" {
		s.be = newMem()
		return s, nil
	}
	if openFile == nil {
		openFile = os.OpenFile
	}
	be, err := openBolt(path, o, openFile)
	if err != nil {
		return nil, err
	}
	s.be = be
	return s, nil
}

// Remove deletes the store file at path, typically to rebuild after Open
// returned ErrSchema or ErrCorrupt. Close any Store on the file first. A
// missing file is not an error.
func Remove(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("store: remove: %w", err)
	}
	return nil
}

// Path returns the path the store was opened with; "" for an in-memory
// store.
func (s *Store) Path() string { return s.path }

// Close releases the file and its lock (syncing first if opened with
// NoSync). It waits for running reads and writes to finish. Later calls
// return an error wrapping fs.ErrClosed from every method; Close itself is
// idempotent and returns the first call's result.
func (s *Store) Close() error {
	s.closeOnce.Do(func() { s.closeErr = s.be.close() })
	return s.closeErr
}

// Put stores entries in ONE transaction: either all are written or, on any
// error, none is and the previous contents stay intact. For each entry the
// Meta record is replaced and the skill's file set becomes exactly
// Entry.Files. When an ID appears more than once the last entry wins. The
// slices are not retained. An empty call does nothing.
//
// Errors: ErrReadOnly; an invalid entry (empty or NUL-containing ID,
// invalid file path, key or value over bbolt's limits), named by index and
// ID; a failed commit (disk full, I/O error), wrapped; fs.ErrClosed after
// Close; ErrCorrupt when the file turns out to be damaged.
//
// A bulk Put of thousands of entries is efficient: entries are written in
// ID order and, when they all sort after the keys already stored (a fresh
// build), bbolt packs pages 90% full.
func (s *Store) Put(entries ...Entry) error {
	if s.readOnly {
		return fmt.Errorf("store: put: %w", ErrReadOnly)
	}
	for i := range entries {
		if err := validEntry(&entries[i]); err != nil {
			return fmt.Errorf("store: put: entry %d: %w", i, err)
		}
	}
	if len(entries) == 0 {
		return nil
	}
	return s.be.put(entries)
}

// Delete removes the given skills, their Meta records and all their files,
// in one transaction. Unknown (and empty) ids are ignored.
//
// Errors: ErrReadOnly; a failed commit, wrapped; fs.ErrClosed after Close.
func (s *Store) Delete(ids ...string) error {
	if s.readOnly {
		return fmt.Errorf("store: delete: %w", ErrReadOnly)
	}
	ids = slices.DeleteFunc(slices.Clone(ids), func(id string) bool {
		return id == "" || strings.IndexByte(id, 0) >= 0
	})
	if len(ids) == 0 {
		return nil
	}
	return s.be.del(ids)
}

// Meta returns a copy of the skill's metadata record (non-nil, possibly
// empty). Errors: ErrNotFound when no such skill; fs.ErrClosed after Close.
func (s *Store) Meta(id string) ([]byte, error) {
	if id == "" {
		return nil, notFound("skill", id)
	}
	return s.be.meta(id)
}

// Stored returns how many of ids have a skill record, read on one
// snapshot; ids not stored, empty or not, are not counted. Errors:
// fs.ErrClosed after Close.
func (s *Store) Stored(ids ...string) (int, error) {
	return s.be.stored(ids)
}

// File returns a copy of the content stored for the file at rel (a
// slash-separated path relative to the skill folder) of skill id.
// Errors: ErrNotFound when the skill or that file is not stored;
// fs.ErrClosed after Close.
func (s *Store) File(id, rel string) ([]byte, error) {
	if id == "" || rel == "" {
		return nil, fileNotFound(id, rel)
	}
	return s.be.file(id, rel)
}

// FileNames returns the paths of the files stored for skill id, sorted
// bytewise; nil when the skill has none. Errors: ErrNotFound when no such
// skill; fs.ErrClosed after Close.
func (s *Store) FileNames(id string) ([]string, error) {
	if id == "" {
		return nil, notFound("skill", id)
	}
	return s.be.fileNames(id)
}

// ForEach calls fn for every skill in ascending (bytewise) id order, on one
// consistent snapshot: writes that commit meanwhile are not seen. meta is
// valid only during the call and must not be modified; copy it to keep it.
// An error from fn stops the iteration and is returned unwrapped; a panic
// in fn propagates unchanged.
//
// fn must not write to the same Store (Put, Delete, SetState): with the
// bbolt backend the write can deadlock against the read transaction
// ForEach holds. Errors: fs.ErrClosed after Close.
func (s *Store) ForEach(fn func(id string, meta []byte) error) error {
	return s.be.forEach(fn)
}

// Count returns the number of skills stored. It walks the skills B+tree
// pages without decoding them.
// Errors: fs.ErrClosed after Close.
func (s *Store) Count() (int, error) {
	return s.be.count()
}

// State returns a copy of the value stored under key in the state area
// (non-nil, possibly empty). Errors: ErrNotFound when the key was never
// set; fs.ErrClosed after Close.
func (s *Store) State(key string) ([]byte, error) {
	if key == "" {
		return nil, notFound("state key", key)
	}
	return s.be.state(key)
}

// SetState stores val (nil is stored as empty, it does not delete) under
// key, a non-empty string of at most 32768 bytes, in its own transaction.
// Errors: ErrReadOnly; an invalid key; a failed commit, wrapped;
// fs.ErrClosed after Close.
func (s *Store) SetState(key string, val []byte) error {
	if s.readOnly {
		return fmt.Errorf("store: set state: %w", ErrReadOnly)
	}
	if key == "" || len(key) > maxKeySize {
		return fmt.Errorf("store: set state: key of %d bytes; want 1 to %d", len(key), maxKeySize)
	}
	if len(val) > maxValueSize {
		return fmt.Errorf("store: set state %q: value of %d bytes exceeds %d", key, len(val), maxValueSize)
	}
	return s.be.setState(key, val)
}

// Sync flushes committed data to disk (fdatasync). Only needed after
// writes on a store opened with NoSync; a no-op for read-only and
// in-memory stores. Errors: the OS error, wrapped; fs.ErrClosed after
// Close.
func (s *Store) Sync() error {
	if s.readOnly {
		return nil
	}
	return s.be.sync()
}

// validEntry checks an Entry against the rules documented on Entry.
func validEntry(e *Entry) error {
	if e.ID == "" {
		return errors.New("empty skill id")
	}
	if strings.IndexByte(e.ID, 0) >= 0 {
		return fmt.Errorf("skill id %q contains a NUL byte", e.ID)
	}
	if len(e.ID) >= maxKeySize {
		return fmt.Errorf("skill id of %d bytes is too long", len(e.ID))
	}
	if len(e.Meta) > maxValueSize {
		return fmt.Errorf("skill %q: meta of %d bytes exceeds %d", e.ID, len(e.Meta), maxValueSize)
	}
	for rel, data := range e.Files {
		if !validPath(rel) {
			return fmt.Errorf("skill %q: invalid file path %q (want a slash-separated relative path)", e.ID, rel)
		}
		if len(e.ID)+1+len(rel) > maxKeySize {
			return fmt.Errorf("skill %q: file path %q is too long", e.ID, rel)
		}
		if len(data) > maxValueSize {
			return fmt.Errorf("skill %q: file %q of %d bytes exceeds %d", e.ID, rel, len(data), maxValueSize)
		}
	}
	return nil
}

// validPath reports whether rel is a slash-separated relative path: not
// empty, no leading or trailing slash, no empty, "." or ".." element, no
// NUL byte. Unlike fs.ValidPath it takes any other bytes, UTF-8 or not:
// file names on Linux are bytes, and a skill may hold any of them.
func validPath(rel string) bool {
	if rel == "" || strings.IndexByte(rel, 0) >= 0 {
		return false
	}
	for elem := range strings.SplitSeq(rel, "/") {
		if elem == "" || elem == "." || elem == ".." {
			return false
		}
	}
	return true
}

// putOrder returns the indexes of entries to write, sorted by ID, keeping
// only the last entry of each ID.
func putOrder(entries []Entry) []int {
	order := make([]int, len(entries))
	for i := range order {
		order[i] = i
	}
	if len(order) < 2 {
		return order
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(entries[a].ID, entries[b].ID) })
	out := order[:0]
	for i, ix := range order {
		if i+1 < len(order) && entries[order[i+1]].ID == entries[ix].ID {
			continue // a later entry with the same ID wins
		}
		out = append(out, ix)
	}
	return out
}

// sortedNames returns the keys of files, sorted.
func sortedNames(files map[string][]byte) []string {
	if len(files) == 0 {
		return nil
	}
	names := make([]string, 0, len(files))
	for rel := range files {
		names = append(names, rel)
	}
	slices.Sort(names)
	return names
}

func notFound(what, key string) error {
	return fmt.Errorf("store: %s %q: %w", what, key, ErrNotFound)
}

func fileNotFound(id, rel string) error {
	return fmt.Errorf("store: file %q of skill %q: %w", rel, id, ErrNotFound)
}

func closedErr(path string) error {
	if path == "" {
		path = "(memory)"
	}
	return fmt.Errorf("store: %s: %w", path, fs.ErrClosed)
}
