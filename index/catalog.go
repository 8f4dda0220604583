// Package index builds and serves the skill catalog: it discovers skill
// folders under ordered roots, parses and validates each SKILL.md, keeps
// metadata, fingerprints and content in the store and the searchable text
// in the search index, and answers list, load, read_file and search from
// that cache.
package index

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/internal/safefs"
	"github.com/skilldex/skilldex/search"
	"github.com/skilldex/skilldex/store"
	"golang.org/x/text/unicode/norm"
)

// MaxFileSize is the largest file load and read_file serve: 1 MiB, the
// get_skill seed's limit ("Support files up to 1MB").
const MaxFileSize = 1 << 20

// maxCachedPerSkill bounds the bytes of reference files one skill keeps in
// the content cache; files past it are served from disk.
const maxCachedPerSkill = 16 << 20

// batchSize is how many skills go to the store and the search index per
// write: library facts put bleve's sweet spot at 250-500 documents, and
// the search package sends 250 per bleve batch, each of which waits for
// the index to persist; a multiple of 250 avoids a small trailing batch
// (and its wait) per write.
const batchSize = 250

// Options configure Open. The zero value is usable but has no roots.
type Options struct {
	// Roots in priority order: a skill in an earlier root wins a shared
	// name.
	Roots []Root
	// DataDir holds the store and the search index, under a subfolder
	// keyed by the roots, so catalogs over different folders never share
	// files. Ignored when Mem is set. "" means Mem.
	DataDir string
	// Mem keeps the store and the search index in memory.
	Mem bool
	// MaxDepth bounds the walk below each root; 0 means DefaultMaxDepth.
	MaxDepth int
	// Mode is the validation mode: skillmd.Lenient (serve skills with
	// warnings) or skillmd.Strict (every rule keeps a skill out).
	Mode skillmd.Mode
	// Logger receives warnings and progress; nil discards them.
	Logger *slog.Logger
	// Progress, when set, is called during a refresh with the skills
	// parsed so far and the number to parse.
	Progress func(done, total int)
	// LockTimeout bounds the wait for another process's lock on the data
	// dir; 0 means 2s.
	LockTimeout time.Duration
	// BackgroundBodies makes Open, and any refresh that parses at least
	// 64 skills, return as soon as every skill is listable and searchable
	// by name, description and tags; the rest of each skill (body text in
	// the search index, references and their warnings, the other files'
	// hashes and cached content) is done afterwards by a background
	// goroutine (BodiesPending says how much is left). Body indexing is most of the cost of a cold build (bleve
	// indexes about 7,000 metadata-only documents per second but under
	// 1,000 with bodies), so a serving process answers within a fraction
	// of the full build. Off, every refresh returns with bodies indexed,
	// which is what one-shot commands want.
	BackgroundBodies bool
}

// Skill is one skill in the catalog: its metadata, where it lives, what it
// references and what is wrong with it.
type Skill struct {
	// ID is the skill's folder path relative to its root, slash-separated
	// (unique in the catalog; see skillIDs for the rare collision form).
	ID   string `json:"id"`
	Name string `json:"name"`
	// Description is the frontmatter description.
	Description   string         `json:"description"`
	Tags          []string       `json:"tags,omitempty"`
	Version       string         `json:"version,omitempty"`
	Author        string         `json:"author,omitempty"`
	License       string         `json:"license,omitempty"`
	Compatibility string         `json:"compatibility,omitempty"`
	AllowedTools  []string       `json:"allowed_tools,omitempty"`
	Metadata      map[string]any `json:"metadata,omitempty"`
	// DisableModelInvocation is true when the author hid the skill from
	// the model (skillmd.Skill.HiddenFromModel: Claude Code's
	// disable-model-invocation: true, or Codex's agents/openai.yaml
	// policy.allow_implicit_invocation: false); UserInvocable is false
	// when Claude Code's user-invocable: false hides it from the / menu.
	DisableModelInvocation bool `json:"disable_model_invocation,omitempty"`
	UserInvocable          bool `json:"user_invocable"`
	// Root is the index of the skill's root in Options.Roots.
	Root      int    `json:"root"`
	RootLabel string `json:"root_label,omitempty"`
	// Dir is the absolute skill folder; RealDir the same with links
	// resolved (the boundary read_file enforces).
	Dir     string `json:"dir"`
	RealDir string `json:"real_dir"`
	// SkillFile is the base name of SKILL.md as spelled on disk.
	SkillFile string `json:"skill_file"`
	// Rel is the folder path relative to its root, slash-separated ("."
	// when the root is the skill).
	Rel string `json:"rel"`
	// Depth is the number of folders between the root and the skill.
	Depth int `json:"depth"`
	// Files lists every file in the skill folder (nested skills'
	// folders excluded) with its fingerprint.
	Files      []FileInfo          `json:"files"`
	References []skillmd.Reference `json:"references,omitempty"`
	// Diagnostics are the parse and validation problems of this skill.
	Diagnostics []skillmd.Diagnostic `json:"diagnostics,omitempty"`
	// Valid is false when an error diagnostic keeps the skill out of
	// list, search and load (in the catalog's validation mode).
	Valid bool `json:"valid"`
	// Hash is the hex SHA-256 of SKILL.md.
	Hash string `json:"hash"`
	// ShadowedBy is the id of the skill that wins this skill's name
	// (case-insensitively); "" when this skill wins. Computed, not stored.
	ShadowedBy string `json:"shadowed_by,omitempty"`

	// folded caches fold(Name): reshadow runs on every refresh over the
	// whole catalog, and a Unicode normalisation per skill adds up at
	// 100,000 skills.
	folded string
}

// SkillPath returns the absolute path of the skill's SKILL.md.
func (s *Skill) SkillPath() string { return filepath.Join(s.Dir, s.SkillFile) }

