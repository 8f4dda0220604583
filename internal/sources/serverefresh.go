package sources

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/skilldex/skilldex/index"
)

// lockPoll is how often a serving process looks at its lockfiles (one
// stat each): `skilldex add` or `remove` in another terminal, or a git
// pull that brought a new skilldex.lock, reaches the catalog this soon.
var lockPoll = 2 * time.Second

// ServeSources keeps a serving catalog's git sources what the lockfiles
// (path, scope; the project's, then the user's) say, until ctx ends:
// NewFollower(...).Run(ctx).
func ServeSources(ctx context.Context, cat *index.Catalog, m *Manager, base []index.Root, locks [][2]string, every time.Duration, log *slog.Logger) {
	NewFollower(cat, m, base, locks, every, log).Run(ctx)
}

// Follower keeps a serving catalog's git sources what the lockfiles
// (path, scope; the project's, then the user's) say. base are the
// catalog's other roots (its folders, which come first: docs/
// sources.md, "Root order"); the catalog's roots become base followed by
// each lockfile's sources in name order, as config resolves them for a
// new process. When a lockfile changes (a source added or removed, a git
// pull) the catalog's roots are replaced (Catalog.SetRoots) and clients
// get list_changed; when only a source's commit changed, the catalog is
// refreshed. Nothing is fetched unless every > 0: a source the lockfile
// pins but the cache lacks is logged once ("run skilldex sync") and
// served once synced.
//
// With every > 0 (serve --refresh-sources) it also fetches, at start and
// after a lockfile change, what the lockfiles pin but the cache lacks,
// and every `every` moves the sources that follow a branch to its newest
// commit when that is a fast-forward passing the safety rules and the
// audit (Manager.Refresh). What is refused is logged and kept where it
// was. A lockfile that cannot be read is logged and its sources keep the
// roots they had.
//
// Run looks at the lockfiles every two seconds; CatchUp, for a client
// that arrives (a new agent session, a one-shot command right after
// skilldex add), looks at once. Both are safe to call concurrently.
type Follower struct {
	cat   *index.Catalog
	m     *Manager
	base  []index.Root
	locks [][2]string
	every time.Duration
	log   *slog.Logger

	stamps []os.FileInfo // lockStamps when Run last looked; Run's own

	mu      sync.Mutex              // held while following; guards what follows
	seen    []os.FileInfo           // lockStamps when last followed
	targets map[string]string       // root link -> tree, when last followed
	last    map[string][]index.Root // each lockfile's roots, last read
	warned  map[string]bool         // "not fetched" already logged, by lock, source and commit
}

// NewFollower follows locks for cat (see Follower) once Run or CatchUp
// is called.
func NewFollower(cat *index.Catalog, m *Manager, base []index.Root, locks [][2]string, every time.Duration, log *slog.Logger) *Follower {
	return &Follower{cat: cat, m: m, base: base, locks: locks, every: every, log: log,
		stamps: lockStamps(locks), targets: rootTargets(m, locks), last: map[string][]index.Root{}, warned: map[string]bool{}}
}

// Run follows the lockfiles until ctx ends: at once (the lockfiles may
// have changed since the catalog's roots were resolved; with every > 0,
// after fetching what the cache lacks and moving branches), then on
// every change and, with every > 0, every `every`.
func (f *Follower) Run(ctx context.Context) {
	if f.every > 0 {
		f.refresh(ctx, true)
	} else {
		f.follow(ctx)
	}
	poll := time.NewTicker(lockPoll)
	defer poll.Stop()
	var tick <-chan time.Time
	if f.every > 0 {
		t := time.NewTicker(f.every)
		defer t.Stop()
		tick = t.C
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-poll.C:
			if s := lockStamps(f.locks); !sameStamps(s, f.stamps) {
				f.stamps = s
				if f.every > 0 {
					f.syncMissing(ctx)
				}
				f.follow(ctx)
			}
		case <-tick:
			f.refresh(ctx, false)
		}
	}
}

// CatchUp follows the lockfiles now when one changed since they were
// last followed (one stat per lockfile otherwise), and returns once the
// catalog serves what they lock (waiting for a follow in progress). It
// fetches nothing: Run does that on its next look.
func (f *Follower) CatchUp(ctx context.Context) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.seen != nil && sameStamps(lockStamps(f.locks), f.seen) {
		return
	}
	f.followLocked(ctx)
}

// refresh is one round of serve --refresh-sources: sync what the cache
// lacks (first round), move branches forward, then follow the lockfiles.
func (f *Follower) refresh(ctx context.Context, first bool) {
	// A remote that stops answering must not stop the refreshes.
	ctx, cancel := context.WithTimeout(ctx, refreshTimeout)
	defer cancel()
	if first {
		f.syncMissing(ctx)
	}
	for _, lf := range f.locks {
		changes, _, err := f.m.Refresh(ctx, lf[0])
		if err != nil && ctx.Err() == nil {
			f.log.Warn("sources: refresh failed", "lock", lf[0], "err", err)
		}
		for _, c := range changes {
			switch {
			case len(c.Refused) > 0:
				f.log.Warn("sources: new commit not taken", "source", c.Name, "commit", c.Source.Commit, "why", c.Refused, "warnings", c.Warnings)
			case c.Moved():
				f.log.Info("sources: moved", "source", c.Name, "from", c.Old.Commit, "to", c.Source.Commit,
					"added", len(c.Added), "removed", len(c.Removed), "changed", len(c.Changed))
			}
		}
	}
	f.stamps = lockStamps(f.locks) // the refresh's own writes need no second look
	f.follow(ctx)
}

