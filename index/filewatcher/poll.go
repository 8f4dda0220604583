package filewatcher

import (
	"context"
	"io/fs"
	"sort"
	"time"
)

// Poll detects changes by walking the roots every Interval, down to Depth
// folder levels, and comparing the size and modification time of every
// file and folder; for network and FUSE filesystems where fsnotify sees
// nothing. Each tick with changes is one batch. Build one with New.
type Poll struct {
	// Interval is the period between walks.
	Interval time.Duration
	// Depth is the number of folder levels walked below each root.
	Depth int
}

// MaxDepth implements Depther.
func (p *Poll) MaxDepth() int { return p.Depth }

// stamp is what Poll compares between walks.
type stamp struct {
	size    int64
	modTime int64 // Unix nanoseconds
}

// Watch implements Watcher. It never fails: unreadable folders are
// skipped on each walk.
func (p *Poll) Watch(ctx context.Context, roots []string, onChange func([]string)) error {
	depth := p.Depth
	if depth <= 0 {
		depth = DefaultMaxDepth
	}
	interval := p.Interval
	if interval <= 0 {
		interval = DefaultPollInterval
	}
	snap := func() map[string]stamp {
		out := map[string]stamp{}
		for _, r := range roots {
			walkTree(r, r, depth, func(path string, info fs.FileInfo) {
				out[path] = stamp{info.Size(), info.ModTime().UnixNano()}
			})
		}
		return out
	}
	prev := snap()
	// Changes before the first snapshot are in its baseline and never
	// reported: the first batch says "rescan everything" (the Watcher
	// contract).
	onChange(nil)
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			cur := snap()
			var changed []string
			for k, v := range cur {
				if o, ok := prev[k]; !ok || o != v {
					changed = append(changed, k)
				}
			}
			for k := range prev {
				if _, ok := cur[k]; !ok {
					changed = append(changed, k)
				}
			}
			prev = cur
			if len(changed) > 0 {
				sort.Strings(changed)
				onChange(changed)
			}
		}
	}
}
