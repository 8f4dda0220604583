package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/spf13/cobra"
)

func newCacheCmd(cfg *config.Config) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "cache",
		Short: "List or remove the catalogs' data dirs (store and search index per set of skill folders)",
		Long: `Each set of skill folders gets its own data dir under the data dir setting (default: your cache folder,
e.g. ~/.cache/skilldex), named by a hash of the folders and of the lockfiles whose git sources it serves (not of
the sources they lock: skilldex add and remove keep it). "cache list" shows each with its folders (a lockfile's
sources as it locks them now), size and last use; "cache clean" removes them. Nothing is lost: a removed catalog is rebuilt from the skill folders on its next use.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	var opts cacheCleanOptions
	clean := &cobra.Command{
		Use:   "clean",
		Short: "Remove data dirs not in use by a running skilldex (all, or those unused for --older-than)",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runCacheClean(cmd.Context(), newApp(cmd, cfg), opts)
		},
	}
	clean.Flags().DurationVar(&opts.olderThan, "older-than", 0, "only remove data dirs unused for this long (e.g. 720h)")
	clean.Flags().BoolVar(&opts.dryRun, "dry-run", false, "say what would be removed, remove nothing")
	list := &cobra.Command{
		Use:   "list",
		Short: "List the data dirs with their skill folders, size and last use",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runCacheList(cmd.Context(), newApp(cmd, cfg))
		},
	}
	cmd.AddCommand(list, clean)
	return cmd
}

func runCacheList(_ context.Context, a *app) error {
	entries, err := config.DataDirs(a.cfg.DataDir)
	if err != nil {
		return err
	}
	if a.cfg.JSON {
		if entries == nil {
			entries = []config.DataDir{}
		}
		return writeJSON(a.stdout, entries)
	}
	if len(entries) == 0 {
		fmt.Fprintf(a.stderr, "no catalog data dirs under %s\n", a.cfg.DataDir)
		return nil
	}
	var rows [][]string
	var total int64
	for _, e := range entries {
		total += e.Bytes
		state := ""
		switch {
		case e.InUse:
			state = "in use"
		case e.Missing:
			state = "folders gone"
		}
		rows = append(rows, []string{e.Dir, humanBytes(e.Bytes), e.LastUsed.Local().Format("2006-01-02 15:04"), state, describeRoots(e.Roots)})
	}
	if err := termtext.Table(a.stdout, []string{"DATA DIR", "SIZE", "LAST USED", "STATE", "SKILL FOLDERS"}, rows); err != nil {
		return err
	}
	if termtext.IsTerminal(a.stdout) {
		fmt.Fprintln(a.stdout, termtext.FitLines(fmt.Sprintf("%s, %s in all; remove them with: skilldex cache clean", plural(len(entries), "data dir", "data dirs"), humanBytes(total)), termWidth(a.stdout)))
	}
	return nil
}

// describeRoots is cache list's SKILL FOLDERS cell: the folders in
// priority order, a git source's with the source's name and lockfile,
// and, when that lockfile cannot be read now, why and that the source is
// as the catalog last recorded it.
func describeRoots(roots []config.ListedRoot) string {
	if roots == nil {
		return "(not recorded: made by an older skilldex)"
	}
	parts := make([]string, len(roots))
	for i, r := range roots {
		parts[i] = r.Path
		switch {
		case r.LockError != "":
			parts[i] += fmt.Sprintf(" (source %s in %s, as last recorded: %s)", r.Source, r.Lock, r.LockError)
		case r.Source != "":
			parts[i] += fmt.Sprintf(" (source %s in %s)", r.Source, r.Lock)
		}
	}
	return strings.Join(parts, ", ")
}

// cacheCleanOptions are cache clean's flags.
type cacheCleanOptions struct {
	olderThan time.Duration
	dryRun    bool
}

// runCacheClean removes the data dirs no process holds (and, with
// --older-than, unused for that long). A data dir is removed while this
// process holds its lock, so a skilldex starting at that moment waits
// and then builds a fresh one.
func runCacheClean(_ context.Context, a *app, opts cacheCleanOptions) error {
	entries, err := config.DataDirs(a.cfg.DataDir)
	if err != nil {
		return err
	}
	var removed, kept int
	var freed int64
	for _, e := range entries {
		if opts.olderThan > 0 && time.Since(e.LastUsed) < opts.olderThan {
			kept++
			continue
		}
		if opts.dryRun {
			if e.InUse {
				fmt.Fprintf(a.stdout, "would keep %s (in use)\n", e.Dir)
				kept++
				continue
			}
			fmt.Fprintf(a.stdout, "would remove %s (%s)\n", e.Dir, humanBytes(e.Bytes))
			removed++
			freed += e.Bytes
			continue
		}
		ok, err := config.RemoveDataDir(e.Dir)
		switch {
		case err != nil:
			return fmt.Errorf("removing %s: %w", e.Dir, err)
		case !ok:
			fmt.Fprintf(a.stderr, "kept %s: in use by a running skilldex\n", e.Dir)
			kept++
		default:
			removed++
			freed += e.Bytes
		}
	}
	verb := "removed"
	if opts.dryRun {
		verb = "would remove"
	}
	if a.cfg.JSON {
		return writeJSON(a.stdout, struct {
			Removed int   `json:"removed"`
			Kept    int   `json:"kept"`
			Bytes   int64 `json:"bytes"`
			DryRun  bool  `json:"dry_run"`
		}{removed, kept, freed, opts.dryRun})
	}
	fmt.Fprintf(a.stdout, "%s %s (%s), kept %d\n", verb, plural(removed, "data dir", "data dirs"), humanBytes(freed), kept)
	return nil
}

// humanBytes is n in B, KiB, MiB or GiB.
func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGT"[exp])
}
