package sources

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Kinds of ref, as recorded in the lockfile.
const (
	KindBranch  = "branch"  // a branch: update follows it
	KindTag     = "tag"     // a tag: should never move
	KindCommit  = "commit"  // a commit: never moves
	KindDefault = "default" // no ref given: the remote's default branch
)

var hexRE = regexp.MustCompile(`^[0-9a-f]{4,64}$`)

// remoteRefs is what `git ls-remote` says of a repository: each ref's
// commit (annotated tags peeled) and the branch HEAD names.
type remoteRefs struct {
	refs map[string]string
	head string // "refs/heads/main", or "" when HEAD is detached or absent
}

func (g *gitRunner) lsRemote(ctx context.Context, fetchURL string) (*remoteRefs, error) {
	out, err := g.run(ctx, "", nil, "ls-remote", "--symref", "--", fetchURL)
	if err != nil {
		return nil, err
	}
	rr := &remoteRefs{refs: map[string]string{}}
	peeled := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if rest, ok := strings.CutPrefix(line, "ref: "); ok {
			target, name, _ := strings.Cut(rest, "\t")
			if name == "HEAD" {
				rr.head = target
			}
			continue
		}
		oid, name, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		if base, ok := strings.CutSuffix(name, "^{}"); ok {
			peeled[base] = oid
			continue
		}
		rr.refs[name] = oid
	}
	for k, v := range peeled {
		rr.refs[k] = v
	}
	return rr, nil
}

// resolved is a ref resolved against a remote: its kind, the refspec
// source to fetch, and the commit it names (for a short commit, "" until
// fetched).
type resolved struct {
	kind, fetch, commit, name string
}

// resolve finds ref among the remote's refs: a branch, then a tag, then a
// full ref name, then a commit id. "" is the default branch.
func (rr *remoteRefs) resolve(ref string) (resolved, error) {
	if ref == "" {
		oid, ok := rr.refs["HEAD"]
		if !ok {
			return resolved{}, errors.New("the repository has no default branch (empty, or HEAD points nowhere); name a branch with #branch")
		}
		return resolved{kind: KindDefault, fetch: "HEAD", commit: oid, name: rr.head}, nil
	}
	if oid, ok := rr.refs["refs/heads/"+ref]; ok {
		return resolved{kind: KindBranch, fetch: "refs/heads/" + ref, commit: oid, name: "refs/heads/" + ref}, nil
	}
	if oid, ok := rr.refs["refs/tags/"+ref]; ok {
		return resolved{kind: KindTag, fetch: "refs/tags/" + ref, commit: oid, name: "refs/tags/" + ref}, nil
	}
	if oid, ok := rr.refs[ref]; ok && strings.HasPrefix(ref, "refs/") {
		kind := KindBranch
		if strings.HasPrefix(ref, "refs/tags/") {
			kind = KindTag
		}
		return resolved{kind: kind, fetch: ref, commit: oid, name: ref}, nil
	}
	if hexRE.MatchString(ref) {
		r := resolved{kind: KindCommit, fetch: ref, name: ref}
		if len(ref) == 40 || len(ref) == 64 {
			r.commit = ref
		}
		return r, nil
	}
	var names []string
	for n := range rr.refs {
		if s, ok := strings.CutPrefix(n, "refs/heads/"); ok {
			names = append(names, s)
		}
	}
	sort.Strings(names)
	if len(names) > 8 {
		names = append(names[:8], "...")
	}
	return resolved{}, fmt.Errorf("ref %q is not a branch, tag or commit of the repository (branches: %s)", ref, strings.Join(names, ", "))
}

// repoDir is the bare repository in the cache holding a URL's objects.
func (m *Manager) repoDir(repoURL string) string {
	sum := sha256.Sum256([]byte(repoURL))
	return filepath.Join(m.Cache, "repos", DefaultName(repoURL, "")+"-"+hex.EncodeToString(sum[:6])+".git")
}

// ensureRepo creates the bare repository for repoURL when missing.
func (m *Manager) ensureRepo(ctx context.Context, g *gitRunner, repoURL string) (string, error) {
	dir := m.repoDir(repoURL)
	if _, err := os.Stat(filepath.Join(dir, "HEAD")); err == nil {
		return dir, nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		return "", err
	}
	if _, err := g.run(ctx, "", nil, "init", "--bare", "-q", "--", dir); err != nil {
		return "", err
	}
	return dir, nil
}

