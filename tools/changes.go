package tools

import (
	"sync"

	"github.com/skilldex/skilldex/index"
)

// onChange subscribes fn to catalog changes without ever running it on the
// catalog's refreshing goroutine: Catalog.Subscribe callbacks must not
// block, but fn sends MCP notifications, and a client that stops reading
// (a full stdio pipe, a stalled HTTP stream) would otherwise stall every
// refresh behind it. Changes that arrive while fn runs are merged into one,
// so a stuck client costs at most one pending Change (bounded by the
// catalog size), never a queue or a goroutine per change. fn calls are
// serialised and see changes in order.
func (h *deps) onChange(fn func(index.Change)) {
	var (
		mu      sync.Mutex
		pending *index.Change
		wake    = make(chan struct{}, 1)
	)
	go func() {
		for range wake {
			mu.Lock()
			ch := pending
			pending = nil
			mu.Unlock()
			if ch != nil {
				fn(*ch)
			}
		}
	}()
	h.cat.Subscribe(func(ch index.Change) {
		mu.Lock()
		if pending == nil {
			pending = &index.Change{}
		}
		pending.Added = append(pending.Added, ch.Added...)
		pending.Updated = append(pending.Updated, ch.Updated...)
		pending.Removed = append(pending.Removed, ch.Removed...)
		pending.ListChanged = pending.ListChanged || ch.ListChanged
		mu.Unlock()
		select {
		case wake <- struct{}{}:
		default: // the worker is already due to run
		}
	})
}
