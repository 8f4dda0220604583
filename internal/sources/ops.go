package sources

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
)

// AddOptions are skilldex add's choices besides the source.
type AddOptions struct {
	// Name is the source's name in the lockfile ("" DefaultName).
	Name string
	// Path is the folder of the repository to serve ("" all of it).
	Path string
	// AllowRisky accepts audit findings of high or critical severity.
	AllowRisky bool
}

// Add fetches sp, checks and audits what it brings, and records it in the
// lockfile at lockPath. The Change lists the skills and every finding.
// Errors: the name is taken (by another URL or path) or the source is
// already there (use Update), git failed, nothing in the tree is a skill,
// or *RefusedError (the tree breaks a safety rule, or a finding is high
// or critical without AllowRisky): the lockfile is then left unchanged.
func (m *Manager) Add(ctx context.Context, lockPath string, sp Spec, opts AddOptions) (*Change, error) {
	subpath, err := cleanSubpath(opts.Path)
	if err != nil {
		return nil, err
	}
	name := opts.Name
	if name == "" {
		name = DefaultName(sp.URL, subpath)
	}
	if err := CheckName(name); err != nil {
		return nil, err
	}
	lock, err := ReadLock(lockPath)
	if err != nil {
		return nil, err
	}
	if old, ok := lock.Sources[name]; ok {
		if old.URL == sp.URL && old.Path == subpath {
			return nil, fmt.Errorf("source %s (%s) is already in %s; run skilldex update %s to move it to the newest commit", name, sp.URL, lockPath, name)
		}
		return nil, fmt.Errorf("a source named %s (%s) is already in %s; pass --name to name this one", name, old.URL, lockPath)
	}
	g := runnerFor(sp)
	rr, err := g.lsRemote(ctx, sp.fetchURL)
	if err != nil {
		return nil, err
	}
	res, err := rr.resolve(sp.Ref)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sp.URL, err)
	}
	repo, err := m.ensureRepo(ctx, g, sp.URL)
	if err != nil {
		return nil, err
	}
	commit, err := m.fetch(ctx, g, repo, sp.fetchURL, res)
	if err != nil {
		return nil, labelRefusal(err, name)
	}
	fresh := !exists(m.treeDir(commit, subpath))
	tree, err := m.materialize(ctx, g, repo, commit, subpath, name)
	if err != nil {
		return nil, err
	}
	in, err := m.inspect(ctx, tree, true)
	if err != nil {
		return nil, err
	}
	if len(in.skills) == 0 {
		return nil, fmt.Errorf("no skills (folders with a SKILL.md) in %s at %s%s; pass --path to name the folder that holds them",
			sp.URL, short(commit), pathNote(subpath))
	}
	ls := &LockedSource{URL: sp.URL, Ref: sp.Ref, Kind: res.kind, Commit: commit, Path: subpath, Skills: in.skills}
	c := &Change{Name: name, Source: ls, Findings: in.report.Findings}
	c.diff(nil, in.skills)
	if !opts.AllowRisky {
		c.Refused = risky(c.Findings)
	}
	if len(c.Refused) > 0 {
		if fresh {
			// A tree in the cache counts as audited (sync serves it
			// without auditing again): a refused one goes.
			removeTree(tree)
		}
		return c, &RefusedError{Source: name, Reasons: c.Refused}
	}
	lock.Sources[name] = ls
	if err := WriteLock(lockPath, lock); err != nil {
		return c, err
	}
	return c, m.link(lockPath, name, tree)
}

func pathNote(p string) string {
	if p == "" {
		return ""
	}
	return " (--path " + p + ")"
}

func labelRefusal(err error, name string) error {
	var re *RefusedError
	if errors.As(err, &re) {
		re.Source = name
	}
	return err
}

// UpdateOptions are skilldex update's choices.
type UpdateOptions struct {
	// Names are the sources to update (nil: all).
	Names []string
	// Creds are sources given again with credentials (https tokens) to
	// fetch with; matched by URL.
	Creds []Spec
	// AllowRisky accepts new audit findings of high or critical severity;
	// AllowRewrite accepts a tag that moved or a force-pushed branch.
	AllowRisky, AllowRewrite bool
	// DryRun computes the changes without writing the lockfile.
	DryRun bool
	// Live is serve's refresh: only fast-forwards are taken; a source
	// whose move is refused is kept where it is (its Change says why)
	// while the others move.
	Live bool
}

