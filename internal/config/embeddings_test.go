package config

import (
	"errors"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/embed"
)

// TestEmbedderBuiltOnce: the client is built once for the settings and
// handed to every caller (CatalogOptions for each catalog opened); a
// changed setting builds a new one, a bad one fails without spoiling the
// next.
func TestEmbedderBuiltOnce(t *testing.T) {
	c := &Config{}
	if e, err := c.Embedder(); e != nil || err != nil {
		t.Fatalf("no embeddings_url: %v, %v", e, err)
	}
	if c.CatalogOptions().Embedder != nil {
		t.Fatal("CatalogOptions without embeddings_url has an Embedder")
	}
	c.EmbeddingsURL, c.EmbeddingsModel = "http://127.0.0.1:11434/v1", "nomic-embed-text"
	first, err := c.Embedder()
	if err != nil || first == nil {
		t.Fatalf("Embedder: %v, %v", first, err)
	}
	again, _ := c.Embedder()
	for i, e := range []any{again, c.CatalogOptions().Embedder, c.CatalogOptions().Embedder} {
		if e != any(first) {
			t.Errorf("call %d: another client %p, want %p", i+2, e, first)
		}
	}

	c.EmbeddingsModel = "all-minilm"
	other, err := c.Embedder()
	if err != nil || other == first || !strings.HasPrefix(other.Model(), "all-minilm@") {
		t.Fatalf("after the model changed: %v (%v), %v", other, other.Model(), err)
	}
	c.EmbeddingsKey = "sk-test"
	keyed, err := c.Embedder()
	if err != nil || keyed == other {
		t.Fatalf("after the key changed: the client built without it (%v)", err)
	}

	c.EmbeddingsURL = "ftp://example.com/v1"
	if e, err := c.Embedder(); e != nil || !errors.Is(err, embed.ErrConfig) {
		t.Fatalf("ftp URL: %v, %v", e, err)
	}
	c.EmbeddingsURL = "http://127.0.0.1:11434/v1"
	if e, err := c.Embedder(); err != nil || e != keyed {
		t.Fatalf("settings back as before the bad URL: %v, %v, want the client built for them", e, err)
	}
}
