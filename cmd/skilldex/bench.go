package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/skilldex/skilldex/benchmarks"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/gcpolicy"
	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/spf13/cobra"
)

// benchOptions are bench's flags.
type benchOptions struct {
	skills int
	seed   uint64
	dir    bool // measure the one root given with --dir
	// profile is a folder for pprof profiles of the cold start, warm
	// start and searches ("" for none).
	profile string
	// only picks a figure set ("takeover"); sessions and rounds
	// configure the takeover figure.
	only             string
	sessions, rounds int
}

func newBenchCmd(cfg *config.Config) *cobra.Command {
	var opts benchOptions
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Measure speed and memory on a generated catalog or your own folder, against skilldex's targets",
		Long: `bench generates a synthetic catalog of --skills skills in a temporary folder (or measures the single
folder given with --dir: only read, measured on a temporary copy) and measures discovery, the cold and warm
starts, refresh, search, load, read_file, list, the tool description, error messages, memory, the RSS of
a serving process, and the takeover: how long stdio sessions sharing one server (--sessions, default 8) wait
for an answer when its process is killed (--rounds times; --only takeover measures that alone, --only catalog
everything else: the 100,000-skill figures of the README come from skilldex bench --skills 100000 --only catalog). It prints each figure beside its target (the limits skilldex is built to stay within, set
for 1,000 skills and scaled for larger catalogs), our own stricter goal, and the ratio target/value, and exits
1 when a target is missed. Goals are reported only. Figures depend on the machine: compare runs on one machine.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.dir = cmd.Flags().Changed("dir")
			return runBench(cmd.Context(), newApp(cmd, cfg), opts)
		},
	}
	cmd.Flags().IntVar(&opts.skills, "skills", 1000, "number of skills in the generated catalog (ignored with --dir)")
	cmd.Flags().StringVar(&opts.profile, "profile", "", "write pprof CPU and heap profiles of the cold start, warm start and searches into this folder (read with go tool pprof)")
	cmd.Flags().StringVar(&opts.only, "only", "", "measure one figure set only: takeover (stdio sessions sharing a server whose process is killed), api (search through the HTTP JSON API against in process), or catalog (every figure but the takeover: what --skills 100000 reports)")
	cmd.Flags().IntVar(&opts.sessions, "sessions", 0, "takeover figure: stdio sessions sharing the server (default 8)")
	cmd.Flags().IntVar(&opts.rounds, "rounds", 0, "takeover figure: how many times the server is killed (default 5)")
	cmd.Flags().Uint64Var(&opts.seed, "seed", 1, "random seed of the generated catalog and the query set (same seed, same catalog)")
	return cmd
}

func runBench(ctx context.Context, a *app, opts benchOptions) error {
	bc := benchmarks.Config{Skills: opts.skills, Seed: opts.seed, Log: a.stderr, ProfileDir: opts.profile,
		Only: opts.only, TakeoverSessions: opts.sessions, TakeoverRounds: opts.rounds, OnBuild: gcpolicy.OnBuild}
	if opts.dir {
		if len(a.cfg.Roots) != 1 {
			return fmt.Errorf("bench measures one catalog folder; got %d --dir flags", len(a.cfg.Roots))
		}
		bc.Dir = a.cfg.Roots[0].Path
	}
	if exe, err := os.Executable(); err == nil {
		bc.ServeCmd = []string{exe}
	}
	rep, err := benchmarks.Run(ctx, bc)
	if err != nil {
		return err
	}
	if a.cfg.JSON {
		if err := writeJSON(a.stdout, rep); err != nil {
			return err
		}
	} else if err := printBench(a.stdout, rep); err != nil {
		return err
	}
	if failed := rep.Failed(); len(failed) > 0 {
		for _, f := range failed {
			fmt.Fprintf(a.stderr, "skilldex bench: target missed: %s: %s, target %s\n",
				f.Name, num(f.Value, f.Unit), num(*f.Target, f.Unit))
		}
		return exitCode(1)
	}
	return nil
}

func printBench(w io.Writer, rep *benchmarks.Report) error {
	m := rep.Machine
	src := fmt.Sprintf("generated, random seed %d", m.Seed)
	if !m.Generated {
		src = m.Dir
	}
	fmt.Fprintf(w, "%d skills (%.0f MiB, %s) on %s/%s, %d CPUs (%s), %s\n\n", m.Skills, m.CatalogMB, src, m.OS, m.Arch, m.CPUs, m.CPUModel, m.Go)
	rows := make([][]string, 0, len(rep.Results))
	for _, r := range rep.Results {
		target, goal, ratio, pass := "-", "-", "-", "-"
		if r.Target != nil {
			target = num(*r.Target, r.Unit)
			ratio = ">1000x"
			if x := *r.Target / r.Value; x <= 1000 {
				ratio = strconv.FormatFloat(x, 'f', 1, 64) + "x"
			}
			pass = "ok"
			if !r.Pass {
				pass = "MISSED"
			}
		}
		if r.Goal != nil {
			goal = num(*r.Goal, r.Unit)
			if r.Value <= *r.Goal {
				goal += " (met)"
			}
		}
		rows = append(rows, []string{r.Name, num(r.Value, r.Unit), target, goal, ratio, pass})
	}
	if err := termtext.Table(w, []string{"FIGURE", "VALUE", "TARGET", "OUR GOAL", "RATIO", "PASS"}, rows); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nratio = target / value (above 1 holds the target); goals are reported, not enforced")
	return nil
}

// num prints a figure with a precision that suits its size.
func num(v float64, unit string) string {
	prec := 0
	switch {
	case v < 1:
		prec = 3
	case v < 10:
		prec = 2
	case v < 100:
		prec = 1
	}
	return strconv.FormatFloat(v, 'f', prec, 64) + " " + unit
}
