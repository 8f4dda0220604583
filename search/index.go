package search

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// ErrEmptyQuery is returned by Search when Request.Query is empty or holds
// only whitespace and punctuation, so there is no word to search for.
var ErrEmptyQuery = errors.New("search: empty query: pass at least one word, e.g. \"pdf forms\" or \"write tests first\"")

// ErrLocked is returned (wrapped) by Open when another process, or another
// Index in this process, holds the on-disk index for longer than
// Options.Timeout. Close the other holder or use a different path.
var ErrLocked = engine.ErrLocked

// ErrCorrupt is returned (wrapped) by Open when the directory exists but
// cannot be used as our index: missing or damaged bleve metadata, damaged
// segment files, or an index written by a build with another
// FormatVersion. The caller should Remove the path and rebuild the index
// from the catalog.
var ErrCorrupt = engine.ErrCorrupt

// FormatVersion is the version of what an index holds on disk: the
// mapping's version and those of the bleve modules this binary was built
// with (from its build information), e.g. "skilldex-search-5
// bleve/v2@v2.6.1 ...". An index written under another version is
// ErrCorrupt; callers keying data on disk by build include it.
func FormatVersion() string { return engine.FormatVersion() }

// Doc is one skill as the index sees it: ID (unique, non-empty; returned
// in Hit.ID), Name (frontmatter name, e.g. "pdf-form-filler"),
// Description (frontmatter description), Tags (free-form; may be nil)
// and Body (markdown after the frontmatter; may be empty or large).
type Doc = engine.Doc

// Prepared holds documents mapped and analysed for one Index (Prepare),
// ready to be written (IndexPreparedUnsynced). It holds the documents'
// analysed terms: prepare a batch at a time. Len is the number of
// documents it holds.
type Prepared = engine.Prepared

// Options configures Open. A nil *Options means the defaults.
type Options struct {
	// Timeout bounds the wait for the on-disk index's file lock held by
	// another process (or another open Index on the same path). 0 or
	// negative means 2 seconds. After it, Open returns an error wrapping
	// ErrLocked.
	Timeout time.Duration
}

// Index is an open search index: the ranking (this package) over the
// engine that stores and executes (search/internal/engine). Create it
// with Open and release it with Close. All methods are safe for
// concurrent use.
type Index struct {
	e *engine.Engine

	tune tuning // ranking weights, defaultTuning unless a test changes it

	framingOnce sync.Once       // builds framing
	framing     map[string]bool // analysed framingWords, see dropFraming

	conceptsOnce sync.Once // builds concepts
	concepts     []concept // analysed thesaurus, see expandConcepts
	// conceptsBy maps a line's first trigger word to the lines' indexes
	// in concepts, ascending: a query looks up its terms instead of
	// scanning every line.
	conceptsBy map[string][]int
}

// Open opens or creates the index at path.
//
//   - path "" makes an in-memory index (nothing is written to disk;
//     contents are lost on Close), for tests and small catalogs.
//   - an existing directory holding an index is opened; if it was written
//     under another FormatVersion, or cannot be read, the error wraps
//     ErrCorrupt and the caller should Remove(path) and rebuild. An
//     existing empty directory is treated like a missing one.
//   - a missing path is created (parents included).
//
// If another holder keeps the index locked past opts.Timeout (default 2s)
// the error wraps ErrLocked.
func Open(path string, opts *Options) (*Index, error) {
	var timeout time.Duration
	if opts != nil {
		timeout = opts.Timeout
	}
	e, err := engine.Open(path, timeout)
	if err != nil {
		return nil, err
	}
	return &Index{e: e, tune: defaultTuning}, nil
}

// Remove deletes the on-disk index at path (the whole directory). A missing
// path is not an error; path "" is a no-op. Close the Index first.
func Remove(path string) error { return engine.Remove(path) }

// Close releases the index (and its file lock), after every write is on
// disk (see Sync; Close returns the error of a write that could not be
// written, and closes anyway). Calling Close again is a no-op; other
// methods return an error after Close. When this process wrote a build's
// worth of documents it first compacts the index (see CompactAfterBuild;
// a compaction cut short leaves a correct index), so the next process
// does not redo bleve's merges; an index that could not write to disk
// (full, read-only) is closed without compacting.
func (ix *Index) Close() error { return ix.e.Close() }

