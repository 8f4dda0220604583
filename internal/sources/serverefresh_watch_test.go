package sources

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/filewatcher"
	"github.com/skilldex/skilldex/internal/e2etest"
	"github.com/skilldex/skilldex/internal/sources/gittest"
)

// followFixture is a catalog over one folder, a git server with two
// repositories (catalog: alpha-pdf, other: beta-xls) and a Manager.
type followFixture struct {
	srv    *gittest.Server
	m      *Manager
	base   []index.Root
	cat    *index.Catalog
	logs   *e2etest.SyncBuffer
	change chan struct{}
}

func newFollowFixture(t *testing.T) *followFixture {
	t.Helper()
	srv := gittest.StartDaemon(t)
	gittest.NewRepo(t, srv.Base, "catalog").Commit("one", map[string]string{
		"skills/alpha/SKILL.md": gittest.SkillMD("alpha-pdf", "Fill PDF forms.", "fetched")})
	gittest.NewRepo(t, srv.Base, "other").Commit("one", map[string]string{
		"skills/beta/SKILL.md": gittest.SkillMD("beta-xls", "Read spreadsheets.", "fetched")})
	folder := t.TempDir()
	if err := os.MkdirAll(filepath.Join(folder, "mine"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(folder, "mine", "SKILL.md"), []byte(gittest.SkillMD("mine", "My own skill.", "own")), 0o644); err != nil {
		t.Fatal(err)
	}
	base := []index.Root{{Path: folder}}
	cat, err := index.Open(ctxT(t), &index.Options{Roots: base, Mem: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cat.Close() })
	fx := &followFixture{srv: srv, m: testManager(t), base: base, cat: cat, logs: &e2etest.SyncBuffer{}, change: make(chan struct{}, 1)}
	cat.Subscribe(func(index.Change) {
		select {
		case fx.change <- struct{}{}:
		default:
		}
	})
	return fx
}

func (fx *followFixture) follower(locks [][2]string) *Follower {
	return NewFollower(fx.cat, fx.m, fx.base, locks, 0, slog.New(slog.NewTextHandler(fx.logs, nil)))
}

// run runs f until the test ends.
func (fx *followFixture) run(t *testing.T, f *Follower) {
	ctx, cancel := context.WithCancel(ctxT(t))
	done := make(chan struct{})
	go func() { f.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
}

func (fx *followFixture) add(t *testing.T, lockPath, repo string) {
	t.Helper()
	sp, _ := ParseSpec(fx.srv.URL(repo) + "#main")
	if _, err := fx.m.Add(ctxT(t), lockPath, sp, AddOptions{Path: "skills"}); err != nil {
		t.Fatal(err)
	}
}

func (fx *followFixture) served(name string) bool {
	_, err := fx.cat.Resolve(name)
	return err == nil
}

// waitFor waits, without CatchUp, until ok holds; the deadline (ctxT)
// only catches a follower that never looks.
func (fx *followFixture) waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := ctxT(t) // made once: a new one each turn would never end
	for !ok() {
		select {
		case <-fx.change:
		case <-time.After(20 * time.Millisecond):
		case <-deadline.Done():
			t.Fatalf("%s never happened; log:\n%s", what, fx.logs.String())
		}
	}
}

// knobs sets the safety net's and the poll's periods for one test.
func knobs(t *testing.T, check, poll time.Duration) {
	oc, op := lockCheck, lockPoll
	lockCheck, lockPoll = check, poll
	t.Cleanup(func() { lockCheck, lockPoll = oc, op })
}

// readyWatcher is a watcher that closes ready once its first batch (the
// watches are in place) is delivered.
type readyWatcher struct {
	filewatcher.Watcher
	ready chan struct{}
	once  sync.Once
}

func (w *readyWatcher) Watch(ctx context.Context, roots []string, onChange func([]string)) error {
	return w.Watcher.Watch(ctx, roots, func(paths []string) {
		onChange(paths)
		w.once.Do(func() { close(w.ready) })
	})
}

// TestFollowerWatchesLockfiles: with the poll and the safety net set to
// an hour, Run still serves what the lockfiles lock, without CatchUp:
// the watcher on their folders sees the project's lockfile created in a
// folder that held none after Run started, the user's created with the
// two folders above it (inside the project's folder, so its folder is
// also a subfolder of a watched one), and a source removed.
func TestFollowerWatchesLockfiles(t *testing.T) {
	knobs(t, time.Hour, time.Hour)
	fx := newFollowFixture(t)
	project := t.TempDir()
	projLock := filepath.Join(project, LockFileName)
	userLock := filepath.Join(project, "config", "skilldex", LockFileName)
	f := fx.follower([][2]string{{projLock, "project"}, {userLock, "global"}})
	ready := make(chan struct{})
	f.newWatcher = func(o filewatcher.Options) (filewatcher.Watcher, error) {
		w, err := filewatcher.New(o)
		return &readyWatcher{Watcher: w, ready: ready}, err
	}
	fx.run(t, f)
	select {
	case <-ready:
	case <-ctxT(t).Done():
		t.Fatal("the watcher never started")
	}

	fx.add(t, userLock, "other")
	fx.waitFor(t, "the user's source served", func() bool { return fx.served("beta-xls") && len(fx.cat.Roots()) == 2 })
	fx.add(t, projLock, "catalog")
	fx.waitFor(t, "the project's source served", func() bool { return fx.served("alpha-pdf") && len(fx.cat.Roots()) == 3 })
	if roots := fx.cat.Roots(); roots[1].Path != fx.m.RootLink(projLock, "skills") || roots[2].Path != fx.m.RootLink(userLock, "skills") {
		t.Fatalf("roots %+v: the project's sources come before the user's", roots)
	}
	if _, err := fx.m.Remove(projLock, "skills"); err != nil {
		t.Fatal(err)
	}
	fx.waitFor(t, "the removed source gone", func() bool { return !fx.served("alpha-pdf") && len(fx.cat.Roots()) == 2 })
	if !fx.served("beta-xls") || !fx.served("mine") {
		t.Fatal("removing the project's source dropped others")
	}
	// The follow logs after it serves the roots: wait for its line.
	follows := func() int { return strings.Count(fx.logs.String(), "the lockfiles changed") }
	fx.waitFor(t, "the third follow logged", func() bool { return follows() >= 3 })
	if n := follows(); n != 3 {
		t.Fatalf("%d follows for three changes; log:\n%s", n, fx.logs.String())
	}
}

// failingWatcher starts and stops at once with an error.
type failingWatcher struct{}

func (failingWatcher) Watch(context.Context, []string, func([]string)) error {
	return errors.New("no watches left")
}

// TestFollowerWithoutWatcher: with --watch poll the lockfiles are stated
// every lockPoll, with --watch off every lockCheck, and a watcher that
// cannot start or stops is logged and replaced by the lockPoll stat; in
// each case a lockfile created after Run started is followed without
// CatchUp, the other period set to an hour.
func TestFollowerWithoutWatcher(t *testing.T) {
	for _, tc := range []struct {
		name, watch string
		check, poll time.Duration
		newWatcher  func(filewatcher.Options) (filewatcher.Watcher, error)
		logged      string
	}{
		{name: "poll", watch: "poll", check: time.Hour, poll: 10 * time.Millisecond},
		{name: "off", watch: "off", check: 10 * time.Millisecond, poll: time.Hour},
		{name: "cannot start", check: time.Hour, poll: 10 * time.Millisecond, logged: "cannot watch the lockfiles' folders",
			newWatcher: func(filewatcher.Options) (filewatcher.Watcher, error) { return nil, errors.New("too many open files") }},
		{name: "stops", check: time.Hour, poll: 10 * time.Millisecond, logged: "the lockfiles' watcher stopped",
			newWatcher: func(filewatcher.Options) (filewatcher.Watcher, error) { return failingWatcher{}, nil }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			knobs(t, tc.check, tc.poll)
			fx := newFollowFixture(t)
			lockPath := filepath.Join(t.TempDir(), "project", LockFileName)
			f := fx.follower([][2]string{{lockPath, "project"}})
			f.Watch = tc.watch
			if tc.newWatcher != nil {
				f.newWatcher = tc.newWatcher
			}
			fx.run(t, f)
			if tc.logged != "" {
				fx.waitFor(t, "the watcher's failure logged", func() bool { return strings.Contains(fx.logs.String(), tc.logged) })
			}
			fx.add(t, lockPath, "catalog")
			fx.waitFor(t, "the added source served", func() bool { return fx.served("alpha-pdf") && len(fx.cat.Roots()) == 2 })
		})
	}
}