// Catalog is a live, searchable catalog of skills. All methods are safe for
// concurrent use.
type Catalog struct {
	opts    Options
	log     *slog.Logger
	dataDir string
	st      *store.Store
	ix      *search.Index

	refreshMu sync.Mutex // one refresh at a time

	mu     sync.RWMutex
	skills map[string]*Skill   // every skill found, valid or not, by id
	byName map[string]string   // folded name → winning valid skill id
	byDir  map[string]*Skill   // skill folder (Dir) → skill, for RefreshPaths
	groups map[string][]string // folded name → ids of its valid skills, winner first
	walk   []skillmd.Diagnostic

	// bodies holds the ids whose body text is not in the search index yet
	// (BackgroundBodies). It changes only under refreshMu, and the
	// background pass indexes under refreshMu too, so a body is always
	// indexed from the store's current record and can never bring back a
	// removed or older version of a skill. bodyMu lets BodiesPending read
	// it without waiting for a refresh.
	bodyMu   sync.Mutex
	bodies   map[string]struct{}
	inFlight int // ids of the chunk the background pass is writing
	bodyKick chan struct{}
	bodyStop context.CancelFunc
	bodyDone sync.WaitGroup

	// repairing is set by the first damage found while serving (see
	// damaged); repairs tracks its rebuild, which Close cancels
	// (repairStop) and waits for.
	repairing  atomic.Bool
	shut       atomic.Bool // Close began: errors from closed files are not damage
	repairs    sync.WaitGroup
	repairCtx  context.Context
	repairStop context.CancelFunc
	reparse    bool // load dropped deferred skills for Open's refresh to parse

	subMu sync.Mutex
	subs  []func(Change)

	// degraded is why the catalog serves from memory (see degrade); nil
	// while the data dir works. retired holds the data dir's store and
	// index after that, kept open (and locked) until Close. Both change
	// under refreshMu and mu.
	degraded error
	retired  []io.Closer
	// rst and rix, when set, are what readers use while a degraded
	// catalog rebuilds its in-memory store and index: the data dir's
	// files, still readable, so searches do not see a half-built index.
	rst *store.Store
	rix *search.Index
	// closed is set by Close (under refreshMu): refreshes fail after it.
	closed bool

	// unlisted remembers files that a re-walk on the read path did not
	// list, per skill record (see stale).
	unlistedMu sync.Mutex
	unlisted   map[string]*FileInfo
	readWalks  atomic.Int64 // folder walks started by reads, for tests
}

// Change describes what a refresh changed, for watchers and MCP
// notifications.
type Change struct {
	Added, Updated, Removed []string // skill ids
	// ListChanged is true when the set of served skills or any name or
	// description changed.
	ListChanged bool
}

// Stats summarise one refresh.
type Stats struct {
	Found     int           `json:"found"`
	Valid     int           `json:"valid"`
	Invalid   int           `json:"invalid"`
	Shadowed  int           `json:"shadowed"`
	Parsed    int           `json:"parsed"`
	Unchanged int           `json:"unchanged"`
	Removed   int           `json:"removed"`
	Duration  time.Duration `json:"duration_ns"`
}

// Open opens (or creates) the catalog's store and search index, reloads
// what an earlier run stored, repairs any disagreement between the two, and
// runs a first Refresh. A store or index that cannot be opened or comes
// from another version is rebuilt from the skill folders, which are the
// source of truth. Errors: a *LockedError (unwrapping to store.ErrLocked or
// search.ErrLocked) naming the other process when one holds the data dir
// past Options.LockTimeout.
func Open(ctx context.Context, opts *Options) (*Catalog, error) {
	c, err := openNoRefresh(opts)
	if err != nil {
		return nil, err
	}
	if _, err := c.Refresh(ctx); err != nil {
		c.Close()
		return nil, err
	}
	if c.reparse {
		// The refresh parsed in full what an earlier run had deferred.
		if err := c.saveBodies(); err != nil {
			c.Close()
			return nil, err
		}
	}
	return c, nil
}

func openNoRefresh(opts *Options) (*Catalog, error) {
	c := &Catalog{skills: map[string]*Skill{}, byName: map[string]string{}, byDir: map[string]*Skill{},
		bodies: map[string]struct{}{}, bodyKick: make(chan struct{}, 1)}
	if opts != nil {
		c.opts = *opts
	}
	c.repairCtx, c.repairStop = context.WithCancel(context.Background())
	c.log = c.opts.Logger
	if c.log == nil {
		c.log = slog.New(slog.DiscardHandler)
	}
	for i, r := range c.opts.Roots {
		abs, err := filepath.Abs(r.Path)
		if err != nil {
			return nil, fmt.Errorf("skill root %q: %w", r.Path, err)
		}
		c.opts.Roots[i].Path = abs
	}
	if c.opts.DataDir == "" {
		c.opts.Mem = true
	}
	stPath, ixPath := "", ""
	if !c.opts.Mem {
		c.dataDir = filepath.Join(c.opts.DataDir, c.key())
		if err := os.MkdirAll(c.dataDir, 0o755); err != nil {
			c.inMemory("data dir", err)
		} else {
			stPath, ixPath = filepath.Join(c.dataDir, storeFile), filepath.Join(c.dataDir, indexFile)
		}
	}
	st, err := store.Open(stPath, &store.Options{Timeout: c.lockTimeout()})
	// Anything but a lock held by another process means the file is not
	// ours to trust: rebuild it from the folders, the source of truth.
	if err != nil && !errors.Is(err, store.ErrLocked) && stPath != "" {
		c.log.Warn("store unusable; rebuilding it from the skill folders", "path", stPath, "err", err)
		st, err = c.recreateStore(stPath)
	}
	if isLocked(err) {
		return nil, lockedError(c.dataDir, err)
	}
	if err != nil && stPath != "" {
		// A read-only or full disk, or a folder we may not write: serve
		// from memory rather than not at all.
		c.inMemory("open store", err)
		stPath, ixPath = "", ""
		st, err = store.Open("", nil)
	}
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	c.st = st
	c.claim()
	ix, err := search.Open(ixPath, &search.Options{Timeout: c.lockTimeout()})
	if err != nil && !errors.Is(err, search.ErrLocked) && ixPath != "" {
		c.log.Warn("search index unusable; rebuilding it from the store", "path", ixPath, "err", err)
		ix, err = c.recreateIndex(ixPath)
	}
	if err != nil && !isLocked(err) && ixPath != "" {
		c.inMemory("open search index", err)
		c.retired = append(c.retired, st)
		st, _ = store.Open("", nil)
		c.st = st
		ix, err = search.Open("", nil)
	}
	if err != nil {
		c.release()
		st.Close()
		if isLocked(err) {
			return nil, lockedError(c.dataDir, err)
		}
		return nil, fmt.Errorf("open search index: %w", err)
	}
	c.ix = ix
	if c.opts.BackgroundBodies {
		ctx, cancel := context.WithCancel(context.Background())
		c.bodyStop = cancel
		c.bodyDone.Add(1)
		go c.indexBodies(ctx)
	}
	err = c.rebuildMarked()
	if err == nil {
		err = c.load()
	}
	if err != nil {
		if err = c.rebuildDamaged(err); err != nil {
			c.Close()
			return nil, err
		}
	}
	return c, nil
}

