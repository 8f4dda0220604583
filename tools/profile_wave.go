package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/internal/listing"
)

// wave serves the seed testdata/seeds/wave-skill-tool.md: one tool,
// Skill {skill_name}, whose description lists the available skills.
type wave struct{ *deps }

func (h *wave) toolNames() []string { return []string{waveToolName} }

const waveToolName = "Skill"

// waveInputSchema is the seed's config.function.parameters, byte for byte
// (key order included).
var waveInputSchema = json.RawMessage(`{"type":"object","properties":{"skill_name":{"type":"string","description":"Name of the skill to invoke from available skills"}},"required":["skill_name"],"additionalProperties":false}`)

// waveDescriptionPrefix is the seed's tool description up to
// {dynamicSkillList}: "Invoke skills based on available skill metadata.
// Skills: {dynamicSkillList}". The list follows on the next lines.
const waveDescriptionPrefix = "Invoke skills based on available skill metadata. Skills:"

// waveNameRE is the seed's name rule: "name must be lowercase letters,
// numbers, hyphens only".
var waveNameRE = regexp.MustCompile(`^[a-z0-9-]+$`)

// waveProblem is one broken rule of the seed's "Validation Contract".
type waveProblem struct{ msg, fix string }

// waveProblems checks a skill against the seed's validation contract:
// the catalog's error diagnostics (no parseable frontmatter, no name or
// description, unreadable), a frontmatter the catalog had to repair (the
// seed: "YAML frontmatter must be valid and parseable"), "name must be
// lowercase letters, numbers, hyphens only", "description must be 1-1024
// characters" and "name field must match directory name". The spec's
// other rules (hyphen placement, 64 characters, unknown fields) are not
// the seed's and are not checked.
func waveProblems(s index.Skill) []waveProblem {
	var out []waveProblem
	for _, d := range s.Diagnostics {
		if d.Severity == skillmd.SeverityError || d.Code == skillmd.CodeYAMLRepaired {
			out = append(out, waveProblem{d.Message, d.Fix})
		}
	}
	folder := filepath.Base(s.Dir)
	if s.Name != "" {
		if !waveNameRE.MatchString(s.Name) {
			out = append(out, waveProblem{
				fmt.Sprintf("name %q must contain only lowercase letters, numbers and hyphens", s.Name),
				"set name: " + waveName(s.Name, folder) + " in the frontmatter"})
		}
		if s.Name != folder {
			fix := "rename the directory " + folder + " to " + s.Name
			if waveNameRE.MatchString(folder) {
				fix = "set name: " + folder + " in the frontmatter, or rename the directory " + folder + " to " + s.Name
			}
			out = append(out, waveProblem{fmt.Sprintf("name %q does not match its directory name %q", s.Name, folder), fix})
		}
	}
	if n := utf8.RuneCountInString(s.Description); n > skillmd.MaxDescriptionChars {
		out = append(out, waveProblem{
			fmt.Sprintf("description is %d characters; it must be 1-1024", n),
			fmt.Sprintf("shorten the description by %d characters and move the detail into the body", n-skillmd.MaxDescriptionChars)})
	}
	return out
}

// waveName suggests a name that passes waveNameRE: the folder's name when
// it does, else asciiSlug(name).
func waveName(name, folder string) string {
	if waveNameRE.MatchString(folder) {
		return folder
	}
	return asciiSlug(name)
}

// waveType maps a root label to the seed's "Type: personal|project":
// personal for personal and global roots (~/.wave/skills), project
// otherwise.
func waveType(label string) string {
	if label == "personal" || label == "global" {
		return "personal"
	}
	return "project"
}

// entries are the served skills that pass the seed's validation, by
// name.
func (h *wave) entries() []listing.Entry {
	var out []listing.Entry
	for _, s := range h.cat.List(index.ListOptions{}) {
		if len(waveProblems(s)) == 0 {
			out = append(out, listing.Entry{Name: s.Name, Description: s.Description})
		}
	}
	return out
}

// description returns the Skill tool's description for the catalog as
// it is now: "Invoke skills based on available skill metadata. Skills:"
// then one "- name: description" line per valid skill, held within
// Options.DescriptionBudget characters (see listing.Fit), and a note when the
// list was cut.
func (h *wave) description() string {
	fit := listing.Fit(h.entries(), h.opts.DescriptionBudget, dashFormat)
	desc := waveDescriptionPrefix + "\n" + orNone(fit.Text)
	if note := fit.Note(h.opts.DescriptionBudget, "Invoke this tool"); note != "" {
		desc += "\n\n" + note
	}
	return desc
}

