package tools

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
)

// ListSkillsInput is the input of list_skills.
type ListSkillsInput struct {
	IncludeShadowed bool   `json:"include_shadowed,omitempty" jsonschema:"also list skills whose name a higher-priority skill wins (load them by id)"`
	Cursor          string `json:"cursor,omitempty" jsonschema:"next_cursor of the previous page; omit for the first page"`
	Limit           int    `json:"limit,omitempty" jsonschema:"most skills on this page (default: as many as fit the page, about 90,000 characters of answer)"`
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

// SkillEntry is one skill of a list_skills page: id, name and the
// description cut to EntryDescriptionChars.
type SkillEntry struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description" jsonschema:"the description, cut to 200 characters (… marks a cut); load_skill gives the whole skill"`
	ShadowedBy  string `json:"shadowed_by,omitempty" jsonschema:"id of the skill that wins this name"`
}

// ListSkillsOutput is one page of list_skills, sorted by name
// (case-insensitive), then id.
type ListSkillsOutput struct {
	// Count is the number of skills on all pages.
	Count  int          `json:"count" jsonschema:"number of skills listed over all pages"`
	Skills []SkillEntry `json:"skills"`
	// NextCursor is set when more skills follow.
	NextCursor string `json:"next_cursor,omitempty" jsonschema:"pass as cursor to get the next page; absent on the last page"`
}

var listSkillsTool = &mcp.Tool{
	Name: "list_skills",
	// The numbers are EntryDescriptionChars and twice PageBudget (the
	// JSON and its text copy).
	Description: "List the catalog's skills sorted by name, a page at a time: each entry has the id, the name and the description " +
		"cut to 200 characters. A page stays within about 90,000 characters (under 25,000 tokens); when more skills follow, " +
		"pass its next_cursor as cursor for the next page. Prefer search_skills to find a skill for a task; load_skill gives a whole skill.",
	Annotations: readOnly("List skills"),
}

func summary(s index.Skill) SkillSummary {
	return SkillSummary{ID: s.ID, Name: s.Name, Description: s.Description, Tags: s.Tags, Path: s.SkillPath(), ShadowedBy: s.ShadowedBy}
}

// ListSkills handles list_skills: the page of skills after the cursor,
// as many as fit PageBudget (at most Limit when set, at least one).
// Errors: ErrBadCursor.
func (h *native) ListSkills(_ context.Context, _ *mcp.CallToolRequest, in ListSkillsInput) (*mcp.CallToolResult, ListSkillsOutput, error) {
	cur, err := decodeCursor(in.Cursor)
	if err != nil {
		return nil, ListSkillsOutput{}, err
	}
	if in.Limit < 0 {
		return nil, ListSkillsOutput{}, fmt.Errorf("limit must be 0 (as many as fit) or more, not %d", in.Limit)
	}
	all := h.cat.List(index.ListOptions{IncludeShadowed: in.IncludeShadowed})
	out := ListSkillsOutput{Count: len(all), Skills: []SkillEntry{}}
	room := PageBudget - pageOverhead
	lastKey := ""
	for _, s := range all {
		// The key List sorts by: a page boundary is a key, so the next
		// page starts right after it even when skills came or went.
		key := fold(s.Name) + "\x00" + s.ID
		if cur.After != "" && key <= cur.After {
			continue
		}
		e := SkillEntry{ID: s.ID, Name: s.Name, Description: brief(s.Description), ShadowedBy: s.ShadowedBy}
		n := jsonChars(e)
		if len(out.Skills) > 0 && (n > room || (in.Limit > 0 && len(out.Skills) == in.Limit)) {
			out.NextCursor = cursor{After: lastKey}.encode()
			break
		}
		room -= n
		lastKey = key
		out.Skills = append(out.Skills, e)
	}
	return nil, out, nil
}
