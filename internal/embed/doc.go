// Package embed turns texts into vectors through an embedding model the user
// names, reached over HTTP at an OpenAI-compatible embeddings endpoint
// (OpenAI itself, Ollama's /v1, LM Studio, llama.cpp's server,
// text-embeddings-inference, vLLM and others that answer POST
// BASE/embeddings as OpenAI's API reference describes it). It is the model
// side of skilldex's optional hybrid search: each skill's "name.
// description" and each query are embedded, and search fuses the cosine
// similarity with its BM25 ranking.
//
// Three parts:
//
//   - Client (New) speaks the HTTP protocol: batches, retries with backoff,
//     checks every answer, returns L2-normalised float32 vectors so a dot
//     product is the cosine.
//   - Cache (OpenCache) is a content-addressed bbolt file mapping
//     SHA-256(Model() + "\x00" + text) to a vector, so restarts and rebuilds
//     do not embed a text twice.
//   - WithCache wraps any Embedder with a Cache: it embeds only the texts the
//     cache lacks.
//
// The contract the index package consumes is Embedder (declared here with
// the same method set; Go interfaces match by shape, so *Client and *Cached
// satisfy the index's interface without either package importing the
// other):
//
//	type Embedder interface {
//		Embed(ctx context.Context, texts []string) ([][]float32, error)
//		Model() string
//	}
//
// Every text sent leaves the machine when the endpoint is remote: see
// docs/embeddings.md.
package embed

import "context"

// Embedder turns texts into vectors.
type Embedder interface {
	// Embed returns one vector per text, in order, all of one length.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	// Model names the model (and endpoint) the vectors come from; vectors of
	// two models never mix.
	Model() string
}
