package filewatcher

import (
	"sort"
	"sync"
	"time"
)

// batcher debounces paths: it signals flush after debounce without new
// paths, or maxBatchDelay after the first unflushed path, whichever comes
// first. It owns its lock: add runs on the event goroutine, fire on a
// timer goroutine.
type batcher struct {
	debounce time.Duration
	flush    chan struct{} // capacity 1: one pending signal is enough

	mu    sync.Mutex
	paths map[string]bool // "" stands for "rescan everything"
	first time.Time
	timer *time.Timer
}

func newBatcher(d time.Duration) *batcher {
	return &batcher{debounce: d, paths: map[string]bool{}, flush: make(chan struct{}, 1)}
}

// add records p ("" for "rescan everything") and (re)arms the timer.
func (b *batcher) add(p string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.paths) == 0 {
		b.first = time.Now()
	}
	b.paths[p] = true
	wait := b.debounce
	if rest := maxBatchDelay - time.Since(b.first); rest < wait {
		wait = max(rest, 0)
	}
	if b.timer == nil {
		b.timer = time.AfterFunc(wait, b.fire)
	} else {
		b.timer.Reset(wait)
	}
}

func (b *batcher) fire() {
	select {
	case b.flush <- struct{}{}:
	default:
	}
}

// stop stops the timer; a flush already signalled stays in the channel.
func (b *batcher) stop() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.timer != nil {
		b.timer.Stop()
	}
}

// take returns the recorded paths, sorted (so "" comes first), and empties
// the batch.
func (b *batcher) take() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]string, 0, len(b.paths))
	for p := range b.paths {
		out = append(out, p)
	}
	sort.Strings(out)
	b.paths = map[string]bool{}
	return out
}
