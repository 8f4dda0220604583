package tools

import "github.com/modelcontextprotocol/go-sdk/mcp"

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

func (h *native) register(s *mcp.Server) {
	mcp.AddTool(s, searchSkillsTool, h.SearchSkills)
	mcp.AddTool(s, listSkillsTool, h.ListSkills)
	mcp.AddTool(s, loadSkillTool, h.LoadSkill)
	mcp.AddTool(s, readSkillFileTool, h.ReadSkillFile)
	if h.opts.Sandbox != nil {
		mcp.AddTool(s, runSkillScriptTool, h.RunSkillScript)
	}
}
