// Package index builds and serves the skill catalog: it discovers skill
// folders under ordered roots, parses and validates each SKILL.md, keeps
// metadata, fingerprints and content in the store and the searchable text
// in the search index, and answers list, load, read_file and search from
// that cache.
//
// This package serves the skilldex command and may change without notice;
// programs embedding a catalog import the module's root package,
// github.com/skilldex/skilldex.
package index

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"github.com/skilldex/skilldex/search"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"time"

	"github.com/skilldex/skilldex/index/skillmd"
)

// MaxFileSize is the largest file load and read_file serve: 1 MiB, the
// get_skill seed's limit ("Support files up to 1MB",
// tools/testdata/seeds/get-skill-tool.md).
const MaxFileSize = 1 << 20

// maxCachedPerSkill bounds the bytes of reference files one skill keeps in
// the content cache; files past it are served from disk.
const maxCachedPerSkill = 16 << 20

// batchSize is how many skills go to the store and the search index per
// write with bodies: library facts put bleve's sweet spot at 250-500
// documents, and the search package sends documents with bodies 250 per
// bleve batch, so a multiple of 250 avoids a small trailing segment per
// write. A write with a pending list waits for the index to persist
// (search.Index.Sync); a deferred build writes metaBatchSize at a time.
const batchSize = 250

// Options configure Open. The zero value is usable but has no roots.
type Options struct {
	// Roots in priority order: a skill in an earlier root wins a shared
	// name. Catalog.SetRoots replaces them while the catalog is open.
	Roots []Root
	// Follows names what else decides the roots while the catalog is
	// open (serve: the lockfiles whose git sources it follows, replacing
	// the roots with SetRoots). It is part of the data dir's name, so two
	// catalogs over the same folders that follow different lockfiles
	// never share files, nor a shared server. Absolute paths, in order.
	Follows []string
	// FollowedRoots is how many of the last Roots the lockfiles of
	// Follows resolve to now (their git sources). Those roots change
	// whenever a source is added or removed, so they do not name the data
	// dir: a catalog that follows lockfiles is named by its other roots
	// and by Follows, and keeps its data dir, and so its shared server,
	// across such changes (Open reconciles the stored skills with the
	// roots it is given). 0 when Follows is empty; Open and DataDirOf
	// fail when it is negative or more than len(Roots).
	FollowedRoots int
	// DataDir holds the store and the search index, under a subfolder
	// keyed by the roots (those not in FollowedRoots), so catalogs over
	// different folders never share files. Ignored when Mem is set. ""
	// means Mem.
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
	// OnBuild, when set, is called with true when the catalog starts
	// writing a build's worth of skills (a refresh with at least 64 skills
	// to parse, or a run of the background body pass) and with false when
	// that ends. Calls come in pairs but may nest (a refresh during the
	// body pass), so count them. For a process's memory policy: a build
	// allocates gigabytes that a serving process's tight memory limit
	// would make it collect over and over. It must return quickly and not
	// call the Catalog.
	OnBuild func(building bool)
	// LockTimeout bounds the wait for another process's lock on the data
	// dir; 0 means 2s.
	LockTimeout time.Duration
	// BackgroundBodies makes Open, and any refresh that parses at least
	// 64 skills, return as soon as every skill is listable and searchable
	// by name, description and tags; the rest of each skill (body text in
	// the search index, references and their warnings, the other files'
	// hashes and cached content) is done afterwards by a background
	// goroutine (BodiesPending says how much is left). Body indexing is most
	// of the cost of a cold build (a body is many times the text of a
	// name, description and tags), so a serving process answers within a
	// fraction of the full build. Off, every refresh returns with bodies indexed,
	// which is what one-shot commands want.
	BackgroundBodies bool
	// Embedder, when set, turns on the semantic stage of search: each
	// served skill's name and description is embedded in the background
	// (after Open, and after every change), each query when searched, and
	// Search fuses their cosine similarity with the lexical ranking (see
	// search.Request.Semantic). Skills not embedded yet, or an Embedder
	// that fails, leave the search lexical, and SearchResult says so. The
	// texts go wherever the Embedder sends them. Its Model is part of the
	// data dir's name (one owner per data dir, and a shared server per
	// data dir). Close closes it when it is an io.Closer. nil: lexical
	// search only.
	Embedder Embedder
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
	// whole catalog, and a Unicode normalisation per skill adds up in a
	// large catalog.
	folded string
}

