package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/skilldex/skilldex/search"
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
		Long: `search ranks the served skills for QUERY (the words of the task, as a person or an agent would put
them) by BM25 over their names, descriptions, tags and bodies (docs/search.md), plus meaning when
--embeddings-url names an embedding model (docs/embeddings.md), and prints the best --limit hits. In a terminal each hit shows its confidence (strong,
good, weak, poor) and a line says when no skill fits well; piped, it prints tab-separated columns with the
raw score (docs/cli.md).`,
		Example: `  skilldex search fill a pdf form
  skilldex search -n 3 review a diff
  skilldex search --json pdf | jq .hits`,
		Args: cobra.MinimumNArgs(1),
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
	cat, err := a.openForSearch(ctx)
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
	semanticNotes(a.stderr, res)
	if len(res.Hits) == 0 && cat.Len() == 0 {
		// Nothing to search: say which folders were read, as list does,
		// rather than that nothing matched.
		fmt.Fprintln(a.stderr, termtext.FitLines(config.EmptyCatalogNote(cat.Roots()), termWidth(a.stderr)))
		return nil
	}
	if len(res.Hits) == 0 {
		fmt.Fprintln(a.stderr, termtext.FitLines(fmt.Sprintf("no skill matches %q among %s", termtext.Escape(opts.Query, false), plural(cat.Len(), "skill", "skills")), termWidth(a.stderr)))
		return nil
	}
	tty := termtext.IsTerminal(a.stdout)
	if res.NoGoodMatch {
		// In a terminal on stdout, above the hits, where the reader looks;
		// piped on stderr, so stdout stays the table alone (docs/cli.md).
		w := a.stderr
		if tty {
			w = a.stdout
		}
		line := fmt.Sprintf("No good match for %q: the catalog may have no skill for it; these are the closest. Try the words a skill's author would use, or list all with: skilldex list",
			termtext.Escape(opts.Query, false))
		fmt.Fprintln(w, termtext.FitLines(line, termWidth(w)))
	}
	if !tty {
		rows := make([][]string, 0, len(res.Hits))
		for i, h := range res.Hits {
			rows = append(rows, []string{fmt.Sprint(i + 1), fmt.Sprintf("%.2f", h.Score), h.Name, h.ID, h.Description})
		}
		return termtext.Table(a.stdout, []string{"#", "SCORE", "NAME", "ID", "DESCRIPTION"}, rows)
	}
	rows := make([][]string, 0, len(res.Hits))
	for i, h := range res.Hits {
		m := matchWords(h.Confidence, res.NoGoodMatch)
		if len(h.Matched) == 0 && h.Similarity > 0 {
			m = similarWords(h.Similarity)
		}
		rows = append(rows, []string{fmt.Sprint(i + 1), m, h.Name, h.ID, h.Description})
	}
	return termtext.Table(a.stdout, []string{"#", "MATCH", "NAME", "ID", "DESCRIPTION"}, rows, func(row, col int) string {
		if col != 1 {
			return ""
		}
		return map[string]string{"strong": termtext.Green, "weak": termtext.Yellow, "poor": termtext.Dim, "similar": termtext.Yellow}[strings.Fields(rows[row][1])[1]]
	})
}

// semanticNotes tells, on w, why a search configured to be hybrid was not
// (or not for every skill): silence would pass a lexical ranking off as
// the hybrid one asked for.
func semanticNotes(w io.Writer, res *index.SearchResult) {
	if res.SemanticError != "" {
		fmt.Fprintf(w, "skilldex: hybrid search incomplete: %s\n", termtext.Escape(res.SemanticError, false))
	} else if res.EmbeddingsPending > 0 {
		fmt.Fprintf(w, "skilldex: %s not embedded yet; found by their words only\n", plural(res.EmbeddingsPending, "skill", "skills"))
	}
}

// similarWords shows a hit no query word matched, found by the meaning of
// its name and description alone (the semantic stage): its cosine
// similarity as a bar and the word "similar", not a confidence.
func similarWords(cos float64) string {
	return bar(max(0, cos)) + " similar"
}

// matchWords is a hit's confidence (0 to 1, see docs/search.md) as a
// person reads it: a five-step bar and a word. "good" starts at the
// confidence the catalog calls a confident match (search.ConfidentMatch);
// in a result with no good match (the catalog doubts it fits the query at
// all) no hit is called better than "weak". The bar stays within its
// word's squares (poor 0-1, weak 1-2, good 2-3, strong 4-5), so a hit
// called good never shows fewer squares than one called weak.
func matchWords(conf float64, noGoodMatch bool) string {
	word, lo, hi := "poor", 0, 1
	switch {
	case conf >= search.ConfidentMatch/2 && noGoodMatch:
		word, lo, hi = "weak", 1, 2
	case conf >= 0.7:
		word, lo, hi = "strong", 4, 5
	case conf >= search.ConfidentMatch:
		word, lo, hi = "good", 2, 3
	case conf >= search.ConfidentMatch/2:
		word, lo, hi = "weak", 1, 2
	}
	return squares(min(max(int(math.Round(conf*5)), lo), hi)) + " " + word
}

// bar is x, in [0, 1], as five squares filled to the nearest fifth.
func bar(x float64) string { return squares(int(math.Round(x * 5))) }

// squares is n of five squares filled.
func squares(n int) string { return strings.Repeat("■", n) + strings.Repeat("□", 5-n) }
