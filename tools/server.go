// Package tools serves the catalog to agents over MCP: five profiles,
// each a small type that renders the same catalog operations in its
// seed's dialect (native: skilldex's own tools; universal, wave, list-get
// and agent-zero: the seeds in testdata/seeds), sharing one dependency
// struct (deps), and the skill resources. One file per MCP tool; each is
// a thin adapter over the index package. See PROFILES.md for the
// contracts, the decisions and the tests.
//
// This package serves the skilldex command and may change without notice;
// programs embedding a catalog import the module's root package,
// github.com/skilldex/skilldex.
package tools

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/listing"
	"github.com/skilldex/skilldex/internal/version"
	"github.com/skilldex/skilldex/tools/sandbox"
	"github.com/skilldex/skilldex/tools/skillsext"
)

// Version is reported to MCP clients as the server version: the same as
// skilldex --version (internal/version).
var Version = version.Module()

// DefaultDescriptionBudget is the default budget, in characters (Unicode
// code points), of the skill list inside the dynamic tool descriptions of
// the universal and wave profiles: 8,000, the budget agents commonly give
// it. Past it descriptions are shortened, then only names are listed, then
// skills are left out, and the description says so (see listing.Fit).
const DefaultDescriptionBudget = listing.DefaultBudget

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
	// ExposeHidden shows the model the skills whose authors hid them
	// from it (disable-model-invocation: true): in lists, searches, the
	// dynamic descriptions and the resources listing (serve
	// --expose-hidden). By default they are left out of all of those and
	// load only by exact name (see modelView).
	ExposeHidden bool
	// Audit, when set (serve --audit), returns the security audit's
	// warnings of a skill, added to load_skill's. AuditHide, when set
	// (serve --audit=hide), reports skills to keep from the model like
	// author-hidden ones (see modelView).
	Audit     func(s index.Skill) (warnings []string)
	AuditHide func(s index.Skill) bool
	// ScriptPaths are absolute folders whose files and subfolders a model
	// may give a script as inputs or output folder (run_skill_script
	// "inputs", "output_dir"), besides the MCP client's own roots
	// (roots/list). Empty: only the client's roots.
	ScriptPaths []string
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
	Records(index.ListOptions) []*index.Skill
	Resolve(ref string) (index.Skill, error)
	Load(ctx context.Context, ref string) (*index.Loaded, error)
	ReadFile(ctx context.Context, ref, rel string) (*index.File, error)
	Search(ctx context.Context, req index.SearchRequest) (*index.SearchResult, error)
	SplitPath(p string) (id, rel string, ok bool)
	Subscribe(fn func(index.Change))
	Roots() []index.Root
}

// deps is what every profile and the resources need: the catalog, the
// logger and the options. The profiles of one Handler share one deps, so a
// test that swaps the catalog before NewServer swaps it for all of them.
type deps struct {
	cat  catalog
	log  *slog.Logger
	opts Options
	// checkRoot reports whether a root folder can be listed (nil error),
	// is missing (an error wrapping fs.ErrNotExist) or cannot be read; the
	// list-get profile's error rows come from it. Tests replace it.
	checkRoot func(path string) error
}

// Handler builds MCP servers that serve a catalog through the selected
// profiles (Options.Profiles).
type Handler struct {
	*deps
}

// New returns a Handler over cat.
func New(cat *index.Catalog, opts *Options) *Handler {
	d := &deps{checkRoot: checkRootDir}
	if opts != nil {
		d.opts = *opts
	}
	if cat != nil {
		d.cat = newModelView(cat, d.opts.ExposeHidden, d.opts.AuditHide)
	}
	d.log = d.opts.Logger
	if d.log == nil {
		d.log = slog.New(slog.DiscardHandler)
	}
	if len(d.opts.Profiles) == 0 {
		d.opts.Profiles = []string{"native"}
	}
	if d.opts.DescriptionBudget <= 0 {
		d.opts.DescriptionBudget = DefaultDescriptionBudget
	}
	return &Handler{deps: d}
}

