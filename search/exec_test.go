package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// execShared holds the index execIndex builds, shared by the tests that
// only read it (building it is most of their time); TestMain closes and
// removes it.
var execShared struct {
	sync.Mutex
	dir  string
	ix   *Index
	docs []Doc
}

func TestMain(m *testing.M) {
	code := m.Run()
	if execShared.ix != nil {
		_ = execShared.ix.Close()
	}
	if execShared.dir != "" {
		_ = os.RemoveAll(execShared.dir)
	}
	os.Exit(code)
}

// execDocs is the size of execIndex's index: several segments of
// bodies, more clauses than bleve's slice disjunction takes, enough
// matches per query for pruning to skip some.
const execDocs = 600

// execIndex is an on-disk index of execDocs synthetic skills with bodies,
// written in several batches with some documents replaced and some
// deleted, so it has several segments and deleted documents (global
// document numbers with offsets, postings with holes). It is built once
// and shared: callers must leave its documents alone (they may change
// ix.tune, and set it back). The synthCorpus draws queries from the same
// vocabulary.
func execIndex(t *testing.T) (*Index, *synthCorpus, []Doc) {
	t.Helper()
	execShared.Lock()
	defer execShared.Unlock()
	if execShared.ix == nil {
		dir, err := os.MkdirTemp("", "skilldex-exec-")
		if err != nil {
			t.Fatal(err)
		}
		execShared.dir = dir
		ix, docs := buildExecIndex(t, dir+"/ix", execDocs)
		execShared.ix, execShared.docs = ix, docs
	}
	return execShared.ix, replaySynth(execDocs), execShared.docs
}

// replaySynth is the synthCorpus buildExecIndex used, in the state it
// left it: each test draws the same queries whichever test built the
// index.
func replaySynth(n int) *synthCorpus {
	s := newSynth(11)
	s.docs(n, true)
	s.docs(n/20, false)
	s.docs(3, true)
	s.docs(3, true)
	return s
}

// buildExecIndex writes execIndex's index of n skills at path.
func buildExecIndex(t *testing.T, path string, n int) (*Index, []Doc) {
	t.Helper()
	s := newSynth(11)
	docs := s.docs(n, true)
	ix, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i += n / 4 {
		if err := ix.Index(docs[i:min(i+n/4, n)]...); err != nil {
			t.Fatal(err)
		}
	}
	// Replace a few (new versions in a later segment) and delete a few.
	re := s.docs(n/20, false)
	for i := range re {
		re[i].ID = docs[i*7].ID
		docs[i*7] = re[i]
	}
	if err := ix.Index(re...); err != nil {
		t.Fatal(err)
	}
	var del []string
	for i := 3; i < n; i += 31 {
		del = append(del, docs[i].ID)
	}
	if err := ix.Delete(del...); err != nil {
		t.Fatal(err)
	}
	// Two small writes: segments of a few documents each,
	// which scorch's merge policy leaves alone (global numbers with
	// offsets, replaced documents deleted in the big segment).
	for k := 0; k < 2; k++ {
		few := s.docs(3, true)
		for i := range few {
			few[i].ID = docs[10+k*50+i*5].ID
			docs[10+k*50+i*5] = few[i]
		}
		if err := ix.Index(few...); err != nil {
			t.Fatal(err)
		}
	}
	return ix, docs
}

