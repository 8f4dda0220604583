package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"
)

// showOptions name the skill to show.
type showOptions struct {
	name string // a name or an id
}

func newShowCmd(cfg *Config) *cobra.Command {
	return &cobra.Command{
		Use:   "show NAME|ID",
		Short: "Print a skill's SKILL.md with its base folder and files",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runShow(cmd.Context(), newApp(cmd, cfg), showOptions{name: args[0]})
		},
	}
}

func runShow(ctx context.Context, a *app, opts showOptions) error {
	cat, err := a.openShared(ctx)
	if err != nil {
		return err
	}
	defer cat.Close()
	l, err := cat.Load(ctx, opts.name)
	if err != nil {
		return err
	}
	if a.cfg.JSON {
		return writeJSON(a.stdout, struct {
			Skill   any      `json:"skill"`
			BaseDir string   `json:"base_dir"`
			Content string   `json:"content"`
			Files   []string `json:"files"`
		}{l.Skill, l.BaseDir, l.Content, l.Files})
	}
	w := a.stdout
	fmt.Fprintf(w, "Skill: %s (id %s)\nBase directory: %s\n", l.Skill.Name, l.Skill.ID, l.BaseDir)
	if l.Skill.ShadowedBy != "" {
		fmt.Fprintf(w, "Shadowed by: %s\n", l.Skill.ShadowedBy)
	}
	for _, d := range l.Skill.Diagnostics {
		fmt.Fprintf(a.stderr, "%s\n", d)
	}
	if len(l.Files) > 0 {
		fmt.Fprintf(w, "Files: %d (read with: skilldex read %s PATH)\n", len(l.Files), l.Skill.ID)
	}
	fmt.Fprintf(w, "\n%s", l.Content)
	return nil
}
