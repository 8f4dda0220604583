package eval

import (
	"context"
	"sort"
	"strings"
)

// Doc is a skill as the baseline sees it: the metadata Agent Zero scores.
type Doc struct {
	ID          string // skill folder path, as in Query.Expected
	Name        string
	Description string
	Tags        []string
}

// AgentZeroScore is Agent Zero's skill search score (seed
// agent-zero-skills-tool.md, "5. search skills by query": name +3,
// description +2, tag +1; exact rule from Agent Zero's
// python/helpers/skills.py search_skills): the query is lower-cased and
// split on white space, and for each term (repeats included) the score
// gains 3 when the lower-cased name contains it as a substring, 2 when the
// description does, and 1 when any tag does. Stop words are not removed,
// so "a" matches almost every skill.
func AgentZeroScore(query, name, description string, tags []string) int {
	name, description = strings.ToLower(name), strings.ToLower(description)
	score := 0
	for _, t := range strings.Fields(strings.ToLower(query)) {
		if strings.Contains(name, t) {
			score += 3
		}
		if strings.Contains(description, t) {
			score += 2
		}
		for _, tag := range tags {
			if strings.Contains(strings.ToLower(tag), t) {
				score++
				break
			}
		}
	}
	return score
}

// Baseline ranks docs by AgentZeroScore, highest first, dropping those
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
			if s := AgentZeroScore(query, docs[i].Name, docs[i].Description, docs[i].Tags); s > 0 {
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
