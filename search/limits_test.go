package search

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestRequestLimits is issue 14's B5: a 3 MB word and a 140,000-word
// query get a clear error that does not echo the input; long words are
// never typo-corrected; a search past its budget fails with ErrBudget.
func TestRequestLimits(t *testing.T) {
	ix := openMem(t, append(filler(10), Doc{ID: "pdf", Name: "pdf-forms", Description: "Fill PDF forms."},
		Doc{ID: "long", Name: "long-word", Description: "Pneumonoultramicroscopicsilicovolcanoconiosis explained."})...)
	huge := strings.Repeat("a", 3<<20)
	many := strings.TrimSpace(strings.Repeat("word ", 140000))
	cases := []struct {
		name string
		req  Request
	}{
		{"3 MB word", Request{Query: huge}},
		{"140,000 words", Request{Query: many}},
		{"257 short words", Request{Query: strings.Repeat("x ", MaxQueryWords+1)}},
		{"too many keywords", Request{Query: "pdf", Keywords: strings.Fields(strings.Repeat("k ", MaxKeywords+1))}},
		{"long keyword", Request{Query: "pdf", Keywords: []string{strings.Repeat("k", MaxKeywordBytes+1)}}},
	}
	for _, c := range cases {
		_, err := ix.Search(context.Background(), c.req)
		if !errors.Is(err, ErrQueryTooLong) {
			t.Errorf("%s: err = %v, want ErrQueryTooLong", c.name, err)
			continue
		}
		if len(err.Error()) > 200 || strings.Contains(err.Error(), "aaaa") || strings.Contains(err.Error(), "word word") {
			t.Errorf("%s: the error echoes the input or is too long: %.300q", c.name, err.Error())
		}
	}
	// At the limits the query is served.
	ok := strings.TrimSpace(strings.Repeat("pdf ", MaxQueryWords))
	if res, err := ix.Search(context.Background(), Request{Query: ok}); err != nil || len(res.Hits) == 0 {
		t.Errorf("a query of %d words: %v", MaxQueryWords, err)
	}
	// A long word that is not indexed is not corrected (the automaton is
	// only built for words up to maxFuzzyLen runes).
	if res := mustSearch(t, ix, Request{Query: "pneumonoultramicroscopicsilicovolcanoconiosiss"}); len(res.Hits) != 0 {
		t.Errorf("a 46-letter word was typo-corrected to %v", ids(res.Hits))
	}
	// The budget: an already expired budget context fails as ErrBudget, a
	// caller's cancellation as the caller's error.
	parent := context.Background()
	ctx, cancel := context.WithTimeoutCause(parent, time.Nanosecond, ErrBudget)
	defer cancel()
	<-ctx.Done()
	if _, err := ix.search(ctx, Request{Query: "fill pdf forms", Limit: 10}); !errors.Is(budgetErr(parent, ctx, err), ErrBudget) {
		t.Errorf("expired budget: %v, want ErrBudget", err)
	}
	cctx, ccancel := context.WithCancel(parent)
	ccancel()
	if _, err := ix.Search(cctx, Request{Query: "fill pdf forms"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled by the caller: %v, want context.Canceled", err)
	}
}