// ListSkills answers list_skills of the native profile outside a server
// (the benchmarks call it).
func (h *Handler) ListSkills(ctx context.Context, req *mcp.CallToolRequest, in ListSkillsInput) (*mcp.CallToolResult, ListSkillsOutput, error) {
	return (&native{h.deps}).ListSkills(ctx, req, in)
}

// UniversalDescription is the universal profile's skill tool description
// for the catalog as it is now (see universal.description).
func (h *Handler) UniversalDescription() string { return (&universal{h.deps}).description() }

// WaveDescription is the wave profile's Skill tool description for the
// catalog as it is now (see wave.description).
func (h *Handler) WaveDescription() string { return (&wave{h.deps}).description() }

// profile is one selectable tool set over a deps.
type profile interface {
	// toolNames names the tools the profile registers (given the
	// options), for the name-clash check.
	toolNames() []string
	// register adds the tools to a server.
	register(s *mcp.Server)
}

// profileDef is a profile's constructor and its sentence of the server
// instructions.
type profileDef struct {
	build        func(d *deps) profile
	instructions string
}

// profiles maps a profile name to its tool set:
//
//   - native: search_skills, list_skills, load_skill, read_skill_file, and
//     run_skill_script when Options.Sandbox is set (skilldex's own tools).
//   - universal: skill (seed testdata/seeds/mcp-skill-tool.md).
//   - wave: Skill (seed testdata/seeds/wave-skill-tool.md).
//   - list-get: list_skills and get_skill (seeds
//     testdata/seeds/list-skills-tool.md and get-skill-tool.md).
//   - agent-zero: skills_tool (seed
//     testdata/seeds/agent-zero-skills-tool.md).
var profiles = map[string]profileDef{
	"native": {
		build:        func(d *deps) profile { return &native{d} },
		instructions: "Search with search_skills, then load_skill to read a skill's instructions, and read_skill_file for the files it references.",
	},
	"universal": {
		build:        func(d *deps) profile { return &universal{d} },
		instructions: "Call the skill tool with a skill name from its description to load that skill's instructions.",
	},
	"wave": {
		build:        func(d *deps) profile { return &wave{d} },
		instructions: "Call the Skill tool with a skill_name from its description to load that skill's instructions.",
	},
	"list-get": {
		build:        func(d *deps) profile { return &listGet{d} },
		instructions: "list_skills returns the skill folder names; get_skill returns one skill's SKILL.md documentation.",
	},
	"agent-zero": {
		build:        func(d *deps) profile { return &agentZero{d} },
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
	var ps []profile
	for _, name := range names {
		def := profiles[name]
		p := def.build(h.deps)
		for _, tool := range p.toolNames() {
			if other, ok := owner[tool]; ok {
				return nil, fmt.Errorf("profiles %q and %q cannot be served together: both define the tool %q; select one of them (or run two servers)", other, name, tool)
			}
			owner[tool] = name
		}
		instr = append(instr, def.instructions)
		ps = append(ps, p)
	}
	rs := newResourceSet(h.deps)
	s := mcp.NewServer(&mcp.Implementation{Name: "skilldex", Title: "skilldex skill catalog", Version: Version}, &mcp.ServerOptions{
		Instructions:       "skilldex serves a catalog of Agent Skills. " + strings.Join(instr, " "),
		Logger:             h.log,
		SubscribeHandler:   rs.subscribe,
		UnsubscribeHandler: rs.unsubscribe,
		Capabilities:       skillsext.Capabilities(),
	})
	typed := map[string]argTypes{}
	for _, p := range ps {
		p.register(s)
		if t, ok := p.(interface{ argTypes() map[string]argTypes }); ok {
			for name, types := range t.argTypes() {
				typed[name] = types
			}
		}
	}
	s.AddReceivingMiddleware(noPrompts, resourceErrors, argumentTypes(typed))
	rs.add(s)
	if err := skillsext.New(h.cat, &skillsext.Options{Logger: h.log, OtherURI: SkillURI, ExposeHidden: h.opts.ExposeHidden}).Install(s); err != nil {
		return nil, err
	}
	return s, nil
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
