package engine

import (
	"fmt"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	index "github.com/blevesearch/bleve_index_api"
	segment "github.com/blevesearch/scorch_segment_api/v2"
)

// Top-k pruning (MaxScore, Turtle and Flood 1995).
//
// A query of common words matches thousands of documents, and only the
// best ten are returned. Once ten are kept, a document scoring no more
// than the tenth cannot enter (a later document loses a tie). execute
// bounds what each clause can add to a score, and once the clauses with
// the smallest bounds cannot lift a document past the tenth even all
// together, they stop driving the iteration ("lazy" clauses): only the
// documents of the other clauses are candidates. A candidate whose
// clauses so far, plus the bounds of all lazy clauses, cannot pass the
// tenth is dropped at once (canEnter); the others have their lazy
// clauses advanced to them and are scored in full. So every document
// that could enter is scored exactly as without pruning
// (TestPruneMatchesFull compares the two, bit for bit). Total, which the
// pruned loop cannot count, is counted before it from the union of the
// clauses' posting bitmaps (unionCount).
//
// The engine knows BM25: a clause scores idf*tf*k1/(tf + k1*norm) *
// weight, below U = k1*idf*weight for any term frequency and field
// length, and execute hands these bounds to the Scorer. How clause scores
// combine is the ranking's: its Pruner turns the bounds into the bounds
// of sets of clauses (which clauses turn lazy, whether a candidate can
// still enter).

// unionCount counts the documents matching any of the clauses (indices
// into p's clauses and ps) from the union of their posting bitmaps, segment
// by segment, without iterating them. ok is false when r is not a scorch
// snapshot of zap segments.
func unionCount(r index.IndexReader, q *Query, clauses []int) (n uint64, ok bool, err error) {
	snap, isSnap := r.(*scorch.IndexSnapshot)
	if !isSnap {
		return 0, false, nil
	}
	for _, ss := range snap.Segments() {
		seg, del := ss.Segment(), ss.Deleted()
		var bms []*roaring.Bitmap
		var one []uint32
		for _, i := range clauses {
			c := q.Clauses[i]
			dict, err := seg.Dictionary(c.Field)
			if err != nil {
				return 0, false, fmt.Errorf("search: %w", err)
			}
			pl, err := dict.PostingsList([]byte(c.Term), del, nil)
			if err != nil {
				return 0, false, fmt.Errorf("search: %w", err)
			}
			if pl == nil {
				continue
			}
			o, isOpt := pl.Iterator(false, false, false, nil).(segment.OptimizablePostingsIterator)
			if !isOpt {
				return 0, false, nil
			}
			if d, is1 := o.DocNum1Hit(); is1 {
				one = append(one, uint32(d))
			} else if bm := o.ActualBitmap(); bm != nil {
				bms = append(bms, bm)
			}
		}
		switch {
		case len(bms) == 0:
			u := roaring.New()
			u.AddMany(one)
			n += u.GetCardinality()
		case len(bms) == 1 && len(one) == 0:
			n += bms[0].GetCardinality()
		default:
			u := roaring.FastOr(bms...)
			u.AddMany(one)
			n += u.GetCardinality()
		}
	}
	return n, true, nil
}