// Update moves each source to the newest commit of its ref (a commit
// never moves), and returns what changes, source by source, in name
// order. Unless Live, it is all or nothing: when any source is refused
// (a moved tag or force-push without AllowRewrite, a new high or critical
// finding without AllowRisky, a safety rule) the lockfile is not written
// and the error is a *RefusedError listing why.
func (m *Manager) Update(ctx context.Context, lockPath string, opts UpdateOptions) ([]*Change, error) {
	lock, err := ReadLock(lockPath)
	if err != nil {
		return nil, err
	}
	names := opts.Names
	if len(names) == 0 {
		names = lock.Names()
	}
	var changes []*Change
	var refused []string
	trees := map[string]string{}
	for _, name := range names {
		old, ok := lock.Sources[name]
		if !ok {
			return nil, fmt.Errorf("%w: %s (in %s: %s)", ErrNotLocked, name, lockPath, strings.Join(lock.Names(), ", "))
		}
		c, tree, err := m.update(ctx, name, old, opts)
		if err != nil {
			if !opts.Live {
				return changes, err
			}
			c = &Change{Name: name, Source: old, Old: old, Refused: []string{err.Error()}}
		}
		changes = append(changes, c)
		if len(c.Refused) > 0 {
			for _, r := range c.Refused {
				refused = append(refused, name+": "+r)
			}
			continue
		}
		if c.Moved() {
			trees[name] = tree
		}
	}
	if len(refused) > 0 && !opts.Live {
		return changes, &RefusedError{Source: "update", Reasons: refused}
	}
	if opts.DryRun || len(trees) == 0 {
		return changes, nil
	}
	// Re-read: another process may have changed other sources meanwhile.
	if lock, err = ReadLock(lockPath); err != nil {
		return changes, err
	}
	for _, c := range changes {
		if trees[c.Name] != "" && lock.Sources[c.Name] != nil {
			lock.Sources[c.Name] = c.Source
		}
	}
	if err := WriteLock(lockPath, lock); err != nil {
		return changes, err
	}
	for name, tree := range trees {
		if err := m.link(lockPath, name, tree); err != nil {
			return changes, err
		}
	}
	return changes, nil
}

// update computes one source's move.
func (m *Manager) update(ctx context.Context, name string, old *LockedSource, opts UpdateOptions) (*Change, string, error) {
	sp := specFor(old, opts.Creds)
	g := runnerFor(sp)
	c := &Change{Name: name, Old: old}
	repo, err := m.ensureRepo(ctx, g, old.URL)
	if err != nil {
		return nil, "", err
	}
	var res resolved
	if old.Kind == KindCommit && old.Commit != "" {
		res = resolved{kind: KindCommit, fetch: old.Commit, commit: old.Commit, name: old.Commit}
	} else {
		rr, err := g.lsRemote(ctx, sp.fetchURL)
		if err != nil {
			return nil, "", err
		}
		if res, err = rr.resolve(old.Ref); err != nil {
			return nil, "", fmt.Errorf("%s: %w", old.URL, err)
		}
	}
	commit, err := m.fetch(ctx, g, repo, sp.fetchURL, res)
	if err != nil {
		return nil, "", labelRefusal(err, name)
	}
	ns := &LockedSource{URL: old.URL, Ref: old.Ref, Kind: res.kind, Commit: commit, Path: old.Path}
	c.Source = ns
	if old.Commit == commit && old.Kind == res.kind {
		ns.Skills = old.Skills
		tree, err := m.materialize(ctx, g, repo, commit, old.Path, name)
		return c, tree, err
	}
	rewrite := false
	if old.Commit != "" && old.Commit != commit {
		switch res.kind {
		case KindTag:
			c.Warnings = append(c.Warnings, fmt.Sprintf("tag %s moved: it named %s, it now names %s (a tag should never move)", old.Ref, short(old.Commit), short(commit)))
			rewrite = true
		case KindBranch, KindDefault:
			if !g.hasCommit(ctx, repo, old.Commit) {
				_, _ = m.fetch(ctx, g, repo, sp.fetchURL, resolved{kind: KindCommit, fetch: old.Commit, commit: old.Commit})
			}
			if !g.isAncestor(ctx, repo, old.Commit, commit) {
				ref := old.Ref
				if ref == "" {
					ref = "the default branch"
				}
				c.Warnings = append(c.Warnings, fmt.Sprintf("%s was force-pushed: the locked commit %s is not in the history of its new commit %s", ref, short(old.Commit), short(commit)))
				rewrite = true
			}
		}
	}
	if rewrite && (opts.Live || !opts.AllowRewrite) {
		c.Refused = append(c.Refused, "history rewritten (see the warning); pass --allow-rewrite to accept it")
	}
	fresh := !exists(m.treeDir(commit, old.Path))
	tree, err := m.materialize(ctx, g, repo, commit, old.Path, name)
	if err != nil {
		var re *RefusedError
		if errors.As(err, &re) {
			c.Refused = append(c.Refused, re.Reasons...)
			return c, "", nil
		}
		return nil, "", err
	}
	in, err := m.inspect(ctx, tree, true)
	if err != nil {
		return nil, "", err
	}
	ns.Skills = in.skills
	var then *inspectionReport
	if old.Commit != "" && g.hasCommit(ctx, repo, old.Commit) {
		if oldTree, err := m.materialize(ctx, g, repo, old.Commit, old.Path, name); err == nil {
			if oin, err := m.inspect(ctx, oldTree, true); err == nil {
				then = &inspectionReport{oin}
			}
		}
	}
	oldSkills := old.Skills
	if then != nil {
		c.Findings = newFindings(then.in.report, in.report)
	} else {
		c.Findings = in.report.Findings
	}
	c.diff(oldSkills, in.skills)
	if !opts.AllowRisky || opts.Live {
		if r := risky(c.Findings); len(r) > 0 {
			c.Refused = append(c.Refused, r...)
			if fresh {
				removeTree(tree) // as in Add
			}
		}
	}
	return c, tree, nil
}