// hasCommit reports whether the cached repository holds commit.
func (g *gitRunner) hasCommit(ctx context.Context, repo, commit string) bool {
	if commit == "" {
		return false
	}
	_, err := g.run(ctx, repo, nil, "cat-file", "-e", commit+"^{commit}")
	return err == nil
}

// fetch brings r's commit into repo and returns the commit's full id; a
// pin ref (refs/skilldex/pins/<id>) keeps it from any pruning. The
// repository's size is watched while git runs: past lim.MaxRepoBytes git
// is stopped and the source refused.
func (m *Manager) fetch(ctx context.Context, g *gitRunner, repo, fetchURL string, r resolved) (string, error) {
	if g.hasCommit(ctx, repo, r.commit) {
		return r.commit, m.pin(ctx, g, repo, r.commit)
	}
	specs := []string{"+" + r.fetch + ":refs/skilldex/fetched"}
	if r.kind == KindCommit {
		specs = []string{r.fetch}
		if r.commit == "" { // a short id: fetch branches and tags, then look
			specs = []string{"+refs/heads/*:refs/skilldex/heads/*", "+refs/tags/*:refs/skilldex/tags/*"}
		}
	}
	err := m.watchSize(ctx, repo, func(ctx context.Context) error {
		_, err := g.run(ctx, repo, nil, append([]string{"fetch", "--no-tags", "--no-write-fetch-head", "-q", "--", fetchURL}, specs...)...)
		return err
	})
	if err != nil && r.kind == KindCommit && r.commit != "" {
		// A server that refuses unadvertised wants (protocol v0 without
		// uploadpack.allowReachableSHA1InWant): take every branch and tag.
		err = m.watchSize(ctx, repo, func(ctx context.Context) error {
			_, err := g.run(ctx, repo, nil, "fetch", "--no-tags", "--no-write-fetch-head", "-q", "--", fetchURL,
				"+refs/heads/*:refs/skilldex/heads/*", "+refs/tags/*:refs/skilldex/tags/*")
			return err
		})
	}
	if err != nil {
		return "", err
	}
	want := r.commit
	if want == "" {
		want = r.fetch
	}
	out, err := g.run(ctx, repo, nil, "rev-parse", "--verify", "-q", "--end-of-options", want+"^{commit}")
	if err != nil {
		if r.kind == KindCommit {
			return "", fmt.Errorf("commit %s is not in the repository (or not reachable from its branches and tags)", r.fetch)
		}
		return "", err
	}
	commit := strings.TrimSpace(string(out))
	if r.commit != "" && commit != r.commit {
		return "", fmt.Errorf("the server sent %s for %s, which ls-remote gave as %s: the ref moved while fetching; try again", short(commit), r.name, short(r.commit))
	}
	return commit, m.pin(ctx, g, repo, commit)
}

func (m *Manager) pin(ctx context.Context, g *gitRunner, repo, commit string) error {
	_, err := g.run(ctx, repo, nil, "update-ref", "refs/skilldex/pins/"+commit, commit)
	return err
}

// errRepoTooBig stops a fetch whose repository outgrew the limit.
var errRepoTooBig = errors.New("repository too big")

// watchSize runs fn with a context that is cancelled when repo grows past
// the repository limit, and reports that as a refusal.
func (m *Manager) watchSize(ctx context.Context, repo string, fn func(context.Context) error) error {
	limit := m.limits().MaxRepoBytes
	if limit <= 0 {
		return fn(ctx)
	}
	cctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if dirSize(repo) > limit {
					cancel(errRepoTooBig)
					return
				}
			}
		}
	}()
	err := fn(cctx)
	close(done)
	if errors.Is(context.Cause(cctx), errRepoTooBig) || (err == nil && dirSize(repo) > limit) {
		// What git left half-written goes; the next fetch starts over.
		_ = os.RemoveAll(repo)
		return &RefusedError{Source: repo, Reasons: []string{fmt.Sprintf("the repository is over the limit of %s (git objects fetched)", FormatBytes(limit))}}
	}
	return err
}

func dirSize(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}

// isAncestor reports whether old is an ancestor of new in repo (false
// when old is not there).
func (g *gitRunner) isAncestor(ctx context.Context, repo, old, new string) bool {
	_, err := g.run(ctx, repo, nil, "merge-base", "--is-ancestor", old, new)
	return err == nil
}
