package main

import (
	"fmt"
	"strings"

	"github.com/skilldex/skilldex/index"
	"github.com/spf13/cobra"
)

func newSearchCmd(cfg *Config) *cobra.Command {
	var req index.SearchRequest
	cmd := &cobra.Command{
		Use:   "search QUERY...",
		Short: "Rank skills for a free-text query",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			cat, err := cfg.openCatalog(cmd.Context(), cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			defer cat.Close()
			req.Query = strings.Join(args, " ")
			res, err := cat.Search(cmd.Context(), req)
			if err != nil {
				return err
			}
			if cfg.JSON {
				return writeJSON(cmd.OutOrStdout(), res)
			}
			rows := make([][]string, 0, len(res.Hits))
			for i, h := range res.Hits {
				rows = append(rows, []string{fmt.Sprint(i + 1), fmt.Sprintf("%.2f", h.Score), h.Name, h.ID, h.Description})
			}
			if len(rows) == 0 {
				fmt.Fprintf(cmd.OutOrStdout(), "no skill matches %q\n", req.Query)
				return nil
			}
			return table(cmd.OutOrStdout(), []string{"#", "SCORE", "NAME", "ID", "DESCRIPTION"}, rows)
		},
	}
	cmd.Flags().IntVarP(&req.Limit, "limit", "n", 10, "number of results")
	cmd.Flags().Float64Var(&req.MinScore, "min-score", 0, "drop results scoring below this")
	return cmd
}