// Count returns the number of documents in the index.
func (ix *Index) Count() (uint64, error) { return ix.e.Count() }

// IDs returns the IDs of all documents in the index, sorted ascending, for
// reconciliation with the metadata store. A damaged segment is reported as
// an error wrapping ErrCorrupt, so the caller rebuilds instead of the
// process dying on every start.
func (ix *Index) IDs() ([]string, error) { return ix.e.IDs() }

// Index adds or replaces (upserts) docs by ID, in batches, and returns
// once they are searchable and on disk (with every earlier write: see
// Sync). If an ID appears more than once in docs the last one wins. An
// empty ID is an error and nothing is written; if a batch fails, the
// batches before it stay written.
func (ix *Index) Index(docs ...Doc) error { return ix.e.Index(docs...) }

// IndexUnsynced is Index without the wait for the disk: it returns once
// the docs are searchable, and they are written to disk in the
// background, in order (a crash loses a suffix of the unsynced writes,
// never a write in the middle). Sync waits for them; Close does too. Use
// it where losing the write in a crash is repaired from elsewhere (a
// catalog writing skills new to its store: the next open re-indexes the
// ids the index lacks). It fails without writing when an earlier batch
// could not be written to disk.
func (ix *Index) IndexUnsynced(docs ...Doc) error { return ix.e.IndexUnsynced(docs...) }

// Prepare maps and analyses docs for IndexPreparedUnsynced, on all
// cores, without taking the index's write lock: a caller writing batch
// after batch prepares the next one while the last is written. If an ID
// appears more than once the last one wins. An empty ID is an error.
func (ix *Index) Prepare(docs ...Doc) (*Prepared, error) { return ix.e.Prepare(docs...) }

// IndexPreparedUnsynced is IndexUnsynced for documents Prepare prepared
// (for this index; prepared for another, they are prepared again).
func (ix *Index) IndexPreparedUnsynced(p *Prepared) error { return ix.e.IndexPreparedUnsynced(p) }

// Delete removes the docs with the given IDs and returns once that is on
// disk (with every earlier write: see Sync). Unknown and empty IDs are
// ignored.
func (ix *Index) Delete(ids ...string) error { return ix.e.Delete(ids...) }

// DeleteUnsynced is Delete without the wait for the disk, like
// IndexUnsynced.
func (ix *Index) DeleteUnsynced(ids ...string) error { return ix.e.DeleteUnsynced(ids...) }

// Sync returns once every write made so far (IndexUnsynced,
// DeleteUnsynced) is on disk, or with the error reported writing one of
// them (disk full, read-only file system, I/O error: the index stays
// searchable in memory, and the write is retried in the background).
// Writes made after a failed Sync also fail with that error until
// everything is written. A no-op for an in-memory index.
func (ix *Index) Sync() error { return ix.e.Sync() }

// Segments reports how many segments the index is made of now and whether
// background work (merging segments, persisting them) is still running: a
// steady index has busy false. An in-memory index reports (0, false, nil).
func (ix *Index) Segments() (segments uint64, busy bool, err error) { return ix.e.Segments() }

// CompactAfterBuild compacts the index (see Compact) when a build's worth
// of documents was written since the last compaction (at least 64, and
// at least an eighth of the index), and does nothing otherwise. The
// catalog calls it when its background body pass has drained; Close calls
// it too, so a short-lived process that built the index leaves it
// compacted.
func (ix *Index) CompactAfterBuild(ctx context.Context) error { return ix.e.CompactAfterBuild(ctx) }

// Compact merges the index into a single segment and waits until it is
// on disk, or ctx ends (then it returns ctx's error and the index stays as
// it was or partly merged: still correct, only slower to open); it gives
// up with an error wrapping the persist error when the index cannot write
// to disk. A process that exits while bleve still merges leaves segments
// every later process merges again; after Compact there is nothing to
// merge. A no-op for in-memory indexes.
func (ix *Index) Compact(ctx context.Context) error { return ix.e.Compact(ctx) }
