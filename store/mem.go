package store

import (
	"cmp"
	"errors"
	"slices"
	"sync"
)

// memBackend is the in-memory store: maps guarded by a RWMutex. Stored
// skills are immutable once built (a Put swaps in new *memSkill values), so
// a reader can keep a pointer after releasing the lock and see a consistent
// record; every write builds its new values first and then applies them
// under the write lock, where nothing can fail, which makes it
// all-or-nothing like a bbolt transaction.
type memBackend struct {
	mu     sync.RWMutex
	closed bool
	skills map[string]*memSkill
	kv     map[string][]byte
	// order caches the sorted ids for ForEach; nil when the id set has
	// changed since. Published slices are never modified. keysGen counts
	// id set changes, so a ForEach that sorted without the write lock
	// publishes its order only if it is still current.
	order   []string
	keysGen uint64
}

type memSkill struct {
	meta  []byte
	files map[string][]byte
}

func newMem() *memBackend {
	return &memBackend{skills: map[string]*memSkill{}, kv: map[string][]byte{}}
}

// cloneSkill deep-copies an Entry into one allocation for all the bytes.
func cloneSkill(e *Entry) *memSkill {
	n := len(e.Meta)
	for _, d := range e.Files {
		n += len(d)
	}
	arena := make([]byte, 0, n)
	take := func(b []byte) []byte {
		start := len(arena)
		arena = append(arena, b...)
		return arena[start:len(arena):len(arena)]
	}
	sk := &memSkill{meta: take(e.Meta)}
	if len(e.Files) > 0 {
		sk.files = make(map[string][]byte, len(e.Files))
		for rel, d := range e.Files {
			sk.files[rel] = take(d)
		}
	}
	return sk
}

func (m *memBackend) put(entries []Entry) error {
	built := make([]*memSkill, len(entries))
	for i := range entries {
		built[i] = cloneSkill(&entries[i])
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return closedErr("")
	}
	for i := range entries {
		id := entries[i].ID
		if _, ok := m.skills[id]; !ok {
			m.keysChanged()
		}
		m.skills[id] = built[i] // in order: the last entry of an ID wins
	}
	return nil
}

func (m *memBackend) del(ids []string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return closedErr("")
	}
	for _, id := range ids {
		if _, ok := m.skills[id]; ok {
			delete(m.skills, id)
			m.keysChanged()
		}
	}
	return nil
}

// get returns the skill record for id under the read lock.
func (m *memBackend) get(id string) (*memSkill, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return nil, closedErr("")
	}
	sk := m.skills[id]
	if sk == nil {
		return nil, notFound("skill", id)
	}
	return sk, nil
}

func (m *memBackend) meta(id string) ([]byte, error) {
	sk, err := m.get(id)
	if err != nil {
		return nil, err
	}
	return append([]byte{}, sk.meta...), nil
}

func (m *memBackend) stored(ids []string) (int, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return 0, closedErr("")
	}
	n := 0
	for _, id := range ids {
		if m.skills[id] != nil {
			n++
		}
	}
	return n, nil
}

func (m *memBackend) file(id, rel string) ([]byte, error) {
	sk, err := m.get(id)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return nil, fileNotFound(id, rel)
		}
		return nil, err
	}
	d, ok := sk.files[rel]
	if !ok {
		return nil, fileNotFound(id, rel)
	}
	return append([]byte{}, d...), nil
}

func (m *memBackend) fileNames(id string) ([]string, error) {
	sk, err := m.get(id)
	if err != nil {
		return nil, err
	}
	return sortedNames(sk.files), nil
}

func (m *memBackend) forEach(fn func(id string, meta []byte) error) error {
	type rec struct {
		id string
		sk *memSkill
	}
	m.mu.RLock()
	if m.closed {
		m.mu.RUnlock()
		return closedErr("")
	}
	snap := make([]rec, 0, len(m.skills))
	order, gen := m.order, m.keysGen
	if order != nil {
		for _, id := range order {
			snap = append(snap, rec{id, m.skills[id]})
		}
	} else {
		for id, sk := range m.skills {
			snap = append(snap, rec{id, sk})
		}
	}
	m.mu.RUnlock()
	if order == nil {
		slices.SortFunc(snap, func(a, b rec) int { return cmp.Compare(a.id, b.id) })
		order = make([]string, len(snap))
		for i, r := range snap {
			order[i] = r.id
		}
		m.mu.Lock()
		if m.keysGen == gen && !m.closed {
			m.order = order
		}
		m.mu.Unlock()
	}
	// fn gets a reused buffer, not the stored slice: it cannot alter the
	// store, and keeping meta past the call is caught by tests just as with
	// bbolt's memory-mapped pages.
	var buf []byte
	for _, r := range snap {
		buf = append(buf[:0], r.sk.meta...)
		if err := fn(r.id, buf); err != nil {
			return err
		}
	}
	return nil
}

// keysChanged invalidates the ForEach order; m.mu must be write-locked.
func (m *memBackend) keysChanged() {
	m.order = nil
	m.keysGen++
}

func (m *memBackend) count() (int, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return 0, closedErr("")
	}
	return len(m.skills), nil
}

func (m *memBackend) state(key string) ([]byte, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return nil, closedErr("")
	}
	v, ok := m.kv[key]
	if !ok {
		return nil, notFound("state key", key)
	}
	return append([]byte{}, v...), nil
}

func (m *memBackend) setState(key string, val []byte) error {
	v := append([]byte{}, val...)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return closedErr("")
	}
	m.kv[key] = v
	return nil
}

func (m *memBackend) sync() error {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return closedErr("")
	}
	return nil
}

func (m *memBackend) close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	m.skills, m.kv, m.order = nil, nil, nil
	return nil
}
