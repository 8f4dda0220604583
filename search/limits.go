package search

import (
	"context"
	"errors"
	"fmt"
	"time"
	"unicode"
)

// Request limits: a query is a task in a sentence or two, not a
// document, and without them one huge word makes the typo automaton ask
// for memory without bound, and a huge query burns CPU for minutes.
const (
	// MaxQueryBytes is the longest Request.Query accepted, in bytes.
	MaxQueryBytes = 4096
	// MaxQueryWords is the most words (runs of letters and digits) a
	// Request.Query may hold.
	MaxQueryWords = 256
	// MaxKeywords is the most Request.Keywords accepted; MaxKeywordBytes
	// the longest one.
	MaxKeywords     = 32
	MaxKeywordBytes = 128
	// maxFuzzyLen is the longest word (in runes) typo correction is tried
	// for: the automaton's size grows with the word, and no real typo of a
	// skill word is that long.
	maxFuzzyLen = 24
	// searchBudget bounds the time one Search may run (planning, typo
	// correction and scoring) before it fails with ErrBudget. It is a
	// backstop against a query the limits above let through and that
	// still runs away, not a latency target: a real search takes
	// milliseconds, and on a machine starved of CPU (a loaded CI runner,
	// the race detector) a slow but sound search must still be answered.
	searchBudget = 30 * time.Second
	// MaxWindow is the largest Request.Limit + Request.Offset accepted:
	// more hits than any catalog holds (the goal is 100,000 skills), small
	// enough that nothing sized by it can exhaust memory or overflow.
	MaxWindow = 1 << 20
)

// ErrQueryTooLong is returned (wrapped, with the sizes but never the
// text) by Search for a query or keywords over the limits above.
var ErrQueryTooLong = errors.New("search: query too long")

// ErrBudget is returned (wrapped) by Search when one search runs past its
// time budget (searchBudget); the caller's own cancellation is reported as
// the context's error instead.
var ErrBudget = errors.New("search: query exceeded its time budget")

// ErrWindowTooLarge is returned (wrapped, with the sizes) by Search when
// Request.Limit + Request.Offset is over MaxWindow.
var ErrWindowTooLarge = errors.New("search: limit and offset too large")

// checkWindow validates req's Limit and Offset: neither negative, and
// their sum (computed without overflow) at most MaxWindow.
func checkWindow(req *Request) error {
	if req.Limit < 0 || req.Offset < 0 {
		return fmt.Errorf("search: limit (%d) and offset (%d) must be >= 0", req.Limit, req.Offset)
	}
	if req.Limit > MaxWindow || req.Offset > MaxWindow-req.Limit {
		return fmt.Errorf("%w: limit %d + offset %d, at most %d in all", ErrWindowTooLarge, req.Limit, req.Offset, MaxWindow)
	}
	return nil
}

// checkLimits validates req's sizes; the error names sizes and limits only.
func checkLimits(req *Request) error {
	if err := checkWindow(req); err != nil {
		return err
	}
	if n := len(req.Query); n > MaxQueryBytes {
		return fmt.Errorf("%w: %d bytes, at most %d: describe the task in a sentence or two", ErrQueryTooLong, n, MaxQueryBytes)
	}
	if n := countWords(req.Query, MaxQueryWords+1); n > MaxQueryWords {
		return fmt.Errorf("%w: more than %d words: describe the task in a sentence or two", ErrQueryTooLong, MaxQueryWords)
	}
	if n := len(req.Keywords); n > MaxKeywords {
		return fmt.Errorf("%w: %d keywords, at most %d", ErrQueryTooLong, n, MaxKeywords)
	}
	for i, k := range req.Keywords {
		if len(k) > MaxKeywordBytes {
			return fmt.Errorf("%w: keyword %d is %d bytes, at most %d", ErrQueryTooLong, i+1, len(k), MaxKeywordBytes)
		}
	}
	return nil
}

// countWords counts runs of letters and digits in s, stopping at limit.
func countWords(s string, limit int) int {
	n, in := 0, false
	for _, r := range s {
		w := unicode.IsLetter(r) || unicode.IsDigit(r)
		if w && !in {
			n++
			if n >= limit {
				return n
			}
		}
		in = w
	}
	return n
}

// budget derives the per-search context: cancelled after searchBudget.
func budget(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeoutCause(ctx, searchBudget, ErrBudget)
}

// budgetErr maps a failure under the budget context to ErrBudget when the
// budget (not the caller) ended it.
func budgetErr(parent, ctx context.Context, err error) error {
	if parent.Err() == nil && errors.Is(context.Cause(ctx), ErrBudget) {
		return fmt.Errorf("%w (%v)", ErrBudget, searchBudget)
	}
	return err
}