// key names the data subfolder of this catalog: the roots, their order,
// the mode, the depth and the record version all change what is stored.
func (c *Catalog) key() string {
	h := sha256.New()
	for _, r := range c.opts.Roots {
		fmt.Fprintf(h, "%s\x00%s\x00", r.Path, r.Label)
	}
	fmt.Fprintf(h, "mode=%d depth=%d rules=%d record=%d", c.opts.Mode, c.opts.MaxDepth, skillmd.RulesVersion, recordVersion)
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// DataDir returns the folder holding this catalog's store and index, or ""
// for an in-memory catalog.
func (c *Catalog) DataDir() string { return c.dataDir }

// Roots returns the catalog's roots with absolute paths, in priority order.
func (c *Catalog) Roots() []Root { return append([]Root(nil), c.opts.Roots...) }

// Close stops the background body indexing (waiting for the batch in
// flight, a fraction of a second) and releases the store and the search
// index. Bodies not indexed yet are recorded in the store and indexed by
// the next Open.
func (c *Catalog) Close() error {
	if c.bodyStop != nil {
		c.bodyStop()
		c.bodyDone.Wait()
	}
	c.shut.Store(true)
	c.repairStop()
	c.repairs.Wait()
	// A refresh in progress (the watcher's, a rescan) finishes first, and
	// none starts after: it would write to closed files.
	c.refreshMu.Lock()
	defer c.refreshMu.Unlock()
	c.closed = true
	var errs []error
	if c.ix != nil {
		errs = append(errs, c.ix.Close())
	}
	if c.st != nil {
		c.release()
		errs = append(errs, c.st.Close())
	}
	for _, r := range c.retired {
		_ = r.Close() // already failing; its error was reported when it was retired
	}
	return errors.Join(errs...)
}

// State keys in the store. pendingKey lists the ids of the write in
// flight (store first, then search index), bodiesKey the ids whose body
// text may be missing from the search index; both are redone by the next
// Open after a crash.
const (
	pendingKey = "pending"
	bodiesKey  = "bodies"
)

// deferBodiesMin is the fewest skills a refresh must parse before it
// defers their bodies (BackgroundBodies): one edited skill is indexed whole
// at once, so a change is searchable in full as soon as it is visible.
const deferBodiesMin = 64

// bodyChunk is how many skills the background pass completes per hold of
// refreshMu: one search index batch (each batch waits for the index to
// persist, and each persist rewrites per-document state, so fewer and
// larger is much faster). That is up to about a second of work on two
// shared cores, the longest a watcher's refresh waits behind the pass
// while it runs.
const bodyChunk = 250

// load reads the records an earlier run stored and makes the search index
// agree with them: ids the index lacks or holds too many, and the skills a
// crashed run was writing (the pending list), are re-indexed from the
// stored content.
func (c *Catalog) load() error {
	skills, bad, err := c.readStore()
	if err != nil {
		return fmt.Errorf("read store: %w", err)
	}
	if len(bad) > 0 {
		// Records that do not decode (damaged, of another record version,
		// naming another id) are never served: forgetting them makes the
		// first refresh derive them again from their folders, and the
		// repair below drops their search documents.
		c.log.Warn("store records unreadable or of another version; re-reading their skill folders", "records", len(bad))
		if err := c.st.Delete(bad...); err != nil {
			c.log.Warn("dropping unreadable store records", "err", err)
		}
	}
	redo := map[string]bool{}
	for _, id := range c.stateIDs(pendingKey) {
		redo[id] = true
	}
	// Skills an earlier run recorded from their frontmatter only and did
	// not finish: the background pass completes them, or, without one,
	// forgetting them makes the first refresh parse them in full.
	deferred := c.stateIDs(bodiesKey)
	for _, id := range deferred {
		if skills[id] == nil {
			continue
		}
		if c.opts.BackgroundBodies {
			c.bodies[id] = struct{}{}
		} else {
			delete(skills, id)
			c.reparse = true
		}
	}
	indexed, err := c.ix.IDs()
	if err != nil {
		return fmt.Errorf("%w: %w", errIndexRead, err)
	}
	var extra []string
	have := map[string]bool{}
	for _, id := range indexed {
		have[id] = true
		if s := skills[id]; s == nil || !s.Valid {
			extra = append(extra, id)
		}
	}
	for id, s := range skills {
		if s.Valid && !have[id] {
			redo[id] = true
		}
	}
	if len(extra)+len(redo) > 0 {
		// An interrupted write, a lost store or a damaged index: worth a
		// warning, since it says the data dir was not left in order.
		c.log.Warn("search index disagreed with the store; repairing it from the store", "missing", len(redo), "extra", len(extra))
	}
	if len(extra) > 0 {
		if err := c.ix.Delete(extra...); err != nil {
			return fmt.Errorf("repair search index: %w", err)
		}
	}
	if len(redo) > 0 {
		var docs []search.Doc
		for id := range redo {
			s := skills[id]
			if s == nil || !s.Valid {
				continue
			}
			if c.opts.BackgroundBodies {
				// Metadata now, the body in the background: a lost
				// index of 100,000 skills is searchable in seconds.
				docs = append(docs, docFor(s, ""))
				c.bodies[id] = struct{}{}
				continue
			}
			content, err := c.st.File(id, s.SkillFile)
			if err != nil {
				delete(skills, id) // the next refresh parses it again
				continue
			}
			docs = append(docs, docFor(s, bodyOf(content)))
		}
		if err := c.saveBodies(); err != nil {
			return err
		}
		if err := c.ix.Index(docs...); err != nil {
			return fmt.Errorf("repair search index: %w", err)
		}
		if err := c.st.SetState(pendingKey, nil); err != nil {
			return err
		}
	}
	c.mu.Lock()
	c.skills = skills
	c.reshadow()
	c.mu.Unlock()
	return nil
}

// readStore decodes every stored skill record, and lists the ids of the
// records that do not decode (see decodeRecord). Decoding JSON is the
// largest part of a warm start (about 30 us per record), so records are
// decoded on all cores while the store is read.
func (c *Catalog) readStore() (map[string]*Skill, []string, error) {
	type record struct {
		id   string
		meta []byte
	}
	workers := runtime.GOMAXPROCS(0)
	recs := make(chan record, 256)
	parts := make([]map[string]*Skill, workers)
	bads := make([][]string, workers)
	var wg sync.WaitGroup
	for w := range parts {
		parts[w] = map[string]*Skill{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range recs {
				s, err := decodeRecord(r.id, r.meta, len(c.opts.Roots))
				if err != nil {
					c.log.Debug("store record not used", "id", r.id, "err", err)
					bads[w] = append(bads[w], r.id)
					continue
				}
				parts[w][r.id] = s
			}
		}()
	}
	err := c.st.ForEach(func(id string, meta []byte) error {
		recs <- record{id, bytes.Clone(meta)} // meta is valid only during the call
		return nil
	})
	close(recs)
	wg.Wait()
	if err != nil {
		return nil, nil, err
	}
	skills := parts[0]
	for _, p := range parts[1:] {
		maps.Copy(skills, p)
	}
	return skills, slices.Concat(bads...), nil
}

// stateIDs reads a state key holding a JSON list of ids; a missing or
// unreadable key is an empty list.
func (c *Catalog) stateIDs(key string) []string {
	var ids []string
	if p, err := c.st.State(key); err == nil && len(p) > 0 {
		if ids, err = decodeIDs(p); err != nil {
			c.log.Warn("ignoring unreadable store state", "key", key, "err", err)
		}
	}
	return ids
}

// saveBodies records the ids of bodies still to index, so a crash before
// the background pass ends is finished by the next Open. Callers hold
// refreshMu (or are in Open).
func (c *Catalog) saveBodies() error {
	c.bodyMu.Lock()
	ids := make([]string, 0, len(c.bodies))
	for id := range c.bodies {
		ids = append(ids, id)
	}
	c.bodyMu.Unlock()
	var val []byte
	if len(ids) > 0 {
		sort.Strings(ids)
		val = encodeIDs(ids)
	}
	if err := c.st.SetState(bodiesKey, val); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// BodiesPending returns how many served skills' body text is not yet in
// the search index: 0 once a BackgroundBodies build has finished (and
// always 0 without BackgroundBodies). While it is above 0, names,
// descriptions and tags are fully searchable but a query that only
// matches body text may miss those skills.
func (c *Catalog) BodiesPending() int {
	c.bodyMu.Lock()
	defer c.bodyMu.Unlock()
	return len(c.bodies) + c.inFlight
}

// kickBodies wakes the background body pass if there is work for it.
func (c *Catalog) kickBodies() {
	if c.bodyStop == nil || c.BodiesPending() == 0 {
		return
	}
	select {
	case c.bodyKick <- struct{}{}:
	default:
	}
}

// indexBodies is the background body pass: it runs until ctx ends,
// indexing the pending bodies in chunks whenever kicked.
func (c *Catalog) indexBodies(ctx context.Context) {
	defer c.bodyDone.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.bodyKick:
		}
		for ctx.Err() == nil {
			more, err := c.indexBodyChunk(ctx)
			if err != nil {
				c.bodyFailed(ctx, err)
				break
			}
			if !more {
				break
			}
		}
	}
}

