package index

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/skilldex/skilldex/search"
	"github.com/skilldex/skilldex/store"
)

// rebuildFile, in a catalog's data subfolder, says that a run found the
// store or the search index damaged (its content is the cause): the next
// Open recreates both and rebuilds them from the skill folders, whatever
// an open-time check says. It is a file beside the two, not a store key,
// since the store may be what is damaged.
const rebuildFile = "rebuild"

// errDamaged marks damage found while serving: stored content that does
// not match its SHA-256, a search that fails for no reason of its own.
var errDamaged = errors.New("data dir damaged")

// cachedFile returns the stored content of s's file rel when its SHA-256
// is want (the hex digest in the skill record), so what is served as the
// file on disk is the file on disk; ok is false when there is none, or when
// it does not match, which is damage (see damaged) once confirmed against
// the current record: the caller reads the file from its folder instead.
func (c *fileReads) cachedFile(s *Skill, rel, want string) (data []byte, ok bool) {
	st, _ := c.pair.backends()
	data, err := st.File(s.ID, rel)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, false
	case err != nil:
		if errors.Is(err, store.ErrCorrupt) {
			c.repair.damaged(err)
		}
		return nil, false
	case want != "" && sha256Hex(data) == want:
		return data, true
	}
	c.repair.mismatch(s.ID, rel)
	return nil, false
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// searchDamaged reports whether a search error says the index is damaged:
// anything but a query the index refuses (search.ErrEmptyQuery,
// search.ErrQueryTooLong, search.ErrBudget: a hostile query must not
// cost a rebuild) or the caller's context ending.
func searchDamaged(ctx context.Context, err error) bool {
	if err == nil || ctx.Err() != nil {
		return false
	}
	for _, refused := range []error{search.ErrEmptyQuery, search.ErrQueryTooLong, search.ErrWindowTooLarge, search.ErrBudget,
		context.Canceled, context.DeadlineExceeded} {
		if errors.Is(err, refused) {
			return false
		}
	}
	return true
}

// repairer handles damage found while serving (stored content that does
// not match its SHA-256, a search index that fails): readers report it
// (damaged) and go on; the repair itself is the refresher's, run once per
// catalog in the background. It has no lock of its own.
type repairer struct {
	ref *refresher
	// repairing is set by the first damage found (see damaged); repairs
	// tracks its rebuild, which close cancels (repairStop) and waits for.
	repairing  atomic.Bool
	shut       atomic.Bool // close began: errors from closed files are not damage
	repairs    sync.WaitGroup
	repairCtx  context.Context
	repairStop context.CancelFunc
}

func newRepairer(ref *refresher) *repairer {
	c := &repairer{ref: ref}
	c.repairCtx, c.repairStop = context.WithCancel(context.Background())
	return c
}

// damaged handles damage found while serving or writing: the data dir is
// marked for a rebuild at the next start (rebuildFile), and, once per
// catalog, the catalog moves to memory and rebuilds there from the skill
// folders in the background (degrade, then a full refresh), so the rest
// of this run serves undamaged data too. Readers keep the data dir's files
// until the rebuild is done.
func (c *repairer) damaged(cause error) {
	if c.shut.Load() {
		return
	}
	c.ref.pair.markRebuild(cause)
	if !c.repairing.CompareAndSwap(false, true) {
		return
	}
	c.repairs.Add(1)
	go func() {
		defer c.repairs.Done()
		w := c.ref.lockWrite()
		defer w.unlock()
		if c.ref.closed || !c.ref.degrade(w, cause) {
			return
		}
		if _, err := c.ref.refreshLocked(w, c.repairCtx); err == nil {
			c.ref.pair.rebuilt()
		} else if c.repairCtx.Err() == nil {
			c.ref.log.Warn("rebuilding in memory after damage", "err", err)
		}
	}()
}

// mismatch checks a stored file content of skill id that did not match
// the SHA-256 a reader expected: a refresh may have replaced the record
// and its content since the reader resolved the skill, so only a mismatch
// against the current record, read while no refresh writes, is damage.
func (c *repairer) mismatch(id, rel string) {
	w := c.ref.lockWrite()
	cur, found := c.ref.view.get(id)
	var fi FileInfo
	if found {
		fi, found = findFile(cur.Files, rel)
	}
	if found && fi.Hash != "" {
		st, _ := c.ref.pair.backends()
		if now, err := st.File(id, fi.Path); err == nil && sha256Hex(now) != fi.Hash {
			defer c.damaged(fmt.Errorf("%w: the stored content of %s in skill %q does not match its SHA-256", errDamaged, rel, id))
		}
	}
	w.unlock()
}

// close stops the repair in progress and waits for it; damage reported
// after is ignored (errors from closing files are not damage).
func (c *repairer) close() {
	c.shut.Store(true)
	c.repairStop()
	c.repairs.Wait()
}

// markRebuild writes rebuildFile; a failure is logged (the damage is
// found again at the next start, or not at all, and then it does not
// matter).
func (p *pair) markRebuild(cause error) {
	if p.dataDir == "" {
		return
	}
	mark := filepath.Join(p.dataDir, rebuildFile)
	if _, err := os.Stat(mark); err == nil {
		return
	}
	p.log.Error("the data dir is damaged; serving from the skill folders, and the next start rebuilds it", "dir", p.dataDir, "err", cause)
	if err := os.WriteFile(mark, []byte(cause.Error()+"\n"), 0o600); err != nil {
		p.log.Warn("cannot mark the data dir for a rebuild", "err", err)
	}
}

// rebuildMarked reports, at Open, the damage an earlier run recorded
// (rebuildFile), as an error wrapping store.ErrCorrupt for rebuildDamaged;
// nil when there is none.
func (p *pair) rebuildMarked() error {
	if p.dataDir == "" || p.degraded != nil {
		return nil
	}
	why, err := os.ReadFile(filepath.Join(p.dataDir, rebuildFile))
	if err != nil {
		return nil
	}
	return fmt.Errorf("%w: an earlier run found damage: %s", store.ErrCorrupt, why)
}

// clearRebuild removes rebuildFile after the rebuild it asked for.
func (p *pair) clearRebuild() {
	if p.dataDir != "" {
		_ = os.Remove(filepath.Join(p.dataDir, rebuildFile))
	}
}

// rebuilding reports whether readers still use the data dir's files while
// a degraded catalog rebuilds in memory.
func (p *pair) rebuilding() bool {
	p.pairMu.RLock()
	defer p.pairMu.RUnlock()
	return p.rst != nil
}
