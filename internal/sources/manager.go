// Package sources brings catalogs of skills from git repositories into
// skilldex's cache and pins them with a lockfile (skilldex.lock): add,
// update, sync, remove, and the catalog roots the locked sources become.
//
// Git runs as the system git (gitRunner: no system config, no hooks, fsck
// on every fetched object, no checkout: skilldex writes each file itself
// from `git cat-file`, after checking the whole tree against the safety
// rules and limits). Fetched repositories, extracted trees and the links
// the catalog reads live under Manager.Cache, never in an agent's folders:
//
//	<Cache>/repos/<name>-<hash>.git   bare repository per URL (objects, pins)
//	<Cache>/trees/<commit>[-<hash>]   one commit's files (below the subpath), read-only
//	<Cache>/roots/<lock hash>/<name>  link to the tree the lock pins: the catalog root
//	<Cache>/roots/<lock hash>.lock    the lockfile's path (for Prune)
//
// docs/sources.md describes the commands and the lockfile format.
package sources

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/audit"
)

// Limits bound what a source may bring. Zero fields mean no limit.
type Limits struct {
	// MaxFileBytes bounds each file of the tree served (50 MB by default).
	MaxFileBytes int64
	// MaxTreeBytes bounds the files of the tree served together (500 MB).
	MaxTreeBytes int64
	// MaxFiles bounds the number of files of the tree served (50,000).
	MaxFiles int
	// MaxRepoBytes bounds the cached git repository while fetching (1 GB):
	// git is stopped when the repository outgrows it.
	MaxRepoBytes int64
}

// DefaultLimits are the limits unless the user gives others.
func DefaultLimits() Limits {
	return Limits{MaxFileBytes: 50e6, MaxTreeBytes: 500e6, MaxFiles: 50000, MaxRepoBytes: 1e9}
}

// Manager runs the source commands over one cache folder.
type Manager struct {
	// Cache is the folder for repositories, trees and root links:
	// "<data dir>/sources".
	Cache string
	// Limits bound what a source may bring; the zero value means
	// DefaultLimits.
	Limits *Limits
	// Audit tunes the audit of what a source brings.
	Audit audit.Options
	// Logger hears progress and warnings; nil discards them.
	Logger *slog.Logger
}

func (m *Manager) limits() Limits {
	if m.Limits == nil {
		return DefaultLimits()
	}
	return *m.Limits
}

func (m *Manager) log() *slog.Logger {
	if m.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return m.Logger
}

// treeDir is where a commit's files below subpath are extracted.
func (m *Manager) treeDir(commit, subpath string) string {
	name := commit
	if subpath != "" {
		sum := sha256.Sum256([]byte(subpath))
		name += "-" + hex.EncodeToString(sum[:4])
	}
	return filepath.Join(m.Cache, "trees", name)
}

// materialize extracts commit's tree below subpath into the cache after
// checking it (checkTree), or returns the extraction already there.
func (m *Manager) materialize(ctx context.Context, g *gitRunner, repo, commit, subpath, label string) (string, error) {
	dir := m.treeDir(commit, subpath)
	if _, err := os.Lstat(dir); err == nil {
		return dir, nil
	}
	es, err := g.lsTree(ctx, repo, commit, subpath)
	if err != nil {
		return "", err
	}
	targets, err := g.linkTargets(ctx, repo, es)
	if err != nil {
		return "", err
	}
	if reasons := checkTree(es, targets, m.limits()); len(reasons) > 0 {
		return "", &RefusedError{Source: label, Reasons: reasons}
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".tmp-")
	if err != nil {
		return "", err
	}
	defer removeTree(tmp)
	if _, err := g.extract(ctx, repo, es, targets, filepath.Join(tmp, "t")); err != nil {
		return "", err
	}
	if err := os.Rename(filepath.Join(tmp, "t"), dir); err != nil {
		if _, serr := os.Lstat(dir); serr == nil {
			return dir, nil // extracted by another process meanwhile
		}
		return "", err
	}
	return dir, nil
}