// indexBodyChunk completes up to bodyChunk skills of a deferred build and
// reports whether more are pending: each folder is parsed in full (body,
// references, every file hashed and cached) and written to the store and
// the search index with its body. It holds refreshMu, so no refresh
// interleaves: it starts from the store's current record, and an id the
// store no longer has is dropped. A skill whose SKILL.md changed since
// its record was made is left alone: its fingerprint changed too, so the
// next refresh (or the stat of a load) parses it again.
func (c *Catalog) indexBodyChunk(ctx context.Context) (bool, error) {
	c.refreshMu.Lock()
	defer c.refreshMu.Unlock()
	if ctx.Err() != nil {
		return false, nil
	}
	// The chunk's ids move to inFlight: still counted by BodiesPending,
	// and still in the saved list until the pass has written them.
	c.bodyMu.Lock()
	ids := make([]string, 0, bodyChunk)
	for id := range c.bodies {
		if len(ids) == bodyChunk {
			break
		}
		ids = append(ids, id)
		delete(c.bodies, id)
	}
	c.inFlight = len(ids)
	c.bodyMu.Unlock()
	if len(ids) == 0 {
		return false, nil
	}
	more, err := c.completeSkills(ids)
	c.bodyMu.Lock()
	if err != nil {
		for _, id := range ids {
			c.bodies[id] = struct{}{}
		}
	}
	c.inFlight = 0
	c.bodyMu.Unlock()
	return more, err
}