// TestFollowerConcerns: only batches that may touch a lockfile make Run
// look, and a lockfile folder inside another's is watched as a root of
// its own (the deepest first).
func TestFollowerConcerns(t *testing.T) {
	top := t.TempDir()
	projLock := filepath.Join(top, LockFileName)
	userLock := filepath.Join(top, "config", "skilldex", LockFileName)
	f := NewFollower(nil, &Manager{Cache: t.TempDir()}, nil, [][2]string{{projLock, "project"}, {userLock, "global"}}, 0, slog.New(slog.DiscardHandler))
	for _, tc := range []struct {
		paths []string
		want  bool
	}{
		{nil, true}, // rescan everything
		{[]string{projLock}, true},
		{[]string{filepath.Join(top, "README.md"), userLock}, true},
		{[]string{filepath.Join(top, "config")}, true}, // a folder on the way to a lockfile
		{[]string{filepath.Join(top, "config", "skilldex")}, true},
		{[]string{filepath.Join(top, "README.md"), filepath.Join(top, "src", LockFileName)}, false},
		{[]string{filepath.Join(top, "config", "skilldex", "config.yaml")}, false},
		{[]string{projLock + ".tmp"}, false},
		{[]string{}, false},
	} {
		if got := f.concerns(tc.paths); got != tc.want {
			t.Errorf("concerns(%q) = %v, want %v", tc.paths, got, tc.want)
		}
	}
	if got, want := f.folders(), []string{filepath.Dir(userLock), top}; !slices.Equal(got, want) {
		t.Fatalf("folders %q, want %q", got, want)
	}
}

