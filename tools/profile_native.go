package tools

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
)

// native is skilldex's own tool set: search_skills, list_skills,
// load_skill, read_skill_file, and run_skill_script when Options.Sandbox
// is set; one file per tool (search_skills.go, ...). Typed inputs and
// outputs: the SDK derives the schemas and structuredContent.
type native struct{ *deps }

func (h *native) toolNames() []string {
	names := []string{"search_skills", "list_skills", "load_skill", "read_skill_file"}
	if h.opts.Sandbox != nil {
		names = append(names, "run_skill_script")
	}
	return names
}

// argTypes are the JSON types of the typed tools' arguments, for the
// argument-type check (argumentTypes).
func (h *native) argTypes() map[string]argTypes {
	return map[string]argTypes{
		"search_skills":    argTypesOf(SearchSkillsInput{}),
		"list_skills":      argTypesOf(ListSkillsInput{}),
		"load_skill":       argTypesOf(LoadSkillInput{}),
		"read_skill_file":  argTypesOf(ReadSkillFileInput{}),
		"run_skill_script": argTypesOf(RunSkillScriptInput{}),
	}
}

func (h *native) register(s *mcp.Server) {
	mcp.AddTool(s, searchSkillsTool, h.SearchSkills)
	mcp.AddTool(s, listSkillsTool, h.ListSkills)
	mcp.AddTool(s, loadSkillTool, h.LoadSkill)
	mcp.AddTool(s, readSkillFileTool, h.ReadSkillFile)
	if h.opts.Sandbox != nil {
		mcp.AddTool(s, runSkillScriptTool(h.opts.Sandbox), func(ctx context.Context, req *mcp.CallToolRequest, in RunSkillScriptInput) (*mcp.CallToolResult, RunSkillScriptOutput, error) {
			res, out, err := h.RunSkillScript(ctx, req, in)
			return res, out, nativeError(err) // the skill lookup's errors, in the native tools' words
		})
	}
}

// nativeError renders a catalog error for the native tools, in one place,
// from index's structured errors: an unknown skill names the closest
// skills and points at search_skills and list_skills, an unknown file the
// closest files and load_skill, an invalid skill its error diagnostics
// with their fixes. Other errors pass as they are. The SDK turns the
// returned error into a tool result with isError.
func nativeError(err error) error {
	var nf *index.NotFoundError
	var fnf *index.FileNotFoundError
	var inv *index.InvalidSkillError
	switch {
	case errors.As(err, &nf):
		var b strings.Builder
		fmt.Fprintf(&b, "skill %q not found among %d skills", nf.Name, nf.Total)
		if len(nf.Suggestions) > 0 {
			fmt.Fprintf(&b, "; did you mean %s?", strings.Join(nf.Suggestions, ", "))
		} else {
			b.WriteString(".")
		}
		b.WriteString(" Use search_skills or list_skills to find the exact name.")
		return errors.New(b.String())
	case errors.As(err, &fnf):
		s := fmt.Sprintf("file %q not found in skill %q", fnf.Path, fnf.SkillID)
		if len(fnf.Suggestions) > 0 {
			s += "; did you mean " + strings.Join(fnf.Suggestions, ", ") + "?"
		}
		return errors.New(s + " Use load_skill to list the skill's files.")
	case errors.As(err, &inv):
		return fmt.Errorf("skill %q at %s is invalid: %s", inv.Skill.ID, inv.Skill.SkillPath(), diagnosticsText(inv.Errors()))
	}
	return err
}

// diagnosticsText joins diagnostics as "message (fix: FIX); message":
// how the native tools and agent-zero state why a skill is not served.
func diagnosticsText(diags []skillmd.Diagnostic) string {
	msgs := make([]string, len(diags))
	for i, d := range diags {
		msgs[i] = d.Message
		if d.Fix != "" {
			msgs[i] += " (fix: " + d.Fix + ")"
		}
	}
	return strings.Join(msgs, "; ")
}
