package eval

import (
	"context"
	"sort"

	"github.com/skilldex/skilldex/tools/agentzero"
)

// Doc is a skill as the baseline sees it: the metadata Agent Zero scores.
type Doc struct {
	ID          string // skill folder path, as in Query.Expected
	Name        string
	Description string
	Tags        []string
}

// Baseline ranks docs by agentzero.Score (the agent-zero profile's
// search rule), highest first, dropping those
// scoring 0; ties go by name (byte order, as Python sorts strings), then
// by ID so the order is stable. It is the reference every ranking change
// is compared with.
func Baseline(docs []Doc) Ranker {
	docs = append([]Doc(nil), docs...)
	return func(ctx context.Context, query string, k int) (Answer, error) {
		type scored struct {
			d     *Doc
			score int
		}
		var all []scored
		for i := range docs {
			if s := agentzero.Score(query, docs[i].Name, docs[i].Description, docs[i].Tags); s > 0 {
				all = append(all, scored{&docs[i], s})
			}
		}
		sort.Slice(all, func(i, j int) bool {
			a, b := all[i], all[j]
			if a.score != b.score {
				return a.score > b.score
			}
			if a.d.Name != b.d.Name {
				return a.d.Name < b.d.Name
			}
			return a.d.ID < b.d.ID
		})
		if k > 0 && len(all) > k {
			all = all[:k]
		}
		hits := make([]Hit, len(all))
		for i, s := range all {
			hits[i] = Hit{ID: s.d.ID, Score: float64(s.score)}
		}
		// The baseline has no notion of confidence: it never flags a
		// result (an empty one still counts as abstaining, see Answer).
		return Answer{Hits: hits}, ctx.Err()
	}
}
