package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/index/scorch/mergeplan"
	index "github.com/blevesearch/bleve_index_api"
)

// Segments reports how many segments the index is made of now and whether
// bleve's background work (merging segments, persisting them) is still
// running: a steady index has busy false. An in-memory index or one that
// is not scorch reports (0, false, nil).
func (e *Engine) Segments() (segments uint64, busy bool, err error) {
	idx, done, err := e.live()
	if err != nil {
		return 0, false, err
	}
	defer done()
	s, ok := scorchOf(idx)
	if !ok {
		return 0, false, nil
	}
	files, mem, busy := segmentsOf(s)
	return files + mem, busy, nil
}

// Build-sized writes: CompactAfterBuild and Close compact the index once
// at least compactMinDocs documents, and at least 1/compactFraction of the
// index, were written or deleted since the last compaction. Smaller
// changes (an author editing a few skills) add a small segment each,
// which bleve's own merge policy leaves alone.
const (
	compactMinDocs  = 64
	compactFraction = 8
)

// closeCompactMax bounds the compaction Close does: a merge cut short
// leaves a correct index, only one slower to open.
const closeCompactMax = 2 * time.Minute

// CompactAfterBuild compacts the index (see Compact) when a build's worth
// of documents was written since the last compaction (at least 64, and
// at least an eighth of the index), and does nothing otherwise. The
// catalog calls it when its background body pass has drained; Close calls
// it too, so a short-lived process that built the index (skilldex index,
// a one-shot command on a new catalog) leaves it compacted.
func (e *Engine) CompactAfterBuild(ctx context.Context) error {
	n := e.written.Load()
	if n < compactMinDocs {
		return nil
	}
	docs, err := e.Count()
	if err != nil {
		return err
	}
	if uint64(n)*compactFraction < docs {
		return nil
	}
	return e.Compact(ctx)
}

// Compact merges the index into a single segment and waits until bleve
// has written it to disk, or ctx ends (then it returns ctx's error and the
// index stays as it was or partly merged: still correct, only slower to
// open); it gives up with an error wrapping the persist error as soon as
// bleve reports that it cannot write to disk (see Sync). Why: bleve
// merges segments in a background goroutine; a catalog built by a
// process that exits before those merges finish leaves several segments
// with deleted documents behind (a body-indexing pass replaces each
// metadata-only document), and every later process that opens the index
// starts the same merge again and drops it at exit, a large share of a
// one-shot `skilldex search`'s CPU. After Compact there is nothing to
// merge. The cost is one merge of the whole index, paid once
// after a build, not on every open. A no-op for in-memory indexes.
func (e *Engine) Compact(ctx context.Context) error {
	idx, done, err := e.live()
	if err != nil {
		return err
	}
	defer done()
	s, ok := scorchOf(idx)
	if !ok {
		return nil
	}
	written := e.written.Load()
	if e.memOnly {
		e.written.Add(-written)
		return nil
	}
	wait := func() error {
		select {
		case <-ctx.Done():
			return fmt.Errorf("search: compact: %w", ctx.Err())
		case <-time.After(5 * time.Millisecond):
			return nil
		}
	}
	// Until one segment is left: writes of a refresh may add segments
	// meanwhile; after three merges they are left to bleve's own policy.
	for merges := 0; ; merges++ {
		// bleve merges only segments on disk: wait for the persister to
		// write the last in-memory ones.
		if err := e.persistErr(); err != nil {
			// The merge waits for in-memory segments the persister
			// cannot write.
			return fmt.Errorf("search: compact: %w", err)
		}
		files, mem, busy := segmentsOf(s)
		if files+mem <= 1 && !busy {
			e.written.Add(-written)
			return nil
		}
		if mem > 0 || (busy && merges > 0) {
			if err := wait(); err != nil {
				return err
			}
			merges--
			continue
		}
		if merges == 3 {
			return nil
		}
		e.forcedMerges.Add(1)
		opts := mergeplan.SingleSegmentMergePlanOptions
		if err := s.ForceMerge(ctx, &opts); err != nil {
			return fmt.Errorf("search: compact: %w", err)
		}
		// ForceMerge returns nil also when ctx ended the merge: the
		// build must not count as compacted then, or Close would not
		// finish it.
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("search: compact: %w", err)
		}
	}
}

// segmentsOf reads scorch's statistics: file and in-memory segments of
// the live snapshot, and whether merging or persisting is under way.
func segmentsOf(s *scorch.Scorch) (files, mem uint64, busy bool) {
	m := s.StatsMap()
	files, _ = m["TotFileSegmentsAtRoot"].(uint64)
	mem, _ = m["TotMemorySegmentsAtRoot"].(uint64)
	busy, _ = m["index_bgthreads_active"].(bool)
	return files, mem, busy
}

// reader opens a reader of idx's current snapshot; the caller closes it.
// Errors are bleve's, wrapped with the package prefix.
func reader(idx bleve.Index) (index.IndexReader, error) {
	adv, err := idx.Advanced()
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return r, nil
}

// scorchOf returns the scorch index under idx.
func scorchOf(idx bleve.Index) (*scorch.Scorch, bool) {
	adv, err := idx.Advanced()
	if err != nil {
		return nil, false
	}
	s, ok := adv.(*scorch.Scorch)
	return s, ok
}
