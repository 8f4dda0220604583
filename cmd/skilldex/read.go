package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func newReadCmd(cfg *Config) *cobra.Command {
	return &cobra.Command{
		Use:   "read NAME|ID PATH",
		Short: "Print a text file of a skill (path relative to the skill folder)",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			cat, err := cfg.openCatalog(cmd.Context(), cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			defer cat.Close()
			f, err := cat.ReadFile(cmd.Context(), args[0], args[1])
			if err != nil {
				return err
			}
			if cfg.JSON {
				return writeJSON(cmd.OutOrStdout(), f)
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), f.Content)
			return err
		},
	}
}
