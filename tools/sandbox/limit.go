package sandbox

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"
)

// ErrBusy: every script slot of a Limited sandbox stayed taken for the
// whole wait; nothing ran. The caller may try again later.
var ErrBusy = errors.New("too many scripts running")

// DefaultMaxRuns is the number of scripts a server runs at once by
// default: one per CPU, at least 2. Each run is a process tree with up to
// 2 MiB of captured output, so the bound caps processes and memory when
// many agents call at once.
func DefaultMaxRuns() int { return max(2, runtime.NumCPU()) }

// DefaultMaxWait is how long a run waits for a free slot before ErrBusy.
const DefaultMaxWait = 30 * time.Second

// Limited is a Sandbox that runs at most n scripts at once; further runs
// wait for a slot up to maxWait (or until their context ends).
type Limited struct {
	next    Sandbox
	slots   chan struct{}
	maxWait time.Duration
}

var _ Sandbox = (*Limited)(nil)

// Limit wraps sb so that at most n scripts run at once (n <= 0 means
// DefaultMaxRuns) and a run waits at most maxWait for a slot (<= 0 means
// DefaultMaxWait).
func Limit(sb Sandbox, n int, maxWait time.Duration) *Limited {
	if n <= 0 {
		n = DefaultMaxRuns()
	}
	if maxWait <= 0 {
		maxWait = DefaultMaxWait
	}
	return &Limited{next: sb, slots: make(chan struct{}, n), maxWait: maxWait}
}

// Name returns the wrapped sandbox's name.
func (l *Limited) Name() string { return l.next.Name() }

// Run implements [Sandbox]: it takes a slot, then runs req in the wrapped
// sandbox. Errors: those of the wrapped Run; ErrBusy when no slot freed
// within the wait; ctx's error when ctx ended first.
func (l *Limited) Run(ctx context.Context, req Request) (*Result, error) {
	t := time.NewTimer(l.maxWait)
	defer t.Stop()
	select {
	case l.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-t.C:
		return nil, fmt.Errorf("%w: %d scripts are already running on this server and none finished within %v; try again later", ErrBusy, cap(l.slots), l.maxWait)
	}
	defer func() { <-l.slots }()
	return l.next.Run(ctx, req)
}
