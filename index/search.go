package index

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/skilldex/skilldex/search"
)

// SearchRequest is a ranked search over the served skills.
type SearchRequest struct {
	// Query is free text; empty or whitespace is search.ErrEmptyQuery.
	Query string
	// Limit is the number of hits; 0 means 10.
	Limit int
	// MinScore drops hits scoring below it (scores are relative to the
	// query, see search.Hit.Score; top hits are mostly 0.5-3 on a large
	// catalog); 0 keeps all.
	MinScore float64
	// Keywords: extra terms fused with Query (see search.Request.Keywords).
	Keywords []string
}

// SearchHit is one ranked skill with why it matched.
type SearchHit struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	// Path is the absolute path of SKILL.md; Score the relevance, higher
	// is better, comparable only within one query.
	Path  string  `json:"path"`
	Score float64 `json:"score"`
	// Confidence: see search.Hit.Confidence.
	Confidence float64 `json:"confidence"`
	// Similarity is the cosine similarity of the skill's embedding to the
	// query's in a hybrid search (SearchResult.Hybrid), in [-1, 1]; absent
	// otherwise.
	Similarity float64 `json:"similarity,omitempty"`
	// Matched maps a field (name, description, tags, body) to the query
	// terms found in it.
	Matched    map[string][]string `json:"matched,omitempty"`
	ShadowedBy string              `json:"shadowed_by,omitempty"`
	// AlsoAt lists the ids of other served skills whose SKILL.md is
	// byte-identical to this one (same Skill.Hash), sorted: exact
	// duplicates are folded into the best-ranked copy instead of filling
	// the result list with the same skill.
	AlsoAt []string `json:"also_at,omitempty"`
}

// SearchResult is the answer to a SearchRequest.
type SearchResult struct {
	Query string      `json:"query"`
	Hits  []SearchHit `json:"hits"`
	// Total is the number of skills that matched at all, each copy of a
	// duplicated SKILL.md counted.
	Total int `json:"total"`
	// BodiesPending is the number of skills whose body text is not
	// searchable yet (a serving catalog indexes names, descriptions and
	// tags first and bodies in the background; see BodiesPending); 0 when
	// the search covered everything.
	BodiesPending int `json:"bodies_pending,omitempty"`
	// NoGoodMatch: the catalog likely has no skill for the query (see
	// search.Result.NoGoodMatch).
	NoGoodMatch bool `json:"no_good_match"`
	// Hybrid is true when the semantic stage took part (Options.Embedder,
	// and at least one skill embedded); EmbeddingsPending counts the
	// skills not embedded yet, which only the lexical side can find; and
	// SemanticError says why the stage was left out of this search or is
	// behind (the embedding model failed), "" when nothing went wrong.
	Hybrid            bool   `json:"hybrid,omitempty"`
	EmbeddingsPending int    `json:"embeddings_pending,omitempty"`
	SemanticError     string `json:"semantic_error,omitempty"`
}

// maxSearchFetch bounds the hits one search reads from the index while
// making up for skipped copies.
const maxSearchFetch = 4096

// collectHits appends to out, best first, up to limit of hits that are
// served skills, listing each SKILL.md content once.
func (v *view) collectHits(out *SearchResult, hits []search.Hit, limit int) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	seen := map[string]bool{} // SKILL.md hashes already listed
	for _, h := range hits {
		s, ok := v.skills[h.ID]
		if !ok || !s.Valid {
			continue // removed or invalidated since it was indexed
		}
		if s.Hash != "" {
			if seen[s.Hash] {
				continue
			}
			seen[s.Hash] = true
		}
		if len(out.Hits) == limit {
			break
		}
		out.Hits = append(out.Hits, SearchHit{ID: s.ID, Name: s.Name, Description: s.Description, Path: s.SkillPath(),
			Score: h.Score, Confidence: h.Confidence, Similarity: h.Similarity, Matched: h.Matched, ShadowedBy: s.ShadowedBy})
	}
}

// tieOrder sorts each run of adjacent hits with equal scores by id. The
// index orders equal scores by document number, which follows the order a
// build happened to write the documents in (parallel workers), so two
// catalogs built from the same folders (replicas behind a load balancer)
// listed tied skills, such as byte-identical copies of one SKILL.md,
// differently, and folded them into different representatives. Hits of
// different scores keep their order.
func tieOrder(hits []search.Hit) {
	for i := 0; i < len(hits); {
		j := i + 1
		for j < len(hits) && hits[j].Score == hits[i].Score {
			j++
		}
		if run := hits[i:j]; len(run) > 1 {
			sort.Slice(run, func(a, b int) bool { return run[a].ID < run[b].ID })
		}
		i = j
	}
}

