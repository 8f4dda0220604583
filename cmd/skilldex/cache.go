package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/spf13/cobra"
)

// catalogRecord is the file the CLI keeps in each catalog's data dir
// (DATA_DIR/KEY/catalog.json) so `skilldex cache list` can say which
// folders a data dir indexes: the key itself is a hash.
type catalogRecord struct {
	Roots    []index.Root `json:"roots"`
	MaxDepth int          `json:"max_depth"`
	Strict   bool         `json:"strict"`
	LastUsed time.Time    `json:"last_used"`
}

const catalogRecordFile = "catalog.json"

// recordCatalog writes catalogRecordFile for cat; failing costs only the
// description in cache list, so errors are ignored.
func recordCatalog(c *config.Config, cat *index.Catalog) {
	dir := cat.DataDir()
	if dir == "" {
		return
	}
	data, err := json.MarshalIndent(catalogRecord{Roots: cat.Roots(), MaxDepth: c.MaxDepth, Strict: c.Strict,
		LastUsed: time.Now().UTC().Truncate(time.Second)}, "", "  ")
	if err != nil {
		return
	}
	_ = writeFileAtomic(filepath.Join(dir, catalogRecordFile), append(data, '\n'))
}

// cacheEntry is one catalog data dir as cache list prints it.
type cacheEntry struct {
	Dir      string       `json:"dir"`
	Bytes    int64        `json:"bytes"`
	InUse    bool         `json:"in_use"`
	Roots    []index.Root `json:"roots"` // nil when unknown (made by an older skilldex)
	LastUsed time.Time    `json:"last_used"`
	// Missing is true when none of the roots exists any more.
	Missing bool `json:"roots_missing"`
}

func newCacheCmd(cfg *config.Config) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "cache",
		Short: "List or remove the catalogs' data dirs (store and search index per set of skill folders)",
		Long: `Each set of skill folders gets its own data dir under the data dir setting (default: your cache folder,
e.g. ~/.cache/skilldex), named by a hash of the folders. "cache list" shows each with its folders, size and last
use; "cache clean" removes them. Nothing is lost: a removed catalog is rebuilt from the skill folders on its next use.`,
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

// cacheEntries reads every catalog data dir under base, most recently used
// first.
func cacheEntries(base string) ([]cacheEntry, error) {
	des, err := os.ReadDir(base)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []cacheEntry
	for _, de := range des {
		dir := filepath.Join(base, de.Name())
		if !de.IsDir() || !isCatalogDir(dir) {
			continue
		}
		e := cacheEntry{Dir: dir}
		_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if info, err := d.Info(); err == nil {
					e.Bytes += info.Size()
					if info.ModTime().After(e.LastUsed) {
						e.LastUsed = info.ModTime().UTC().Truncate(time.Second)
					}
				}
			}
			return nil
		})
		if data, err := os.ReadFile(filepath.Join(dir, catalogRecordFile)); err == nil {
			var rec catalogRecord
			if json.Unmarshal(data, &rec) == nil {
				e.Roots = rec.Roots
				if rec.LastUsed.After(e.LastUsed) {
					e.LastUsed = rec.LastUsed
				}
				e.Missing = len(rec.Roots) > 0
				for _, r := range rec.Roots {
					if _, err := os.Stat(r.Path); err == nil {
						e.Missing = false
					}
				}
			}
		}
		e.InUse = inUse(dir)
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].LastUsed.After(out[j].LastUsed) })
	return out, nil
}

// isCatalogDir reports whether dir holds a catalog's store.
func isCatalogDir(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "skills.db"))
	return err == nil
}

// inUse reports whether a process holds dir's store: the store is locked
// with flock on skills.db while a catalog is open (bbolt), so a
// non-blocking shared lock fails exactly then.
func inUse(dir string) bool {
	f, err := os.Open(filepath.Join(dir, "skills.db"))
	if err != nil {
		return false
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); err != nil {
		return true
	}
	_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return false
}

func runCacheList(_ context.Context, a *app) error {
	entries, err := cacheEntries(a.cfg.DataDir)
	if err != nil {
		return err
	}
	if a.cfg.JSON {
		if entries == nil {
			entries = []cacheEntry{}
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
	if err := table(a.stdout, []string{"DATA DIR", "SIZE", "LAST USED", "STATE", "SKILL FOLDERS"}, rows); err != nil {
		return err
	}
	if isTerminal(a.stdout) {
		fmt.Fprintf(a.stdout, "%s, %s in all; remove them with: skilldex cache clean\n", plural(len(entries), "data dir", "data dirs"), humanBytes(total))
	}
	return nil
}

func describeRoots(roots []index.Root) string {
	if roots == nil {
		return "(not recorded: made by an older skilldex)"
	}
	paths := make([]string, len(roots))
	for i, r := range roots {
		paths[i] = r.Path
	}
	return strings.Join(paths, ", ")
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
	entries, err := cacheEntries(a.cfg.DataDir)
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
		ok, err := removeUnlocked(e.Dir)
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

// removeUnlocked removes dir when no process holds its store, holding the
// store's lock while it does; false when it is in use.
func removeUnlocked(dir string) (bool, error) {
	f, err := os.OpenFile(filepath.Join(dir, "skills.db"), os.O_RDWR, 0)
	if err != nil {
		return false, err
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return false, nil
	}
	return true, os.RemoveAll(dir)
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
