package tools

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/internal/safefs"
)

// get handles get_skill. Input {skill_name}, a folder name. Answer:
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
func (h *listGet) get(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
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
func (h *listGet) findFolder(name string) (index.Skill, bool) {
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
func (h *listGet) missingSkill(name string) string {
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
func (h *listGet) readInvalid(name string, s index.Skill) *mcp.CallToolResult {
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
// from disk through index.ReadFromDisk: opened once beneath the skill's
// folder descriptor (a link flipped between check and use cannot lead
// out), a regular file, at most index.MaxFileSize bytes, UTF-8. Errors wrap
// fs.ErrNotExist (also for a file that is not regular), fs.ErrPermission,
// index.ErrOutside, index.ErrTooLarge or index.ErrBinary.
func readSkillMD(s index.Skill) (string, error) {
	data, err := index.ReadFromDisk(s, s.SkillFile)
	if errors.Is(err, safefs.ErrNotRegular) {
		return "", fs.ErrNotExist
	}
	if err != nil {
		return "", err
	}
	if !utf8.Valid(data) {
		return "", index.ErrBinary
	}
	return string(data), nil
}