// register adds the Skill tool and, like universal's, regenerates its
// description on every catalog change (the SDK then sends
// notifications/tools/list_changed).
func (h *wave) register(s *mcp.Server) {
	var mu sync.Mutex
	last := ""
	register := func() {
		desc := h.description()
		mu.Lock()
		defer mu.Unlock()
		if desc == last {
			return
		}
		last = desc
		s.AddTool(&mcp.Tool{Name: waveToolName, Description: desc, InputSchema: waveInputSchema}, h.call)
	}
	register()
	h.onChange(func(index.Change) { register() })
}

// call handles the Skill tool. Input {skill_name}; answers as text, errors
// with isError (the seed's ToolResult success: false):
//
//   - found and valid: "Skill: NAME (Type: personal|project)\nPath:
//     DIR\n\n" + SKILL.md as on disk (seed "Success Response Structure");
//   - not found: "Skill 'X' not found.\n\nAvailable skills:\n- n: d\n
//     ...\n\nTo create this skill:\n1. Create directory
//     ~/.wave/skills/X/\n2. Add SKILL.md file with proper YAML
//     frontmatter" (seed "Not Found Error");
//   - found but invalid (waveProblems): "Skill 'X' is invalid:
//     PROBLEMS\n\nFix by:\n- FIX\n...\n\nSkill will be available after
//     fixing these issues." (seed "Validation Error");
//   - anything else (bad arguments, an unreadable SKILL.md): "Error
//     invoking skill 'X': MESSAGE\n\nAvailable skills:\n..." (seed
//     "Error Response Structure").
func (h *wave) call(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := parseArgs(req.Params.Arguments)
	if err != nil {
		return errorResult(h.errorText("", err.Error())), nil
	}
	name, present, err := a.str("skill_name")
	switch {
	case err != nil:
		return errorResult(h.errorText("", "skill_name must be a string")), nil
	case len(a.unknown("skill_name")) > 0:
		return errorResult(h.errorText(name, "unknown argument "+quoteAll(a.unknown("skill_name"), "'")+"; the Skill tool takes only skill_name")), nil
	case !present || strings.TrimSpace(name) == "":
		return errorResult(h.errorText(name, "skill_name is required")), nil
	}
	s, err := h.lookupName(name)
	var inv *index.InvalidSkillError
	switch {
	case errors.As(err, &inv):
		return errorResult(waveInvalid(name, waveProblems(inv.Skill))), nil
	case err != nil:
		return errorResult(h.notFound(name, suggestions(err))), nil
	}
	if probs := waveProblems(s); len(probs) > 0 {
		return errorResult(waveInvalid(name, probs)), nil
	}
	l, err := h.cat.Load(ctx, s.ID)
	switch {
	case errors.As(err, &inv):
		return errorResult(waveInvalid(name, waveProblems(inv.Skill))), nil
	case errors.Is(err, index.ErrNotFound):
		return errorResult(h.notFound(name, nil)), nil
	case err != nil:
		return errorResult(h.errorText(name, err.Error())), nil
	}
	return textResult("Skill: " + l.Skill.Name + " (Type: " + waveType(l.Skill.RootLabel) + ")\nPath: " + l.BaseDir + "\n\n" + l.Content), nil
}

// errorText is the seed's "Error Response Structure".
func (h *wave) errorText(name, msg string) string {
	return "Error invoking skill '" + name + "': " + msg + "\n\nAvailable skills:\n" + orNone(h.availableList(h.entries(), nil))
}

// notFound is the seed's "Not Found Error".
func (h *wave) notFound(name string, close []string) string {
	return "Skill '" + name + "' not found.\n\nAvailable skills:\n" + orNone(h.availableList(h.entries(), close)) +
		"\n\nTo create this skill:\n1. Create directory ~/.wave/skills/" + name + "/\n2. Add SKILL.md file with proper YAML frontmatter"
}

// waveInvalid is the seed's "Validation Error".
func waveInvalid(name string, probs []waveProblem) string {
	var msgs, fixes []string
	for _, p := range probs {
		msgs = append(msgs, p.msg)
		if p.fix != "" {
			fixes = append(fixes, "- "+p.fix)
		}
	}
	return "Skill '" + name + "' is invalid: " + strings.Join(msgs, "; ") + "\n\nFix by:\n" + strings.Join(fixes, "\n") +
		"\n\nSkill will be available after fixing these issues."
}

// orNone is list, or "(none)" when it is empty.
func orNone(list string) string {
	if list == "" {
		return "(none)"
	}
	return list
}
