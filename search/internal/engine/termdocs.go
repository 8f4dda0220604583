package engine

import (
	"context"
	"errors"
	"fmt"

	index "github.com/blevesearch/bleve_index_api"
)

// DocRef is an opaque reference to a document of one Reader's view (its
// internal number): valid only with that Reader. Comparable, so it can key
// a map.
type DocRef string

// TermDocs returns the documents whose field holds term, in index order,
// or nil when more than limit documents do (a common word: listing them
// would cost more than it tells; the count is known before any posting is
// read). Used by the body co-occurrence expansion of search (cooccur.go).
// Errors: ctx's if it ends, bleve's for an unreadable index.
func (r *Reader) TermDocs(ctx context.Context, field, term string, limit uint64) ([]DocRef, error) {
	tfr, err := r.r.TermFieldReader(ctx, []byte(term), field, false, false, false)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	defer tfr.Close()
	if tfr.Count() > limit {
		return nil, nil
	}
	refs := make([]DocRef, 0, tfr.Count())
	var tfd *index.TermFieldDoc
	for {
		tfd, err = tfr.Next(tfd)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return nil, err
			}
			return nil, fmt.Errorf("search: %w", err)
		}
		if tfd == nil {
			return refs, nil
		}
		refs = append(refs, DocRef(tfd.ID))
	}
}

// IDOf returns the ID of the document ref (from TermDocs of this Reader),
// or "" when it is gone. Errors: bleve's for an unreadable index.
func (r *Reader) IDOf(ref DocRef) (string, error) {
	id, err := r.r.ExternalID(index.IndexInternalID(ref))
	if err != nil {
		return "", fmt.Errorf("search: %w", err)
	}
	return id, nil
}

// MetaTermsOf is MetaTerms of the document ref (from TermDocs of this
// Reader); ok is false when it is gone.
func (r *Reader) MetaTermsOf(ref DocRef) (terms []string, ok bool, err error) {
	id, err := r.r.ExternalID(index.IndexInternalID(ref))
	if err != nil {
		return nil, false, fmt.Errorf("search: %w", err)
	}
	if id == "" {
		return nil, false, nil
	}
	return r.MetaTerms(id)
}
