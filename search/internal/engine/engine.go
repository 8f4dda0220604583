package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	regexpchar "github.com/blevesearch/bleve/v2/analysis/char/regexp"
	"github.com/blevesearch/bleve/v2/analysis/lang/cjk"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/keyword"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/token/porter"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/single"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/analysis/tokenmap"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	bolterrors "go.etcd.io/bbolt/errors"
)

// ErrLocked is returned (wrapped) by Open when another process, or another
// Index in this process, holds the on-disk index for longer than
// Options.Timeout. Close the other holder or use a different path.
var ErrLocked = errors.New("search: index is locked by another process")

// ErrClosed is returned (wrapped) by every method of a closed Engine but
// Close.
var ErrClosed = bleve.ErrorIndexClosed

// ErrCorrupt is returned (wrapped) by Open when the directory exists but
// cannot be used as our index: missing or damaged bleve metadata, damaged
// segment files, or an index written with another mapping version. The
// caller should Remove the path and rebuild the index from the catalog.
var ErrCorrupt = errors.New("search: index cannot be opened (remove it and rebuild)")

// formatKey is the internal key under which an index stores the
// FormatVersion it was created with.
var formatKey = []byte("skilldex.mapping_version")

// Field names of an indexed document. The first four are the ones the
// ranking searches and reports; FieldNameKey holds the whole name as one
// term (NormalizeName) for exact-name lookups, and FieldPlain the name,
// description and tags unstemmed, the dictionary misspellings are
// corrected against (Reader.FuzzyTerms, Reader.PrefixTerms).
const (
	FieldName        = "name"
	FieldDescription = "description"
	FieldTags        = "tags"
	FieldBody        = "body"
	FieldNameKey     = "name_key"
	FieldPlain       = "plain"
	// fieldLensKey stores (never indexes) the document's token counts, so an
	// update or delete can take them off the corpus totals. Kept in the
	// document, not in bleve's internal key/value space: scorch rewrites
	// every internal key at each persisted batch, which made a cold build
	// quadratic in the number of documents.
	fieldLensKey = "lens"
	// fieldTerms stores (never indexes) the distinct analysed terms of the
	// name and the indexed description, space-separated: what
	// pseudo-relevance feedback reads of the best hits (Reader.MetaTerms),
	// then the description's conversion targets, each prefixed with
	// targetMark (Reader.MetaTargets).
	fieldTerms = "terms"
)

// Analyzer names registered in the index mapping.
const (
	analyzerText   = "skilldex_en"
	analyzerPlain  = "skilldex_plain"
	analyzerKey    = "skilldex_key"
	filterBigram   = "skilldex_cjk_bigram"
	filterKeep     = "skilldex_stem_exceptions"
	charUnderscore = "skilldex_underscore"
)

// Engine is an open bleve/scorch index of skill documents: it writes
// them (analysis, field-length statistics, durability, compaction) and
// reads them (Reader: document frequencies, dictionaries, stored terms,
// query execution). Create it with Open and release it with Close. All
// methods are safe for concurrent use.
//
// Locks: mu (a read lock per reader and write, the write lock in Close)
// guards closed; wmu serializes writes and the statistics bookkeeping;
// the durability tracker's lock and the lead cache's (leadCache.mu, taken
// under wmu when a write ends) are leaves.
type Engine struct {
	idx bleve.Index

	mu     sync.RWMutex // guards closed against concurrent Close
	closed bool

	memos memoPool // Prepare's workers' memos of the analysis, see analyze.go

	leads leadCache // documents' leads read by searches, see lead.go

	wmu   sync.Mutex                  // serializes Index and Delete (stats bookkeeping)
	stats atomic.Pointer[corpusStats] // field-length totals for BM25, see stats.go

	written      atomic.Int64 // documents indexed or deleted since the last compaction, see compact.go
	forcedMerges atomic.Int64 // merges Compact started, for tests
	memOnly      bool         // an in-memory index (Open("")): nothing to compact

	// dur counts the batches not yet on disk (durable.go); nil for an
	// in-memory index. storePath is the key of dur in trackers.
	dur       *durability
	storePath string
}

// newIndex wraps an open bleve index; it closes idx if it fails.
func newIndex(idx bleve.Index) (*Engine, error) {
	st, err := loadStats(idx)
	if err != nil {
		_ = idx.Close()
		return nil, err
	}
	e := &Engine{idx: idx}
	e.stats.Store(&st)
	return e, nil
}