// completeSkills is indexBodyChunk's work on ids; callers hold refreshMu.
func (c *Catalog) completeSkills(ids []string) (bool, error) {
	var fs []*found
	var fids []string
	var recs []*Skill
	for _, id := range ids {
		meta, err := c.st.Meta(id)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return false, err
		}
		s, err := decodeRecord(id, meta, len(c.opts.Roots))
		if err != nil {
			continue // load drops such records; the next refresh re-reads the folder
		}
		files := append([]FileInfo(nil), s.Files...)
		for i := range files {
			files[i].Hash = ""
		}
		fs = append(fs, &found{root: s.Root, dir: s.Dir, realDir: s.RealDir, rel: s.Rel, depth: s.Depth, skillFile: s.SkillFile, files: files})
		fids, recs = append(fids, id), append(recs, s)
	}
	all := make([]int, len(fs))
	for i := range all {
		all[i] = i
	}
	var done []parsed
	for k, p := range c.parseAll(fs, fids, all, false) {
		if p.skill.Hash == recs[k].Hash {
			done = append(done, p)
		}
	}
	if err := c.write(done, nil, false); err != nil {
		return false, err
	}
	c.mu.Lock()
	reshadow := false
	for _, p := range done {
		cur := c.skills[p.skill.ID]
		if cur == nil || cur.Hash != p.skill.Hash || cur.Dir != p.skill.Dir {
			continue
		}
		p.skill.ShadowedBy = cur.ShadowedBy
		c.skills[p.skill.ID] = p.skill
		if c.byDir[p.skill.Dir] == cur {
			c.byDir[p.skill.Dir] = p.skill
		}
		reshadow = reshadow || cur.Valid != p.skill.Valid || cur.Name != p.skill.Name
	}
	if reshadow {
		c.reshadow()
	}
	c.mu.Unlock()
	c.bodyMu.Lock()
	left := len(c.bodies)
	c.bodyMu.Unlock()
	if left == 0 {
		return false, c.saveBodies()
	}
	return true, nil
}

func bodyOf(content []byte) string {
	if _, body, _, ok := skillmd.SplitFrontmatter(content); ok {
		return string(body)
	}
	return string(content)
}

func docFor(s *Skill, body string) search.Doc {
	return search.Doc{ID: s.ID, Name: s.Name, Description: s.Description, Tags: s.Tags, Body: body}
}

// Refresh walks the roots and brings the catalog up to date: new and
// changed skills (by file fingerprints: path, size, modification time) are
// parsed and written to the store and the search index; vanished ones are
// removed; shadowing is recomputed. Unchanged skills cost one stat per
// file. A skill that fails to parse stays in the catalog as invalid with
// its diagnostics and is not served.
func (c *Catalog) Refresh(ctx context.Context) (*Stats, error) {
	c.refreshMu.Lock()
	defer c.refreshMu.Unlock()
	return c.refreshLocked(ctx)
}

// RefreshPaths brings the catalog up to date after changes to the given
// paths (files or folders, absolute). When every path lies inside a known
// skill folder, only those folders are walked again (the common case of an
// author editing a skill); otherwise it falls back to Refresh.
func (c *Catalog) RefreshPaths(ctx context.Context, paths []string) (*Stats, error) {
	c.mu.RLock()
	var targets []*Skill
	seen := map[string]bool{}
	whole := len(paths) == 0
	for _, p := range paths {
		// The deepest skill folder holding p: the first one met walking
		// up from p (a map lookup per level, not a scan of the catalog).
		var best *Skill
		for d := filepath.Clean(p); ; d = filepath.Dir(d) {
			if s := c.byDir[d]; s != nil {
				best = s
				break
			}
			if filepath.Dir(d) == d {
				break
			}
		}
		// A path that names a skill folder itself may be a rename or a
		// removal of the folder: only a full walk sees where it went.
		if best == nil || best.Dir == p || best.Rel == "" {
			whole = true
			break
		}
		if !seen[best.ID] {
			seen[best.ID] = true
			targets = append(targets, best)
		}
	}
	c.mu.RUnlock()
	if whole {
		return c.Refresh(ctx)
	}
	c.refreshMu.Lock()
	defer c.refreshMu.Unlock()
	start := time.Now()
	var found []*found
	var ids []string
	for _, t := range targets {
		w := &walker{maxDepth: c.maxDepth(), visited: map[string]bool{}}
		w.walk(t.Root, t.Dir, t.RealDir, t.Rel, t.Depth, nil)
		for _, f := range w.found {
			id := f.rel
			if f.rel == t.Rel {
				id = t.ID
			} else if o, ok := c.skillByID(id); ok && o.Dir != f.dir {
				return c.refreshLocked(ctx) // an id collision needs the global view
			}
			found, ids = append(found, f), append(ids, id)
		}
	}
	c.mu.RLock()
	walkDiags := c.walk
	c.mu.RUnlock()
	inScope := func(s *Skill) bool {
		for _, t := range targets {
			if within(t.Dir, s.Dir) {
				return true
			}
		}
		return false
	}
	return c.apply(ctx, start, found, ids, inScope, walkDiags)
}

// refreshLocked is Refresh for callers that hold refreshMu.
func (c *Catalog) refreshLocked(ctx context.Context) (*Stats, error) {
	start := time.Now()
	found, walkDiags := discover(c.opts.Roots, c.opts.MaxDepth)
	return c.apply(ctx, start, found, skillIDs(found, c.opts.Roots), func(*Skill) bool { return true }, walkDiags)
}

func (c *Catalog) maxDepth() int {
	if c.opts.MaxDepth > 0 {
		return c.opts.MaxDepth
	}
	return DefaultMaxDepth
}

func (c *Catalog) skillByID(id string) (*Skill, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	s, ok := c.skills[id]
	return s, ok
}

