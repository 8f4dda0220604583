package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/skilldex/skilldex/internal/catalogeval"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/search/eval"
	"github.com/spf13/cobra"
)

func newEvalCmd(cfg *config.Config) *cobra.Command {
	var baseline bool
	cmd := &cobra.Command{
		Use:   "eval QUERIES.tsv",
		Short: "Measure search quality on judged queries (recall@k, MRR, nDCG)",
		Long: `eval runs every query of a tab-separated file (header: query, expected, then any of acceptable, category,
notes) through the catalog's search and reports recall@1, recall@3, recall@10, MRR and nDCG@10, overall and per
category, then the misses with what ranked above the expected skill. expected and acceptable hold
comma-separated skill folder paths relative to the catalog root; any expected skill in the top k is a hit,
acceptable ones only earn partial nDCG credit. A query in category "none" has no expected skill (nothing in
the catalog fits): it is left out of recall and counts for abstention, the share of such queries answered
no_good_match, beside the share of correct first answers wrongly flagged no_good_match.

--baseline adds Agent Zero's keyword scoring (name +3, description +2, tag +1 per query word) beside it.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			qs, err := eval.LoadQueries(args[0])
			if errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("%w; pass a tab-separated file of judged queries (a header line query<TAB>expected, then a query a line; see skilldex eval --help)", err)
			}
			if err != nil {
				return err
			}
			cat, err := newApp(cmd, cfg).openForSearch(cmd.Context())
			if err != nil {
				return err
			}
			defer cat.Close()
			out, err := catalogeval.Run(cmd.Context(), cat, qs, baseline)
			if err != nil {
				return err
			}
			out.File = filepath.Base(args[0])
			for _, u := range out.Unknown {
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s:%d: %q is not a skill of this catalog\n", args[0], u.Line, u.Path)
			}
			if cfg.JSON {
				return writeJSON(cmd.OutOrStdout(), out)
			}
			return out.WriteText(cmd.OutOrStdout())
		},
	}
	cmd.Flags().BoolVar(&baseline, "baseline", false, "also run Agent Zero's keyword scoring and show it side by side")
	return cmd
}