// Open opens or creates the index at path.
//
//   - path "" makes an in-memory scorch index (nothing is written to disk;
//     contents are lost on Close), for tests and small catalogs.
//   - an existing directory holding an index is opened; if it was created
//     by another mapping version, or cannot be read, the error wraps
//     ErrCorrupt and the caller should Remove(path) and rebuild. An existing
//     empty directory is treated like a missing one.
//   - a missing path is created (parents included) with our mapping.
//
// If another holder keeps the index locked past timeout (0 or negative:
// 2 seconds) the error wraps ErrLocked.
func Open(path string, timeout time.Duration) (*Engine, error) {
	if timeout <= 0 {
		timeout = 2 * time.Second
	}
	if path == "" {
		m, err := newMapping()
		if err != nil {
			return nil, err
		}
		idx, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
		if err != nil {
			return nil, fmt.Errorf("search: create in-memory index: %w", err)
		}
		if err := idx.SetInternal(formatKey, []byte(FormatVersion())); err != nil {
			_ = idx.Close()
			return nil, fmt.Errorf("search: create in-memory index: %w", err)
		}
		e, err := newIndex(idx)
		if err != nil {
			return nil, err
		}
		e.memOnly = true
		return e, nil
	}

	empty, err := missingOrEmptyDir(path)
	if err != nil {
		return nil, fmt.Errorf("search: open %s: %w", path, err)
	}
	if empty {
		return create(path, timeout)
	}
	return open(path, timeout)
}

func missingOrEmptyDir(path string) (bool, error) {
	entries, err := os.ReadDir(path)
	if errors.Is(err, os.ErrNotExist) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	return len(entries) == 0, nil
}

func boltTimeout(d time.Duration) map[string]interface{} {
	return map[string]interface{}{"bolt_timeout": d.String()}
}

// runtimeConfig is the scorch configuration an on-disk index is opened
// with: batches return once searchable, and are written to disk in the
// background (durable.go). Given at each open, never stored in the
// index's metadata, so an older binary opening the index keeps waiting
// for each batch.
func runtimeConfig(d time.Duration) map[string]interface{} {
	c := boltTimeout(d)
	c["unsafe_batch"] = true
	c["asyncErrorCallbackName"] = asyncErrorCallback
	return c
}

func create(path string, timeout time.Duration) (*Engine, error) {
	m, err := newMapping()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(filepath.Clean(path)), 0o755); err != nil {
		return nil, fmt.Errorf("search: create %s: %w", path, err)
	}
	idx, err := bleve.NewUsing(path, m, scorch.Name, scorch.Name, boltTimeout(timeout))
	if err != nil {
		return nil, classifyOpenErr(path, "create", err)
	}
	if err := idx.SetInternal(formatKey, []byte(FormatVersion())); err != nil {
		_ = idx.Close()
		return nil, fmt.Errorf("search: create %s: %w", path, err)
	}
	// Created with the stored configuration (synced batches); reopened
	// with the runtime one.
	if err := idx.Close(); err != nil {
		return nil, fmt.Errorf("search: create %s: %w", path, err)
	}
	return open(path, timeout)
}

func open(path string, timeout time.Duration) (*Engine, error) {
	idx, err := openBleve(path, timeout)
	if err != nil {
		return nil, classifyOpenErr(path, "open", err)
	}
	v, err := idx.GetInternal(formatKey)
	if err != nil {
		_ = idx.Close()
		return nil, fmt.Errorf("search: open %s: read mapping version: %v: %w", path, err, ErrCorrupt)
	}
	if string(v) != FormatVersion() {
		_ = idx.Close()
		got := string(v)
		if got == "" {
			got = "none"
		}
		return nil, fmt.Errorf("search: open %s: index format %q, this build needs %q: %w",
			path, got, FormatVersion(), ErrCorrupt)
	}
	e, err := newIndex(idx)
	if err != nil {
		return nil, fmt.Errorf("search: open %s: read statistics: %v: %w", path, err, ErrCorrupt)
	}
	e.dur = newDurability(path)
	e.storePath = path + string(os.PathSeparator) + "store" // scorch's path, see bleve's indexStorePath
	trackers.add(e.storePath, e.dur)
	return e, nil
}

// openBleve opens an existing index. A damaged root.bolt makes bbolt panic
// inside bleve's snapshot loading (a page that "self identifies" as
// another), and a truncated one faults on the mapped memory past its end;
// both are damage like any other, reported as ErrCorrupt so the caller
// rebuilds instead of the process dying. SetPanicOnFault turns the fault
// into a panic; it is per goroutine, and bleve loads the snapshot on ours.
func openBleve(path string, timeout time.Duration) (idx bleve.Index, err error) {
	old := debug.SetPanicOnFault(true)
	defer func() {
		debug.SetPanicOnFault(old)
		if r := recover(); r != nil {
			idx, err = nil, fmt.Errorf("search: open %s: %v: %w", path, r, ErrCorrupt)
		}
	}()
	return bleve.OpenUsing(path, runtimeConfig(timeout))
}

