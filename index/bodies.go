package index

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"sync"

	"github.com/skilldex/skilldex/store"
)

// deferBodiesMin is the fewest skills a refresh must parse before it
// defers their bodies (BackgroundBodies): one edited skill is indexed whole
// at once, so a change is searchable in full as soon as it is visible.
const deferBodiesMin = 64

// bodyChunk is how many skills the background pass completes per hold of
// refreshMu: one search index batch (each batch waits for the index to
// persist, and each persist rewrites per-document state, so fewer and
// larger is much faster). That is up to about a second of work on two
// shared cores, the longest a watcher's refresh waits behind the pass
// while it runs.
const bodyChunk = 250

// bodyQueue is the set of skill ids whose body text is still to index,
// plus the count of the chunk the background pass is writing (in flight:
// still pending for BodiesPending), the ids whose body the pass wrote to
// the search index without waiting for the disk (unsynced), and the
// channel that wakes the pass. It owns its lock; every method takes and
// releases it, so it is a leaf in the catalog's lock order.
//
// The pass's chunks do not wait for the search index to reach the disk
// (a sync per chunk would wait on the disk hundreds of times in a large
// build, with the lock held and the cores idle): the saved list (save) still names their ids until a sync
// has made them durable (synced), so a crash before it only makes the
// next Open index those bodies again.
type bodyQueue struct {
	mu       sync.Mutex
	ids      map[string]struct{}
	unsynced map[string]struct{}
	inFlight int
	wake     chan struct{} // nil without a background pass
}

// newBodyQueue makes an empty queue; background says a pass drains it.
func newBodyQueue(background bool) *bodyQueue {
	q := &bodyQueue{ids: map[string]struct{}{}, unsynced: map[string]struct{}{}}
	if background {
		q.wake = make(chan struct{}, 1)
	}
	return q
}

// add queues ids.
func (q *bodyQueue) add(ids ...string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, id := range ids {
		q.ids[id] = struct{}{}
	}
}

// remove drops ids from the queue (their bodies were indexed and synced).
func (q *bodyQueue) remove(ids ...string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, id := range ids {
		delete(q.ids, id)
		delete(q.unsynced, id)
	}
}

// reset empties the queue.
func (q *bodyQueue) reset() {
	q.mu.Lock()
	defer q.mu.Unlock()
	clear(q.ids)
	clear(q.unsynced)
}

// written records that the chunk in flight, ids, has its bodies in the
// search index, maybe not on disk yet: they stay in the saved list until
// synced. The chunk stays in flight (BodiesPending) until settled.
func (q *bodyQueue) written(ids []string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, id := range ids {
		q.unsynced[id] = struct{}{}
	}
}

// synced forgets the unsynced ids: call it after the search index synced
// (every write before a sync is on disk after it).
func (q *bodyQueue) synced() {
	q.mu.Lock()
	defer q.mu.Unlock()
	clear(q.unsynced)
}

// queued is the number of queued ids, in flight not counted.
func (q *bodyQueue) queued() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.ids)
}

// pending is the number of queued ids plus those in flight.
func (q *bodyQueue) pending() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.ids) + q.inFlight
}

// list returns the queued and the unsynced ids, sorted: what a crash
// would leave to index again.
func (q *bodyQueue) list() []string {
	q.mu.Lock()
	ids := make([]string, 0, len(q.ids)+len(q.unsynced))
	for id := range q.ids {
		ids = append(ids, id)
	}
	for id := range q.unsynced {
		if _, ok := q.ids[id]; !ok {
			ids = append(ids, id)
		}
	}
	q.mu.Unlock()
	sort.Strings(ids)
	return ids
}

// take moves up to n queued ids in flight and returns them.
func (q *bodyQueue) take(n int) []string {
	q.mu.Lock()
	defer q.mu.Unlock()
	ids := make([]string, 0, min(n, len(q.ids)))
	for id := range q.ids {
		if len(ids) == n {
			break
		}
		ids = append(ids, id)
		delete(q.ids, id)
	}
	q.inFlight = len(ids)
	return ids
}

// settle ends the chunk in flight: its ids go back to the queue when
// writing them failed.
func (q *bodyQueue) settle(ids []string, failed bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if failed {
		for _, id := range ids {
			q.ids[id] = struct{}{}
		}
	}
	q.inFlight = 0
}

// BodiesPending returns how many served skills' body text is not yet in
// the search index: 0 once a BackgroundBodies build has finished (and
// always 0 without BackgroundBodies). While it is above 0, names,
// descriptions and tags are fully searchable but a query that only
// matches body text may miss those skills.
func (c *Catalog) BodiesPending() int {
	return c.bodies.pending()
}