// removeTree removes an extracted tree (its files are read-only; its
// folders are not).
func removeTree(dir string) { _ = os.RemoveAll(dir) }

// inspection is what a tree holds: its skills for the lockfile and the
// audit of them.
type inspection struct {
	skills map[string]*LockedSkill
	report *audit.Report
}

// inspect reads tree as a catalog of its own (in memory, with the same
// discovery and validation rules as the served catalog) and audits it.
// Digests are the catalog's SHA-256 of each file it lists, computed here
// for files it did not hash.
func (m *Manager) inspect(ctx context.Context, tree string, withAudit bool) (*inspection, error) {
	cat, err := index.Open(ctx, &index.Options{Roots: []index.Root{{Path: tree}}, Mem: true})
	if err != nil {
		return nil, err
	}
	defer cat.Close()
	root, err := os.OpenRoot(tree)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	in := &inspection{skills: map[string]*LockedSkill{}}
	for _, s := range cat.Records(index.ListOptions{IncludeShadowed: true}) {
		rel, err := filepath.Rel(tree, s.Dir)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		rel = filepath.ToSlash(rel)
		ls := &LockedSkill{Name: s.Name, Files: map[string]string{}}
		for _, f := range s.Files {
			d := f.Hash
			if d == "" {
				p := f.Path
				if rel != "." {
					p = rel + "/" + f.Path
				}
				b, err := root.ReadFile(p)
				if err != nil {
					return nil, fmt.Errorf("hash %s: %w", p, err)
				}
				sum := sha256.Sum256(b)
				d = hex.EncodeToString(sum[:])
			}
			ls.Files[f.Path] = "sha256:" + d
		}
		in.skills[rel] = ls
	}
	if withAudit {
		if in.report, err = audit.Catalog(ctx, cat, m.Audit); err != nil {
			return nil, err
		}
	}
	return in, nil
}

// SkillChange is one skill whose files differ between two commits.
type SkillChange struct {
	// Skill is its folder in the source; Name its frontmatter name.
	Skill, Name string
	// Files are the paths added, removed or changed, sorted.
	Files []string
}

// Change is what add, update or a serve refresh did (or would do) to one
// source.
type Change struct {
	// Name is the source's name; Source its new lock entry; Old the one
	// it replaces (nil for add).
	Name        string
	Source, Old *LockedSource
	// Added and Removed are skill folders; Changed the skills whose
	// files differ.
	Added, Removed []string
	Changed        []SkillChange
	// Findings are the audit findings the new commit brings (for an
	// update, those the old commit did not have).
	Findings []audit.Finding
	// Warnings are refs that are not what they claim: a tag that moved, a
	// branch whose locked commit is no longer in its history.
	Warnings []string
	// Refused says why the change was not made (empty when it was).
	Refused []string
}

// Moved reports whether the change moves the source to another commit.
func (c *Change) Moved() bool { return c.Old == nil || c.Old.Commit != c.Source.Commit }

// diff fills c's Added, Removed and Changed from two skill maps.
func (c *Change) diff(old, new map[string]*LockedSkill) {
	for id, s := range new {
		o, ok := old[id]
		if !ok {
			c.Added = append(c.Added, id)
			continue
		}
		var files []string
		for f, d := range s.Files {
			if o.Files[f] != d {
				files = append(files, f)
			}
		}
		for f := range o.Files {
			if _, ok := s.Files[f]; !ok {
				files = append(files, f)
			}
		}
		if len(files) > 0 || o.Name != s.Name {
			sort.Strings(files)
			c.Changed = append(c.Changed, SkillChange{Skill: id, Name: s.Name, Files: files})
		}
	}
	for id := range old {
		if _, ok := new[id]; !ok {
			c.Removed = append(c.Removed, id)
		}
	}
	sort.Strings(c.Added)
	sort.Strings(c.Removed)
	sort.Slice(c.Changed, func(i, j int) bool { return c.Changed[i].Skill < c.Changed[j].Skill })
}

