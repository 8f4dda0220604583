package tools

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
)

// SearchSkillsInput is the input of search_skills.
type SearchSkillsInput struct {
	Query    string  `json:"query" jsonschema:"free-text description of the task or capability, e.g. 'fill a PDF form'"`
	Limit    int     `json:"limit,omitempty" jsonschema:"maximum number of results on this page (default 10, at most 100)"`
	MinScore float64 `json:"min_score,omitempty" jsonschema:"drop results scoring below this (scores are relative to the query; top hits are mostly 0.5-3)"`
	Cursor   string  `json:"cursor,omitempty" jsonschema:"next_cursor of the previous page of the same query; omit for the first page"`
	// Keywords are extra terms fused with the query (index.SearchRequest.Keywords).
	Keywords []string `json:"keywords,omitempty" jsonschema:"extra search terms you know apply, weighed a little below the query: synonyms, tool, file or format names, and the technique's own name when the task describes a symptom (e.g. churn and retention for 'customers leave after a month')"`
}

// maxSearchDepth bounds how far pages of one query reach: the first
// 1,000 results.
const maxSearchDepth = 1000

// SearchSkillsOutput is the output of search_skills: ranked skills, best
// first.
type SearchSkillsOutput struct {
	Query string      `json:"query"`
	Total int         `json:"total" jsonschema:"number of skills that matched at all"`
	Hits  []SearchHit `json:"hits"`
	// BodiesPending: see index.SearchResult.
	BodiesPending int `json:"bodies_pending,omitempty" jsonschema:"number of skills whose body text is not searchable yet (indexing in the background); names, descriptions and tags of all skills are"`
	// NoGoodMatch: see index.SearchResult.NoGoodMatch.
	NoGoodMatch bool `json:"no_good_match" jsonschema:"true when the catalog likely has no skill for this task: the hits are only the closest"`
	// NextCursor is set when more results follow.
	NextCursor string `json:"next_cursor,omitempty" jsonschema:"pass as cursor, with the same query, to get the next results; absent on the last page"`
}

var searchSkillsTool = &mcp.Tool{
	Name: "search_skills",
	Description: "Search the skill catalog by what you need to do. Ranks skills by name (weight 3), description (2), tags (1) and body text, " +
		"tolerates typos and word forms, says which fields matched, and lists identical copies of a skill once (also_at). " +
		"Each hit's description is cut to 200 characters and a page stays within about 90,000 characters (under 25,000 tokens); " +
		"pass next_cursor back as cursor, with the same query, for more results. Then call load_skill with a result's name or id.",
	Annotations: readOnly("Search skills"),
}

// SearchSkills handles search_skills: the page of results after the
// cursor, at most Limit (default 10, at most 100) and as many as fit
// PageBudget (at least one). Errors: ErrBadCursor, a cursor of another
// query, and those of Catalog.Search rendered by nativeError.
func (h *native) SearchSkills(ctx context.Context, _ *mcp.CallToolRequest, in SearchSkillsInput) (*mcp.CallToolResult, SearchSkillsOutput, error) {
	cur, err := decodeCursor(in.Cursor)
	if err == nil && in.Cursor != "" && cur.Query != in.Query {
		err = ErrBadCursor
	}
	if err != nil {
		return nil, SearchSkillsOutput{}, err
	}
	limit := in.Limit
	if limit <= 0 {
		limit = 10
	}
	limit = min(limit, 100)
	out := SearchSkillsOutput{Query: in.Query, Hits: []SearchHit{}}
	if cur.Offset >= maxSearchDepth {
		return nil, out, nil
	}
	// One more than the page, to know whether another page follows.
	res, err := h.cat.Search(ctx, index.SearchRequest{Query: in.Query, Limit: min(cur.Offset+limit+1, maxSearchDepth), MinScore: in.MinScore, Keywords: in.Keywords})
	if err != nil {
		return nil, SearchSkillsOutput{}, nativeError(err)
	}
	out.Query, out.Total, out.BodiesPending, out.NoGoodMatch = res.Query, res.Total, res.BodiesPending, res.NoGoodMatch
	room := PageBudget - pageOverhead - jsonChars(res.Query)
	next := cur.Offset
	for _, hit := range res.Hits[min(cur.Offset, len(res.Hits)):] {
		sh := searchHit(hit)
		sh.Description = brief(sh.Description)
		n := jsonChars(sh)
		if len(out.Hits) > 0 && (n > room || len(out.Hits) == limit) {
			out.NextCursor = cursor{Offset: next, Query: in.Query}.encode()
			break
		}
		room -= n
		next++
		out.Hits = append(out.Hits, sh)
	}
	return nil, out, nil
}
