package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/listing"
)

// universal serves the seed testdata/seeds/mcp-skill-tool.md: one tool,
// skill {name}, whose description lists the available skills.
type universal struct{ *deps }

func (h *universal) toolNames() []string { return []string{universalToolName} }

const universalToolName = "skill"

// universalInputSchema is the seed's Zod schema
//
//	z.object({ name: z.string().min(1, "Skill name cannot be empty")
//	  .describe("Name of the skill to load (case-insensitive)") }).strict()
//
// as the TypeScript SDK publishes it (zod-to-json-schema, draft-07), byte
// for byte.
var universalInputSchema = json.RawMessage(`{"type":"object","properties":{"name":{"type":"string","minLength":1,"description":"Name of the skill to load (case-insensitive)"}},"required":["name"],"additionalProperties":false,"$schema":"http://json-schema.org/draft-07/schema#"}`)

// universalTool is the seed's "Tool Metadata": name skill, title Load
// Skill, readOnlyHint true, destructiveHint false, idempotentHint true,
// openWorldHint false. Its description is generated (universalDescription).
var universalTool = func() *mcp.Tool {
	f := false
	return &mcp.Tool{
		Name:        universalToolName,
		Title:       "Load Skill",
		InputSchema: universalInputSchema,
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: &f, IdempotentHint: true, OpenWorldHint: &f},
	}
}()

// universalTemplate is the seed's "Tool Description" template, verbatim;
// %s is ${dynamicSkillsList}.
const universalTemplate = "Execute a skill within the main conversation\n" +
	"\n" +
	"<skills_instructions>\n" +
	"When users ask you to perform tasks, check if any of the available skills below can help complete the task more effectively. Skills provide specialized capabilities and domain knowledge.\n" +
	"\n" +
	"How to use skills:\n" +
	"- Invoke skills using this tool with the skill name only (no arguments)\n" +
	"- When you invoke a skill, you will see <command-message>The \"{name}\" skill is loading</command-message>\n" +
	"- The skill's prompt will expand and provide detailed instructions on how to complete the task\n" +
	"- Examples:\n" +
	"  - `command: \"pdf\"` - invoke the pdf skill\n" +
	"  - `command: \"xlsx\"` - invoke the xlsx skill\n" +
	"  - `command: \"ms-office-suite:pdf\"` - invoke using fully qualified name\n" +
	"\n" +
	"Important:\n" +
	"- Only use skills listed in <available_skills> below\n" +
	"- Do not invoke a skill that is already running\n" +
	"- Do not use this tool for built-in CLI commands (like /help, /clear, etc.)\n" +
	"</skills_instructions>\n" +
	"\n" +
	"<available_skills>\n" +
	"%s\n" +
	"</available_skills>"

// universalLocation maps a root label to the seed's <location>: "global"
// for global and personal roots (the seed's ~/ folders), "project"
// otherwise.
func universalLocation(label string) string {
	if label == "global" || label == "personal" {
		return "global"
	}
	return "project"
}

// universalFormat is the seed's "Dynamic Skills List Format"; with names
// only an entry is the bare name on its line. Names and descriptions are
// XML-escaped (the seed interpolates them raw): a description holding
// "</available_skills>" must not end the list early for the model.
var universalFormat = listing.Format{
	Full: func(e listing.Entry, desc string) string {
		return "<skill>\n<name>" + listing.EscapeXML(e.Name) + "</name>\n<description>" + listing.EscapeXML(desc) + "</description>\n<location>" + e.Location + "</location>\n</skill>"
	},
	NameOnly: func(e listing.Entry) string { return e.Name },
}

// entries are the served skills in the seed's scan order: roots
// in priority order (project before global for each pair of the seed's
// default folders), then by name.
func (h *universal) entries() []listing.Entry {
	skills := listing.ByRoot(h.cat.List(index.ListOptions{}))
	out := make([]listing.Entry, len(skills))
	for i, s := range skills {
		out[i] = listing.Entry{Name: s.Name, Description: s.Description, Location: universalLocation(s.RootLabel)}
	}
	return out
}

// description returns the skill tool's description for the
// catalog as it is now: the seed's template with <available_skills>
// filled, the list held within Options.DescriptionBudget characters (see
// listing.Fit) and, when it was cut, a note after </available_skills> saying
// how and how many skills were left out.
func (h *universal) description() string {
	fit := listing.Fit(h.entries(), h.opts.DescriptionBudget, universalFormat)
	desc := fmt.Sprintf(universalTemplate, fit.Text)
	if note := fit.Note(h.opts.DescriptionBudget, "Invoke this tool"); note != "" {
		desc += "\n\n" + note
	}
	return desc
}

// register adds the skill tool and keeps its description in step
// with the catalog: on every change the description is regenerated and,
// when it differs, the tool is added again, which replaces it and makes
// the SDK send notifications/tools/list_changed.
func (h *universal) register(s *mcp.Server) {
	h.warnSkipped(nil)
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
		t := *universalTool
		t.Description = desc
		s.AddTool(&t, h.call)
	}
	register()
	h.onChange(func(ch index.Change) {
		h.warnSkipped(append(append([]string{}, ch.Added...), ch.Updated...))
		register()
	})
}

