package index

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/skilldex/skilldex/search"
	"github.com/skilldex/skilldex/store"
)

// ownerFile names the process that holds a data dir. The lock itself is
// bbolt's flock on skills.db (released by the kernel when the process dies,
// so a stale lock cannot outlive its owner); this file only lets a second
// process say who holds it.
const ownerFile = "owner.json"

// Owner describes the process holding a catalog's data dir.
type Owner struct {
	PID     int       `json:"pid"`
	Command string    `json:"command"` // the owner's command line, e.g. "skilldex serve --dir skills"
	Started time.Time `json:"started"`
	// Alive is false when the recorded process no longer exists (the
	// lock changed hands before the new owner wrote its record).
	Alive bool `json:"-"`
}

// LockedError reports that another process holds the data dir: one data
// dir has one writer. It unwraps to store.ErrLocked (or search.ErrLocked).
type LockedError struct {
	DataDir string
	// Owner is who holds it, nil when it did not say (an older skilldex,
	// or the owner has only just taken the lock).
	Owner *Owner
	Err   error
}

// Error names the data dir and, when it said, the owner. It is neutral
// about front-ends: the way out (another data dir, a flag, a stop
// command) is the front-end's to say, from these fields.
func (e *LockedError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "the data dir %s is in use by another skilldex process", e.DataDir)
	if o := e.Owner; o != nil && o.Alive {
		fmt.Fprintf(&b, " (pid %d, %q, started %s)", o.PID, o.Command, o.Started.Format(time.RFC3339))
	}
	b.WriteString("; a data dir has one writer at a time")
	return b.String()
}

// Unwrap returns the lock error of the store or index.
func (e *LockedError) Unwrap() error { return e.Err }

func isLocked(err error) bool {
	return errors.Is(err, store.ErrLocked) || errors.Is(err, search.ErrLocked)
}

// lockedError wraps err (a lock error) with who holds dir.
func lockedError(dir string, err error) error {
	le := &LockedError{DataDir: dir, Err: err}
	if data, rerr := os.ReadFile(filepath.Join(dir, ownerFile)); rerr == nil {
		var o Owner
		if json.Unmarshal(data, &o) == nil && o.PID > 0 {
			// Signal 0 probes: EPERM means the process exists under
			// another user.
			err := syscall.Kill(o.PID, 0)
			o.Alive = err == nil || errors.Is(err, syscall.EPERM)
			le.Owner = &o
		}
	}
	return le
}

// claim records this process as the data dir's owner; called with the
// store's lock held. A failure only costs the better error message.
func (p *pair) claim() {
	if p.dataDir == "" {
		return
	}
	o := Owner{PID: os.Getpid(), Command: strings.Join(append([]string{filepath.Base(os.Args[0])}, os.Args[1:]...), " "), Started: time.Now().UTC().Truncate(time.Second)}
	data, _ := json.Marshal(o)
	tmp := filepath.Join(p.dataDir, ownerFile+".tmp")
	if err := os.WriteFile(tmp, data, 0o644); err == nil {
		_ = os.Rename(tmp, filepath.Join(p.dataDir, ownerFile))
	}
}

// release removes the owner record if it is still this process's.
func (p *pair) release() {
	if p.dataDir == "" {
		return
	}
	file := filepath.Join(p.dataDir, ownerFile)
	var o Owner
	if data, err := os.ReadFile(file); err == nil && json.Unmarshal(data, &o) == nil && o.PID == os.Getpid() {
		_ = os.Remove(file)
	}
}

// DataDirOf returns the folder a catalog opened with opts keeps its store
// and index in: a subfolder of opts.DataDir named for the roots (but
// FollowedRoots), the lockfiles followed, the mode and the depth
// (absolute), or "" when the catalog would live in memory. Processes that
// share a catalog find each other by it. Errors: a root that cannot be
// made absolute, a FollowedRoots out of range.
func DataDirOf(opts *Options) (string, error) {
	if err := checkFollowed(opts); err != nil {
		return "", err
	}
	if opts.Mem || opts.DataDir == "" {
		return "", nil
	}
	o := *opts
	o.Roots = append([]Root(nil), opts.Roots...)
	if err := absRoots(o.Roots); err != nil {
		return "", err
	}
	dir, err := filepath.Abs(o.DataDir)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, dataKey(&o)), nil
}
