package tools

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// LoadSkillInput is the input of load_skill.
type LoadSkillInput struct {
	Name string `json:"name" jsonschema:"skill name (case-insensitive) or id from search_skills/list_skills"`
}

// LoadSkillOutput is level 2 of progressive disclosure: the instructions
// and what else the skill offers.
type LoadSkillOutput struct {
	SkillSummary
	Version       string         `json:"version,omitempty"`
	Author        string         `json:"author,omitempty"`
	License       string         `json:"license,omitempty"`
	Compatibility string         `json:"compatibility,omitempty"`
	AllowedTools  []string       `json:"allowed_tools,omitempty"`
	Metadata      map[string]any `json:"metadata,omitempty"`
	BaseDir       string         `json:"base_dir" jsonschema:"absolute skill folder; files and references resolve against it"`
	Content       string         `json:"content" jsonschema:"SKILL.md exactly as on disk"`
	Files         []string       `json:"files" jsonschema:"other files of the skill, readable with read_skill_file"`
	References    []Reference    `json:"references,omitempty" jsonschema:"files the body links to, with whether each resolves"`
	Warnings      []string       `json:"warnings,omitempty"`
}

var loadSkillTool = &mcp.Tool{
	Name: "load_skill",
	Description: "Load a skill's full SKILL.md instructions by name or id, with its base folder, metadata and the list of files " +
		"it bundles. Read those with read_skill_file when the instructions point to them.",
	Annotations: readOnly("Load skill"),
}

// LoadSkill handles load_skill.
func (h *native) LoadSkill(ctx context.Context, _ *mcp.CallToolRequest, in LoadSkillInput) (*mcp.CallToolResult, LoadSkillOutput, error) {
	l, err := h.cat.Load(ctx, in.Name)
	if err != nil {
		return nil, LoadSkillOutput{}, nativeError(err)
	}
	s := l.Skill
	out := LoadSkillOutput{SkillSummary: summary(s), Version: s.Version, Author: s.Author, License: s.License,
		Compatibility: s.Compatibility, AllowedTools: s.AllowedTools, Metadata: s.Metadata,
		BaseDir: l.BaseDir, Content: l.Content, Files: l.Files, References: references(s.References)}
	if out.Files == nil {
		out.Files = []string{}
	}
	for _, d := range s.Diagnostics {
		out.Warnings = append(out.Warnings, d.String())
	}
	var auditWarnings []string
	if h.opts.Audit != nil {
		auditWarnings = h.opts.Audit(s)
		out.Warnings = append(out.Warnings, auditWarnings...)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Loading: %s\nBase directory: %s\n", s.Name, l.BaseDir)
	if len(l.Files) > 0 {
		fmt.Fprintf(&b, "Files (read with read_skill_file): %s\n", strings.Join(firstN(l.Files, 50), ", "))
	}
	for _, w := range auditWarnings {
		fmt.Fprintf(&b, "Security warning: %s\n", w)
	}
	b.WriteString("\n")
	b.WriteString(l.Content)
	return textResult(b.String()), out, nil
}

// firstN returns at most n items, noting how many were left out.
func firstN(items []string, n int) []string {
	if len(items) <= n {
		return items
	}
	return append(append([]string{}, items[:n]...), fmt.Sprintf("… and %d more", len(items)-n))
}
