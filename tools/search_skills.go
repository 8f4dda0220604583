package tools

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
)

// SearchSkillsInput is the input of search_skills.
type SearchSkillsInput struct {
	Query    string  `json:"query" jsonschema:"free-text description of the task or capability, e.g. 'fill a PDF form'"`
	Limit    int     `json:"limit,omitempty" jsonschema:"maximum number of results (default 10, at most 100)"`
	MinScore float64 `json:"min_score,omitempty" jsonschema:"drop results scoring below this (scores are relative to the query; top hits are mostly 0.5-3)"`
}

// SearchSkillsOutput is the output of search_skills: ranked skills, best
// first.
type SearchSkillsOutput struct {
	Query string      `json:"query"`
	Total int         `json:"total" jsonschema:"number of skills that matched at all"`
	Hits  []SearchHit `json:"hits"`
	// BodiesPending: see index.SearchResult.
	BodiesPending int `json:"bodies_pending,omitempty" jsonschema:"number of skills whose body text is not searchable yet (indexing in the background); names, descriptions and tags of all skills are"`
}

var searchSkillsTool = &mcp.Tool{
	Name: "search_skills",
	Description: "Search the skill catalog by what you need to do. Ranks skills by name (weight 3), description (2), tags (1) and body text, " +
		"tolerates typos and word forms, says which fields matched, and lists identical copies of a skill once (also_at). " +
		"Then call load_skill with a result's name or id.",
	Annotations: readOnly("Search skills"),
}

// SearchSkills handles search_skills.
func (h *native) SearchSkills(ctx context.Context, _ *mcp.CallToolRequest, in SearchSkillsInput) (*mcp.CallToolResult, SearchSkillsOutput, error) {
	res, err := h.cat.Search(ctx, index.SearchRequest{Query: in.Query, Limit: min(in.Limit, 100), MinScore: in.MinScore})
	if err != nil {
		return nil, SearchSkillsOutput{}, nativeError(err)
	}
	out := SearchSkillsOutput{Query: res.Query, Total: res.Total, Hits: make([]SearchHit, len(res.Hits)), BodiesPending: res.BodiesPending}
	for i, hit := range res.Hits {
		out.Hits[i] = searchHit(hit)
	}
	return nil, out, nil
}
