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
	"github.com/skilldex/skilldex/index/filewatcher"
)

// lockCheck is the safety net's period: however Run learns of a change,
// it also stats the lockfiles this often, for an event the watcher never
// got (a lockfile folder removed and made again is no longer watched, a
// folder the inotify watch limit left out) and, with --watch off, as the
// only look besides CatchUp. It matches serve's --rescan default, the
// catalog's own safety net.
var lockCheck = 30 * time.Second

// lockPoll is how often the lockfiles are stated with --watch poll, or
// when the watcher cannot start: the poll watcher's period. A stat per
// lockfile is all the poll watcher would learn of them, without walking
// their folders.
var lockPoll = filewatcher.DefaultPollInterval

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
// Run learns of a change from a watcher on the lockfiles' folders (Watch
// says which), with a slow stat of the lockfiles as a safety net; CatchUp,
// for a client that arrives (a new agent session, a one-shot command
// right after skilldex add), looks at once. Each change reads each
// lockfile once. Both are safe to call concurrently.
type Follower struct {
	// Watch is serve's --watch, the catalog's watcher: "fsnotify" (or
	// empty) watches the lockfiles' folders, "poll" stats the lockfiles
	// every second, "off" leaves following to CatchUp and the safety
	// net. Set it before Run.
	Watch string
	// Debounce is the watcher's quiet period (serve's --debounce); 0
	// means filewatcher.DefaultDebounce. Set it before Run.
	Debounce time.Duration

	cat   *index.Catalog
	m     *Manager
	base  []index.Root
	locks [][2]string
	abs   []string // the lockfiles' absolute paths, as watcher events name them
	every time.Duration
	log   *slog.Logger
	// newWatcher is filewatcher.New; tests make it fail.
	newWatcher func(filewatcher.Options) (filewatcher.Watcher, error)

	stamps []os.FileInfo // lockStamps when Run last looked; Run's own

	mu      sync.Mutex                   // held while following; guards what follows
	seen    []os.FileInfo                // lockStamps when last followed
	targets map[string]map[string]string // by lockfile: root link -> tree, when last followed
	last    map[string][]index.Root      // each lockfile's roots, last read
	warned  map[string]bool              // "not fetched" already logged, by lock, source and commit
}

// NewFollower follows locks for cat (see Follower) once Run or CatchUp
// is called.
func NewFollower(cat *index.Catalog, m *Manager, base []index.Root, locks [][2]string, every time.Duration, log *slog.Logger) *Follower {
	f := &Follower{cat: cat, m: m, base: base, locks: locks, every: every, log: log, newWatcher: filewatcher.New,
		stamps: lockStamps(locks), targets: map[string]map[string]string{}, last: map[string][]index.Root{}, warned: map[string]bool{}}
	for _, lf := range locks {
		p, err := filepath.Abs(lf[0])
		if err != nil {
			p = filepath.Clean(lf[0])
		}
		f.abs = append(f.abs, p)
		f.targets[lf[0]] = lockTargets(m, lf[0])
	}
	return f
}

// Run follows the lockfiles until ctx ends: at once (the lockfiles may
// have changed since the catalog's roots were resolved; with every > 0,
// after fetching what the cache lacks and moving branches), then on
// every change and, with every > 0, every `every`. A watcher that cannot
// start is logged and the lockfiles are stated every second instead.
func (f *Follower) Run(ctx context.Context) {
	if f.every > 0 {
		f.refresh(ctx, true)
	} else {
		f.follow(ctx, nil)
	}
	changed := make(chan struct{}, 1) // one pending look is enough
	failed := make(chan error, 1)
	wctx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer wg.Wait() // the watcher ends with Run
	defer stop()
	period := lockCheck
	switch f.Watch {
	case "off":
	case "poll":
		period = lockPoll
	default:
		// Depth 1 is the least a watcher takes: each folder's own
		// entries (and its subfolders', which are not looked at).
		w, err := f.newWatcher(filewatcher.Options{Kind: f.Watch, Debounce: f.Debounce, MaxDepth: 1})
		if err != nil {
			f.log.Warn("sources: cannot watch the lockfiles' folders; stating the lockfiles every second instead", "err", err)
			period = lockPoll
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := w.Watch(wctx, f.folders(), func(paths []string) {
				if f.concerns(paths) {
					select {
					case changed <- struct{}{}:
					default:
					}
				}
			})
			if err != nil && wctx.Err() == nil {
				failed <- err
			}
		}()
	}
	check := time.NewTicker(period)
	defer check.Stop()
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
		case err := <-failed:
			f.log.Warn("sources: the lockfiles' watcher stopped; stating the lockfiles every second instead", "err", err)
			check.Reset(lockPoll)
			f.look(ctx)
		case <-changed:
			f.look(ctx)
		case <-check.C:
			f.look(ctx)
		case <-tick:
			f.refresh(ctx, false)
		}
	}
}

