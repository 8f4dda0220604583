package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/gcpolicy"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// app is what every command's runX gets besides its own options: the
// resolved configuration and the streams to write to. Tests build one
// with buffers and call runX in process.
type app struct {
	cfg            *Config
	stdin          io.Reader
	stdout, stderr io.Writer
}

// newApp is the app for cmd: cfg (resolved by the root's
// PersistentPreRunE) and cmd's streams.
func newApp(cmd *cobra.Command, cfg *Config) *app {
	return &app{cfg: cfg, stdin: cmd.InOrStdin(), stdout: cmd.OutOrStdout(), stderr: cmd.ErrOrStderr()}
}

// openShared opens the catalog for a one-shot command (list, search,
// show, ...). When another process owns the data dir (a running serve),
// it answers from an in-memory catalog of its own, with a warning, rather
// than wait or fail.
func (a *app) openShared(ctx context.Context) (*index.Catalog, error) {
	if err := a.cfg.checkRoots(); err != nil {
		return nil, err
	}
	return a.cfg.openCatalog(ctx, a.stderr)
}

// openOwned opens the catalog as the data dir's owner (serve, index): when
// another process holds the data dir it fails with *index.LockedError,
// naming the holder. background indexes bodies after the catalog is
// listable and searchable by metadata (index.Options.BackgroundBodies);
// serve wants it so agents get answers at once.
func (a *app) openOwned(ctx context.Context, background bool) (*index.Catalog, error) {
	if err := a.cfg.checkRoots(); err != nil {
		return nil, err
	}
	return a.cfg.open(ctx, a.stderr, a.cfg.Mem, background)
}

// missingRootsError reports roots the user named (with --dir,
// SKILLDEX_DIRS or a config file) that are missing, not folders, or
// unreadable.
type missingRootsError struct {
	source   string // where the roots came from: "flag --dir", ...
	problems []string
}

func (e *missingRootsError) Error() string {
	return fmt.Sprintf("skill folder %s (from %s); fix the path, or pass --allow-missing to skip folders that do not exist",
		strings.Join(e.problems, "; "), e.source)
}

// checkRoots refuses roots the user named that cannot be read: a typo in
// --dir must not look like an empty catalog. The default roots are a list
// of places agents use, most of them absent on any machine, so they are
// not checked; nor are missing roots with --allow-missing (unreadable ones
// still are).
func (c *Config) checkRoots() error {
	if strings.HasPrefix(c.sources["roots"], "default") {
		return nil
	}
	var problems []string
	for _, r := range c.Roots {
		st, err := os.Stat(r.Path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if !c.AllowMissing {
				problems = append(problems, fmt.Sprintf("%s does not exist", r.Path))
			}
		case err != nil:
			problems = append(problems, fmt.Sprintf("%s cannot be read: %v", r.Path, unwrapPath(err)))
		case !st.IsDir():
			problems = append(problems, fmt.Sprintf("%s is a file, not a folder (name the folder holding SKILL.md)", r.Path))
		default:
			f, err := os.Open(r.Path)
			if err == nil {
				_, err = f.ReadDir(1)
				f.Close()
			}
			if err != nil && !errors.Is(err, io.EOF) {
				problems = append(problems, fmt.Sprintf("%s cannot be read: %v", r.Path, unwrapPath(err)))
			}
		}
	}
	if len(problems) == 0 {
		return nil
	}
	return &missingRootsError{source: c.sources["roots"], problems: problems}
}

// unwrapPath drops the *fs.PathError around err: the message names the
// path already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// openCatalog is openShared for code that has a Config but no app.
func (c *Config) openCatalog(ctx context.Context, stderr io.Writer) (*index.Catalog, error) {
	cat, err := c.open(ctx, stderr, c.Mem, false)
	var le *index.LockedError
	if errors.As(err, &le) {
		c.logger(stderr).Warn(le.Error() + "; this command builds an in-memory catalog of its own instead (slower)")
		return c.open(ctx, stderr, true, false)
	}
	return cat, err
}

// open opens the catalog the configuration describes, showing a progress
// bar on stderr when indexing runs past a second on a terminal.
func (c *Config) open(ctx context.Context, stderr io.Writer, mem, background bool) (*index.Catalog, error) {
	opts := &index.Options{Roots: c.Roots, DataDir: c.DataDir, Mem: mem, MaxDepth: c.MaxDepth, Mode: c.mode(), Logger: c.logger(stderr),
		BackgroundBodies: background, OnBuild: gcpolicy.OnBuild}
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		start := time.Now()
		var bar *progressbar.ProgressBar
		opts.Progress = func(done, total int) {
			if bar == nil && time.Since(start) > time.Second {
				bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(stderr), progressbar.OptionSetDescription("indexing skills"),
					progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())
			}
			if bar != nil {
				_ = bar.Set(done)
			}
		}
		defer func() {
			if bar != nil {
				_ = bar.Finish()
			}
		}()
	}
	cat, err := index.Open(ctx, opts)
	if err == nil {
		c.recordCatalog(cat)
	}
	return cat, err
}
