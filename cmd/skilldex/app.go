package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/gcpolicy"
	"github.com/skilldex/skilldex/internal/serve"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// app is what every command's runX gets besides its own options: the
// resolved configuration and the streams to write to. Tests build one
// with buffers and call runX in process.
type app struct {
	cfg            *config.Config
	stdin          io.Reader
	stdout, stderr io.Writer
}

// newApp is the app for cmd: cfg (resolved by the root's
// PersistentPreRunE) and cmd's streams.
func newApp(cmd *cobra.Command, cfg *config.Config) *app {
	return &app{cfg: cfg, stdin: cmd.InOrStdin(), stdout: cmd.OutOrStdout(), stderr: cmd.ErrOrStderr()}
}

// openShared opens the catalog for a one-shot command (list, search,
// show, ...): when a shared server serves the same roots it asks that
// server (which catches up with the roots first), otherwise it opens the
// catalog itself (internal/serve.OpenCatalog). Nothing is logged on the
// way: the command's output is its answer.
func (a *app) openShared(ctx context.Context) (serve.Catalog, error) {
	if err := a.cfg.CheckRoots(); err != nil {
		return nil, err
	}
	c := a.cfg
	return serve.OpenCatalog(ctx, c.CatalogOptions(), func(ctx context.Context, mem bool) (*index.Catalog, error) {
		return openWith(c, ctx, a.stderr, mem, false)
	}, c.Logger(a.stderr))
}

// openOwned opens the catalog as the data dir's owner (serve, index): when
// another process holds the data dir it fails with *index.LockedError,
// naming the holder. background indexes bodies after the catalog is
// listable and searchable by metadata (index.Options.BackgroundBodies);
// serve wants it so agents get answers at once.
func (a *app) openOwned(ctx context.Context, background bool) (*index.Catalog, error) {
	if err := a.cfg.CheckRoots(); err != nil {
		return nil, err
	}
	return openWith(a.cfg, ctx, a.stderr, a.cfg.Mem, background)
}

// openWith opens the catalog the configuration describes, showing a
// progress bar on stderr when indexing runs past a second on a terminal.
func openWith(c *config.Config, ctx context.Context, stderr io.Writer, mem, background bool) (*index.Catalog, error) {
	return openWithHook(c, ctx, stderr, mem, background, nil)
}

// openWithHook is openWith with onBuild (when not nil) called after the
// memory policy's hook on every build (index.Options.OnBuild).
func openWithHook(c *config.Config, ctx context.Context, stderr io.Writer, mem, background bool, onBuild func(bool)) (*index.Catalog, error) {
	hook := gcpolicy.OnBuild
	if onBuild != nil {
		hook = func(b bool) { gcpolicy.OnBuild(b); onBuild(b) }
	}
	opts := c.CatalogOptions()
	opts.Mem, opts.Logger, opts.BackgroundBodies, opts.OnBuild = mem, c.Logger(stderr), background, hook
	if opts.Embedder != nil {
		opts.Embedder = cachedEmbedder(c, opts, stderr)
	}
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
	if err != nil {
		if cl, ok := opts.Embedder.(io.Closer); ok {
			cl.Close()
		}
		return nil, err
	}
	config.RecordCatalog(c, cat)
	return cat, nil
}

// openForSearch is openShared for a command that searches (search,
// eval): a catalog it opened itself has every skill embedded first when
// an embedding model is configured (a few minutes the first time for
// thousands of skills, then from the cache), so the search is hybrid for
// all of them. A shared server embeds in the background; its results
// say how many skills wait (embeddings_pending).
func (a *app) openForSearch(ctx context.Context) (serve.Catalog, error) {
	cat, err := a.openShared(ctx)
	if err != nil {
		return nil, err
	}
	local, ok := cat.(*index.Catalog)
	if !ok || a.cfg.EmbeddingsURL == "" {
		return cat, nil
	}
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		select {
		case <-time.After(time.Second):
			fmt.Fprintln(a.stderr, "skilldex: embedding skills for hybrid search (cached for next time)...")
		case <-done:
		}
	}()
	// A failure is the search's to report (SearchResult.SemanticError),
	// and the catalog's logger warns of it already.
	_ = local.SemanticReady(ctx)
	close(done)
	<-finished
	return cat, nil
}
