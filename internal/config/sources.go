package config

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/sources"
)

// ProjectLock is the project's lockfile: the nearest skilldex.lock from
// the project folder (--project, else the working folder) up to the
// repository's top; when there is none, where a new one goes: the
// repository's top (the project folder outside a repository).
func (c *Config) ProjectLock() string {
	wd := c.Project
	if wd == "" {
		wd, _ = os.Getwd()
	}
	wd, _ = filepath.Abs(ExpandHome(wd))
	levels := ProjectLevels(wd)
	for _, dir := range levels {
		p := filepath.Join(dir, sources.LockFileName)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return filepath.Join(levels[len(levels)-1], sources.LockFileName)
}

// GlobalLock is the user's lockfile (skilldex add --global):
// skilldex.lock beside the user's config file, or "" when the platform
// has no config folder.
func GlobalLock() string {
	if u := UserConfig(); u != "" {
		return filepath.Join(filepath.Dir(u), sources.LockFileName)
	}
	return ""
}

// SourceManager is the sources manager over the data dir's sources/
// folder, logging to stderr.
func (c *Config) SourceManager(stderr io.Writer) *sources.Manager {
	return &sources.Manager{Cache: filepath.Join(c.DataDir, "sources"), Logger: c.Logger(stderr)}
}

// LockFiles are the lockfiles whose sources are catalog roots, in root
// order, each with its scope: the project's, then the user's.
func (c *Config) LockFiles() [][2]string {
	out := [][2]string{{c.ProjectLock(), "project"}}
	if g := GlobalLock(); g != "" {
		out = append(out, [2]string{g, "global"})
	}
	return out
}

// ServesSources reports whether the lockfiles' sources are among the
// catalog's roots: always, except when the roots were named with --dir or
// SKILLDEX_DIRS, which are exactly those folders.
func (c *Config) ServesSources() bool {
	src := c.Sources["roots"]
	return src != "flag --dir" && src != "env SKILLDEX_DIRS"
}

// Follows are the paths of Followed, for index.Options.Follows.
func (c *Config) Follows() []string { return LockPaths(c.Followed) }

// FollowedRoots is how many of the last Roots are the lockfiles' git
// sources (links under the sources cache's roots/ folder), for
// index.Options.FollowedRoots: those do not name the catalog's data dir,
// so `skilldex add` and `remove` keep its shared server. 0 when no
// lockfile is followed. It reads only Roots, DataDir and Followed, so the
// shared server, given those, counts as the session that started it.
func (c *Config) FollowedRoots() int {
	if len(c.Followed) == 0 {
		return 0
	}
	m := c.SourceManager(io.Discard)
	n := 0
	for i := len(c.Roots) - 1; i >= 0 && m.SourceRoot(c.Roots[i].Path); i-- {
		n++
	}
	return n
}

// CatalogOptions are the index options naming this configuration's
// catalog (roots, lockfiles followed, data dir, depth, mode, memory):
// what one-shot commands, serve and the shared server open, and what
// names the shared server they meet at.
//
// With embeddings_url set, Embedder is the endpoint's client, uncached
// (the caller opening the catalog adds the cache: Config.EmbeddingsCache);
// Resolve has checked it builds.
func (c *Config) CatalogOptions() *index.Options {
	opts := &index.Options{Roots: c.Roots, Follows: c.Follows(), FollowedRoots: c.FollowedRoots(), DataDir: c.DataDir,
		MaxDepth: c.MaxDepth, Mode: c.Mode(), Mem: c.Mem}
	if e, err := c.Embedder(); err == nil && e != nil {
		opts.Embedder = e
	}
	return opts
}

// LockPaths are the paths of lockfiles given as (path, scope).
func LockPaths(locks [][2]string) []string {
	var out []string
	for _, l := range locks {
		out = append(out, l[0])
	}
	return out
}

// SourcesAnnotation marks the commands that manage sources (add, update,
// sync, remove, sources): they report a source's state themselves, so
// Resolve does not warn about sources that are not fetched.
const SourcesAnnotation = "skilldex/sources"

// addSourceRoots appends the locked sources' roots after the folder
// roots (docs/sources.md, "Root order"): the project lockfile's sources,
// then the user's, each in name order. Roots named with --dir or
// SKILLDEX_DIRS are exactly those folders, so then none is added. A
// lockfile that cannot be read is reported on stderr and its sources are
// left out; so is a source that is locked but not fetched (its root is
// kept: it appears once skilldex sync fetches it).
func (c *Config) addSourceRoots(stderr io.Writer, quiet bool) {
	c.Origins, c.Followed = nil, nil
	if !c.ServesSources() {
		return
	}
	c.Followed = c.LockFiles()
	m := c.SourceManager(stderr)
	for _, lf := range c.LockFiles() {
		ors, err := m.Origins(lf[0], lf[1])
		if err != nil {
			fmt.Fprintf(stderr, "skilldex: %v; its sources are not served\n", err)
			continue
		}
		for _, o := range ors {
			status := "exists"
			if o.State != "ok" {
				status = o.State + ": run skilldex sync"
			}
			if o.State != "ok" && !quiet {
				fmt.Fprintf(stderr, "skilldex: source %s in %s is %s; run skilldex sync%s\n", o.Name, o.Lock, o.State, globalFlag(o.Scope))
			}
			c.Origins = append(c.Origins, o)
			c.RootList = append(c.RootList, RootSetting{Path: o.Root, Label: o.Scope, Status: status, Why: o.Label()})
			c.Roots = append(c.Roots, index.Root{Path: o.Root, Label: o.Scope})
		}
	}
}

func globalFlag(scope string) string {
	if scope == "global" {
		return " --global"
	}
	return ""
}

// isSourceRoot reports whether p is a locked source's root (CheckRoots
// leaves those to skilldex sync).
func (c *Config) isSourceRoot(p string) bool {
	for _, o := range c.Origins {
		if o.Root == p || strings.TrimSuffix(p, string(filepath.Separator)) == o.Root {
			return true
		}
	}
	return false
}
