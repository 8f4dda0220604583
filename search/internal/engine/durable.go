package engine

import (
	"errors"
	"fmt"
	"sync"

	"github.com/blevesearch/bleve/v2/index/scorch"

	"github.com/skilldex/skilldex/internal/failpoint"
)

// Why batches are not written to disk one by one: bleve's scorch, by
// default, makes every Batch wait until its segment is on disk (a zap file
// and a commit of root.bolt, each synced), which puts hundreds of syncs
// on a cold build's critical path. The index is opened with
// scorch's "unsafe_batch": a Batch returns once its segment is introduced
// (searchable), and scorch's persister writes snapshots in the
// background, in epoch order, merging the segments that piled up in
// memory into one file. Every batch carries a persisted callback; the
// durability tracker counts the batches not yet on disk, and Sync waits
// for them. Callers wait only where their crash safety needs it (Index and
// Delete always do; IndexUnsynced and DeleteUnsynced leave it to a later
// Sync or Close).

// asyncErrorCallback is the name under which the package registers its
// scorch asynchronous error callback (scorch reads the registry when an
// index opens; it must be filled at init).
const asyncErrorCallback = "skilldex-search"

func init() {
	scorch.RegistryAsyncErrorCallbacks[asyncErrorCallback] = func(err error, path string) {
		trackers.report(path, err)
	}
}

// trackers maps a scorch store path (the index path plus "/store", the
// path scorch passes to the callback) to the tracker of the open index
// there.
var trackers = trackerSet{m: map[string]*durability{}}

type trackerSet struct {
	mu sync.Mutex
	m  map[string]*durability
}

func (t *trackerSet) add(path string, d *durability) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.m[path] = d
}

func (t *trackerSet) remove(path string, d *durability) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m[path] == d {
		delete(t.m, path)
	}
}

// report hands a background error of the scorch index at path to its
// tracker. Only the persister's errors (a snapshot that could not be
// written, or its goroutine's panic) say batches are not on disk; merge
// and clean-up errors leave the persisted snapshots as they were.
func (t *trackerSet) report(path string, err error) {
	var se *scorch.ScorchError
	if !errors.As(err, &se) || se.Source != "persister" ||
		!(errors.Is(err, scorch.ErrPersist) || errors.Is(err, scorch.ErrAsyncPanic)) {
		return
	}
	t.mu.Lock()
	d := t.m[path]
	t.mu.Unlock()
	if d == nil {
		return
	}
	if errors.Is(err, scorch.ErrAsyncPanic) {
		d.died(err)
		return
	}
	d.failed(err)
}

// durability counts the batches bleve has made searchable and not yet
// written to disk. Its own lock; a leaf.
type durability struct {
	path    string // the index's directory, for failpoint.Persist
	mu      sync.Mutex
	changed *sync.Cond
	pending int   // batches introduced, not yet persisted
	err     error // a persist error reported while batches were pending
	dead    error // the persister's goroutine panicked and exited: nothing is written again
}

func newDurability(path string) *durability {
	d := &durability{path: path}
	d.changed = sync.NewCond(&d.mu)
	return d
}

// sent counts one batch about to be handed to bleve; the returned
// function is its persisted callback. If bleve refuses the batch, call
// unsent instead: the callback will never run. Under an armed
// failpoint.Persist the callback reports the injected error, as bleve
// reports a snapshot it could not write.
func (d *durability) sent() func(error) {
	d.mu.Lock()
	d.pending++
	d.mu.Unlock()
	if err := failpoint.Check(failpoint.Persist, d.path); err != nil {
		return func(error) { d.persisted(fmt.Errorf("persist snapshot: %w", err)) }
	}
	return d.persisted
}

func (d *durability) unsent() { d.persisted(nil) }

// persisted is a batch's persisted callback (bleve calls it with nil once
// the snapshot holding the batch is on disk).
func (d *durability) persisted(err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.pending--
	if err != nil && d.err == nil {
		d.err = err
	}
	if d.pending == 0 && err == nil {
		d.err = nil // a retry that succeeded wrote everything
	}
	d.changed.Broadcast()
}

// failed records a persist error reported in the background.
func (d *durability) failed(err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.pending > 0 && d.err == nil {
		d.err = err
	}
	d.changed.Broadcast()
}

// died records that bleve's persister panicked: scorch recovers, reports
// it and ends the persister's goroutine, so no batch is written to disk
// again and no persisted callback runs. Unlike a persist error (which
// bleve retries), it is kept whatever was pending, and every later check
// and wait fails with it instead of waiting for ever.
func (d *durability) died(err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.dead == nil {
		d.dead = err
	}
	d.changed.Broadcast()
}

// check returns the error that keeps batches off the disk: the
// persister's death, or the persist error reported since the last time
// every batch was on disk; nil if none.
func (d *durability) check() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.dead != nil {
		return d.dead
	}
	return d.err
}

// wait blocks until every batch sent so far is on disk, or a persist
// error is reported (then it returns that error; bleve's persister keeps
// retrying in the background, and the batches stay searchable), or the
// persister died (died).
func (d *durability) wait() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	for d.pending > 0 && d.err == nil && d.dead == nil {
		d.changed.Wait()
	}
	if d.dead != nil {
		return fmt.Errorf("search: write index to disk: %w", d.dead)
	}
	if d.err != nil {
		return fmt.Errorf("search: write index to disk: %w", d.err)
	}
	return nil
}
