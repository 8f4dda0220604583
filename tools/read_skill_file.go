package tools

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ReadSkillFileInput is the input of read_skill_file.
type ReadSkillFileInput struct {
	Skill string `json:"skill" jsonschema:"skill name or id"`
	Path  string `json:"path" jsonschema:"file path relative to the skill folder, e.g. references/forms.md"`
}

var readSkillFileTool = &mcp.Tool{
	Name: "read_skill_file",
	Description: "Read a text file bundled with a skill (a reference document, template or script source), by a path relative to " +
		"the skill folder as listed by load_skill. Files outside the skill folder are never served; the limit is 1 MiB.",
	Annotations: readOnly("Read skill file"),
}

// ReadSkillFile handles read_skill_file.
func (h *native) ReadSkillFile(ctx context.Context, _ *mcp.CallToolRequest, in ReadSkillFileInput) (*mcp.CallToolResult, *SkillFile, error) {
	f, err := h.cat.ReadFile(ctx, in.Skill, in.Path)
	if err != nil {
		return nil, nil, nativeError(err)
	}
	return textResult(f.Content), &SkillFile{SkillID: f.SkillID, Path: f.Path, Content: f.Content, Size: f.Size}, nil
}
