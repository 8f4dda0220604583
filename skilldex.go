// Package skilldex embeds a skill catalog in a Go program: it turns folders
// of Agent Skills (a folder per skill holding a SKILL.md with YAML
// frontmatter, a markdown body, reference files and scripts) into a ranked,
// always-fresh catalog. It is the supported API of this module; every other
// package (index, search, store, tools, internal/...) serves the skilldex
// command and may change without notice.
//
// One import gives the whole cycle:
//
//	cat, err := skilldex.Open(ctx, skilldex.Options{Roots: []string{"./skills"}})
//	...
//	defer cat.Close()
//	res, err := cat.Search(ctx, "fill in a pdf form", 5)   // BM25 ranking, confidence per hit
//	skill, err := cat.Load(ctx, res.Hits[0].ID)            // SKILL.md, body, files (progressive disclosure)
//	f, err := cat.ReadFile(ctx, skill.Skill.ID, "references/forms.md")
//	go cat.Watch(ctx)                                      // live: edits on disk reach the catalog
//
// Files are only ever read beneath a skill's own folder (race-free, from the
// folder's descriptor); a read of a file that changed on disk since it was
// indexed re-reads the folder first, so answers are never stale.
package skilldex

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/filewatcher"
	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/search"
)

// Skill is one skill in the catalog: its frontmatter fields, where it
// lives (Dir, Root), its files' digests, what it references and what is
// wrong with it (Diagnostics; Valid is false when a rule keeps it out).
type Skill = index.Skill

// SearchResult is a ranked answer: the hits best first, each with its BM25
// score (comparable within one query only) and a Confidence in [0, 1]
// calibrated across queries; NoGoodMatch is set when no hit is a confident
// match. Its JSON form is the one `skilldex search --json` prints.
type SearchResult = index.SearchResult

// SearchHit is one ranked skill of a SearchResult.
type SearchHit = index.SearchHit

// Loaded is a skill as an agent loads it: the SKILL.md text, its body, the
// folder it resolves against and its other files.
type Loaded = index.Loaded

// File is one file read from a skill's folder: its content and digest.
type File = index.File

// Change says which skills a refresh added, updated or removed.
type Change = index.Change

// ErrEmptyQuery is returned (wrapped) by Search for a query with no
// words; test with errors.Is.
var ErrEmptyQuery = search.ErrEmptyQuery

// Options configure Open.
type Options struct {
	// Roots are the folders to index, highest priority first: a skill in
	// an earlier root shadows a same-named skill in a later one. Each
	// root must exist (Open fails naming the first that does not).
	Roots []string
	// DataDir keeps the catalog (a bbolt store and a bleve index) between
	// runs, in a subfolder keyed by the roots, so the next Open over
	// unchanged folders is fast. "" keeps everything in memory.
	DataDir string
	// Strict keeps out every skill that breaks a rule of the Agent Skills
	// specification (agentskills.io); the default serves them with
	// warnings.
	Strict bool
	// MaxDepth bounds the walk below each root in folders; 0 means the
	// default (index.DefaultMaxDepth).
	MaxDepth int
	// Logger receives warnings; nil discards them.
	Logger *slog.Logger
}

// Catalog is an open catalog. Its methods are safe for concurrent use.
type Catalog struct {
	c *index.Catalog
}

// Open indexes the roots (or reuses DataDir's catalog, refreshing only the
// folders that changed) and returns the catalog, ready to search. It fails
// for a root that does not exist, or when another process holds DataDir
// (an *index.LockedError naming it).
func Open(ctx context.Context, opts Options) (*Catalog, error) {
	if len(opts.Roots) == 0 {
		return nil, errors.New("skilldex: no roots: name at least one folder of skills")
	}
	roots := make([]index.Root, len(opts.Roots))
	for i, r := range opts.Roots {
		st, err := os.Stat(r)
		if err != nil {
			return nil, fmt.Errorf("skilldex: skill folder %w", err)
		}
		if !st.IsDir() {
			return nil, fmt.Errorf("skilldex: skill folder %s is a file; name the folder that holds skill folders", r)
		}
		roots[i] = index.Root{Path: r}
	}
	mode := skillmd.Lenient
	if opts.Strict {
		mode = skillmd.Strict
	}
	c, err := index.Open(ctx, &index.Options{Roots: roots, DataDir: opts.DataDir, Mem: opts.DataDir == "",
		MaxDepth: opts.MaxDepth, Mode: mode, Logger: opts.Logger})
	if err != nil {
		return nil, err
	}
	return &Catalog{c: c}, nil
}

// Close releases the catalog's files; it waits for writes in progress.
func (c *Catalog) Close() error { return c.c.Close() }

// Len is the number of skills served (valid and not shadowed).
func (c *Catalog) Len() int { return c.c.Len() }

// List returns the served skills sorted by name.
func (c *Catalog) List() []Skill { return c.c.List(index.ListOptions{}) }

// Search ranks the served skills for a free-text query and returns at most
// limit hits (0 means 10). A query with no words is ErrEmptyQuery.
func (c *Catalog) Search(ctx context.Context, query string, limit int) (*SearchResult, error) {
	return c.c.Search(ctx, index.SearchRequest{Query: query, Limit: limit})
}

// Load returns a skill by id or name (a shadowed skill only by id), with
// its SKILL.md read fresh when it changed on disk.
func (c *Catalog) Load(ctx context.Context, ref string) (*Loaded, error) { return c.c.Load(ctx, ref) }

// ReadFile reads a file of a skill by its path relative to the skill's
// folder (slash-separated). Paths that climb out of the folder, links that
// lead out of it, and anything but regular files are refused.
func (c *Catalog) ReadFile(ctx context.Context, ref, rel string) (*File, error) {
	return c.c.ReadFile(ctx, ref, rel)
}

// Subscribe registers fn to be called after each refresh that changed the
// catalog (from Watch, or a read that found a changed file). fn must not
// block.
func (c *Catalog) Subscribe(fn func(Change)) { c.c.Subscribe(fn) }

// Watch keeps the catalog live until ctx ends: file-system events (after a
// quiet period folding bursts together) refresh the folders that changed,
// and a full rescan every minute catches what events miss. It returns nil
// when ctx ends, or the watcher's error.
func (c *Catalog) Watch(ctx context.Context) error {
	w, err := filewatcher.New(filewatcher.Options{})
	if err != nil {
		return err
	}
	err = c.c.Watch(ctx, w, time.Minute)
	if ctx.Err() != nil {
		return nil
	}
	return err
}
