package main

import (
	"github.com/skilldex/skilldex/index"
	"github.com/spf13/cobra"
)

func newListCmd(cfg *Config) *cobra.Command {
	var opts index.ListOptions
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the skills in the catalog, sorted by name",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cat, err := cfg.openCatalog(cmd.Context(), cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			defer cat.Close()
			skills := cat.List(opts)
			if cfg.JSON {
				if skills == nil {
					skills = []index.Skill{}
				}
				return writeJSON(cmd.OutOrStdout(), skills)
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
			return table(cmd.OutOrStdout(), []string{"NAME", "ID", "STATE", "DESCRIPTION"}, rows, func(row, col int) string {
				return map[string]string{"invalid": colRed, "shadowed": colYellow}[rows[row][col]]
			})
		},
	}
	cmd.Flags().BoolVar(&opts.IncludeShadowed, "shadowed", false, "also list shadowed skills")
	cmd.Flags().BoolVar(&opts.IncludeInvalid, "invalid", false, "also list skills that failed validation")
	return cmd
}