// risky returns a refusal line per finding of high or critical severity.
func risky(fs []audit.Finding) []string {
	var out []string
	for _, f := range fs {
		if f.Severity >= audit.High {
			out = append(out, fmt.Sprintf("audit: %s finding %s in %s/%s:%d: %s (pass --allow-risky to accept)",
				f.Severity, f.RuleID, f.SkillID, f.File, f.Line, f.Reason))
		}
	}
	return out
}

// newFindings are the findings of now that then did not have (by skill,
// file, rule and evidence; lines move with edits).
func newFindings(then, now *audit.Report) []audit.Finding {
	if now == nil {
		return nil
	}
	seen := map[string]bool{}
	if then != nil {
		for _, f := range then.Findings {
			seen[findingKey(f)] = true
		}
	}
	var out []audit.Finding
	for _, f := range now.Findings {
		if !seen[findingKey(f)] {
			out = append(out, f)
		}
	}
	return out
}

func findingKey(f audit.Finding) string {
	return f.SkillID + "\x00" + f.File + "\x00" + f.RuleID + "\x00" + f.Evidence
}

// lockKey names a lockfile's folder of root links.
func lockKey(lockPath string) string {
	abs, err := filepath.Abs(lockPath)
	if err != nil {
		abs = lockPath
	}
	sum := sha256.Sum256([]byte(abs))
	return hex.EncodeToString(sum[:8])
}

// RootLink is the catalog root of source name of the lockfile at
// lockPath: a link to the tree of the commit the lockfile pins (absent
// until the source is fetched).
func (m *Manager) RootLink(lockPath, name string) string { return m.rootLink(lockPath, name) }

// rootLink is RootLink.
func (m *Manager) rootLink(lockPath, name string) string {
	return filepath.Join(m.Cache, "roots", lockKey(lockPath), name)
}

// link points the source's root link at its tree (a new link renamed
// over the old, so the catalog never sees it missing).
func (m *Manager) link(lockPath, name, tree string) error {
	l := m.rootLink(lockPath, name)
	m.markLock(lockPath) // links made by an older skilldex get their marker too
	if cur, err := os.Readlink(l); err == nil && cur == tree {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(l), 0o755); err != nil {
		return err
	}
	// Another process (skilldex add while serve follows the lockfile)
	// may link the same source at once: each uses its own new link, and
	// one whose new link was taken away (renamed over by the other,
	// removed by its unlinkStale) tries again unless the link already
	// points at tree.
	var err error
	for try := 0; try < 3; try++ {
		tmp := fmt.Sprintf("%s.new-%d-%d", l, os.Getpid(), linkSeq.Add(1))
		if err = os.Symlink(tree, tmp); err != nil {
			return err
		}
		if err = os.Rename(tmp, l); err == nil {
			return nil
		}
		_ = os.Remove(tmp)
		if cur, rerr := os.Readlink(l); rerr == nil && cur == tree {
			return nil
		}
	}
	return err
}

// linkSeq numbers link's new links within this process.
var linkSeq atomic.Uint64

// unlinkStale removes the root links of a lockfile whose sources are gone
// from it.
func (m *Manager) unlinkStale(lockPath string, l *Lock) {
	dir := filepath.Dir(m.rootLink(lockPath, "x"))
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if _, ok := l.Sources[e.Name()]; !ok && e.Type()&fs.ModeSymlink != 0 {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// runnerFor is a git runner that redacts the credentials of sp.
func runnerFor(sp Spec) *gitRunner { return &gitRunner{secrets: []string{sp.secret}} }

// specFor is the spec to fetch a locked source with: its URL, or one of
// creds (URLs the user gave again with credentials) naming the same
// repository.
func specFor(s *LockedSource, creds []Spec) Spec {
	for _, c := range creds {
		if c.URL == s.URL {
			return Spec{URL: s.URL, Ref: s.Ref, fetchURL: c.fetchURL, secret: c.secret}
		}
	}
	return Spec{URL: s.URL, Ref: s.Ref, fetchURL: s.URL}
}

// ErrNotLocked is returned for a source name the lockfile does not have.
var ErrNotLocked = errors.New("no such source in the lockfile")
