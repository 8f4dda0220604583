package sources

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/skilldex/skilldex/index"
)

// ServeRefresh is serve --refresh-sources: until ctx ends it fetches
// what the lockfiles (path, scope) pin but the cache lacks, and every
// `every` moves the sources that follow a branch to its newest commit
// when that is a fast-forward passing the safety rules and the audit
// (Manager.Refresh), re-points the roots at what the lockfiles
// say (a lockfile changed by git pull), and refreshes the catalog when a
// root moved, so clients get list_changed. What is refused is logged and
// kept where it was.
func ServeRefresh(ctx context.Context, cat *index.Catalog, m *Manager, locks [][2]string, every time.Duration, log *slog.Logger) {
	if every <= 0 {
		return
	}
	tick := func(first bool) {
		// A remote that stops answering must not stop the refreshes.
		ctx, cancel := context.WithTimeout(ctx, refreshTimeout)
		defer cancel()
		before := rootTargets(m, locks)
		for _, lf := range locks {
			ors, err := m.Origins(lf[0], lf[1])
			if err != nil {
				log.Warn("sources: cannot read the lockfile", "lock", lf[0], "err", err)
				continue
			}
			if first && !allFetched(ors) {
				if _, err := m.Sync(ctx, lf[0], SyncOptions{}); err != nil && ctx.Err() == nil {
					log.Warn("sources: sync failed", "lock", lf[0], "err", err)
				}
			}
			changes, _, err := m.Refresh(ctx, lf[0])
			if err != nil && ctx.Err() == nil {
				log.Warn("sources: refresh failed", "lock", lf[0], "err", err)
			}
			for _, c := range changes {
				switch {
				case len(c.Refused) > 0:
					log.Warn("sources: new commit not taken", "source", c.Name, "commit", c.Source.Commit, "why", c.Refused, "warnings", c.Warnings)
				case c.Moved():
					log.Info("sources: moved", "source", c.Name, "from", c.Old.Commit, "to", c.Source.Commit,
						"added", len(c.Added), "removed", len(c.Removed), "changed", len(c.Changed))
				}
			}
		}
		after := rootTargets(m, locks)
		if len(after) != len(before) || !sameTargets(before, after) {
			if _, err := cat.Refresh(ctx); err != nil && ctx.Err() == nil {
				log.Warn("sources: catalog refresh failed", "err", err)
			}
		}
	}
	tick(true)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			tick(false)
		}
	}
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

func sameTargets(a, b map[string]string) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func allFetched(ors Origins) bool {
	for _, o := range ors {
		if o.State != "ok" {
			return false
		}
	}
	return true
}