// waitIdle waits until scorch has merged what it will (at most a
// minute).
func waitIdle(t *testing.T, ix *Index) {
	t.Helper()
	idle := 0
	for deadline := time.Now().Add(60 * time.Second); idle < 3 && time.Now().Before(deadline); {
		if _, busy, err := ix.Segments(); err != nil {
			t.Fatal(err)
		} else if busy {
			idle = 0
		} else {
			idle++
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// execQueries are random queries of the synthetic vocabulary: plain ones,
// misspelt ones (typo clauses), whole names (the exact-name clause) and
// long ones (more clauses than bleve's slice disjunction takes).
func execQueries(s *synthCorpus, docs []Doc, n int) (qs []string, kws [][]string) {
	rng := rand.New(rand.NewSource(5))
	for i := 0; i < n; i++ {
		var q string
		var kw []string
		switch i % 5 {
		case 0, 1:
			q = strings.Join(s.words(1+rng.Intn(4)), " ")
		case 2:
			w := []byte(s.words(1)[0] + s.words(1)[0])
			j := rng.Intn(len(w) - 1)
			w[j], w[j+1] = w[j+1], w[j]
			q = string(w) + " " + s.words(1)[0]
		case 3:
			q = strings.ReplaceAll(docs[rng.Intn(len(docs))].Name, "-", " ")
		case 4:
			q = strings.Join(s.words(8+rng.Intn(8)), " ")
			kw = s.words(2)
		}
		qs = append(qs, q)
		kws = append(kws, kw)
	}
	return qs, kws
}

// sameExec reports how got differs from want: the same total, the same
// scores in the same order bit for bit, and the same documents with the
// same per-clause scores, except that documents of equal score may come
// in another order. bleve breaks ties by internal document number, which
// its background merges change between two runs of a test (they run
// while the test compares, on an index with several segments and
// deleted documents); at the end of the list a tie may be cut
// differently.
func sameExec(got, want *engine.Result) error {
	if got.Total != want.Total {
		return fmt.Errorf("total %d, want %d", got.Total, want.Total)
	}
	if len(got.Hits) != len(want.Hits) {
		return fmt.Errorf("%d hits, want %d", len(got.Hits), len(want.Hits))
	}
	for i, g := range got.Hits {
		w := want.Hits[i]
		if math.Float64bits(g.Score) != math.Float64bits(w.Score) {
			return fmt.Errorf("hit %d: %s %v, want %s %v", i, g.ID, g.Score, w.ID, w.Score)
		}
		// The hit of want with g's id among those of the same score.
		k := -1
		for j := range want.Hits {
			if want.Hits[j].ID == g.ID && math.Float64bits(want.Hits[j].Score) == math.Float64bits(g.Score) {
				k = j
			}
		}
		if k < 0 {
			tieAtEnd := math.Float64bits(want.Hits[len(want.Hits)-1].Score) == math.Float64bits(g.Score)
			if tieAtEnd {
				continue
			}
			return fmt.Errorf("hit %d: %s (%v) missing from the reference", i, g.ID, g.Score)
		}
		for c := range want.Hits[k].Scores {
			if math.Float64bits(g.Scores[c]) != math.Float64bits(want.Hits[k].Scores[c]) {
				return fmt.Errorf("hit %d (%s): clause %d scores %v, want %v", i, g.ID, c, g.Scores[c], want.Hits[k].Scores[c])
			}
		}
	}
	return nil
}

// openReader opens a reader of ix for the test, closed at its end.
func openReader(t *testing.T, ix *Index) *engine.Reader {
	t.Helper()
	r, err := ix.e.Reader()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Close() })
	return r
}

// bleveRun is Index.run as bleve itself executes it
// (engine.Reader.ExecuteReference), never pruned.
func bleveRun(ctx context.Context, ix *Index, r *engine.Reader, p *plan, limit int, minScore float64) (*engine.Result, error) {
	tune := ix.tune
	p.q.KeepNorm = p.fb != 0
	p.q.BleveStats = tune.nativeStats
	return r.ExecuteReference(ctx, &p.q, &planScorer{p: p, tune: &tune}, p.docs, limit, minScore > 0 || p.fb != 0, minScore)
}

// TestExecuteMatchesBleve runs random plans through the engine's
// execution and through bleve's own (bleveRun, the code it replaced) and
// requires the same hits in the same order with bit-identical scores and
// the same totals: first searches, feedback-extended second searches,
// several limits, MinScore counting, and bleve's own field statistics.
func TestExecuteMatchesBleve(t *testing.T) {
	ix, s, docs := execIndex(t)
	if segs, _, err := ix.Segments(); err != nil || segs < 2 {
		t.Logf("segments: %d (%v): the test covers one segment only", segs, err)
	}
	qs, kws := execQueries(s, docs, 120)
	ctx := context.Background()
	compared, extended, many := 0, 0, 0
	for _, native := range []bool{false, true} {
		ix.tune = defaultTuning
		ix.tune.nativeStats = native
		if native {
			// bleve's own field lengths change when segments merge.
			waitIdle(t, ix)
		}
		// A snapshot after the merges: ExecuteReference runs on the
		// current one.
		r := openReader(t, ix)
		for qi, q := range qs {
			p, err := ix.plan(ctx, r, q, kws[qi])
			if err != nil {
				t.Fatal(err)
			}
			if p == nil {
				continue
			}
			if len(p.clauses) > 10 {
				many++
			}
			pa, pb := *p, *p
			for li, limit := range []int{10, 3, 40} {
				minScore := 0.0
				if li == 1 {
					minScore = 0.3
				}
				got, err := ix.run(ctx, r, &pa, limit, minScore)
				if err != nil {
					t.Fatal(err)
				}
				want, err := bleveRun(ctx, ix, r, &pb, limit, minScore)
				if err != nil {
					t.Fatal(err)
				}
				if err := sameExec(got, want); err != nil {
					t.Fatalf("query %q (native stats %v, limit %d, min score %v): %v", q, native, limit, minScore, err)
				}
				compared++
			}
			if pa.q.SqWeight != pb.q.SqWeight {
				t.Fatalf("query %q: recorded weight %v, bleve's %v", q, pa.q.SqWeight, pb.q.SqWeight)
			}
			// A second search with feedback terms keeps the first's norm.
			fb, qa, qb := extendBoth(t, ctx, ix, r, &pa, &pb)
			if len(fb) == 0 {
				continue
			}
			got, err := ix.run(ctx, r, qa, 10, 0)
			if err != nil {
				t.Fatal(err)
			}
			want, err := bleveRun(ctx, ix, r, qb, 10, 0)
			if err != nil {
				t.Fatal(err)
			}
			if err := sameExec(got, want); err != nil {
				t.Fatalf("query %q with feedback %v: %v", q, fb, err)
			}
			extended++
		}
	}
	ix.tune = defaultTuning
	if compared < 500 || extended < 10 || many < 10 {
		t.Fatalf("compared %d executions, %d extended, %d plans over 10 clauses: the test covers too little", compared, extended, many)
	}
	t.Logf("compared %d executions, %d with feedback, %d plans over 10 clauses", compared, extended, many)
}

// extendBoth is the feedback step of a search (Index.search): pa's best
// 5 hits give the feedback terms, and both plans (copies of one plan) are
// extended with them. fb is empty when there are none.
func extendBoth(t *testing.T, ctx context.Context, ix *Index, r *engine.Reader, pa, pb *plan) (fb []fbTerm, qa, qb *plan) {
	t.Helper()
	first, err := ix.run(ctx, r, pa, 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	ids, scores := make([]string, len(first.Hits)), make([]float64, len(first.Hits))
	for i, h := range first.Hits {
		ids[i], scores[i] = h.ID, h.Score
	}
	if fb, err = ix.feedbackTerms(ctx, r, pa, ids, scores); err != nil {
		t.Fatal(err)
	}
	if len(fb) == 0 {
		return nil, nil, nil
	}
	if qa, err = ix.extend(ctx, r, pa, fb); err != nil {
		t.Fatal(err)
	}
	if qb, err = ix.extend(ctx, r, pb, fb); err != nil {
		t.Fatal(err)
	}
	return fb, qa, qb
}

// TestExecuteCanceled: a search whose context ends stops with its error.
func TestExecuteCanceled(t *testing.T) {
	ix, s, docs := execIndex(t)
	qs, _ := execQueries(s, docs, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := openReader(t, ix)
	p, err := ix.plan(context.Background(), r, qs[0], nil)
	if err != nil || p == nil {
		t.Fatalf("plan: %v %v", p, err)
	}
	if _, err := ix.run(ctx, r, p, 10, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("run with a canceled context: %v, want context.Canceled", err)
	}
}

// TestPruneMatchesFull runs random plans with and without top-k pruning
// (tune.prune) and requires the same hits, bit for bit, and the same
// Total (counted apart from the pruned loop), for first searches and
// feedback-extended ones (whose Total counts only hits scoring above 0);
// and that pruning did skip documents.
func TestPruneMatchesFull(t *testing.T) {
	ix, s, docs := execIndex(t)
	qs, kws := execQueries(s, docs, 120)
	ctx := context.Background()
	r := openReader(t, ix)
	full, pruned := defaultTuning, defaultTuning
	full.prune, pruned.prune = false, true
	defer func() { ix.tune = defaultTuning }()
	var total, scored, fullScored uint64
	extended, rareOut := 0, 0
	for qi, q := range qs {
		p, err := ix.plan(ctx, r, q, kws[qi])
		if err != nil {
			t.Fatal(err)
		}
		if p == nil {
			continue
		}
		pa, pb := *p, *p
		for _, limit := range []int{1, 3, 10, 40} {
			ix.tune = pruned
			got, err := ix.run(ctx, r, &pa, limit, 0)
			if err != nil {
				t.Fatal(err)
			}
			ix.tune = full
			want, err := ix.run(ctx, r, &pb, limit, 0)
			if err != nil {
				t.Fatal(err)
			}
			if err := sameExec(got, want); err != nil {
				t.Fatalf("query %q, limit %d: %v", q, limit, err)
			}
			total += want.Total
			scored += got.Scored
			fullScored += want.Scored
		}
		if p.rare != nil {
			// The second search of an unsure query naming a service
			// (tuning.rareOutName) lowers some hits' coverage: the
			// bounds still bound it.
			ra, rb := *p, *p
			ra.rareOut, rb.rareOut = true, true
			ix.tune = pruned
			got, err := ix.run(ctx, r, &ra, 10, 0)
			if err != nil {
				t.Fatal(err)
			}
			ix.tune = full
			want, err := ix.run(ctx, r, &rb, 10, 0)
			if err != nil {
				t.Fatal(err)
			}
			if err := sameExec(got, want); err != nil {
				t.Fatalf("query %q, rare names in names only: %v", q, err)
			}
			rareOut++
		}
		ix.tune = pruned
		fb, qa, qb := extendBoth(t, ctx, ix, r, &pa, &pb)
		if len(fb) == 0 {
			continue
		}
		got, err := ix.run(ctx, r, qa, 10, 0)
		if err != nil {
			t.Fatal(err)
		}
		ix.tune = full
		want, err := ix.run(ctx, r, qb, 10, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := sameExec(got, want); err != nil {
			t.Fatalf("query %q with feedback %v: %v", q, fb, err)
		}
		extended++
	}
	t.Logf("matches %d, scored with pruning %d, without %d; %d with feedback, %d with rare names", total, scored, fullScored, extended, rareOut)
	if fullScored != total {
		t.Fatalf("without pruning %d documents scored of %d matches", fullScored, total)
	}
	if scored > total*17/20 || extended < 10 {
		t.Fatalf("pruning scored %d documents of %d matches (%d with feedback): it prunes too little to be tested", scored, total, extended)
	}
}
