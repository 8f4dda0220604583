package embed

import (
	"context"
	"fmt"
	"slices"
)

// Cached is an Embedder that answers from a Cache and asks its model only
// for the texts the cache lacks. Make one with WithCache. It is safe for
// concurrent use (two calls missing the same text may both embed it).
type Cached struct {
	e       Embedder
	c       *Cache
	onError func(error)
}

// WithCache returns e with c in front of it. onCacheError decides what a
// failing cache read or write does: nil makes Embed return the error (wrapped
// with the cache's path); otherwise the error is passed to it and Embed
// carries on with the model alone, so a damaged cache slows search down
// instead of breaking it.
func WithCache(e Embedder, c *Cache, onCacheError func(error)) *Cached {
	return &Cached{e: e, c: c, onError: onCacheError}
}

// Model returns the wrapped Embedder's Model; the cache is keyed on it.
func (c *Cached) Model() string { return c.e.Model() }

// Embed returns one vector per text, in order: cached ones from the Cache,
// the rest from one call of the wrapped Embedder with the missing texts
// (each distinct text once, in first-seen order), which are then stored.
// When cached vectors' length disagrees with the model's answer (a model
// replaced under the same name), every text is embedded afresh and the
// cache overwritten. Errors are the wrapped Embedder's, a wrong answer from
// it, or the cache's (see WithCache).
func (c *Cached) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if len(texts) == 0 {
		return nil, nil
	}
	model := c.e.Model()
	out, err := c.c.Get(model, texts)
	if err != nil {
		if c.onError == nil {
			return nil, err
		}
		c.onError(err)
		out = make([][]float32, len(texts))
	}
	missing := make(map[string][]int) // text -> positions in texts
	var ask []string
	for i, v := range out {
		if v == nil {
			if _, seen := missing[texts[i]]; !seen {
				ask = append(ask, texts[i])
			}
			missing[texts[i]] = append(missing[texts[i]], i)
		}
	}
	dim := -1
	if len(ask) > 0 {
		vecs, err := c.embed(ctx, ask)
		if err != nil {
			return nil, err
		}
		dim = len(vecs[0])
		for j, t := range ask {
			for _, i := range missing[t] {
				out[i] = vecs[j]
			}
		}
		if err := c.store(model, ask, vecs); err != nil {
			return nil, err
		}
	}
	for _, v := range out {
		if dim < 0 {
			dim = len(v)
		}
		if len(v) != dim {
			return c.refresh(ctx, model, texts)
		}
	}
	return unshare(out), nil
}

// refresh embeds every distinct text of texts and overwrites the cache:
// the way out when cached and fresh vectors differ in length.
func (c *Cached) refresh(ctx context.Context, model string, texts []string) ([][]float32, error) {
	pos := make(map[string]int)
	var ask []string
	for _, t := range texts {
		if _, ok := pos[t]; !ok {
			pos[t] = len(ask)
			ask = append(ask, t)
		}
	}
	vecs, err := c.embed(ctx, ask)
	if err != nil {
		return nil, err
	}
	if err := c.store(model, ask, vecs); err != nil {
		return nil, err
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = vecs[pos[t]]
	}
	return unshare(out), nil
}

// embed calls the wrapped Embedder and checks its answer's shape.
func (c *Cached) embed(ctx context.Context, texts []string) ([][]float32, error) {
	vecs, err := c.e.Embed(ctx, texts)
	if err != nil {
		return nil, err
	}
	if len(vecs) != len(texts) {
		return nil, fmt.Errorf("%w: %s gave %d vectors for %d texts", ErrBadResponse, c.e.Model(), len(vecs), len(texts))
	}
	for i, v := range vecs {
		if len(v) == 0 || len(v) != len(vecs[0]) {
			return nil, fmt.Errorf("%w: %s gave a vector of %d dimensions for text %d, %d for text 0",
				ErrBadResponse, c.e.Model(), len(v), i, len(vecs[0]))
		}
	}
	return vecs, nil
}

// store puts vecs in the cache, reporting a failure as WithCache says.
func (c *Cached) store(model string, texts []string, vecs [][]float32) error {
	err := c.c.Put(model, texts, vecs)
	if err != nil && c.onError != nil {
		c.onError(err)
		return nil
	}
	return err
}

// unshare copies vectors that appear more than once in out, so a caller
// changing one result in place cannot change another.
func unshare(out [][]float32) [][]float32 {
	seen := make(map[*float32]bool, len(out))
	for i, v := range out {
		if len(v) == 0 {
			continue
		}
		if seen[&v[0]] {
			out[i] = slices.Clone(v)
			continue
		}
		seen[&v[0]] = true
	}
	return out
}
