package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/skilldex/skilldex/internal/audit"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/doctor"
	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/spf13/cobra"
)

// doctorOptions are doctor's flags.
type doctorOptions struct {
	all     bool // every finding, not five per kind
	noAudit bool // skip the security audit
}

func newDoctorCmd(cfg *config.Config) *cobra.Command {
	var opts doctorOptions
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Report everything wrong or risky in the catalog, most serious first (exit 1 on errors)",
		Long: `doctor checks the catalog and prints one report, grouped and sorted by severity: skills that are not
served (with the exact fix), broken references (with the closest existing file), references that leave the
skill folder, shadowed names (which copy wins, where the others are), exact duplicates, scripts without a
shebang or of a type skilldex cannot run, descriptions too short or generic for search, and the listing
cost of the catalog against agents' budgets (8,000 and 15,000 characters; 1% of a 200k-token context),
and a summary of the security audit (each skill with a high or critical finding is an error; skilldex audit
prints the evidence).

It exits 1 when there are errors, so it can gate a CI.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runDoctor(cmd.Context(), newApp(cmd, cfg), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.all, "all", false, "list every warning and note (default: five per kind)")
	cmd.Flags().BoolVar(&opts.noAudit, "no-audit", false, "skip the security audit (skilldex audit) and its summary")
	return cmd
}

func runDoctor(ctx context.Context, a *app, opts doctorOptions) error {
	cat, err := a.openShared(ctx)
	if err != nil {
		return err
	}
	defer cat.Close()
	in := doctor.FromCatalog(ctx, cat)
	if !opts.noAudit {
		rep, err := auditCatalog(ctx, cat, audit.Options{}, a.cfg.Logger(a.stderr))
		if err != nil {
			return err
		}
		in.Extra = doctor.AuditFindings(rep, config.RelToWD)
	}
	rep, err := doctor.Check(in)
	if err != nil {
		return err
	}
	w := a.stdout
	if a.cfg.JSON {
		err = writeJSON(w, rep)
	} else {
		// Skill names, paths and messages quote catalog text: escape its
		// control characters before colour is added.
		for i := range rep.Findings {
			f := &rep.Findings[i]
			f.Skill, f.File, f.Message, f.Fix = termtext.Escape(f.Skill, false), termtext.Escape(f.File, false), termtext.Escape(f.Message, false), termtext.Escape(f.Fix, false)
			for j := range f.Related {
				f.Related[j] = termtext.Escape(f.Related[j], false)
			}
		}
		paint := termtext.Painter(w)
		topts := doctor.TextOptions{PerCode: 5, Trim: config.RelToWD, Paint: func(sev doctor.Severity, s string) string {
			return paint(map[doctor.Severity]string{doctor.Error: termtext.Red, doctor.Warning: termtext.Yellow}[sev], s)
		}}
		if opts.all {
			topts.PerCode = 0
		}
		// On a terminal each line of the report is fitted to its width,
		// its continuation indented under it; piped, lines stay whole.
		if width := termWidth(w); width > 0 {
			var b strings.Builder
			if err = rep.WriteText(&b, topts); err == nil {
				_, err = io.WriteString(w, termtext.FitLines(b.String(), width))
			}
		} else {
			err = rep.WriteText(w, topts)
		}
	}
	if err != nil {
		return err
	}
	if !a.cfg.JSON && cat.Len() == 0 && rep.Errors == 0 {
		// A clean report of nothing: say which folders were read, as
		// list and search do.
		fmt.Fprintln(a.stderr, termtext.FitLines(config.EmptyCatalogNote(cat.Roots()), termWidth(a.stderr)))
	}
	if rep.Errors > 0 {
		return exitCode(1)
	}
	return nil
}
