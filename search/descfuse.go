package search

import (
	"context"
	"math/bits"
	"slices"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// fuseDescription reorders hits (the search's best, best first) by
// reciprocal-rank fusion with a search of the query over descriptions
// alone (see tuning.descFuse).
func (ix *Index) fuseDescription(ctx context.Context, r *engine.Reader, p *plan, req Request, hits []engine.Hit) error {
	tune := ix.tune
	if len(p.terms)-bits.OnesCount64(p.fb) < tune.descMinTerms || len(hits) < 2 {
		return nil
	}
	dt := tune
	dt.name, dt.tags, dt.body, dt.exactName = 0, 0, 0, 0
	dp, err := ix.planTuned(ctx, r, req.Query, req.Keywords, dt)
	if err != nil || dp == nil {
		return err
	}
	res, err := ix.run(ctx, r, dp, tune.descDepth, 0)
	if err != nil {
		return err
	}
	rank := make(map[string]int, len(res.Hits))
	for i, h := range res.Hits {
		rank[h.ID] = i + 1
	}
	n := min(len(hits), tune.descDepth)
	fused := make(map[string]float64, n)
	for i, h := range hits[:n] {
		f := 1 / (tune.descK + float64(i+1))
		if d, ok := rank[h.ID]; ok {
			f += tune.descFuse / (tune.descK + float64(d))
		}
		fused[h.ID] = f
	}
	slices.SortStableFunc(hits[:n], func(a, b engine.Hit) int {
		fa, fb := fused[a.ID], fused[b.ID]
		switch {
		case fa > fb:
			return -1
		case fa < fb:
			return 1
		}
		return 0
	})
	return nil
}
