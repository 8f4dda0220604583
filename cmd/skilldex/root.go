package main

import (
	"encoding/json"
	"io"

	"github.com/spf13/cobra"
)

func newRootCmd() *cobra.Command {
	cfg := &Config{}
	root := &cobra.Command{
		Use:   "skilldex",
		Short: "A fast, searchable, always-fresh catalog of Agent Skills, over MCP and the CLI",
		Long: `skilldex indexes folders of Agent Skills (a folder per skill with a SKILL.md) and serves ranked
search, loads and file reads to agents over MCP and to people on the command line.

Roots come from --dir (repeatable, earlier wins a shared name), else SKILLDEX_DIRS, else the config file
(skilldex.yaml or ~/.config/skilldex/config.yaml), else ./.agent/skills, ~/.agent/skills, ./.claude/skills,
~/.claude/skills, ./.wave/skills, ~/.wave/skills.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			return cfg.resolve(cmd)
		},
	}
	f := root.PersistentFlags()
	f.StringArrayVar(&cfg.dirs, "dir", nil, "skill root folder (repeatable; earlier roots win shared names)")
	f.StringVar(&cfg.DataDir, "data-dir", "", "folder for the store and search index (default: user cache dir/skilldex; env SKILLDEX_DATA_DIR)")
	f.BoolVar(&cfg.Mem, "mem", false, "keep the store and search index in memory")
	f.IntVar(&cfg.MaxDepth, "max-depth", 0, "how many folder levels below a root to walk (default 8)")
	f.BoolVar(&cfg.JSON, "json", false, "print JSON instead of a table")
	f.BoolVar(&cfg.AllowMissing, "allow-missing", false, "skip --dir folders that do not exist instead of failing")
	f.StringVar(&cfg.configFile, "config", "", "config file (default skilldex.yaml, then ~/.config/skilldex/config.yaml)")
	f.BoolVarP(&cfg.Verbose, "verbose", "v", false, "log debug detail to stderr")
	root.AddCommand(newListCmd(cfg), newSearchCmd(cfg), newShowCmd(cfg), newReadCmd(cfg), newValidateCmd(cfg),
		newIndexCmd(cfg), newServeCmd(cfg), newRunCmd(cfg), newEvalCmd(cfg), newDoctorCmd(cfg), newPromptCmd(cfg),
		newInitAgentCmd(cfg), newConfigCmd(cfg), newBenchCmd(cfg), newAuditCmd(cfg), newCacheCmd(cfg))
	root.Version = versionText()
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