// warnSkipped logs, once per skill and change, each skill the universal
// list leaves out because it is not served (seed: "Skills missing either
// field are skipped during scanning - Logged to stderr"; "Malformed
// Frontmatter: Skip skill during scanning, Log warning to stderr"). ids
// nil means every skill.
func (h *universal) warnSkipped(ids []string) {
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	if ids != nil && len(want) == 0 {
		return
	}
	for _, s := range h.cat.List(index.ListOptions{IncludeInvalid: true, IncludeShadowed: true}) {
		if s.Valid || (ids != nil && !want[s.ID]) {
			continue
		}
		var why []string
		for _, d := range s.Diagnostics {
			if d.Severity == "error" {
				why = append(why, d.Message)
			}
		}
		h.log.Warn("skill tool: skipping skill", "path", s.SkillPath(), "reason", strings.Join(why, "; "))
	}
}

// call handles the skill tool. Input {name}; the answers, all plain
// text content:
//
//   - found (name case-insensitive): "Loading: NAME\nBase directory:
//     DIR\n\n" + SKILL.md as on disk (seed "Success Response");
//   - not found, a skipped (invalid) skill, or a name with a path
//     separator: "Skill 'X' not found.\n\nAvailable skills:\n- n: d\n...
//     \n\nUse the exact skill name (case-insensitive) to load a skill."
//     without isError, as the seed shows it (seed "Error Response");
//   - arguments that break the schema (missing or empty name, another
//     type, other keys): isError with "Invalid arguments for tool skill:
//     " and the Zod issue ("name: Skill name cannot be empty", seed
//     "Empty name: ❌ Validation error").
func (h *universal) call(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := parseArgs(req.Params.Arguments)
	if err != nil {
		return errorResult("Invalid arguments for tool skill: " + err.Error()), nil
	}
	var issues []string
	if unk := a.unknown("name"); len(unk) > 0 {
		issues = append(issues, "Unrecognized key(s) in object: "+quoteAll(unk, "'"))
	}
	name, present, err := a.str("name")
	switch {
	case err != nil:
		issues = append(issues, "name: Expected string, received "+jsonType(a.vals["name"]))
	case !present:
		issues = append(issues, "name: Required")
	case name == "":
		issues = append(issues, "name: Skill name cannot be empty")
	}
	if len(issues) > 0 {
		return errorResult("Invalid arguments for tool skill: " + strings.Join(issues, "; ")), nil
	}
	if strings.ContainsAny(name, `/\`) {
		return textResult(h.notFound(name, nil)), nil
	}
	s, err := h.lookupName(name)
	if err != nil {
		return textResult(h.notFound(name, suggestions(err))), nil
	}
	l, err := h.cat.Load(ctx, s.ID)
	if err != nil {
		if !errors.Is(err, index.ErrNotFound) && !errors.Is(err, index.ErrInvalid) {
			h.log.Error("skill tool: cannot load skill; treating it as not found", "skill", s.ID, "err", err)
		}
		return textResult(h.notFound(name, nil)), nil
	}
	return textResult("Loading: " + l.Skill.Name + "\nBase directory: " + l.BaseDir + "\n\n" + l.Content), nil
}

// notFound is the seed's not-found text. The list is held within
// the description budget; when it is cut, the closest names come first
// and a last line counts the skills not listed.
func (h *universal) notFound(name string, close []string) string {
	list := h.availableList(h.entries(), close)
	return "Skill '" + name + "' not found.\n\nAvailable skills:\n" + orNone(list) + "\n\nUse the exact skill name (case-insensitive) to load a skill."
}

// dashFormat is the "- name: description" list of the seeds' not-found
// texts (universal and wave) and of wave's description.
var dashFormat = listing.Format{
	Full:     func(e listing.Entry, desc string) string { return "- " + e.Name + ": " + desc },
	NameOnly: func(e listing.Entry) string { return "- " + e.Name },
}

// availableList renders entries as the seeds' "Available skills:" list
// within the description budget; when cut, close names go first and a
// last line says how many were not listed.
func (h *deps) availableList(entries []listing.Entry, close []string) string {
	budget := h.opts.DescriptionBudget
	fit := listing.Fit(entries, budget, dashFormat)
	if fit.Mode != listing.ModeFull {
		fit = listing.Fit(listing.OrderFirst(entries, close), budget, dashFormat)
	}
	if fit.Omitted > 0 {
		return fit.Text + fmt.Sprintf("\n- … and %d more skills not listed", fit.Omitted)
	}
	return fit.Text
}

// quoteAll quotes each item with q and joins them with ", ".
func quoteAll(items []string, q string) string {
	out := make([]string, len(items))
	for i, s := range items {
		out[i] = q + s + q
	}
	return strings.Join(out, ", ")
}

// jsonType names the JSON type of a raw value as Zod does (string,
// number, boolean, object, array, null).
func jsonType(v json.RawMessage) string {
	if len(v) == 0 {
		return "undefined"
	}
	switch v[0] {
	case '"':
		return "string"
	case '{':
		return "object"
	case '[':
		return "array"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}
