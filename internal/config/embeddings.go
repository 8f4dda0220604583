package config

import (
	"path/filepath"

	"github.com/skilldex/skilldex/internal/embed"
)

// Embedder is the embedding model embeddings_url and embeddings_model
// name, as a client of that endpoint (docs/embeddings.md); nil, nil when
// embeddings_url is not set. Errors: those of embed.New (a URL that is
// not http or https, no model).
func (c *Config) Embedder() (*embed.Client, error) {
	if c.EmbeddingsURL == "" {
		return nil, nil
	}
	return embed.New(embed.Options{BaseURL: c.EmbeddingsURL, Model: c.EmbeddingsModel, APIKey: c.EmbeddingsKey})
}

// EmbeddingsCache is the file caching the embedding model's vectors,
// beside the catalogs' data dirs: vectors are keyed by model and text, so
// every catalog of the data dir shares it (embed.Cache).
func (c *Config) EmbeddingsCache() string {
	return filepath.Join(c.DataDir, "embeddings.db")
}
