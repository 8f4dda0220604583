package tools

import (
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
)

// The wire types of the native tools' structured content: the MCP
// schemas (jsonschema tags) live here, never in index, so the catalog's
// types can change without changing what clients see.

// SearchHit is one ranked skill of search_skills.
type SearchHit struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Description string  `json:"description"`
	Path        string  `json:"path" jsonschema:"absolute path of SKILL.md"`
	Score       float64 `json:"score" jsonschema:"relevance, higher is better; comparable only within one query"`
	// Confidence: see index.SearchHit.Confidence (search.Hit.Confidence).
	Confidence float64 `json:"confidence" jsonschema:"0-1 estimate that this skill is a good match, comparable across queries"`
	// Similarity: see index.SearchHit.Similarity (hybrid search only).
	Similarity float64 `json:"similarity,omitempty" jsonschema:"with hybrid search configured: cosine similarity of the skill's name and description to the query by meaning (-1 to 1); a hit without matched words was found by meaning alone"`
	// Matched maps a field (name, description, tags, body) to the query
	// terms found in it.
	Matched    map[string][]string `json:"matched,omitempty" jsonschema:"why it matched: field (name, description, tags, body) to the query terms found there, stemmed"`
	ShadowedBy string              `json:"shadowed_by,omitempty" jsonschema:"id of the skill that wins this name"`
	// AlsoAt lists the ids of other served skills whose SKILL.md is
	// byte-identical to this one, sorted (see index.SearchHit.AlsoAt).
	AlsoAt []string `json:"also_at,omitempty" jsonschema:"ids of identical copies of this skill (same SKILL.md) folded into this result"`
}

func searchHit(h index.SearchHit) SearchHit {
	return SearchHit{ID: h.ID, Name: h.Name, Description: h.Description, Path: h.Path, Score: h.Score,
		Confidence: h.Confidence, Similarity: h.Similarity, Matched: h.Matched, ShadowedBy: h.ShadowedBy, AlsoAt: h.AlsoAt}
}

// SkillFile is a file of a skill as read_skill_file returns it.
type SkillFile struct {
	// SkillID is the id of the skill the file belongs to.
	SkillID string `json:"skill_id"`
	// Path is slash-separated, relative to the skill folder, spelled as
	// on disk.
	Path    string `json:"path"`
	Content string `json:"content"`
	// Size is the file's size in bytes.
	Size int64 `json:"size"`
}

// Reference is a link in a SKILL.md body to a file of the skill.
type Reference struct {
	// Target is the destination as written (fragment and query removed,
	// percent-decoding applied).
	Target string `json:"target"`
	// Path is relative to the skill folder, "" when the link leaves it.
	Path string `json:"path,omitempty"`
	// Kind is link, image, code or path (skillmd.RefKind).
	Kind string `json:"kind"`
	// Status is ok, case-mismatch, broken or outside (skillmd.RefStatus).
	Status string `json:"status"`
	// Line is the 1-based line of the body the link is on.
	Line int `json:"line,omitempty"`
}

func references(refs []skillmd.Reference) []Reference {
	if refs == nil {
		return nil
	}
	out := make([]Reference, len(refs))
	for i, r := range refs {
		out[i] = Reference{Target: r.Target, Path: r.Path, Kind: string(r.Kind), Status: string(r.Status), Line: r.Line}
	}
	return out
}