// classifyOpenErr maps bleve/bbolt open errors onto ErrLocked / ErrCorrupt.
func classifyOpenErr(path, op string, err error) error {
	switch {
	case errors.Is(err, bolterrors.ErrTimeout):
		return fmt.Errorf("search: %s %s: lock not acquired in time: %w", op, path, ErrLocked)
	case errors.Is(err, os.ErrPermission):
		return fmt.Errorf("search: %s %s: %w", op, path, err)
	case errors.Is(err, bleve.ErrorIndexMetaMissing),
		errors.Is(err, bleve.ErrorIndexMetaCorrupt),
		errors.Is(err, bleve.ErrorUnknownIndexType),
		errors.Is(err, bolterrors.ErrInvalid),
		errors.Is(err, bolterrors.ErrVersionMismatch),
		errors.Is(err, bolterrors.ErrChecksum):
		return fmt.Errorf("search: %s %s: %v: %w", op, path, err, ErrCorrupt)
	}
	// Anything else while reading existing state (unparsable mapping,
	// missing or truncated segment files, ...) also means the directory is
	// not a usable index of ours.
	if op == "open" {
		return fmt.Errorf("search: %s %s: %v: %w", op, path, err, ErrCorrupt)
	}
	return fmt.Errorf("search: %s %s: %w", op, path, err)
}

// Remove deletes the on-disk index at path (the whole directory). A missing
// path is not an error; path "" is a no-op. Close the Index first.
func Remove(path string) error {
	if path == "" {
		return nil
	}
	if err := os.RemoveAll(path); err != nil {
		return fmt.Errorf("search: remove %s: %w", path, err)
	}
	return nil
}

// newMapping builds the lean explicit mapping: no dynamic fields, no _all,
// nothing stored, term vectors nowhere, BM25 scoring.
func newMapping() (*mapping.IndexMappingImpl, error) {
	m := bleve.NewIndexMapping()
	m.ScoringModel = "bm25"
	m.IndexDynamic = false
	m.StoreDynamic = false
	m.DocValuesDynamic = false

	// The unicode (UAX#29) tokenizer keeps "skill_creator" as one word;
	// split snake_case like kebab-case.
	if err := m.AddCustomCharFilter(charUnderscore, map[string]interface{}{
		"type":    regexpchar.Name,
		"regexp":  "_",
		"replace": " ",
	}); err != nil {
		return nil, err
	}
	// Words porter conflates with unrelated ones ("relational" with
	// public "relations", "general" with "generate", "executive" with
	// "execute") are kept whole.
	if err := m.AddCustomTokenMap(filterKeep, map[string]interface{}{
		"type":   tokenmap.Name,
		"tokens": stemExceptions,
	}); err != nil {
		return nil, err
	}
	if err := m.AddCustomTokenFilter(filterKeep, map[string]interface{}{
		"type":               keyword.Name,
		"keywords_token_map": filterKeep,
	}); err != nil {
		return nil, err
	}
	if err := m.AddCustomTokenFilter(filterBigram, map[string]interface{}{
		"type":           cjk.BigramName,
		"output_unigram": true,
	}); err != nil {
		return nil, err
	}
	// English text: possessives, lower case, stop words, porter stemming;
	// CJK runs become unigrams plus bigrams.
	if err := m.AddCustomAnalyzer(analyzerText, map[string]interface{}{
		"type":         custom.Name,
		"char_filters": []string{charUnderscore},
		"tokenizer":    unicode.Name,
		"token_filters": []string{
			cjk.WidthName, en.PossessiveName, lowercase.Name, en.StopName, filterKeep, porter.Name, filterBigram,
		},
	}); err != nil {
		return nil, err
	}
	// Unstemmed words: the dictionary that misspellings are corrected against.
	if err := m.AddCustomAnalyzer(analyzerPlain, map[string]interface{}{
		"type":          custom.Name,
		"char_filters":  []string{charUnderscore},
		"tokenizer":     unicode.Name,
		"token_filters": []string{cjk.WidthName, lowercase.Name, en.StopName},
	}); err != nil {
		return nil, err
	}
	if err := m.AddCustomAnalyzer(analyzerKey, map[string]interface{}{
		"type":          custom.Name,
		"tokenizer":     single.Name,
		"token_filters": []string{lowercase.Name},
	}); err != nil {
		return nil, err
	}
	m.DefaultAnalyzer = analyzerText

	text := func(name, analyzer string) *mapping.FieldMapping {
		return &mapping.FieldMapping{Name: name, Type: "text", Analyzer: analyzer, Index: true}
	}
	dm := bleve.NewDocumentStaticMapping()
	dm.AddFieldMappingsAt(FieldName, text(FieldName, analyzerText))
	dm.AddFieldMappingsAt(FieldNameKey, text(FieldNameKey, analyzerKey))
	dm.AddFieldMappingsAt(FieldDescription, text(FieldDescription, analyzerText))
	dm.AddFieldMappingsAt(FieldTags, text(FieldTags, analyzerText))
	dm.AddFieldMappingsAt(FieldBody, text(FieldBody, analyzerText))
	dm.AddFieldMappingsAt(FieldPlain, text(FieldPlain, analyzerPlain))
	dm.AddFieldMappingsAt(fieldLensKey, &mapping.FieldMapping{Name: fieldLensKey, Type: "text", Analyzer: analyzerKey, Store: true})
	dm.AddFieldMappingsAt(fieldTerms, &mapping.FieldMapping{Name: fieldTerms, Type: "text", Analyzer: analyzerKey, Store: true})
	m.DefaultMapping = dm
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("search: mapping: %w", err)
	}
	return m, nil
}

