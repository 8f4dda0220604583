package config

import (
	"path/filepath"
	"sync"

	"github.com/skilldex/skilldex/internal/embed"
)

// Embedder is the embedding model embeddings_url and embeddings_model
// name, as a client of that endpoint (docs/embeddings.md); nil, nil when
// embeddings_url is not set. Errors: those of embed.New (a URL that is
// not http or https, no model).
//
// One client serves a process: Check, and CatalogOptions for each catalog
// a command opens, get the client built first, with its one pool of
// connections to the endpoint, while embeddings_url, embeddings_model and
// embeddings_key stay as they were; once they change (serve --daemon
// takes them from the serve that started it) the next call builds anew.
func (c *Config) Embedder() (*embed.Client, error) {
	if c.EmbeddingsURL == "" {
		return nil, nil
	}
	m := &c.embedder
	m.mu.Lock()
	defer m.mu.Unlock()
	key := [3]string{c.EmbeddingsURL, c.EmbeddingsModel, c.EmbeddingsKey}
	if m.client != nil && m.key == key {
		return m.client, nil
	}
	e, err := embed.New(embed.Options{BaseURL: c.EmbeddingsURL, Model: c.EmbeddingsModel, APIKey: c.EmbeddingsKey})
	if err != nil {
		return nil, err
	}
	m.client, m.key = e, key
	return e, nil
}

// embedderMemo is the client Config.Embedder built last (nil: none yet)
// and the URL, model and key it was built from. It owns its lock.
type embedderMemo struct {
	mu     sync.Mutex
	key    [3]string
	client *embed.Client
}

// EmbeddingsCache is the file caching the embedding model's vectors,
// beside the catalogs' data dirs: vectors are keyed by model and text, so
// every catalog of the data dir shares it (embed.Cache).
func (c *Config) EmbeddingsCache() string {
	return filepath.Join(c.DataDir, "embeddings.db")
}