// apply makes the catalog agree with found (with their ids) for the skills
// inScope selects: unchanged skills are kept, new and changed ones parsed
// and written, in-scope skills not found are removed. Skills out of scope
// are kept as they are. Callers hold refreshMu.
func (c *Catalog) apply(ctx context.Context, start time.Time, found []*found, ids []string, inScope func(*Skill) bool, walkDiags []skillmd.Diagnostic) (*Stats, error) {
	if c.closed {
		return nil, ErrClosed
	}
	stats, err := c.applyOnce(ctx, start, found, ids, inScope, walkDiags)
	if errors.Is(err, errWrite) && errors.Is(err, store.ErrCorrupt) {
		// Damage, not a full or read-only disk: the next start must not
		// trust these files again.
		c.markRebuild(err)
	}
	if err != nil && errors.Is(err, errWrite) && c.degrade(err) {
		return c.rebuildInMemory(ctx)
	}
	return stats, err
}

func (c *Catalog) applyOnce(ctx context.Context, start time.Time, found []*found, ids []string, inScope func(*Skill) bool, walkDiags []skillmd.Diagnostic) (*Stats, error) {
	c.mu.RLock()
	old := c.skills
	c.mu.RUnlock()

	stats := &Stats{Found: len(found)}
	next := make(map[string]*Skill, len(old)+len(found))
	current := make(map[string]bool, len(ids))
	for _, id := range ids {
		current[id] = true
	}
	var removed []string
	for id, s := range old {
		switch {
		case !inScope(s):
			next[id] = s
		case !current[id]:
			removed = append(removed, id)
		}
	}
	sort.Strings(removed)
	var todo []int
	for i, f := range found {
		sortFiles(f.files)
		if o := old[ids[i]]; o != nil && o.Dir == f.dir && o.Root == f.root && sameFiles(o.Files, f.files) {
			next[ids[i]] = o
			stats.Unchanged++
			continue
		}
		todo = append(todo, i)
	}

	deferBodies := c.opts.BackgroundBodies && len(todo) >= deferBodiesMin
	if deferBodies {
		// Recorded before the first metadata-only document is written.
		c.bodyMu.Lock()
		for _, i := range todo {
			c.bodies[ids[i]] = struct{}{}
		}
		c.bodyMu.Unlock()
		if err := c.saveBodies(); err != nil {
			return nil, fmt.Errorf("%w: %w", errWrite, err)
		}
	}
	defer c.kickBodies()

	change := Change{}
	// The next batch is parsed while this one is written: writes spend
	// most of their time waiting for the search index to persist.
	parseBatch := func(n int) <-chan []parsed {
		ch := make(chan []parsed, 1)
		if n >= len(todo) {
			close(ch)
			return ch
		}
		go func() { ch <- c.parseAll(found, ids, todo[n:min(n+batchSize, len(todo))], deferBodies) }()
		return ch
	}
	upcoming := parseBatch(0)
	for n := 0; n < len(todo); n += batchSize {
		parsed := <-upcoming
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		upcoming = parseBatch(n + batchSize)
		if err := c.write(parsed, nil, deferBodies); err != nil {
			<-upcoming
			return nil, fmt.Errorf("%w: %w", errWrite, err)
		}
		for _, p := range parsed {
			next[p.skill.ID] = p.skill
			o := old[p.skill.ID]
			switch {
			case o == nil:
				change.Added = append(change.Added, p.skill.ID)
				change.ListChanged = change.ListChanged || p.skill.Valid
			default:
				change.Updated = append(change.Updated, p.skill.ID)
				if o.Valid != p.skill.Valid || o.Name != p.skill.Name || o.Description != p.skill.Description {
					change.ListChanged = true
				}
			}
		}
		stats.Parsed += len(parsed)
		if c.opts.Progress != nil {
			c.opts.Progress(n+len(parsed), len(todo))
		}
	}
	if len(removed) > 0 {
		if err := c.write(nil, removed, false); err != nil {
			return nil, fmt.Errorf("%w: %w", errWrite, err)
		}
		change.Removed = removed
		for _, id := range removed {
			if old[id].Valid {
				change.ListChanged = true
			}
		}
	}
	stats.Removed = len(removed)

	c.mu.Lock()
	c.skills = next
	c.walk = walkDiags
	changed := append(append([]string{}, change.Added...), change.Updated...)
	changed = append(changed, removed...)
	if c.groups != nil && len(changed)*8 < len(next) {
		c.reshadowChanged(old, changed)
	} else {
		c.reshadow()
	}
	for _, s := range next {
		switch {
		case !s.Valid:
			stats.Invalid++
		case s.ShadowedBy != "":
			stats.Shadowed++
			stats.Valid++
		default:
			stats.Valid++
		}
	}
	c.mu.Unlock()
	stats.Duration = time.Since(start)
	if len(change.Added)+len(change.Updated)+len(change.Removed) > 0 {
		c.notify(change)
	}
	return stats, nil
}

func sameFiles(a, b []FileInfo) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Path != b[i].Path || a[i].Size != b[i].Size || a[i].ModTime != b[i].ModTime {
			return false
		}
	}
	return true
}

// parsed is one skill read from disk, ready to be written.
type parsed struct {
	skill *Skill
	body  string
	files map[string][]byte
}

// parseAll parses the skills picked by batch on all cores.
func (c *Catalog) parseAll(found []*found, ids []string, batch []int, metaOnly bool) []parsed {
	out := make([]parsed, len(batch))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				i := batch[k]
				out[k] = c.parseOne(found[i], ids[i], metaOnly)
			}
		}()
	}
	for k := range batch {
		next <- k
	}
	close(next)
	wg.Wait()
	return out
}

