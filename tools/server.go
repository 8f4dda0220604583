// Package tools serves the catalog to agents: the MCP tool handlers (one
// file per tool, methods on Handler), the skill resources, and the
// profiles that render the same catalog operations in each seed's dialect.
package tools

import (
	"fmt"
	"log/slog"
	"sort"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
)

// Version is reported to MCP clients as the server version.
const Version = "0.1.0"

// Options configure a Handler. nil means defaults.
type Options struct {
	// Profiles name the tool sets to register (see Profiles); empty
	// means ["native"].
	Profiles []string
	// Logger receives warnings; nil discards. Never stdout: on the stdio
	// transport stdout is the protocol stream.
	Logger *slog.Logger
}

// Handler holds the dependencies every tool handler needs. Its methods are
// the tool handlers.
type Handler struct {
	cat  *index.Catalog
	log  *slog.Logger
	opts Options
}

// New returns a Handler over cat.
func New(cat *index.Catalog, opts *Options) *Handler {
	h := &Handler{cat: cat}
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
	return h
}

// profile registers one profile's tools on a server.
type profile func(h *Handler, s *mcp.Server)

// profiles maps a profile name to its registration.
var profiles = map[string]profile{
	"native": (*Handler).addNative,
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

// NewServer returns an MCP server with the tools of the handler's profiles
// and every served skill as a resource. It errors on an unknown profile or
// when two profiles register the same tool name.
func (h *Handler) NewServer() (*mcp.Server, error) {
	s := mcp.NewServer(&mcp.Implementation{Name: "skilldex", Title: "skilldex skill catalog", Version: Version}, &mcp.ServerOptions{
		Instructions: "skilldex serves a catalog of Agent Skills. Search with search_skills, then load_skill to read a skill's instructions, and read_skill_file for the files it references.",
		Logger:       h.log,
	})
	seen := map[string]bool{}
	for _, p := range h.opts.Profiles {
		for _, name := range strings.Split(p, ",") {
			name = strings.TrimSpace(name)
			if name == "" || seen[name] {
				continue
			}
			reg, ok := profiles[name]
			if !ok {
				return nil, fmt.Errorf("unknown profile %q; known profiles: %s", name, strings.Join(Profiles(), ", "))
			}
			seen[name] = true
			reg(h, s)
		}
	}
	h.addResources(s)
	return s, nil
}

// addNative registers skilldex's own tool set.
func (h *Handler) addNative(s *mcp.Server) {
	mcp.AddTool(s, searchSkillsTool, h.SearchSkills)
	mcp.AddTool(s, listSkillsTool, h.ListSkills)
	mcp.AddTool(s, loadSkillTool, h.LoadSkill)
	mcp.AddTool(s, readSkillFileTool, h.ReadSkillFile)
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
