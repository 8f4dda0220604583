// Package index builds and serves the skill catalog: it discovers skill
// folders under ordered roots, parses and validates each SKILL.md, keeps
// metadata, fingerprints and content in the store and the searchable text
// in the search index, and answers list, load, read_file and search from
// that cache.
package index

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/search"
	"github.com/skilldex/skilldex/store"
)

// MaxFileSize is the largest file load and read_file serve: 1 MiB, the
// get_skill seed's limit ("Support files up to 1MB",
// tools/testdata/seeds/get-skill-tool.md).
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
	opts Options
	log  *slog.Logger

	reader folderReader // reads skill folders; immutable

	// refreshMu: one writer at a time (refreshes, the background body
	// pass, rebuilds, Close). Taken before view.mu and pair.pairMu, never
	// while holding either (ARCHITECTURE.md).
	refreshMu sync.Mutex // taken only through lockWrite

	view *view // the in-memory catalog, under its own lock (mu)
	pair       // the store and the search index, under their own lock (pairMu)

	// bodies holds the ids whose body text is not in the search index yet
	// (BackgroundBodies). It changes only under refreshMu, and the
	// background pass indexes under refreshMu too, so a body is always
	// indexed from the store's current record and can never bring back a
	// removed or older version of a skill. Its own lock lets
	// BodiesPending read it without waiting for a refresh.
	bodies   *bodyQueue
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
	reparse    bool      // load dropped deferred skills for Open's refresh to parse
	dirs       *dirCache // folder listings of the last full walk (dircache.go); under refreshMu

	subMu sync.Mutex
	subs  []func(Change)

	// closed is set by Close (under refreshMu): refreshes fail after it.
	closed bool

	// unlisted remembers files that a re-walk on the read path did not
	// list, per skill record (see stale).
	unlistedMu sync.Mutex
	unlisted   map[string]*FileInfo
	readWalks  atomic.Int64 // folder walks started by reads, for tests
}

// writing is proof that its holder holds refreshMu, the writers' lock.
// Only lockWrite makes one (never write writing{}), and every function
// that writes the store or the search index, or degrades the catalog,
// takes one: a write path that forgot the lock does not compile.
type writing struct{ c *Catalog }

// lockWrite takes refreshMu (waiting for the writer in progress).
func (c *Catalog) lockWrite() writing {
	c.refreshMu.Lock()
	return writing{c}
}

func (w writing) unlock() { w.c.refreshMu.Unlock() }

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
		w := c.lockWrite()
		err := c.saveBodies(w)
		w.unlock()
		if err != nil {
			c.Close()
			return nil, err
		}
	}
	return c, nil
}

func openNoRefresh(opts *Options) (*Catalog, error) {
	c := &Catalog{view: newView(), bodies: newBodyQueue(), bodyKick: make(chan struct{}, 1)}
	if opts != nil {
		c.opts = *opts
	}
	c.repairCtx, c.repairStop = context.WithCancel(context.Background())
	c.log = c.opts.Logger
	if c.log == nil {
		c.log = slog.New(slog.DiscardHandler)
	}
	c.pair.log, c.pair.timeout = c.log, c.opts.LockTimeout
	for i, r := range c.opts.Roots {
		abs, err := filepath.Abs(r.Path)
		if err != nil {
			return nil, fmt.Errorf("skill root %q: %w", r.Path, err)
		}
		c.opts.Roots[i].Path = abs
	}
	c.reader = folderReader{roots: c.opts.Roots, mode: c.opts.Mode}
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
	w := c.lockWrite()
	err = c.rebuildMarked()
	if err == nil {
		err = c.load(w)
	}
	if err != nil {
		err = c.rebuildDamaged(w, err)
	}
	w.unlock()
	if err != nil {
		c.Close()
		return nil, err
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
	w := c.lockWrite()
	defer w.unlock()
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