type inspectionReport struct{ in *inspection }

// SyncOptions are skilldex sync's choices.
type SyncOptions struct {
	// Frozen fails when anything differs from the lockfile (a source not
	// locked to a commit, a digest that does not match) instead of
	// writing it: for CI and replicas.
	Frozen bool
	// Offline never contacts a remote: every locked commit must be cached.
	Offline bool
	// Creds as in UpdateOptions.
	Creds []Spec
	// AllowRisky accepts audit findings of high or critical severity in
	// a tree this sync extracts (a tree already in the cache was audited
	// when it was extracted).
	AllowRisky bool
}

// SyncResult is what sync did for one source.
type SyncResult struct {
	Name string `json:"name"`
	// Fetched is true when the commit had to be fetched (not cached);
	// Resolved when the lockfile named no commit and sync locked one.
	Fetched  bool `json:"fetched"`
	Resolved bool `json:"resolved"`
	// Skills is how many skills the synced tree holds.
	Skills int `json:"skills"`
}

// Sync brings exactly the commits the lockfile pins into the cache (from
// the cache alone when they are there), checks each tree's digests
// against the lockfile, and points the catalog roots at them; the links
// of sources no longer locked are removed. An entry without a commit (a
// hand-written url and ref) is resolved and locked, unless Frozen. Errors
// list every source that failed; the others are synced.
func (m *Manager) Sync(ctx context.Context, lockPath string, opts SyncOptions) ([]SyncResult, error) {
	lock, err := ReadLock(lockPath)
	if err != nil {
		return nil, err
	}
	var results []SyncResult
	var problems []string
	changed := false
	for _, name := range lock.Names() {
		s := lock.Sources[name]
		r, tree, err := m.syncOne(ctx, name, s, opts)
		if err != nil {
			problems = append(problems, name+": "+err.Error())
			continue
		}
		changed = changed || r.Resolved
		results = append(results, r)
		if err := m.link(lockPath, name, tree); err != nil {
			problems = append(problems, name+": "+err.Error())
		}
	}
	m.unlinkStale(lockPath, lock)
	if changed && len(problems) == 0 {
		if err := WriteLock(lockPath, lock); err != nil {
			return results, err
		}
	}
	if len(problems) > 0 {
		return results, fmt.Errorf("sync of %s failed:\n  %s", lockPath, strings.Join(problems, "\n  "))
	}
	return results, nil
}