// parseOne reads one skill folder: SKILL.md is parsed and validated; every
// text file up to MaxFileSize is hashed and kept for the content cache.
//
// metaOnly is the first pass of a deferred build: only SKILL.md is read,
// and only its frontmatter parsed, which yields the same name,
// description, tags, fields, validity and frontmatter diagnostics (the
// body only adds references and their warnings, never an error; a body
// that is not UTF-8 text takes the full parse). The background pass then
// parses the whole folder again (indexBodyChunk).
func (c *Catalog) parseOne(f *found, id string, metaOnly bool) parsed {
	r := c.opts.Roots[f.root]
	s := &Skill{ID: id, Rel: f.rel, Root: f.root, RootLabel: r.Label, Dir: f.dir, RealDir: f.realDir,
		SkillFile: f.skillFile, Depth: f.depth, Files: f.files}
	p := parsed{skill: s, files: map[string][]byte{}}
	display := filepath.Join(f.dir, f.skillFile)
	cached := 0
	var content, codex []byte
	// Every file is read through one descriptor of the folder: links are
	// resolved by the kernel beneath it, so a file the walk listed cannot
	// be swapped for a link out of the folder, or a FIFO, before the read.
	dir, dirErr := safefs.OpenDir(f.realDir)
	if dirErr == nil {
		defer dir.Close()
	}
	for i := range s.Files {
		fi := &s.Files[i]
		if metaOnly && fi.Path != f.skillFile && fi.Path != skillmd.CodexMetadataPath {
			continue
		}
		if fi.Size > MaxFileSize {
			if fi.Path == f.skillFile {
				s.Diagnostics = append(s.Diagnostics, skillmd.Diagnostic{Severity: skillmd.SeverityError, Code: "file-too-large", File: display,
					Message: fmt.Sprintf("SKILL.md is %d bytes; the limit is %d (1 MiB)", fi.Size, MaxFileSize), Fix: "move detail into reference files and link them from SKILL.md"})
			}
			continue
		}
		var data []byte
		err := dirErr
		if err == nil {
			data, err = dir.ReadFile(fi.Path, MaxFileSize)
			err = fsError(fi.Path, err)
		}
		if err != nil {
			if fi.Path == f.skillFile {
				s.Diagnostics = append(s.Diagnostics, skillmd.Diagnostic{Severity: skillmd.SeverityError, Code: "unreadable", File: display,
					Message: fmt.Sprintf("cannot read SKILL.md: %v", err), Fix: "check the file's permissions"})
			}
			continue
		}
		sum := sha256.Sum256(data)
		fi.Hash = hex.EncodeToString(sum[:])
		if fi.Path == skillmd.CodexMetadataPath {
			codex = data
		}
		if fi.Path == f.skillFile {
			content = data
			s.Hash = fi.Hash
			p.files[fi.Path] = data
			continue
		}
		if isText(data) && cached+len(data) <= maxCachedPerSkill {
			p.files[fi.Path] = data
			cached += len(data)
		}
	}
	if content == nil {
		return p // Valid stays false; the diagnostic says why
	}
	names := make([]string, len(s.Files))
	for i, fi := range s.Files {
		names[i] = fi.Path
	}
	parse := content
	if metaOnly {
		parse = frontmatterOnly(content)
	}
	ms, diags, err := skillmd.Parse(display, parse, names)
	s.Diagnostics = append(s.Diagnostics, diags...)
	if err != nil {
		s.Diagnostics = append(s.Diagnostics, parseErrorDiag(display, err))
		return p
	}
	s.Name, s.Description, s.Tags = ms.Name, ms.Description, ms.Tags
	s.Version, s.Author, s.License, s.Compatibility = ms.Version, ms.Author, ms.License, ms.Compatibility
	s.AllowedTools, s.Metadata, s.References = ms.AllowedTools, ms.Metadata, ms.References
	if codex != nil {
		cm, cdiags := skillmd.ParseCodexMetadata(filepath.Join(f.dir, filepath.FromSlash(skillmd.CodexMetadataPath)), codex)
		ms.Codex, s.Diagnostics = cm, append(s.Diagnostics, cdiags...)
	}
	s.DisableModelInvocation, s.UserInvocable = ms.HiddenFromModel(), ms.UserInvocable
	for _, d := range skillmd.Validate(ms, filepath.Base(f.dir), c.opts.Mode) {
		if d.File == "" {
			d.File = display
		}
		s.Diagnostics = append(s.Diagnostics, d)
	}
	s.Valid = true
	for _, d := range s.Diagnostics {
		if d.Severity == skillmd.SeverityError {
			s.Valid = false
		}
	}
	p.body = ms.Body
	return p
}

// frontmatterOnly returns the part of a SKILL.md up to the end of its
// frontmatter, or all of it when it is not plain text or the frontmatter
// cannot be cut off exactly (the full parse then decides).
func frontmatterOnly(content []byte) []byte {
	if len(content) > skillmd.MaxFileBytes || !isText(content) {
		return content
	}
	_, body, _, ok := skillmd.SplitFrontmatter(content)
	if !ok || !bytes.HasSuffix(content, body) {
		return content
	}
	return content[:len(content)-len(body)]
}

// parseErrorDiag turns a parse failure into the skill's error diagnostic,
// with the parser's code and fix when it gives them.
func parseErrorDiag(file string, err error) skillmd.Diagnostic {
	var pe *skillmd.ParseError
	if errors.As(err, &pe) {
		d := pe.Diagnostic()
		if d.File == "" {
			d.File = file
		}
		return d
	}
	return skillmd.Diagnostic{Severity: skillmd.SeverityError, Code: "parse-error", File: file, Message: err.Error(), Fix: "fix the frontmatter of SKILL.md"}
}

// isText reports whether data looks like text: valid UTF-8 without NUL
// bytes.
func isText(data []byte) bool {
	for _, b := range data {
		if b == 0 {
			return false
		}
	}
	return utf8.Valid(data)
}

