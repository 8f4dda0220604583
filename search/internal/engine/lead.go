package engine

import (
	"strings"
	"sync"
	"sync/atomic"
)

// LeadCap is how many leading stored terms (MetaTerms) of a document
// Reader.Lead keeps in memory; a longer lead is read from the stored
// document each time.
const LeadCap = 12

// leadCache keeps the first LeadCap stored terms of the documents whose
// lead was read (Reader.Lead), so a search reads a stored document (and
// decompresses its chunk) once per document, not once per search. It
// fills as searches ask; a write drops the entries of the documents it
// touches.
//
// Consistency with a Reader's snapshot: seq is even between writes and
// odd while one is being applied (beginWrite, endWrite, under Engine.wmu).
// A Reader notes seq before it opens its snapshot and uses or fills the
// cache only while seq still has that even value: then no batch was
// applied since, so the snapshot holds what the cache holds. A Reader
// opened during a write, or one outlived by a write, reads the stored
// document as before.
//
// Locks: mu guards m; it is a leaf (taken under Engine.wmu by endWrite,
// and alone by readers).
type leadCache struct {
	seq atomic.Uint64

	mu sync.RWMutex
	m  map[string]string // document ID -> its first LeadCap terms, space-separated

	pending []string // IDs written since beginWrite; guarded by Engine.wmu
}

// beginWrite marks a write in progress; the caller holds Engine.wmu.
func (c *leadCache) beginWrite() { c.seq.Add(1) }

// written notes that the write in progress touches id; the caller holds
// Engine.wmu.
func (c *leadCache) written(id string) { c.pending = append(c.pending, id) }

// endWrite drops the entries of the documents written since beginWrite
// and marks the write done; the caller holds Engine.wmu.
func (c *leadCache) endWrite() {
	c.mu.Lock()
	for _, id := range c.pending {
		delete(c.m, id)
	}
	c.seq.Add(1)
	c.mu.Unlock()
	c.pending = c.pending[:0]
}

// get returns id's cached lead when the cache is valid for a Reader that
// noted seq.
func (c *leadCache) get(seq uint64, id string) (lead string, ok bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.seq.Load() != seq {
		return "", false
	}
	lead, ok = c.m[id]
	return lead, ok
}

// put caches id's lead when the cache is valid for a Reader that noted
// seq.
func (c *leadCache) put(seq uint64, id, lead string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.seq.Load() != seq {
		return
	}
	if c.m == nil {
		c.m = make(map[string]string)
	}
	c.m[strings.Clone(id)] = lead
}

// size is the number of cached leads (for tests and benchmarks).
func (c *leadCache) size() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.m)
}

// Lead returns the first k stored terms of document id (MetaTerms(id)[:k],
// fewer when it has fewer), space-separated: its name and the opening of
// its indexed description. ok is false when there is no such document.
// For k up to LeadCap the terms are read from the stored document once
// and kept in memory (see leadCache) until the document is written again.
func (r *Reader) Lead(id string, k int) (lead string, ok bool, err error) {
	if k <= 0 {
		_, ok, err = r.MetaTerms(id)
		return "", ok, err
	}
	cacheable := k <= LeadCap && r.leadSeq%2 == 0
	if cacheable {
		if lead, ok := r.e.leads.get(r.leadSeq, id); ok {
			return firstTerms(lead, k), true, nil
		}
	}
	terms, ok, err := r.MetaTerms(id)
	if err != nil || !ok {
		return "", ok, err
	}
	if cacheable {
		lead = strings.Join(terms[:min(len(terms), LeadCap)], " ")
		r.e.leads.put(r.leadSeq, id, lead)
		return firstTerms(lead, k), true, nil
	}
	return strings.Join(terms[:min(len(terms), k)], " "), true, nil
}

// LeadCached is the number of documents whose lead the Engine holds in
// memory (Reader.Lead).
func (e *Engine) LeadCached() int { return e.leads.size() }

// firstTerms is the first k space-separated terms of lead.
func firstTerms(lead string, k int) string {
	end := 0
	for i := 0; i < k; i++ {
		j := strings.IndexByte(lead[end:], ' ')
		if j < 0 {
			return lead
		}
		if i == k-1 {
			return lead[:end+j]
		}
		end += j + 1
	}
	return lead
}

// HasTerm reports whether term is one of the space-separated terms of
// lead (as Reader.Lead returns it).
func HasTerm(lead, term string) bool {
	if term == "" {
		return false
	}
	for len(lead) > 0 {
		i := strings.IndexByte(lead, ' ')
		if i < 0 {
			return lead == term
		}
		if lead[:i] == term {
			return true
		}
		lead = lead[i+1:]
	}
	return false
}
