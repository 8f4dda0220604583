package main

import (
	"context"
	"fmt"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/spf13/cobra"
)

func newIndexCmd(cfg *config.Config) *cobra.Command {
	return &cobra.Command{
		Use:   "index",
		Short: "Build or refresh the catalog's store and search index; print counts and timings",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runIndex(cmd.Context(), newApp(cmd, cfg))
		},
	}
}

// indexOutput is what index --json prints.
type indexOutput struct {
	Roots     []index.Root `json:"roots"`
	DataDir   string       `json:"data_dir"`
	Skills    int          `json:"skills"`
	Valid     int          `json:"valid"`
	Invalid   int          `json:"invalid"`
	Shadowed  int          `json:"shadowed"`
	Problems  int          `json:"diagnostics"`
	OpenMS    float64      `json:"open_ms"`
	RefreshMS float64      `json:"refresh_ms"`
}

// runIndex builds or refreshes the data dir as its owner (it fails when a
// server holds it) and prints counts and timings.
func runIndex(ctx context.Context, a *app) error {
	start := time.Now()
	cat, err := a.openOwned(ctx, false)
	if err != nil {
		return err
	}
	defer cat.Close()
	open := time.Since(start)
	// A second refresh over the same folders measures the cost of an
	// unchanged catalog: one stat per file.
	st, err := cat.Refresh(ctx)
	if err != nil {
		return err
	}
	// Count as doctor does (every skill, served = valid including the
	// shadowed copies), so the two commands agree.
	out := indexOutput{Roots: cat.Roots(), DataDir: cat.DataDir(), Problems: len(cat.Diagnostics()), OpenMS: ms(open), RefreshMS: ms(st.Duration)}
	for _, s := range cat.List(index.ListOptions{IncludeInvalid: true, IncludeShadowed: true}) {
		out.Skills++
		switch {
		case !s.Valid:
			out.Invalid++
		case s.ShadowedBy != "":
			out.Shadowed++
			out.Valid++
		default:
			out.Valid++
		}
	}
	if a.cfg.JSON {
		return writeJSON(a.stdout, out)
	}
	w := a.stdout
	fmt.Fprintf(w, "%s: %d served (%d of them shadowed), %d not served (invalid)\n", plural(out.Skills, "skill", "skills"), out.Valid, out.Shadowed, out.Invalid)
	fmt.Fprintf(w, "problems:    see skilldex doctor (everything wrong or risky) or skilldex validate PATH (the spec's rules)\n")
	fmt.Fprintf(w, "open+index:  %.0f ms\nrefresh:     %.0f ms (unchanged catalog)\n", out.OpenMS, out.RefreshMS)
	if out.DataDir != "" {
		fmt.Fprintf(w, "data dir:    %s\n", out.DataDir)
	}
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
