// Package tools serves the catalog to agents: the MCP tool handlers (one
// file per tool, methods on Handler), the skill resources, and the
// profiles that render the same catalog operations in each seed's dialect
// (see PROFILES.md for the contracts, the decisions and the tests).
package tools

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/tools/sandbox"
)

// Version is reported to MCP clients as the server version.
const Version = "0.1.0"

// DefaultDescriptionBudget is the default budget, in characters (Unicode
// code points), of the skill list inside the dynamic tool descriptions of
// the universal and wave profiles: 8,000, the budget agents commonly give
// it. Past it descriptions are shortened, then only names are listed, then
// skills are left out, and the description says so (see fitList).
const DefaultDescriptionBudget = 8000

// Options configure a Handler. nil means defaults.
type Options struct {
	// Profiles name the tool sets to register (see Profiles); each entry
	// may be a comma-separated list. Empty means ["native"].
	Profiles []string
	// Logger receives warnings; nil discards. Never stdout: on the stdio
	// transport stdout is the protocol stream.
	Logger *slog.Logger
	// Sandbox runs skill scripts: the native run_skill_script tool and the
	// agent-zero execute_script method. nil means scripts are disabled:
	// run_skill_script is not registered and execute_script answers that
	// scripts are off (enable them with `skilldex serve --allow-scripts`).
	Sandbox sandbox.Sandbox
	// DescriptionBudget bounds, in characters, the skill list in the
	// universal and wave tool descriptions (and the available-skills
	// lists of their not-found answers). 0 means
	// DefaultDescriptionBudget.
	DescriptionBudget int
}

// catalog is the part of *index.Catalog the tools use. The tests wrap it to
// inject failures a filesystem cannot produce when the tests run as root
// (permission denied, unreadable files).
type catalog interface {
	List(index.ListOptions) []index.Skill
	Resolve(ref string) (index.Skill, error)
	Load(ctx context.Context, ref string) (*index.Loaded, error)
	ReadFile(ctx context.Context, ref, rel string) (*index.File, error)
	Search(ctx context.Context, req index.SearchRequest) (*index.SearchResult, error)
	SplitPath(p string) (id, rel string, ok bool)
	Subscribe(fn func(index.Change))
	Roots() []index.Root
}

// Handler holds the dependencies every tool handler needs. Its methods are
// the tool handlers.
type Handler struct {
	cat  catalog
	log  *slog.Logger
	opts Options
	// checkRoot reports whether a root folder can be listed (nil error),
	// is missing (an error wrapping fs.ErrNotExist) or cannot be read; the
	// list-get profile's error rows come from it. Tests replace it.
	checkRoot func(path string) error
}

// New returns a Handler over cat.
func New(cat *index.Catalog, opts *Options) *Handler {
	h := &Handler{cat: cat, checkRoot: checkRootDir}
	if opts != nil {
		h.opts = *opts
	}
	h.log = h.opts.Logger
	if h.log == nil {
		h.log = slog.New(slog.DiscardHandler)
	}
	if len(h.opts.Profiles) == 0 {
		h.opts.Profiles = []string{"native"}
	}
	if h.opts.DescriptionBudget <= 0 {
		h.opts.DescriptionBudget = DefaultDescriptionBudget
	}
	return h
}

// profile is one selectable tool set.
type profile struct {
	// tools names the tools the profile registers given the handler's
	// options, for the name-clash check.
	tools func(h *Handler) []string
	// register adds the tools to a server.
	register func(h *Handler, s *mcp.Server)
	// instructions is the profile's sentence of the server instructions.
	instructions string
}

