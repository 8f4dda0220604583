package tools

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
)

// listGet serves the seeds testdata/seeds/list-skills-tool.md and
// testdata/seeds/get-skill-tool.md: list_skills {} (this file) and get_skill
// {skill_name} (profile_listget_get_skill.go), each answering with one JSON text
// content in the seeds' Python json.dumps form ({"skills": ["a", "b"]});
// errors are {"error": "..."} with the seeds' exact messages, and isError
// set.
type listGet struct{ *deps }

func (h *listGet) toolNames() []string { return []string{"list_skills", "get_skill"} }

// listGetListSchema is testdata/seeds/list-skills-tool.md's "Input Schema", byte for
// byte.
var listGetListSchema = json.RawMessage(`{"type":"object","properties":{},"required":[]}`)

// listGetGetSchema is testdata/seeds/get-skill-tool.md's "Input Schema", byte for byte.
var listGetGetSchema = json.RawMessage(`{"type":"object","properties":{"skill_name":{"type":"string","description":"Name of the skill (folder name)"}},"required":["skill_name"]}`)

var (
	listGetListTool = &mcp.Tool{
		Name:        "list_skills",
		Description: "List all available skills in the skills folder. Returns skill names as a JSON array.",
		InputSchema: listGetListSchema,
	}
	listGetGetTool = &mcp.Tool{
		Name:        "get_skill",
		Description: "Read the SKILL.MD documentation for a specific skill. Returns the full text content of the documentation file.",
		InputSchema: listGetGetSchema,
	}
)

// register adds list_skills and get_skill.
func (h *listGet) register(s *mcp.Server) {
	s.AddTool(listGetListTool, h.list)
	s.AddTool(listGetGetTool, h.get)
}

// validFolderName is the seeds' validate_skill_name: non-empty, without
// "/", "\" or "..".
func validFolderName(name string) bool {
	return name != "" && !strings.ContainsAny(name, `/\`) && !strings.Contains(name, "..")
}

// checkRootDir opens a root folder and reads one entry: nil when it can be
// listed, an error wrapping fs.ErrNotExist when it is missing (or not a
// folder), fs.ErrPermission when it cannot be read.
func checkRootDir(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.Readdirnames(1)
	if errors.Is(err, syscall.ENOTDIR) {
		return fs.ErrNotExist
	}
	if err == io.EOF {
		return nil
	}
	return err
}

// listGetError is {"error": msg} with isError.
func listGetError(msg string) *mcp.CallToolResult {
	return errorResult(pyJSON(field{"error", msg}))
}

// list handles list_skills of the list-get profile. Answer:
// {"skills": [...]}, the folder names of the catalog's skill folders
// (served, shadowed and invalid alike: get_skill reads any of them), only
// valid names (validFolderName), deduplicated, in code-point order (the
// seed's "Sorting: alphabetical"). Errors (seed "Error Conditions"):
// {"error": "Skills folder not found at path: P"} when no root exists
// (roots joined by ", "), {"error": "Permission denied reading skills
// folder"} when a root cannot be read. A catalog without skills is
// {"skills": []}.
func (h *listGet) list(_ context.Context, _ *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	roots := h.cat.Roots()
	var missing []string
	for _, r := range roots {
		err := h.checkRoot(r.Path)
		switch {
		case err == nil:
		case errors.Is(err, fs.ErrNotExist):
			missing = append(missing, r.Path)
		case errors.Is(err, fs.ErrPermission):
			return listGetError("Permission denied reading skills folder"), nil
		default:
			return listGetError("Error reading skills folder: " + err.Error()), nil
		}
	}
	if len(roots) > 0 && len(missing) == len(roots) {
		return listGetError("Skills folder not found at path: " + strings.Join(missing, ", ")), nil
	}
	seen := map[string]bool{}
	names := []string{}
	for _, s := range h.cat.List(index.ListOptions{IncludeShadowed: true, IncludeInvalid: true}) {
		n := filepath.Base(s.Dir)
		if validFolderName(n) && !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return textResult(pyJSON(field{"skills", names})), nil
}