// TestLockedOriginsReadsOnly: LockedOrigins says what the lockfile locks
// and each source's state without touching the root links (a listing
// must not change what a running catalog reads); Origins points them at
// the locked trees; both give the roots the follower serves.
func TestLockedOriginsReadsOnly(t *testing.T) {
	fx := newFollowFixture(t)
	lockPath := filepath.Join(t.TempDir(), LockFileName)
	fx.add(t, lockPath, "catalog")
	link := fx.m.RootLink(lockPath, "skills")
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	lock, err := ReadLock(lockPath)
	if err != nil {
		t.Fatal(err)
	}
	lock.Sources["later"] = &LockedSource{URL: fx.srv.URL("other")}
	if err := WriteLock(lockPath, lock); err != nil {
		t.Fatal(err)
	}
	ors, err := fx.m.LockedOrigins(lockPath, "project")
	if err != nil {
		t.Fatal(err)
	}
	want := []index.Root{{Path: fx.m.RootLink(lockPath, "later"), Label: "project"}, {Path: link, Label: "project"}}
	if len(ors) != 2 || ors[0].State != "not locked" || ors[1].State != "ok" || !slices.Equal(ors.Roots(), want) {
		t.Fatalf("LockedOrigins: %+v, roots %+v", ors, ors.Roots())
	}
	if _, err := os.Lstat(link); !os.IsNotExist(err) {
		t.Fatalf("LockedOrigins touched the root link: %v", err)
	}
	all, err := fx.m.Origins(lockPath, "project")
	if err != nil || !slices.Equal(all.Roots(), want) {
		t.Fatalf("Origins: %+v, %v", all, err)
	}
	if _, err := os.Stat(filepath.Join(link, "alpha", "SKILL.md")); err != nil {
		t.Fatalf("Origins did not link the fetched source: %v", err)
	}
	if _, err := fx.m.LockedOrigins(filepath.Join(t.TempDir(), LockFileName), "project"); err != nil {
		t.Fatalf("a missing lockfile: %v", err)
	}
}