// SkillPath returns the absolute path of the skill's SKILL.md.
func (s *Skill) SkillPath() string { return filepath.Join(s.Dir, s.SkillFile) }

// Catalog is a live, searchable catalog of skills. All methods are safe for
// concurrent use. It is a facade over small types, each owning its lock
// (ARCHITECTURE.md): the view (the skills in memory), the pair (the store
// and the search index), the refresher (the one writer), the body queue
// and its background pass, the read path and the repairer.
type Catalog struct {
	opts Options
	log  *slog.Logger

	view   *view      // the in-memory catalog; its lock is view.mu
	pair   *pair      // the store and the search index; pairMu
	ref    *refresher // the one writer; refreshMu, taken only through lockWrite
	bodies *bodyQueue // bodies still to index (BackgroundBodies); its own lock
	body   *bodyPass  // the background body pass; nil without BackgroundBodies
	files  *fileReads // the read path: freshness, unlisted files, the content cache
	repair *repairer  // damage found while serving, repaired in the background
	sem    *semantic  // the semantic stage; nil without Options.Embedder
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
	if c.ref.reparse {
		// The refresh parsed in full what an earlier run had deferred.
		w := c.ref.lockWrite()
		err := c.bodies.save(w, c.pair.st)
		w.unlock()
		if err != nil {
			c.Close()
			return nil, err
		}
	}
	if c.opts.Embedder != nil {
		c.sem = startSemantic(c)
	}
	return c, nil
}