// syncMissing fetches, for each lockfile with a source the cache lacks,
// what it pins (serve --refresh-sources only).
func (f *Follower) syncMissing(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, refreshTimeout)
	defer cancel()
	for _, lf := range f.locks {
		ors, err := f.m.Origins(lf[0], lf[1])
		if err != nil || allFetched(ors) {
			continue
		}
		if _, err := f.m.Sync(ctx, lf[0], SyncOptions{}); err != nil && ctx.Err() == nil {
			f.log.Warn("sources: sync failed", "lock", lf[0], "err", err)
		}
	}
}

// follow makes the catalog's roots what the lockfiles say (SetRoots when
// the set of sources changed, Refresh when only a root link moved), one
// caller at a time.
func (f *Follower) follow(ctx context.Context) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.followLocked(ctx)
}

// followLocked is follow for a caller holding f.mu.
func (f *Follower) followLocked(ctx context.Context) {
	// Taken before the lockfiles are read: a write meanwhile is seen by
	// the next look.
	f.seen = lockStamps(f.locks)
	roots := append([]index.Root(nil), f.base...)
	for _, lf := range f.locks {
		ors, err := f.m.Origins(lf[0], lf[1])
		if err != nil {
			f.log.Warn("sources: cannot read the lockfile; its sources are served as they were", "lock", lf[0], "err", err)
			roots = append(roots, f.last[lf[0]]...)
			continue
		}
		var mine []index.Root
		for _, o := range ors {
			// A source not fetched keeps its root, as config does: it
			// appears once skilldex sync fetches it.
			mine = append(mine, index.Root{Path: o.Root, Label: o.Scope})
			if o.State == "ok" {
				continue
			}
			if k := o.Lock + "\x00" + o.Name + "\x00" + o.Commit; !f.warned[k] {
				f.warned[k] = true
				f.log.Warn(fmt.Sprintf("sources: source %s in %s is %s; its skills are served once you run skilldex sync%s", o.Name, o.Lock, o.State, globalArg(o.Scope)),
					"source", o.Name, "lock", o.Lock)
			}
		}
		f.last[lf[0]] = mine
		roots = append(roots, mine...)
	}
	targets := rootTargets(f.m, f.locks)
	moved := !maps.Equal(targets, f.targets)
	f.targets = targets
	if cur := f.cat.Roots(); !sameRoots(cur, roots) {
		st, err := f.cat.SetRoots(ctx, roots)
		if err != nil {
			if ctx.Err() == nil {
				f.log.Warn("sources: the catalog could not take the new sources", "err", err)
			}
			return
		}
		f.log.Info("sources: the lockfiles changed; serving their sources", "roots", len(roots), "skills", f.cat.Len(),
			"parsed", st.Parsed, "removed", st.Removed)
		return
	}
	if moved {
		if _, err := f.cat.Refresh(ctx); err != nil && ctx.Err() == nil {
			f.log.Warn("sources: catalog refresh failed", "err", err)
		}
	}
}

func globalArg(scope string) string {
	if scope == "global" {
		return " --global"
	}
	return ""
}

// sameRoots compares roots by path (made absolute) and label.
func sameRoots(a, b []index.Root) bool {
	return slices.EqualFunc(a, b, func(x, y index.Root) bool {
		xp, _ := filepath.Abs(x.Path)
		yp, _ := filepath.Abs(y.Path)
		return xp == yp && x.Label == y.Label
	})
}

// lockStamps are the lockfiles' states, nil for one that cannot be
// read; sameStamps compares them.
func lockStamps(locks [][2]string) []os.FileInfo {
	out := make([]os.FileInfo, len(locks))
	for i, lf := range locks {
		out[i], _ = os.Stat(lf[0])
	}
	return out
}

// sameStamps reports whether no lockfile changed between two lockStamps:
// same size, modification time and file (os.SameFile: a lockfile is
// replaced by rename on every write, so any write makes it another file).
func sameStamps(a, b []os.FileInfo) bool {
	return slices.EqualFunc(a, b, func(x, y os.FileInfo) bool {
		if x == nil || y == nil {
			return x == nil && y == nil
		}
		return x.Size() == y.Size() && x.ModTime().Equal(y.ModTime()) && os.SameFile(x, y)
	})
}

// refreshTimeout bounds one round of serve's source refresh.
const refreshTimeout = 10 * time.Minute

// rootTargets maps each source root link of the lockfiles to its target.
func rootTargets(m *Manager, locks [][2]string) map[string]string {
	out := map[string]string{}
	for _, lf := range locks {
		lock, err := ReadLock(lf[0])
		if err != nil {
			continue
		}
		for _, n := range lock.Names() {
			root := m.RootLink(lf[0], n)
			target, _ := os.Readlink(root)
			out[root] = target
		}
	}
	return out
}

// SourceRoot reports whether root is one of m's source root links (under
// <Cache>/roots): what a serving process's roots hold besides its folders.
func (m *Manager) SourceRoot(root string) bool {
	cache, err := filepath.Abs(m.Cache)
	if err != nil {
		return false
	}
	p, err := filepath.Abs(root)
	if err != nil {
		return false
	}
	return strings.HasPrefix(p, filepath.Join(cache, "roots")+string(filepath.Separator))
}

func allFetched(ors Origins) bool {
	for _, o := range ors {
		if o.State != "ok" {
			return false
		}
	}
	return true
}
