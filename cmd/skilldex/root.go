package main

import (
	"encoding/json"
	"io"
	"strings"

	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/gcpolicy"
	"github.com/skilldex/skilldex/internal/version"
	"github.com/spf13/cobra"
)

func newRootCmd() *cobra.Command {
	cfg := &config.Config{}
	root := &cobra.Command{
		Use:   "skilldex",
		Short: "A fast, searchable, always-fresh catalog of Agent Skills, over MCP and the CLI",
		Long: `skilldex indexes folders of Agent Skills (a folder per skill with a SKILL.md) and serves ranked
search, loads and file reads to agents over MCP and to people on the command line.

Skill folders (roots) come from --dir (repeatable; an earlier root wins a shared name), else SKILLDEX_DIRS,
else a config file (~/.config/skilldex/config.yaml, ./skilldex.yaml), else the folders agents read, project
before personal: .agents/skills, .claude/skills, .github/skills, .cursor/skills, .gemini/skills,
.opencode/skills and .windsurf/skills in the working folder and each folder above it up to the repository
root, then ~/.agents/skills, ~/.claude/skills, ~/.copilot/skills, ~/.cursor/skills, ~/.config/agents/skills,
~/.codex/skills, ~/.gemini/skills, ~/.config/opencode/skills, ~/.codeium/windsurf/skills, /etc/codex/skills,
installed Claude Code plugins (~/.claude/plugins/cache), and the older skilldex defaults .agent/skills and
.wave/skills (the Wave agent's folder).

After them come the git sources pinned in the project's skilldex.lock, then the user's (skilldex add, skilldex
sources; not with --dir or SKILLDEX_DIRS; see docs/sources.md).

"skilldex config" lists them, says which exist and why each is there.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			keepGCFor(cmd)
			return cfg.Resolve(cmd)
		},
	}
	f := root.PersistentFlags()
	f.StringArrayVar(&cfg.Dirs, "dir", nil, "skill root folder (repeatable; earlier roots win shared names)")
	f.StringVar(&cfg.DataDir, "data-dir", "", "folder for the store and search index (default: user cache dir/skilldex; env SKILLDEX_DATA_DIR)")
	f.BoolVar(&cfg.Mem, "mem", false, "keep the store and search index in memory")
	f.StringVar(&cfg.EmbeddingsURL, "embeddings-url", "", "OpenAI-compatible embeddings endpoint for hybrid search, e.g. http://127.0.0.1:11434/v1; skills' names and descriptions and queries are sent there (env SKILLDEX_EMBEDDINGS_URL; key in SKILLDEX_EMBEDDINGS_KEY)")
	f.StringVar(&cfg.EmbeddingsModel, "embeddings-model", "", "embedding model for --embeddings-url, e.g. nomic-embed-text (env SKILLDEX_EMBEDDINGS_MODEL)")
	f.IntVar(&cfg.MaxDepth, "max-depth", 0, "how many folder levels below a root to walk (default 8)")
	f.BoolVar(&cfg.JSON, "json", false, "print JSON instead of a table")
	f.BoolVar(&cfg.AllowMissing, "allow-missing", false, "skip named skill folders (--dir, SKILLDEX_DIRS, config roots) that do not exist instead of failing")
	f.StringVar(&cfg.Project, "project", "", "project folder whose skill folders are default roots (default: the working folder)")
	f.StringVar(&cfg.ForAgent, "for-agent", "", "leave out the default skill folders AGENT loads itself ("+strings.Join(config.SkillAgents, ", ")+")")
	f.StringVar(&cfg.ConfigFile, "config", "", "config file (default skilldex.yaml, then ~/.config/skilldex/config.yaml)")
	f.BoolVarP(&cfg.Verbose, "verbose", "v", false, "log debug detail to stderr")
	root.AddCommand(newListCmd(cfg), newSearchCmd(cfg), newShowCmd(cfg), newReadCmd(cfg), newValidateCmd(cfg),
		newIndexCmd(cfg), newServeCmd(cfg), newRunCmd(cfg), newEvalCmd(cfg), newDoctorCmd(cfg), newPromptCmd(cfg),
		newInitAgentCmd(cfg), newConfigCmd(cfg), newBenchCmd(cfg), newAuditCmd(cfg), newCacheCmd(cfg))
	for _, c := range extraCmds {
		root.AddCommand(c())
	}
	root.AddCommand(sourceCmds(cfg)...)
	root.SetHelpFunc(helpFunc)
	root.SetUsageFunc(usageFunc)
	root.Version = version.Text()
	root.SetVersionTemplate("{{.Version}}\n")
	return root
}

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// extraCmds are commands that builds with a tag add (man.go: -tags man).
var extraCmds []func() *cobra.Command

// keepGCFor restores the default garbage collection for the commands that
// run long: serve runs for hours, and bench measures what serving
// processes do.
func keepGCFor(cmd *cobra.Command) {
	for c := cmd; c != nil; c = c.Parent() {
		if n := c.Name(); n == "serve" || n == "bench" {
			gcpolicy.Restore()
			return
		}
	}
}