// Doc is one skill as the index sees it (search.Doc is this type).
type Doc struct {
	ID          string   // unique, non-empty; the skill's id (returned in Hit.ID)
	Name        string   // frontmatter name, e.g. "pdf-form-filler"
	Description string   // frontmatter description
	Tags        []string // free-form tags; may be nil
	Body        string   // markdown body after the frontmatter; may be empty or large
}

func (e *Engine) live() (bleve.Index, func(), error) {
	e.mu.RLock()
	if e.closed {
		e.mu.RUnlock()
		return nil, nil, fmt.Errorf("search: %w", ErrClosed)
	}
	return e.idx, e.mu.RUnlock, nil
}

// Count returns the number of documents in the index.
func (e *Engine) Count() (uint64, error) {
	idx, done, err := e.live()
	if err != nil {
		return 0, err
	}
	defer done()
	n, err := idx.DocCount()
	if err != nil {
		return 0, fmt.Errorf("search: count: %w", err)
	}
	return n, nil
}

// IDs returns the IDs of all documents in the index, sorted ascending, for
// reconciliation with the metadata store. A damaged segment (zapx slices
// it by the offsets it holds and panics, or a truncated mapped file
// faults) is reported as an error wrapping ErrCorrupt, so the caller
// rebuilds instead of the process dying on every start.
func (e *Engine) IDs() (ids []string, err error) {
	idx, done, err := e.live()
	if err != nil {
		return nil, err
	}
	defer done()
	old := debug.SetPanicOnFault(true)
	defer func() {
		debug.SetPanicOnFault(old)
		if r := recover(); r != nil {
			ids, err = nil, fmt.Errorf("search: ids: %v: %w", r, ErrCorrupt)
		}
	}()
	adv, err := idx.Advanced()
	if err != nil {
		return nil, fmt.Errorf("search: ids: %w", err)
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, fmt.Errorf("search: ids: %w", err)
	}
	defer r.Close()
	it, err := r.DocIDReaderAll()
	if err != nil {
		return nil, fmt.Errorf("search: ids: %w", err)
	}
	defer it.Close()
	for {
		iid, err := it.Next()
		if err != nil {
			return nil, fmt.Errorf("search: ids: %w", err)
		}
		if iid == nil {
			break
		}
		id, err := r.ExternalID(iid)
		if err != nil {
			return nil, fmt.Errorf("search: ids: %w", err)
		}
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids, nil
}

// Close releases the index (and its file lock), after every write is on
// disk (see Sync; Close returns the error of a write that could not be
// written, and closes anyway). Calling Close again is a no-op; other
// methods return an error after Close. When this process wrote a build's
// worth of documents it first compacts the index (see CompactAfterBuild;
// at most 2 minutes, a compaction cut short leaves a correct index), so
// the next process does not redo bleve's merges. An index that could not
// write to disk (full, read-only) is closed without compacting: the
// merge waits for segments that cannot be written.
func (e *Engine) Close() error {
	if e.persistErr() == nil {
		ctx, cancel := context.WithTimeout(context.Background(), closeCompactMax)
		_ = e.CompactAfterBuild(ctx) // an index left uncompacted is still correct
		cancel()
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil
	}
	e.closed = true
	var errs []error
	if e.dur != nil {
		errs = append(errs, e.persistAll())
		trackers.remove(e.storePath, e.dur)
	}
	if err := e.idx.Close(); err != nil {
		errs = append(errs, fmt.Errorf("search: close: %w", err))
	}
	return errors.Join(errs...)
}
