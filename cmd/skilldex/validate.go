package main

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/internal/audit"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/doctor"
	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/spf13/cobra"
)

// validateOptions are validate's paths and flags.
type validateOptions struct {
	paths []string
	all   bool // print the skills without problems too
}

func newValidateCmd(cfg *config.Config) *cobra.Command {
	var opts validateOptions
	cmd := &cobra.Command{
		Use:   "validate PATH...",
		Short: "Check skills against the Agent Skills specification (exit 1 when any is invalid)",
		Long: `validate checks each skill under PATH (a SKILL.md, a skill folder, or a folder of skills) against the
Agent Skills specification and prints the skills with problems (--all: every skill). Lenient mode (the
default) fails only skills that cannot be served: unparseable YAML, no name or no description. --strict
makes every rule an error and fails skills with a high or critical security finding (skilldex audit). A
PATH that does not exist is an error.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.paths = args
			return runValidate(cmd.Context(), newApp(cmd, cfg), opts)
		},
	}
	cmd.Flags().BoolVar(&cfg.Strict, "strict", false, "treat every Agent Skills rule as an error, and fail high or critical security findings")
	cmd.Flags().BoolVar(&opts.all, "all", false, "also list the skills that have no problem")
	return cmd
}

// validateOutput is what validate --json prints: counts of skills, each
// skill's report, and problems that belong to no skill (a folder holding
// no SKILL.md, a walk error).
type validateOutput struct {
	Valid   int                  `json:"valid"`
	Invalid int                  `json:"invalid"`
	Skills  []index.Report       `json:"skills"`
	Other   []skillmd.Diagnostic `json:"other,omitempty"`
	// Audit holds, with --strict, the security findings at high or
	// critical (skilldex audit); any fails validation.
	Audit []audit.Finding `json:"audit,omitempty"`
}

func runValidate(ctx context.Context, a *app, opts validateOptions) error {
	var missing []string
	for _, p := range opts.paths {
		if _, err := os.Stat(p); err != nil {
			missing = append(missing, fmt.Sprintf("%s: %v", p, config.UnwrapPath(err)))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("cannot validate %s; pass a skill folder, its SKILL.md, or a folder of skills", strings.Join(missing, "; "))
	}
	reports, diags := index.ValidatePaths(opts.paths, a.cfg.Mode())
	out := validateOutput{Skills: reports, Other: diags}
	if out.Skills == nil {
		out.Skills = []index.Report{}
	}
	for _, r := range reports {
		if r.Valid {
			out.Valid++
		} else {
			out.Invalid++
		}
	}
	if a.cfg.Strict {
		rep, err := doctor.AuditPaths(ctx, opts.paths, a.cfg.MaxDepth, a.cfg.Mode())
		if err != nil {
			return err
		}
		for _, f := range rep.Findings {
			if f.Severity >= audit.High {
				out.Audit = append(out.Audit, f)
			}
		}
	}
	otherErrors := len(out.Audit)
	for _, d := range diags {
		if d.Severity == skillmd.SeverityError {
			otherErrors++
		}
	}
	if a.cfg.JSON {
		if err := writeJSON(a.stdout, out); err != nil {
			return err
		}
	} else {
		w := a.stdout
		paint := termtext.Painter(w)
		// On a terminal each line is fitted to its width, its
		// continuation indented under it; piped, lines stay whole.
		width := termWidth(w)
		println := func(line string) { fmt.Fprintln(w, termtext.FitLines(line, width)) }
		warned := 0
		// Errors first: the invalid skills, then those with warnings, then
		// (--all) the rest, and last a one-line summary.
		slices.SortStableFunc(reports, func(x, y index.Report) int {
			rank := func(r index.Report) int {
				switch {
				case !r.Valid:
					return 0
				case len(r.Diagnostics) > 0:
					return 1
				}
				return 2
			}
			return rank(x) - rank(y)
		})
		for _, r := range reports {
			if r.Valid && len(r.Diagnostics) == 0 && !opts.all {
				continue
			}
			status := paint(termtext.Green, "ok     ")
			switch {
			case !r.Valid:
				status = paint(termtext.Red, "INVALID")
			case len(r.Diagnostics) > 0:
				status = paint(termtext.Yellow, "warn   ")
				warned++
			}
			println(status + " " + termtext.Escape(r.Path, false))
			for _, d := range r.Diagnostics {
				println("        " + termtext.Escape(d.String(), false))
			}
		}
		for _, d := range diags {
			println(termtext.Escape(d.String(), false))
		}
		writeAuditFindings(w, &audit.Report{Findings: out.Audit}, audit.High)
		if len(out.Audit) > 0 {
			println(fmt.Sprintf("%d high or critical security findings (skilldex audit --dir PATH for every finding)", len(out.Audit)))
		}
		println(fmt.Sprintf("%s checked: %d valid (%d with warnings), %d invalid", plural(len(reports), "skill", "skills"), out.Valid, warned, out.Invalid))
	}
	if out.Invalid > 0 || otherErrors > 0 {
		return exitCode(1)
	}
	return nil
}
