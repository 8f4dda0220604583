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
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
)

// The list-get profile serves the seeds list-skills-tool.md and
// get-skill-tool.md: list_skills {} and get_skill {skill_name}, each
// answering with one JSON text content in the seeds' Python json.dumps
// form ({"skills": ["a", "b"]}); errors are {"error": "..."} with the
// seeds' exact messages, and isError set.

// listGetListSchema is list-skills-tool.md's "Input Schema", byte for
// byte.
var listGetListSchema = json.RawMessage(`{"type":"object","properties":{},"required":[]}`)

// listGetGetSchema is get-skill-tool.md's "Input Schema", byte for byte.
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

// addListGet registers list_skills and get_skill.
func (h *Handler) addListGet(s *mcp.Server) {
	s.AddTool(listGetListTool, h.ListGetList)
	s.AddTool(listGetGetTool, h.GetSkill)
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

// ListGetList handles list_skills of the list-get profile. Answer:
// {"skills": [...]}, the folder names of the catalog's skill folders
// (served, shadowed and invalid alike: get_skill reads any of them), only
// valid names (validFolderName), deduplicated, in code-point order (the
// seed's "Sorting: alphabetical"). Errors (seed "Error Conditions"):
// {"error": "Skills folder not found at path: P"} when no root exists
// (roots joined by ", "), {"error": "Permission denied reading skills
// folder"} when a root cannot be read. A catalog without skills is
// {"skills": []}.
func (h *Handler) ListGetList(_ context.Context, _ *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
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

// GetSkill handles get_skill. Input {skill_name}, a folder name. Answer:
// {"skill_name": NAME, "documentation": SKILL.md as on disk} (the file's
// name in any letter case). The skill is the catalog's skill whose folder
// is named skill_name (the served one first, then root priority), else
// the skill of that name (case-insensitive). Errors, each the seed's
// exact text as {"error": ...} with isError:
//
//   - a name that is empty or holds "/", "\" or "..": "Invalid skill
//     name: 'X'. Skill names must not contain '/', '\\', or '..'";
//   - no such skill, and no folder of that name in any root: "Skill 'X'
//     not found in skills folder";
//   - a folder of that name without SKILL.md: "SKILL.MD not found for
//     skill 'X'";
//   - "Permission denied reading SKILL.MD for skill 'X'", "SKILL.MD too
//     large (>1MB) for skill 'X'", "SKILL.MD contains invalid UTF-8 for
//     skill 'X'", and for any other read failure "Error reading
//     SKILL.MD: ERR" (the seed's except branch).
//
// A skill the catalog does not serve (broken frontmatter, no name) is
// still read: the seed reads the file and checks nothing in it.
func (h *Handler) GetSkill(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := parseArgs(req.Params.Arguments)
	if err != nil {
		return listGetError(err.Error()), nil
	}
	name, _, err := a.str("skill_name")
	if err != nil {
		return listGetError("skill_name must be a string"), nil
	}
	if !validFolderName(name) {
		return listGetError("Invalid skill name: '" + name + "'. Skill names must not contain '/', '\\', or '..'"), nil
	}
	s, ok := h.findFolder(name)
	if !ok {
		return listGetError(h.missingSkill(name)), nil
	}
	if !s.Valid {
		return h.readInvalid(name, s), nil
	}
	l, err := h.cat.Load(ctx, s.ID)
	var inv *index.InvalidSkillError
	switch {
	case errors.As(err, &inv):
		return h.readInvalid(name, inv.Skill), nil
	case errors.Is(err, index.ErrNotFound):
		return listGetError(h.missingSkill(name)), nil
	case err != nil:
		return listGetError(readError(name, err)), nil
	}
	return textResult(pyJSON(field{"skill_name", name}, field{"documentation", l.Content})), nil
}

// findFolder returns the skill whose folder is named name: among several,
// a served winner first, then the higher-priority root, the shallower
// folder, the smaller id. Failing that, the skill Catalog.Resolve finds
// by name (served, or invalid).
func (h *Handler) findFolder(name string) (index.Skill, bool) {
	var best *index.Skill
	rank := func(s *index.Skill) int {
		if s.Valid && s.ShadowedBy == "" {
			return 0
		}
		if s.Valid {
			return 1
		}
		return 2
	}
	all := h.cat.List(index.ListOptions{IncludeShadowed: true, IncludeInvalid: true})
	for i := range all {
		s := &all[i]
		if filepath.Base(s.Dir) != name {
			continue
		}
		if best == nil || rank(s) < rank(best) || (rank(s) == rank(best) &&
			(s.Root < best.Root || (s.Root == best.Root && (s.Depth < best.Depth || (s.Depth == best.Depth && s.ID < best.ID))))) {
			best = s
		}
	}
	if best != nil {
		return *best, true
	}
	s, err := h.cat.Resolve(name)
	var inv *index.InvalidSkillError
	switch {
	case err == nil:
		return s, true
	case errors.As(err, &inv):
		return inv.Skill, true
	}
	return index.Skill{}, false
}

// missingSkill tells the seed's two not-found rows apart: a folder of that
// name in some root (without SKILL.md, or the catalog would know it) is
// "SKILL.MD not found", else "Skill not found in skills folder".
func (h *Handler) missingSkill(name string) string {
	for _, r := range h.cat.Roots() {
		if fi, err := os.Stat(filepath.Join(r.Path, name)); err == nil && fi.IsDir() {
			return "SKILL.MD not found for skill '" + name + "'"
		}
	}
	return "Skill '" + name + "' not found in skills folder"
}

// readError maps a failure to read SKILL.md to the seed's error rows.
func readError(name string, err error) string {
	switch {
	case errors.Is(err, fs.ErrPermission):
		return "Permission denied reading SKILL.MD for skill '" + name + "'"
	case errors.Is(err, index.ErrTooLarge):
		return "SKILL.MD too large (>1MB) for skill '" + name + "'"
	case errors.Is(err, index.ErrBinary), errors.Is(err, skillmd.ErrNotUTF8), errors.Is(err, skillmd.ErrBinary):
		return "SKILL.MD contains invalid UTF-8 for skill '" + name + "'"
	case errors.Is(err, fs.ErrNotExist):
		return "SKILL.MD not found for skill '" + name + "'"
	}
	return "Error reading SKILL.MD: " + err.Error()
}

// readInvalid answers get_skill for a skill the catalog keeps out: its
// error diagnostics map to the seed's rows (too large, unreadable, not
// text); otherwise SKILL.md is read from disk as the seed would.
func (h *Handler) readInvalid(name string, s index.Skill) *mcp.CallToolResult {
	for _, d := range s.Diagnostics {
		if d.Severity != skillmd.SeverityError {
			continue
		}
		switch d.Code {
		case "file-too-large", skillmd.CodeTooLarge:
			return listGetError("SKILL.MD too large (>1MB) for skill '" + name + "'")
		case "not-text", skillmd.CodeNotUTF8, skillmd.CodeBinary:
			return listGetError("SKILL.MD contains invalid UTF-8 for skill '" + name + "'")
		case "unreadable":
			if strings.Contains(d.Message, "permission denied") {
				return listGetError("Permission denied reading SKILL.MD for skill '" + name + "'")
			}
		}
	}
	data, err := readSkillMD(s)
	if err != nil {
		return listGetError(readError(name, err))
	}
	return textResult(pyJSON(field{"skill_name", name}, field{"documentation", data}))
}

// readSkillMD reads the SKILL.md of a skill the catalog does not serve,
// from disk: a regular file, links resolved and kept inside the skill's
// real folder, at most index.MaxFileSize bytes, UTF-8. Errors wrap
// fs.ErrNotExist, fs.ErrPermission, index.ErrOutside, index.ErrTooLarge or
// index.ErrBinary.
func readSkillMD(s index.Skill) (string, error) {
	real, err := filepath.EvalSymlinks(s.SkillPath())
	if err != nil {
		return "", err
	}
	if rel, err := filepath.Rel(s.RealDir, real); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", index.ErrOutside
	}
	f, err := os.Open(real)
	if err != nil {
		return "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", err
	}
	if !st.Mode().IsRegular() {
		return "", fs.ErrNotExist
	}
	if st.Size() > index.MaxFileSize {
		return "", index.ErrTooLarge
	}
	data, err := io.ReadAll(io.LimitReader(f, index.MaxFileSize+1))
	if err != nil {
		return "", err
	}
	if len(data) > index.MaxFileSize {
		return "", index.ErrTooLarge
	}
	if !utf8.Valid(data) {
		return "", index.ErrBinary
	}
	return string(data), nil
}