// kick wakes the background body pass if there is work for it.
func (q *bodyQueue) kick() {
	if q.wake == nil || q.pending() == 0 {
		return
	}
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// save records the queued ids in the store st, so a crash before the
// background pass ends is finished by the next Open. Its writing argument
// proves refreshMu is held.
func (q *bodyQueue) save(_ writing, st *store.Store) error {
	ids := q.list()
	var val []byte
	if len(ids) > 0 {
		val = encodeIDs(ids)
	}
	if err := st.SetState(bodiesKey, val); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// bodyPass is the background body pass (Options.BackgroundBodies): a
// goroutine that drains the body queue whenever the queue wakes it, in
// chunks, each written by the refresher under refreshMu (completeSkills),
// so no refresh interleaves with a chunk. It has no lock of its own.
type bodyPass struct {
	bodies *bodyQueue
	ref    *refresher
	log    *slog.Logger
	stop   context.CancelFunc
	done   sync.WaitGroup
}

// startBodyPass starts the pass over the queue q.
func startBodyPass(q *bodyQueue, ref *refresher, log *slog.Logger) *bodyPass {
	c := &bodyPass{bodies: q, ref: ref, log: log}
	ctx, cancel := context.WithCancel(context.Background())
	c.stop = cancel
	c.done.Add(1)
	go c.indexBodies(ctx)
	return c
}

// close stops the pass, waiting for the chunk in flight (a fraction of a
// second); what is left stays queued, and saved in the store.
func (c *bodyPass) close() {
	c.stop()
	c.done.Wait()
}

// indexBodies is the background body pass: it runs until ctx ends,
// indexing the pending bodies in chunks whenever kicked.
func (c *bodyPass) indexBodies(ctx context.Context) {
	defer c.done.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.bodies.wake:
		}
		c.drain(ctx)
	}
}

// drain indexes chunks until the queue is empty, ctx ends or a chunk
// fails, between the OnBuild calls of a run.
func (c *bodyPass) drain(ctx context.Context) {
	if on := c.ref.opts.OnBuild; on != nil {
		on(true)
		defer on(false)
	}
	for ctx.Err() == nil {
		more, err := c.indexBodyChunk(ctx)
		if err != nil {
			c.bodyFailed(ctx, err)
			return
		}
		if !more {
			// The build is done: merge its segments now, not in
			// every later process that opens the index.
			_ = c.ref.pair.ix.CompactAfterBuild(ctx)
			return
		}
	}
}

// indexBodyChunk completes up to bodyChunk skills of a deferred build and
// reports whether more are pending: each folder is parsed in full (body,
// references, every file hashed and cached) and written to the store and
// the search index with its body. It holds refreshMu, so no refresh
// interleaves: it starts from the store's current record, and an id the
// store no longer has is dropped. A skill whose SKILL.md changed since
// its record was made is left alone: its fingerprint changed too, so the
// next refresh (or the stat of a load) parses it again.
func (c *bodyPass) indexBodyChunk(ctx context.Context) (bool, error) {
	w := c.ref.lockWrite()
	defer w.unlock()
	if ctx.Err() != nil {
		return false, nil
	}
	// The chunk's ids move to inFlight: still counted by BodiesPending,
	// and still in the saved list until the pass has written them.
	ids := c.bodies.take(bodyChunk)
	if len(ids) == 0 {
		c.bodies.settle(nil, false)
		return false, nil
	}
	more, err := c.ref.completeSkills(w, ids)
	c.bodies.settle(ids, err != nil)
	return more, err
}

// completeSkills is indexBodyChunk's work on ids, which it records as
// written once they are in the search index; the last chunk syncs the
// index before it saves the empty list. w proves refreshMu is held.
func (c *refresher) completeSkills(w writing, ids []string) (bool, error) {
	var recs []*Skill
	for _, id := range ids {
		meta, err := c.pair.st.Meta(id)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return false, err
		}
		s, err := decodeRecord(id, meta, len(c.reader.roots))
		if err != nil {
			continue // load drops such records; the next refresh re-reads the folder
		}
		recs = append(recs, s)
	}
	var done []parsed
	for k, p := range c.reader.reread(recs) {
		if p.skill.Hash == recs[k].Hash {
			done = append(done, p)
		}
	}
	b, err := newWriteBatch(done, false)
	if err != nil {
		return false, err
	}
	b.unsynced = true
	if err := c.writeBatch(w, b, nil); err != nil {
		return false, err
	}
	c.bodies.written(ids)
	l := c.view.lock()
	l.complete(done)
	l.unlock()
	if c.bodies.queued() == 0 {
		if err := c.pair.ix.Sync(); err != nil {
			return false, fmt.Errorf("search index: %w", err)
		}
		c.bodies.synced()
		return false, c.bodies.save(w, c.pair.st)
	}
	return true, nil
}