func (m *Manager) syncOne(ctx context.Context, name string, s *LockedSource, opts SyncOptions) (SyncResult, string, error) {
	r := SyncResult{Name: name}
	sp := specFor(s, opts.Creds)
	g := runnerFor(sp)
	repo, err := m.ensureRepo(ctx, g, s.URL)
	if err != nil {
		return r, "", err
	}
	if s.Commit == "" {
		if opts.Frozen {
			return r, "", errors.New("not locked to a commit (run skilldex sync without --frozen, or skilldex update, and commit the lockfile)")
		}
		if opts.Offline {
			return r, "", errors.New("not locked to a commit, and --offline forbids asking the remote")
		}
		rr, err := g.lsRemote(ctx, sp.fetchURL)
		if err != nil {
			return r, "", err
		}
		res, err := rr.resolve(s.Ref)
		if err != nil {
			return r, "", err
		}
		if s.Commit, err = m.fetch(ctx, g, repo, sp.fetchURL, res); err != nil {
			return r, "", err
		}
		s.Kind, r.Resolved, r.Fetched = res.kind, true, true
	} else if !g.hasCommit(ctx, repo, s.Commit) {
		if opts.Offline {
			return r, "", fmt.Errorf("commit %s is not cached, and --offline forbids fetching it", short(s.Commit))
		}
		if _, err := m.fetch(ctx, g, repo, sp.fetchURL, resolved{kind: KindCommit, fetch: s.Commit, commit: s.Commit, name: s.Commit}); err != nil {
			return r, "", err
		}
		r.Fetched = true
	}
	fresh := !exists(m.treeDir(s.Commit, s.Path))
	tree, err := m.materialize(ctx, g, repo, s.Commit, s.Path, name)
	if err != nil {
		return r, "", err
	}
	in, err := m.inspect(ctx, tree, fresh && !opts.AllowRisky)
	if err != nil {
		return r, "", err
	}
	if in.report != nil {
		if reasons := risky(in.report.Findings); len(reasons) > 0 {
			// Audited again next time: the tree goes.
			removeTree(tree)
			return r, "", &RefusedError{Source: name, Reasons: reasons}
		}
	}
	r.Skills = len(in.skills)
	if r.Resolved {
		s.Skills = in.skills
		return r, tree, nil
	}
	if d := digestDiff(s.Skills, in.skills); len(d) > 0 {
		return r, "", fmt.Errorf("the files of commit %s differ from the lockfile's digests: %s", short(s.Commit), strings.Join(d, "; "))
	}
	return r, tree, nil
}

// digestDiff lists what differs between the locked skills and those
// found, one line each (at most 10).
func digestDiff(locked, found map[string]*LockedSkill) []string {
	var out []string
	for id, l := range locked {
		f, ok := found[id]
		if !ok {
			out = append(out, "skill "+id+" is missing")
			continue
		}
		for p, d := range l.Files {
			if f.Files[p] != d {
				out = append(out, fmt.Sprintf("%s/%s has digest %s, locked %s", id, p, orNone(f.Files[p]), d))
			}
		}
		for p := range f.Files {
			if _, ok := l.Files[p]; !ok {
				out = append(out, fmt.Sprintf("%s/%s is not in the lockfile", id, p))
			}
		}
	}
	for id := range found {
		if _, ok := locked[id]; !ok {
			out = append(out, "skill "+id+" is not in the lockfile")
		}
	}
	sort.Strings(out)
	if len(out) > 10 {
		out = append(out[:10], fmt.Sprintf("and %d more", len(out)-10))
	}
	return out
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// Remove drops the source named name (or whose URL is name) from the
// lockfile and its catalog root. The fetched repository stays in the
// cache for other lockfiles. Errors: ErrNotLocked.
func (m *Manager) Remove(lockPath, name string) (*LockedSource, error) {
	lock, err := ReadLock(lockPath)
	if err != nil {
		return nil, err
	}
	key := name
	if _, ok := lock.Sources[key]; !ok {
		key = ""
		if sp, err := ParseSpec(name); err == nil {
			for n, s := range lock.Sources {
				if s.URL == sp.URL {
					if key != "" {
						return nil, fmt.Errorf("%s names several sources (%s, %s); remove one by name", sp.URL, key, n)
					}
					key = n
				}
			}
		}
	}
	if key == "" {
		return nil, fmt.Errorf("%w: %s (in %s: %s)", ErrNotLocked, name, lockPath, strings.Join(lock.Names(), ", "))
	}
	s := lock.Sources[key]
	delete(lock.Sources, key)
	if err := WriteLock(lockPath, lock); err != nil {
		return nil, err
	}
	_ = os.Remove(m.rootLink(lockPath, key))
	return s, nil
}
