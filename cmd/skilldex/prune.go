package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/sources"
	"github.com/spf13/cobra"
)

// pruneCmd is `skilldex sources prune` (docs/sources.md, "Pruning old
// trees").
func pruneCmd(cfg *config.Config, ann map[string]string) *cobra.Command {
	var f sourceFlags
	cmd := &cobra.Command{
		Use:   "prune",
		Short: "Remove the cached trees of commits no lockfile on this machine pins any more",
		Long: `prune removes from the sources cache the extracted trees (one per commit ever pinned) that nothing uses
any more: every catalog, a running serve included, reads a source through its lockfile's root link under
the cache, so a tree no root link points at and no lockfile named here pins is unused. Root links whose
lockfile is gone (a deleted project) or no longer names their source are dropped first. The project's and
the user's lockfiles always keep their trees; --lock keeps another's. A tree written in the last hour is kept
(an add or sync may be about to link it). Git objects stay in the cache: a
pruned tree comes back with skilldex sync --offline.`,
		Example:     "  skilldex sources prune --dry-run\n  skilldex sources prune --lock ~/work/other/skilldex.lock",
		Args:        noArgs,
		Annotations: ann,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runPrune(cmd.Context(), newApp(cmd, cfg), f)
		},
	}
	cmd.Flags().BoolVar(&f.dryRun, "dry-run", false, "say what would be removed and the bytes it would free; remove nothing")
	cmd.Flags().StringArrayVar(&f.locks, "lock", nil, "also keep the trees this lockfile pins (repeatable)")
	return cmd
}

// runPrune is sources prune: the project's and the user's lockfiles,
// and those of --lock, keep their trees.
func runPrune(_ context.Context, a *app, f sourceFlags) error {
	var locks []string
	for _, lf := range a.cfg.LockFiles() {
		locks = append(locks, lf[0])
	}
	for _, l := range f.locks {
		abs, err := filepath.Abs(config.ExpandHome(l))
		if err != nil {
			return fmt.Errorf("--lock %s: %w", l, err)
		}
		locks = append(locks, abs)
	}
	m := a.cfg.SourceManager(a.stderr)
	if _, err := os.Stat(m.Cache); errors.Is(err, fs.ErrNotExist) && !a.cfg.JSON {
		fmt.Fprintf(a.stderr, "skilldex: no sources cache at %s (nothing was added or synced with this data dir): nothing to prune\n", m.Cache)
	}
	rep, err := m.Prune(sources.PruneOptions{Locks: locks, DryRun: f.dryRun})
	if err != nil {
		return err
	}
	if a.cfg.JSON {
		return writeJSON(a.stdout, rep)
	}
	verb, freed := "removed", "freed"
	if rep.DryRun {
		verb, freed = "would remove", "would free"
	}
	for _, l := range rep.Links {
		fmt.Fprintf(a.stdout, "%s root link %s (its lockfile no longer names it)\n", verb, l)
	}
	trees := filepath.Join(m.Cache, "trees")
	for _, t := range rep.Removed {
		fmt.Fprintf(a.stdout, "%s %s (%s)\n", verb, filepath.Join(trees, t.Name), humanBytes(t.Bytes))
	}
	for _, s := range rep.Skipped {
		fmt.Fprintf(a.stderr, "skilldex: left %s alone: not a folder skilldex extracted (a link or a file); remove it yourself if you know it\n", filepath.Join(trees, s))
	}
	if rep.Recent > 0 {
		fmt.Fprintf(a.stderr, "skilldex: kept %s written in the last hour: an add or sync may be about to use them\n", plural(rep.Recent, "tree", "trees"))
	}
	if rep.Unknown > 0 {
		fmt.Fprintf(a.stderr, "skilldex: %s of root links name no lockfile (made by an older skilldex); their trees are kept until a command in their project runs again\n",
			plural(rep.Unknown, "folder", "folders"))
	}
	fmt.Fprintf(a.stdout, "%s %s, %s %s; %s in use kept\n", verb, plural(len(rep.Removed), "tree", "trees"), freed, humanBytes(rep.Bytes),
		plural(rep.Kept, "tree", "trees"))
	return nil
}
