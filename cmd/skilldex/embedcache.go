package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sync"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/embed"
)

// cachedEmbedder puts the embedding model's vectors cache in front of
// opts.Embedder: embeddings.db in the catalog's own data dir, so the
// process owning the catalog owns its cache too and a cache goes away
// with its catalog (skilldex cache prune); an in-memory catalog uses the
// one beside the data dirs (Config.EmbeddingsCache). The file is opened
// at the first embedding, once index.Open has made the data dir, and
// closed with the catalog (index.Catalog.Close closes an Embedder that is
// an io.Closer). A cache that cannot be opened leaves the model uncached,
// said once on stderr.
func cachedEmbedder(c *config.Config, opts *index.Options, stderr io.Writer) index.Embedder {
	path := c.EmbeddingsCache()
	if dir, err := index.DataDirOf(opts); err == nil && dir != "" {
		path = filepath.Join(dir, "embeddings.db")
	}
	return &lazyCache{e: opts.Embedder, path: path, stderr: stderr}
}

// lazyCache is an Embedder that opens its vectors cache on first use.
type lazyCache struct {
	e      index.Embedder
	path   string
	stderr io.Writer

	once   sync.Once
	cache  *embed.Cache   // nil: uncached
	cached index.Embedder // e, through the cache when it opened
}

func (l *lazyCache) open() {
	l.cached = l.e
	cache, err := embed.OpenCache(l.path)
	if err != nil {
		why := err.Error()
		if errors.Is(err, embed.ErrCacheBusy) {
			why = "another skilldex process uses " + l.path
		}
		fmt.Fprintf(l.stderr, "skilldex: embeddings are not cached (%s): every skill is embedded again\n", why)
		return
	}
	l.cache = cache
	l.cached = embed.WithCache(l.e, cache, func(err error) {
		fmt.Fprintf(l.stderr, "skilldex: embeddings cache: %v\n", err)
	})
}

// Model names the model; the cache changes no vector.
func (l *lazyCache) Model() string { return l.e.Model() }

// Embed embeds texts through the cache, opening it the first time.
func (l *lazyCache) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	l.once.Do(l.open)
	return l.cached.Embed(ctx, texts)
}

// Close closes the cache, if it was opened.
func (l *lazyCache) Close() error {
	l.once.Do(func() { l.cached = l.e })
	if l.cache != nil {
		return l.cache.Close()
	}
	return nil
}
