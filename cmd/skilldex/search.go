package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/spf13/cobra"
)

// searchOptions are search's flags and words.
type searchOptions struct {
	index.SearchRequest
}

func newSearchCmd(cfg *config.Config) *cobra.Command {
	var opts searchOptions
	cmd := &cobra.Command{
		Use:   "search QUERY...",
		Short: "Rank skills for a free-text query",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Query = strings.Join(args, " ")
			return runSearch(cmd.Context(), newApp(cmd, cfg), opts)
		},
	}
	cmd.Flags().IntVarP(&opts.Limit, "limit", "n", 10, "number of results")
	cmd.Flags().Float64Var(&opts.MinScore, "min-score", 0, "drop results scoring below this")
	return cmd
}

func runSearch(ctx context.Context, a *app, opts searchOptions) error {
	if opts.Limit < 1 {
		return fmt.Errorf("--limit %d: want the number of results to show, 1 or more", opts.Limit)
	}
	if opts.MinScore < 0 {
		return fmt.Errorf("--min-score %g: scores are 0 or more", opts.MinScore)
	}
	cat, err := a.openShared(ctx)
	if err != nil {
		return err
	}
	defer cat.Close()
	res, err := cat.Search(ctx, opts.SearchRequest)
	if err != nil {
		return err
	}
	if a.cfg.JSON {
		return writeJSON(a.stdout, res)
	}
	rows := make([][]string, 0, len(res.Hits))
	for i, h := range res.Hits {
		rows = append(rows, []string{fmt.Sprint(i + 1), fmt.Sprintf("%.2f", h.Score), h.Name, h.ID, h.Description})
	}
	if len(rows) == 0 {
		fmt.Fprintf(a.stderr, "no skill matches %q among %s\n", escapeControls(opts.Query, false), plural(cat.Len(), "skill", "skills"))
		return nil
	}
	if res.NoGoodMatch {
		// On stderr, as the no-hits line: piped stdout stays the table
		// alone. The hits are still shown (issue 16: say when nothing
		// fits, but let the reader judge).
		fmt.Fprintf(a.stderr, "No confident match for %q: these are the closest skills. Try the words a skill's author would use, or list all with: skilldex list\n",
			escapeControls(opts.Query, false))
	}
	return table(a.stdout, []string{"#", "SCORE", "NAME", "ID", "DESCRIPTION"}, rows)
}
