package main

import (
	"context"
	"fmt"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/spf13/cobra"
)

// validateOptions are validate's paths.
type validateOptions struct {
	paths []string
}

func newValidateCmd(cfg *Config) *cobra.Command {
	var opts validateOptions
	cmd := &cobra.Command{
		Use:   "validate PATH...",
		Short: "Check skills against the Agent Skills specification (exit 1 when any is invalid)",
		Long: `validate checks each skill under PATH (a SKILL.md, a skill folder, or a folder of skills) against the
Agent Skills specification. Lenient mode (the default) fails only skills that cannot be served: unparseable
YAML, no name or no description. --strict makes every rule an error.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.paths = args
			return runValidate(cmd.Context(), newApp(cmd, cfg), opts)
		},
	}
	cmd.Flags().BoolVar(&cfg.Strict, "strict", false, "treat every Agent Skills rule as an error")
	return cmd
}

func runValidate(_ context.Context, a *app, opts validateOptions) error {
	reports, diags := index.ValidatePaths(opts.paths, a.cfg.mode())
	bad := 0
	for _, r := range reports {
		if !r.Valid {
			bad++
		}
	}
	for _, d := range diags {
		if d.Severity == skillmd.SeverityError {
			bad++
		}
	}
	if a.cfg.JSON {
		if reports == nil {
			reports = []index.Report{}
		}
		if err := writeJSON(a.stdout, struct {
			Valid   int                  `json:"valid"`
			Invalid int                  `json:"invalid"`
			Skills  []index.Report       `json:"skills"`
			Other   []skillmd.Diagnostic `json:"other,omitempty"`
		}{len(reports) - bad, bad, reports, diags}); err != nil {
			return err
		}
	} else {
		w := a.stdout
		paint := painter(w)
		for _, r := range reports {
			status := paint(colGreen, "ok     ")
			if !r.Valid {
				status = paint(colRed, "INVALID")
			}
			fmt.Fprintf(w, "%s %s\n", status, r.Path)
			for _, d := range r.Diagnostics {
				fmt.Fprintf(w, "        %s\n", d)
			}
		}
		for _, d := range diags {
			fmt.Fprintf(w, "%s\n", d)
		}
		fmt.Fprintf(w, "%d skills checked, %d invalid\n", len(reports), bad)
	}
	if bad > 0 {
		return exitCode(1)
	}
	return nil
}
