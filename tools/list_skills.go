package tools

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
)

// ListSkillsInput is the input of list_skills.
type ListSkillsInput struct {
	IncludeShadowed bool `json:"include_shadowed,omitempty" jsonschema:"also list skills whose name a higher-priority skill wins (load them by id)"`
}

// SkillSummary is level 1 of progressive disclosure: enough to choose.
type SkillSummary struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Tags        []string `json:"tags,omitempty"`
	Path        string   `json:"path" jsonschema:"absolute path of SKILL.md"`
	ShadowedBy  string   `json:"shadowed_by,omitempty" jsonschema:"id of the skill that wins this name"`
}

// ListSkillsOutput is the output of list_skills, sorted by name.
type ListSkillsOutput struct {
	Count  int            `json:"count"`
	Skills []SkillSummary `json:"skills"`
}

var listSkillsTool = &mcp.Tool{
	Name:        "list_skills",
	Description: "List every skill in the catalog with its name and description, sorted by name. For large catalogs prefer search_skills.",
	Annotations: readOnly("List skills"),
}

func summary(s index.Skill) SkillSummary {
	return SkillSummary{ID: s.ID, Name: s.Name, Description: s.Description, Tags: s.Tags, Path: s.SkillPath(), ShadowedBy: s.ShadowedBy}
}

// ListSkills handles list_skills.
func (h *native) ListSkills(_ context.Context, _ *mcp.CallToolRequest, in ListSkillsInput) (*mcp.CallToolResult, ListSkillsOutput, error) {
	all := h.cat.List(index.ListOptions{IncludeShadowed: in.IncludeShadowed})
	out := ListSkillsOutput{Count: len(all), Skills: make([]SkillSummary, len(all))}
	for i, s := range all {
		out.Skills[i] = summary(s)
	}
	return nil, out, nil
}
