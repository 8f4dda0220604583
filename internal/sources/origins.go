package sources

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// Origin is where a catalog root of locked skills comes from.
type Origin struct {
	// Name is the source's name in its lockfile; Lock that lockfile's
	// path; Scope "project" or "global" (a --global lockfile).
	Name  string `json:"name"`
	Lock  string `json:"lock"`
	Scope string `json:"scope"`
	// URL, Ref, Kind, Commit and Path are the lock entry's.
	URL    string `json:"url"`
	Ref    string `json:"ref,omitempty"`
	Kind   string `json:"kind,omitempty"`
	Commit string `json:"commit,omitempty"`
	Path   string `json:"path,omitempty"`
	// Root is the catalog root: the link to the locked commit's tree.
	Root string `json:"root"`
	// State is "ok", "not fetched" (the locked commit's tree is not in
	// the cache: run skilldex sync) or "not locked" (no commit yet).
	State string `json:"state"`
	// Skills is how many skills the lockfile records.
	Skills int `json:"skills"`
}

// Label is how config, show and the web pages name the origin:
// "source NAME: URL#REF @ COMMIT (PATH)".
func (o Origin) Label() string {
	s := "source " + o.Name + ": " + o.URL
	if o.Ref != "" {
		s += "#" + o.Ref
	}
	if o.Commit != "" {
		s += " @ " + short(o.Commit)
	}
	if o.Path != "" {
		s += " (" + o.Path + ")"
	}
	return s
}

// Origins are the origins of a catalog's source roots, in root order.
type Origins []Origin

// Of returns the origin of the skill folder (or root) dir: the origin
// whose root holds it. dir is compared as given (the catalog keeps the
// path as reached, through the root link).
func (os Origins) Of(dir string) (Origin, bool) {
	for _, o := range os {
		if dir == o.Root || strings.HasPrefix(dir, o.Root+string(filepath.Separator)) {
			return o, true
		}
	}
	return Origin{}, false
}

// LabelOf is Of's label, or "" when dir is not a source's: a
// func(dir string) string for front-ends (web pages, APIs) that show
// where a skill comes from beside index.Skill.Dir.
func (os Origins) LabelOf(dir string) string {
	if o, ok := os.Of(dir); ok {
		return o.Label()
	}
	return ""
}

// Origins lists the sources of the lockfile at lockPath (scope "project"
// or "global") with their state, in name order, and points each fetched
// source's root link at the locked commit's tree (so a lockfile changed
// by git pull, or by another process, is served as it says). A missing
// lockfile has no sources.
func (m *Manager) Origins(lockPath, scope string) (Origins, error) {
	out, err := m.LockedOrigins(lockPath, scope)
	if err != nil {
		return nil, err
	}
	for _, o := range out {
		if o.State != "ok" {
			continue
		}
		if err := m.link(lockPath, o.Name, m.treeDir(o.Commit, o.Path)); err != nil {
			return nil, fmt.Errorf("source %s: %w", o.Name, err)
		}
	}
	return out, nil
}

// LockedOrigins is Origins without touching the root links: what the
// lockfile locks now, each source's state taken from the cache's trees.
// For a listing (cache list) that must not change what a running
// catalog reads. Errors: ReadLock's.
func (m *Manager) LockedOrigins(lockPath, scope string) (Origins, error) {
	lock, err := ReadLock(lockPath)
	if err != nil {
		return nil, err
	}
	var out Origins
	for _, name := range lock.Names() {
		s := lock.Sources[name]
		o := Origin{Name: name, Lock: lockPath, Scope: scope, URL: s.URL, Ref: s.Ref, Kind: s.Kind, Commit: s.Commit,
			Path: s.Path, Root: m.rootLink(lockPath, name), Skills: len(s.Skills), State: "ok"}
		switch {
		case s.Commit == "":
			o.State = "not locked"
		case !exists(m.treeDir(s.Commit, s.Path)):
			o.State = "not fetched"
		}
		out = append(out, o)
	}
	return out, nil
}

// Roots are the catalog roots of the origins, in order: each source's
// root link, labelled with its lockfile's scope. A source not fetched
// keeps its root (it is served once skilldex sync fetches it), as config
// and the lockfile follower both serve it.
func (os Origins) Roots() []index.Root {
	out := make([]index.Root, 0, len(os))
	for _, o := range os {
		out = append(out, index.Root{Path: o.Root, Label: o.Scope})
	}
	return out
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// Refresh is serve's periodic refresh of the lockfile's sources: each
// source following a branch moves to its newest commit when that is a
// fast-forward whose tree passes the safety rules and brings no new
// finding of high or critical severity; the lockfile and root links are
// updated. It returns the changes (refused ones say why) and whether any
// source moved.
func (m *Manager) Refresh(ctx context.Context, lockPath string) ([]*Change, bool, error) {
	lock, err := ReadLock(lockPath)
	if err != nil || len(lock.Sources) == 0 {
		return nil, false, err
	}
	var names []string
	for _, n := range lock.Names() {
		if s := lock.Sources[n]; s.Kind != KindCommit && s.Commit != "" {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return nil, false, nil
	}
	changes, err := m.Update(ctx, lockPath, UpdateOptions{Names: names, Live: true})
	moved := false
	for _, c := range changes {
		if len(c.Refused) == 0 && c.Moved() {
			moved = true
		}
	}
	return changes, moved, err
}