// profiles maps a profile name to its tool set:
//
//   - native: search_skills, list_skills, load_skill, read_skill_file, and
//     run_skill_script when Options.Sandbox is set (skilldex's own tools).
//   - universal: skill (seed mcp-skill-tool.md).
//   - wave: Skill (seed wave-skill-tool.md).
//   - list-get: list_skills and get_skill (seeds list-skills-tool.md and
//     get-skill-tool.md).
//   - agent-zero: skills_tool (seed agent-zero-skills-tool.md).
var profiles = map[string]profile{
	"native": {
		tools: func(h *Handler) []string {
			names := []string{"search_skills", "list_skills", "load_skill", "read_skill_file"}
			if h.opts.Sandbox != nil {
				names = append(names, "run_skill_script")
			}
			return names
		},
		register:     (*Handler).addNative,
		instructions: "Search with search_skills, then load_skill to read a skill's instructions, and read_skill_file for the files it references.",
	},
	"universal": {
		tools:        func(*Handler) []string { return []string{universalToolName} },
		register:     (*Handler).addUniversal,
		instructions: "Call the skill tool with a skill name from its description to load that skill's instructions.",
	},
	"wave": {
		tools:        func(*Handler) []string { return []string{waveToolName} },
		register:     (*Handler).addWave,
		instructions: "Call the Skill tool with a skill_name from its description to load that skill's instructions.",
	},
	"list-get": {
		tools:        func(*Handler) []string { return []string{"list_skills", "get_skill"} },
		register:     (*Handler).addListGet,
		instructions: "list_skills returns the skill folder names; get_skill returns one skill's SKILL.md documentation.",
	},
	"agent-zero": {
		tools:        func(*Handler) []string { return []string{agentZeroToolName} },
		register:     (*Handler).addAgentZero,
		instructions: `skills_tool lists, searches, loads and reads skills (and runs their scripts when enabled) through its "method" argument.`,
	},
}

// Profiles returns the names of the known profiles, sorted.
func Profiles() []string {
	var out []string
	for k := range profiles {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// selected returns the handler's profile names in order, split on commas,
// trimmed and deduplicated.
func (h *Handler) selected() ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, p := range h.opts.Profiles {
		for _, name := range strings.Split(p, ",") {
			name = strings.TrimSpace(name)
			if name == "" || seen[name] {
				continue
			}
			if _, ok := profiles[name]; !ok {
				return nil, fmt.Errorf("unknown profile %q; known profiles: %s", name, strings.Join(Profiles(), ", "))
			}
			seen[name] = true
			out = append(out, name)
		}
	}
	if len(out) == 0 {
		out = []string{"native"}
	}
	return out, nil
}

// NewServer returns an MCP server with the tools of the handler's profiles
// and every served skill as a resource. It errors on an unknown profile and
// when two selected profiles define the same tool name (native and list-get
// both define list_skills), before registering anything.
func (h *Handler) NewServer() (*mcp.Server, error) {
	names, err := h.selected()
	if err != nil {
		return nil, err
	}
	owner := map[string]string{}
	var instr []string
	for _, name := range names {
		p := profiles[name]
		for _, tool := range p.tools(h) {
			if other, ok := owner[tool]; ok {
				return nil, fmt.Errorf("profiles %q and %q cannot be served together: both define the tool %q; select one of them (or run two servers)", other, name, tool)
			}
			owner[tool] = name
		}
		instr = append(instr, p.instructions)
	}
	rs := newResourceSet()
	s := mcp.NewServer(&mcp.Implementation{Name: "skilldex", Title: "skilldex skill catalog", Version: Version}, &mcp.ServerOptions{
		Instructions:       "skilldex serves a catalog of Agent Skills. " + strings.Join(instr, " "),
		Logger:             h.log,
		SubscribeHandler:   h.subscribe(rs),
		UnsubscribeHandler: h.unsubscribe(rs),
	})
	for _, name := range names {
		profiles[name].register(h, s)
	}
	h.addResources(s, rs)
	return s, nil
}

// addNative registers skilldex's own tool set.
func (h *Handler) addNative(s *mcp.Server) {
	mcp.AddTool(s, searchSkillsTool, h.SearchSkills)
	mcp.AddTool(s, listSkillsTool, h.ListSkills)
	mcp.AddTool(s, loadSkillTool, h.LoadSkill)
	mcp.AddTool(s, readSkillFileTool, h.ReadSkillFile)
	if h.opts.Sandbox != nil {
		mcp.AddTool(s, runSkillScriptTool, h.RunSkillScript)
	}
}

// readOnly marks tools that only read the catalog.
func readOnly(title string) *mcp.ToolAnnotations {
	f := false
	return &mcp.ToolAnnotations{Title: title, ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: &f, DestructiveHint: &f}
}

// textResult is a tool result whose content is one text block.
func textResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// errorResult is a tool result whose content is one text block, marked
// isError.
func errorResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}, IsError: true}
}
