package main

import (
	"context"
	"fmt"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/spf13/cobra"
)

// listOptions are list's flags.
type listOptions struct {
	index.ListOptions
}

func newListCmd(cfg *config.Config) *cobra.Command {
	var opts listOptions
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the skills in the catalog, sorted by name",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runList(cmd.Context(), newApp(cmd, cfg), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.IncludeShadowed, "shadowed", false, "also list shadowed skills")
	cmd.Flags().BoolVar(&opts.IncludeInvalid, "invalid", false, "also list skills that failed validation")
	return cmd
}

func runList(ctx context.Context, a *app, opts listOptions) error {
	cat, err := a.openShared(ctx)
	if err != nil {
		return err
	}
	defer cat.Close()
	skills := cat.List(opts.ListOptions)
	if a.cfg.JSON {
		if skills == nil {
			skills = []index.Skill{}
		}
		return writeJSON(a.stdout, skills)
	}
	if len(skills) == 0 {
		fmt.Fprintln(a.stderr, termtext.FitLines(config.EmptyCatalogNote(cat.Roots()), termWidth(a.stderr)))
		return nil
	}
	rows := make([][]string, 0, len(skills))
	for _, s := range skills {
		state := ""
		switch {
		case !s.Valid:
			state = "invalid"
		case s.ShadowedBy != "":
			state = "shadowed"
		}
		rows = append(rows, []string{s.Name, s.ID, state, s.Description})
	}
	return termtext.Table(a.stdout, []string{"NAME", "ID", "STATE", "DESCRIPTION"}, rows, func(row, col int) string {
		return map[string]string{"invalid": termtext.Red, "shadowed": termtext.Yellow}[rows[row][col]]
	})
}