// write stores parsed skills and removes the given ids, in the store and
// in the search index. The ids being written are recorded as pending
// first, so a crash during the writes is repaired at the next Open. With noBody the search documents leave the body out (the caller
// has queued the bodies); otherwise written and removed ids leave the
// queue. Callers hold refreshMu.
func (c *Catalog) write(ps []parsed, removed []string, noBody bool) error {
	var ids []string
	for _, p := range ps {
		ids = append(ids, p.skill.ID)
	}
	ids = append(ids, removed...)
	pend := encodeIDs(ids)
	if err := c.st.SetState(pendingKey, pend); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	entries := make([]store.Entry, 0, len(ps))
	var docs []search.Doc
	var drop []string
	for _, p := range ps {
		meta, err := encodeRecord(p.skill)
		if err != nil {
			return err
		}
		entries = append(entries, store.Entry{ID: p.skill.ID, Meta: meta, Files: p.files})
		if p.skill.Valid {
			body := p.body
			if noBody {
				body = ""
			}
			docs = append(docs, docFor(p.skill, body))
		} else {
			drop = append(drop, p.skill.ID)
		}
	}
	// The two writes run side by side: both mostly wait for their files
	// to sync. Whichever order a crash interrupts them in, the pending
	// list makes the next Open re-index these ids from the store (and drop
	// index documents the store does not have).
	stored := make(chan error, 1)
	go func() {
		if len(entries) > 0 {
			if err := c.st.Put(entries...); err != nil {
				stored <- err // already says "store: put PATH: ..."
				return
			}
		}
		if len(removed) > 0 {
			if err := c.st.Delete(removed...); err != nil {
				stored <- err
				return
			}
		}
		stored <- nil
	}()
	drop = append(drop, removed...)
	var ixErr error
	if len(drop) > 0 {
		if err := c.ix.Delete(drop...); err != nil {
			ixErr = fmt.Errorf("search index: %w", err)
		}
	}
	if len(docs) > 0 && ixErr == nil {
		if err := c.ix.Index(docs...); err != nil {
			ixErr = fmt.Errorf("search index: %w", err)
		}
	}
	if err := errors.Join(<-stored, ixErr); err != nil {
		return err
	}
	if !noBody {
		c.bodyMu.Lock()
		for _, id := range ids {
			delete(c.bodies, id)
		}
		c.bodyMu.Unlock()
	}
	return c.st.SetState(pendingKey, nil)
}

// foldedName is fold(s.Name), computed once per record.
func (s *Skill) foldedName() string {
	if s.folded == "" {
		s.folded = fold(s.Name)
	}
	return s.folded
}

// fold is the key names are compared under: case-insensitive, NFC.
func fold(name string) string { return strings.ToLower(norm.NFC.String(strings.TrimSpace(name))) }

// reshadow recomputes which valid skill wins each name: the higher-priority
// root, then the shallower folder, then the lexically smaller id; and the
// by-folder lookup. Callers hold c.mu for writing.
func (c *Catalog) reshadow() {
	groups := map[string][]*Skill{}
	c.byDir = make(map[string]*Skill, len(c.skills))
	for _, s := range c.skills {
		// Two roots can reach one folder; the higher-priority root's
		// skill answers for it, as in the walk.
		if o := c.byDir[s.Dir]; o == nil || s.Root < o.Root || (s.Root == o.Root && s.ID < o.ID) {
			c.byDir[s.Dir] = s
		}
		s.ShadowedBy = ""
		if s.Valid {
			k := s.foldedName()
			groups[k] = append(groups[k], s)
		}
	}
	c.byName = make(map[string]string, len(groups))
	c.groups = make(map[string][]string, len(groups))
	for k, g := range groups {
		c.rank(k, g)
	}
}

// rank orders the valid skills g sharing the folded name k by priority
// and records the winner and the shadowed. Callers hold c.mu for writing.
func (c *Catalog) rank(k string, g []*Skill) {
	sort.Slice(g, func(i, j int) bool {
		a, b := g[i], g[j]
		if a.Root != b.Root {
			return a.Root < b.Root
		}
		if a.Depth != b.Depth {
			return a.Depth < b.Depth
		}
		return a.ID < b.ID
	})
	ids := make([]string, len(g))
	for i, s := range g {
		ids[i] = s.ID
		s.ShadowedBy = ""
		if i > 0 {
			s.ShadowedBy = g[0].ID
		}
	}
	c.byName[k] = g[0].ID
	c.groups[k] = ids
}

// reshadowChanged is reshadow after a refresh that added, re-parsed or
// removed only the skills changed (old is the map before it): only their
// folders and the names they had or have are looked at again, so a change
// to one skill does not cost a pass over the catalog. It falls back to
// reshadow when a changed skill shares its folder with another (two roots
// reaching one folder). Callers hold c.mu for writing, with c.skills set.
func (c *Catalog) reshadowChanged(old map[string]*Skill, changed []string) {
	keys := map[string]bool{}
	for _, id := range changed {
		o := old[id]
		if o == nil {
			continue
		}
		if c.byDir[o.Dir] == o {
			delete(c.byDir, o.Dir)
		}
		if o.Valid {
			k := o.foldedName()
			keys[k] = true
			c.groups[k] = slices.DeleteFunc(c.groups[k], func(x string) bool { return x == id })
		}
	}
	for _, id := range changed {
		s := c.skills[id]
		if s == nil {
			continue
		}
		if other := c.byDir[s.Dir]; other != nil && other != s {
			c.reshadow()
			return
		}
		c.byDir[s.Dir] = s
		s.ShadowedBy = ""
		if s.Valid {
			k := s.foldedName()
			keys[k] = true
			c.groups[k] = append(c.groups[k], id)
		}
	}
	for k := range keys {
		ids := c.groups[k]
		if len(ids) == 0 {
			delete(c.groups, k)
			delete(c.byName, k)
			continue
		}
		g := make([]*Skill, len(ids))
		for i, id := range ids {
			g[i] = c.skills[id]
		}
		c.rank(k, g)
	}
}

// Subscribe registers fn to be called after every refresh that changed the
// catalog. fn runs on the refreshing goroutine and must not block.
func (c *Catalog) Subscribe(fn func(Change)) {
	c.subMu.Lock()
	c.subs = append(c.subs, fn)
	c.subMu.Unlock()
}

func (c *Catalog) notify(ch Change) {
	c.subMu.Lock()
	subs := append([]func(Change){}, c.subs...)
	c.subMu.Unlock()
	for _, fn := range subs {
		fn(ch)
	}
}