// searchSlack is how many extra index hits Search asks for beyond the
// limit, to make up for hits dropped as invalid or folded as duplicates.
const searchSlack = 8

// Search ranks the served skills for a free-text query: name weighs 3,
// description 2, tags 1 and the body less (see package search). Shadowed
// skills stay searchable and say which skill wins their name. Skills with
// the same SKILL.md content appear once, at the rank of the best copy,
// with the others in AlsoAt; edited copies under the same name (the
// near-duplicate families of skills copied across repositories) are listed
// right after the best-ranked one, so they stay together: the list shows
// more distinct skills without moving any judged query's answer (`skilldex
// eval` checks it).
func (c *Catalog) Search(ctx context.Context, req SearchRequest) (*SearchResult, error) {
	limit := req.Limit
	if limit <= 0 {
		limit = 10
	}
	_, ix := c.pair.backends()
	// Hits skipped below (copies of a listed SKILL.md, skills invalidated
	// since indexing) are made up for by asking for more: one skill copied
	// across a dozen repositories fills a window of limit+slack alone.
	// No catalog holds search.MaxWindow skills, so a larger limit asks
	// for every hit there is.
	fetch := min(limit, search.MaxWindow-searchSlack) + searchSlack
	sem, pending, semErr := c.semanticOf(ctx, req.Query)
	var out *SearchResult
	for {
		res, err := ix.Search(ctx, search.Request{Query: req.Query, Limit: fetch, MinScore: req.MinScore, Keywords: req.Keywords, Semantic: sem})
		if err != nil {
			if searchDamaged(ctx, err) {
				c.repair.damaged(fmt.Errorf("%w: search index: %w", errDamaged, err))
			}
			return nil, err
		}
		out = &SearchResult{Query: req.Query, Total: int(res.Total), Hits: []SearchHit{}, BodiesPending: c.BodiesPending(),
			NoGoodMatch: res.NoGoodMatch, Hybrid: sem != nil, EmbeddingsPending: pending, SemanticError: semErr}
		tieOrder(res.Hits)
		c.view.collectHits(out, res.Hits, limit)
		if len(out.Hits) == limit || len(res.Hits) < fetch || fetch >= maxSearchFetch {
			break
		}
		fetch *= 4
	}
	c.view.fillAlsoAt(out.Hits)
	groupByName(out.Hits)
	return out, nil
}

// semanticOf is the semantic side of a search for query: nil without an
// Embedder, before any skill is embedded, or when embedding the query
// failed (the reason, for SearchResult.SemanticError, as is a failure of
// the background embedding); pending counts the skills not embedded yet.
func (c *Catalog) semanticOf(ctx context.Context, query string) (sem *search.Semantic, pending int, why string) {
	if c.sem == nil || strings.TrimSpace(query) == "" {
		return nil, 0, ""
	}
	pending, bgErr := c.sem.state()
	if bgErr != nil {
		// The endpoint failed the catalog's last try: a search does
		// not wait on it too (the catalog retries in the background).
		return nil, pending, "the embedding model failed: " + bgErr.Error()
	}
	sem, err := c.sem.query(ctx, query)
	if errors.Is(err, search.ErrDimension) {
		c.sem.modelChanged()
	}
	if err != nil {
		return nil, pending, "the query was not embedded: " + err.Error()
	}
	return sem, pending, ""
}

// groupByName moves each hit up to just below the best-ranked hit with the
// same name (case-insensitive): the same skill copied across repositories
// and edited stays together. The order is otherwise kept.
func groupByName(hits []SearchHit) {
	out := make([]SearchHit, 0, len(hits))
	used := make([]bool, len(hits))
	for i := range hits {
		if used[i] {
			continue
		}
		key := fold(hits[i].Name)
		for j := i; j < len(hits); j++ {
			if !used[j] && fold(hits[j].Name) == key {
				used[j] = true
				out = append(out, hits[j])
			}
		}
	}
	copy(hits, out)
}

// fillAlsoAt sets AlsoAt of each hit to the other valid skills with its
// SKILL.md hash: one pass over the catalog (tens of microseconds for a few
// thousand skills), so copies ranked beyond the fetched window are listed
// too.
func (v *view) fillAlsoAt(hits []SearchHit) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	// Byte-identical SKILL.md files share their name, so the copies of a
	// hit are among the skills of its name group, not the whole catalog.
	for i, h := range hits {
		s := v.skills[h.ID]
		if s == nil || s.Hash == "" {
			continue
		}
		for _, id := range v.groups[fold(s.Name)] {
			if o := v.skills[id]; o != nil && o.Valid && id != h.ID && o.Hash == s.Hash {
				hits[i].AlsoAt = append(hits[i].AlsoAt, id)
			}
		}
		sort.Strings(hits[i].AlsoAt)
	}
}