// folders are what Run's watcher watches: each lockfile's folder, once.
// A lockfile is written by rename (WriteLock) and may not exist yet (the
// project's appears with the first skilldex add), so its folder is
// watched, not the file. A folder that does not exist yet (the user's
// config folder before the first skilldex add --global) is watched, by
// the fsnotify watcher, from its nearest existing parent until it
// appears, and then itself. The deepest folders come first: the watcher
// counts a folder's depth from the first root that holds it, so a
// lockfile folder inside another's (a project at the home folder, the
// user's lockfile in ~/.config/skilldex) is watched as a root of its
// own, not as a subfolder beyond the depth of 1.
func (f *Follower) folders() []string {
	var out []string
	for _, p := range f.abs {
		if d := filepath.Dir(p); !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	slices.SortFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
}

// concerns reports whether a watcher batch may have changed a lockfile:
// the "rescan everything" batch (nil: the first, once the watches are in
// place, and one after lost events), an event for a lockfile, or one for
// a folder that holds one (made, removed or renamed: the lockfile in it
// may have come or gone with no event of its own). Other entries of the
// watched folders (a project's files) are not looked at.
func (f *Follower) concerns(paths []string) bool {
	if paths == nil {
		return true
	}
	for _, p := range paths {
		for _, l := range f.abs {
			if p == l || strings.HasPrefix(l, p+string(filepath.Separator)) {
				return true
			}
		}
	}
	return false
}

// look is Run's look at the lockfiles: when one changed since Run last
// looked, fetch what the cache lacks (every > 0) and follow.
func (f *Follower) look(ctx context.Context) {
	s := lockStamps(f.locks)
	if sameStamps(s, f.stamps) {
		return
	}
	f.stamps = s
	var r *lockRead
	if f.every > 0 {
		r = f.syncMissing(ctx)
	}
	f.follow(ctx, r)
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
	f.followLocked(ctx, nil)
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
	f.follow(ctx, nil)
}

// lockRead is one read of the lockfiles (Manager.Origins of each, in
// f.locks order), with their lockStamps taken just before it: everything
// a follow needs, so a change reads each lockfile once.
type lockRead struct {
	stamps []os.FileInfo
	ors    []Origins
	errs   []error
}

// read reads the lockfiles once.
func (f *Follower) read() *lockRead {
	r := &lockRead{stamps: lockStamps(f.locks), ors: make([]Origins, len(f.locks)), errs: make([]error, len(f.locks))}
	for i, lf := range f.locks {
		r.ors[i], r.errs[i] = f.m.Origins(lf[0], lf[1])
	}
	return r
}

// syncMissing fetches, for each lockfile with a source the cache lacks,
// what it pins (serve --refresh-sources only). It returns its read of the
// lockfiles for the follow that comes next when it fetched nothing, nil
// when a fetch may have changed what they say.
func (f *Follower) syncMissing(ctx context.Context) *lockRead {
	ctx, cancel := context.WithTimeout(ctx, refreshTimeout)
	defer cancel()
	r := f.read()
	fetched := false
	for i, lf := range f.locks {
		if r.errs[i] != nil || allFetched(r.ors[i]) {
			continue
		}
		if _, err := f.m.Sync(ctx, lf[0], SyncOptions{}); err != nil && ctx.Err() == nil {
			f.log.Warn("sources: sync failed", "lock", lf[0], "err", err)
		}
		fetched = true
	}
	if fetched {
		return nil
	}
	return r
}

// follow makes the catalog's roots what the lockfiles say (SetRoots when
// the set of sources changed, Refresh when only a root link moved), one
// caller at a time, from r when it is still what the lockfiles hold.
func (f *Follower) follow(ctx context.Context, r *lockRead) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.followLocked(ctx, r)
}

// followLocked is follow for a caller holding f.mu. r, read without the
// lock, is used only when no lockfile changed since: another follow may
// have served a newer state meanwhile, which an older read must not undo.
func (f *Follower) followLocked(ctx context.Context, r *lockRead) {
	if r == nil || !sameStamps(lockStamps(f.locks), r.stamps) {
		r = f.read()
	}
	// Taken before the lockfiles were read: a write meanwhile is seen by
	// the next look.
	f.seen = r.stamps
	roots := append([]index.Root(nil), f.base...)
	moved := false
	for i, lf := range f.locks {
		ors, err := r.ors[i], r.errs[i]
		if err != nil {
			f.log.Warn("sources: cannot read the lockfile; its sources are served as they were", "lock", lf[0], "err", err)
			roots = append(roots, f.last[lf[0]]...)
			continue
		}
		mine := ors.Roots()
		targets := map[string]string{}
		for _, o := range ors {
			targets[o.Root], _ = os.Readlink(o.Root)
			if o.State == "ok" {
				continue
			}
			if k := o.Lock + "\x00" + o.Name + "\x00" + o.Commit; !f.warned[k] {
				f.warned[k] = true
				f.log.Warn(fmt.Sprintf("sources: source %s in %s is %s; its skills are served once you run skilldex sync%s", o.Name, o.Lock, o.State, globalArg(o.Scope)),
					"source", o.Name, "lock", o.Lock)
			}
		}
		if !maps.Equal(targets, f.targets[lf[0]]) {
			moved = true
			f.targets[lf[0]] = targets
		}
		f.last[lf[0]] = mine
		roots = append(roots, mine...)
	}
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

// lockTargets maps each source root link of a lockfile to its target,
// for the first follow to compare with (empty when the lockfile cannot
// be read).
func lockTargets(m *Manager, lockPath string) map[string]string {
	out := map[string]string{}
	lock, err := ReadLock(lockPath)
	if err != nil {
		return out
	}
	for _, n := range lock.Names() {
		root := m.RootLink(lockPath, n)
		target, _ := os.Readlink(root)
		out[root] = target
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