func openNoRefresh(opts *Options) (*Catalog, error) {
	c := &Catalog{view: newView()}
	if opts != nil {
		c.opts = *opts
	}
	c.log = c.opts.Logger
	if c.log == nil {
		c.log = slog.New(slog.DiscardHandler)
	}
	// the caller's slice stays as given (it may be reading it meanwhile)
	c.opts.Roots = append([]Root(nil), c.opts.Roots...)
	if err := absRoots(c.opts.Roots); err != nil {
		return nil, err
	}
	if err := checkFollowed(&c.opts); err != nil {
		return nil, err
	}
	if c.opts.DataDir == "" {
		c.opts.Mem = true
	}
	dataDir := ""
	if !c.opts.Mem {
		dataDir = filepath.Join(c.opts.DataDir, dataKey(&c.opts))
		adoptEarlier(dataDir, &c.opts, c.log)
	}
	p, err := openPair(dataDir, c.opts.LockTimeout, c.log)
	if err != nil {
		return nil, err
	}
	c.pair = p
	c.bodies = newBodyQueue(c.opts.BackgroundBodies)
	c.ref = newRefresher(&c.opts, c.log, c.view, c.pair, c.bodies)
	c.repair = newRepairer(c.ref)
	c.files = &fileReads{view: c.view, pair: c.pair, ref: c.ref, repair: c.repair}
	if c.opts.BackgroundBodies {
		c.body = startBodyPass(c.bodies, c.ref, c.log)
	}
	// Load what an earlier run stored, and repair it; damage found on the
	// way recreates the damaged file, for the first refresh to fill.
	w := c.ref.lockWrite()
	err = c.pair.rebuildMarked()
	if err == nil {
		err = c.ref.load(w)
	}
	if err != nil {
		err = c.ref.rebuildDamaged(w, err)
	}
	w.unlock()
	if err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// absRoots makes the roots' paths absolute, in place.
func absRoots(roots []Root) error {
	for i, r := range roots {
		abs, err := filepath.Abs(r.Path)
		if err != nil {
			return fmt.Errorf("skill root %q: %w", r.Path, err)
		}
		roots[i].Path = abs
	}
	return nil
}

// dataKey names the data subfolder of a catalog opened with opts (roots
// absolute, FollowedRoots checked by namedRoots): the roots, their order,
// the lockfiles followed, the mode, the depth, the record version and the
// search index's format (search.FormatVersion: our mapping and the bleve
// modules of this build) all change what is stored, so a build with
// another bleve starts from a fresh data dir instead of reading segments
// its bleve may read differently. The roots the lockfiles resolve to
// (FollowedRoots) are left out: the lockfiles name them.
func dataKey(opts *Options) string {
	return keyOf(opts.Roots[:len(opts.Roots)-opts.FollowedRoots], opts.Follows, opts)
}

// keyOf is dataKey over the given roots and lockfiles, the rest from
// opts. A catalog that follows nothing hashes exactly what it always
// did, so its data dir keeps its name.
func keyOf(roots []Root, follows []string, opts *Options) string {
	h := sha256.New()
	for _, r := range roots {
		fmt.Fprintf(h, "%s\x00%s\x00", r.Path, r.Label)
	}
	for _, f := range follows {
		fmt.Fprintf(h, "follows=%s\x00", f)
	}
	fmt.Fprintf(h, "mode=%d depth=%d rules=%d record=%d search=%s", opts.Mode, opts.MaxDepth, skillmd.RulesVersion, recordVersion, search.FormatVersion())
	if opts.Embedder != nil {
		// Not for what is stored (vectors live in memory) but for who
		// serves it: a data dir has one owner, and a shared server is
		// named by its data dir, so sessions that asked for hybrid search
		// and sessions that did not each get a server ranking as asked.
		fmt.Fprintf(h, " embeddings=%s", opts.Embedder.Model())
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// checkFollowed reports a FollowedRoots that names roots opts does not
// have, or roots without the lockfiles they come from.
func checkFollowed(opts *Options) error {
	switch n := opts.FollowedRoots; {
	case n < 0 || n > len(opts.Roots):
		return fmt.Errorf("index options: FollowedRoots %d is not between 0 and the %d roots", n, len(opts.Roots))
	case n > 0 && len(opts.Follows) == 0:
		return fmt.Errorf("index options: FollowedRoots %d without the lockfiles they come from (Follows)", n)
	}
	return nil
}

// DataDir returns the folder holding this catalog's store and index, or ""
// for an in-memory catalog.
func (c *Catalog) DataDir() string { return c.pair.dataDir }

// Roots returns the catalog's roots with absolute paths, in priority order:
// those of Open, or of the last SetRoots once its refresh has published
// the skills under them (Skill.Root indexes this slice).
func (c *Catalog) Roots() []Root { return append([]Root(nil), c.ref.shown.get()...) }

// Close stops the background body indexing (waiting for the batch in
// flight, a fraction of a second) and releases the store and the search
// index. Bodies not indexed yet are recorded in the store and indexed by
// the next Open.
func (c *Catalog) Close() error {
	if c.sem != nil {
		c.sem.close()
		if cl, ok := c.opts.Embedder.(io.Closer); ok {
			// Its owner handed it over (Options.Embedder); the stage that
			// used it has stopped.
			defer cl.Close()
		}
	}
	if c.body != nil {
		c.body.close()
	}
	c.repair.close()
	return c.ref.close()
}

// Subscribe registers fn to be called after every refresh that changed the
// catalog. fn runs on the refreshing goroutine and must not block.
func (c *Catalog) Subscribe(fn func(Change)) { c.ref.subs.add(fn) }

// subscribers are the functions Subscribe registered; their lock is a
// leaf.
type subscribers struct {
	mu  sync.Mutex
	fns []func(Change)
}

func (s *subscribers) add(fn func(Change)) {
	s.mu.Lock()
	s.fns = append(s.fns, fn)
	s.mu.Unlock()
}

// notify calls every subscriber with ch, without holding the lock.
func (s *subscribers) notify(ch Change) {
	s.mu.Lock()
	fns := append([]func(Change){}, s.fns...)
	s.mu.Unlock()
	for _, fn := range fns {
		fn(ch)
	}
}
