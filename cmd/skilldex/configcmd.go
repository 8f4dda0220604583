package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/spf13/cobra"
)

func newConfigCmd(cfg *config.Config) *cobra.Command {
	return &cobra.Command{
		Use:   "config",
		Short: "Print the effective configuration and where each value came from",
		Long: `config prints every setting with its value and its source: a flag, an environment variable
(SKILLDEX_*), the config file, or the default. Flags beat the environment, which beats the file, which beats
the defaults. The file is --config or $SKILLDEX_CONFIG when given; else ~/.config/skilldex/config.yaml (your
own) and then ./skilldex.yaml (the working folder's, which wins a key both set). A file found in the
working folder cannot widen trust: allow_scripts: true, sandbox: none, a non-loopback http address, token
and data_dir are refused there and must come from a flag, an environment variable, your own file or a file
named with --config. The keys are those printed here, e.g.

  roots:                      # by priority; the higher wins a shared name
    - path: .claude/skills    # relative to the file's folder; ~ is your home
      label: project          # project, personal or global
      priority: 10
    - ~/.claude/skills
  profiles: [native]          # or profile: universal
  data_dir: ~/.cache/skilldex
  watch: fsnotify             # fsnotify, poll or off
  debounce: 200ms
  rescan: 30s
  allow_scripts: false
  sandbox: bwrap              # bwrap or none
  http: 127.0.0.1:8765        # serve streamable HTTP instead of stdio`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runConfig(cmd.Context(), newApp(cmd, cfg))
		},
	}
}

// runConfig prints every setting with its value and source.
func runConfig(_ context.Context, a *app) error {
	cfg := a.cfg
	vals := config.Effective(cfg)
	w := a.stdout
	if cfg.JSON {
		file := ""
		if n := len(cfg.Files); n > 0 {
			file = cfg.Files[n-1]
		}
		files := cfg.Files
		if files == nil {
			files = []string{}
		}
		return writeJSON(w, struct {
			ConfigFile  *string        `json:"config_file"`
			ConfigFiles []string       `json:"config_files"`
			Searched    []string       `json:"searched"`
			Settings    []config.Value `json:"settings"`
		}{nilIfEmpty(file), files, config.ConfigPaths(), vals})
	}
	for _, f := range cfg.Files {
		why := ""
		switch {
		case f == config.ProjectConfig && len(cfg.Files) > 0 && cfg.ConfigFile == "" && os.Getenv("SKILLDEX_CONFIG") == "":
			why = " (found in the working folder: cannot widen trust)"
		case f == config.UserConfig():
			why = " (your own)"
		}
		fmt.Fprintln(w, termtext.FitLines("config file: "+f+why, termWidth(w)))
	}
	if len(cfg.Files) > 0 {
		fmt.Fprintln(w)
	} else {
		fmt.Fprintf(w, "%s\n\n", termtext.FitLines("config file: none (looked for "+strings.Join(config.ConfigPaths(), ", ")+")", termWidth(w)))
	}
	var rows [][]string
	for _, v := range vals {
		if roots, ok := v.Value.([]config.RootSetting); ok {
			for i, r := range roots {
				key, src := "", ""
				if i == 0 {
					key, src = v.Key, v.Source
				}
				desc := fmt.Sprintf("%d. %s (%s, %s)", i+1, r.Path, orDash(r.Label), r.Status)
				if r.Priority != 0 {
					desc = fmt.Sprintf("%d. %s (%s, %s, priority %d)", i+1, r.Path, orDash(r.Label), r.Status, r.Priority)
				}
				if r.Why != "" {
					desc += ": " + r.Why
				}
				rows = append(rows, []string{key, desc, src})
			}
			continue
		}
		val := fmt.Sprint(v.Value)
		if l, ok := v.Value.([]string); ok {
			val = strings.Join(l, ",")
		}
		rows = append(rows, []string{v.Key, orDash(val), v.Source})
	}
	if err := termtext.Table(w, []string{"KEY", "VALUE", "SOURCE"}, rows, func(row, col int) string {
		if col == 2 && rows[row][2] == "default" {
			return termtext.Dim
		}
		return ""
	}); err != nil {
		return err
	}
	if len(cfg.SkippedNative) > 0 {
		fmt.Fprintf(w, "\nleft out (%s loads them itself): %s\n", cfg.ForAgent, strings.Join(cfg.SkippedNative, ", "))
	}
	return nil
}

func nilIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
