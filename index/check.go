package index

import (
	"errors"
	"fmt"
	"slices"
	"sort"
)

// check verifies the catalog's invariants, the way bbolt's Tx.Check
// verifies a file's: the store holds exactly the skills the catalog
// serves from, each record decodes to the skill in memory (same folder,
// same SKILL.md hash, same validity), and the search index holds exactly
// the valid ones. It holds refreshMu, so no refresh or background chunk
// runs meanwhile. Tests run it after each catalog test; a nil error means
// the store and the search index agree with each other and with memory.
func (c *Catalog) check() error {
	w := c.ref.lockWrite()
	defer w.unlock()
	if c.ref.closed {
		return nil
	}
	st, ix := c.pair.backends()
	mem := c.view.current(w)

	var errs []error
	stored := map[string]bool{}
	err := st.ForEach(func(id string, meta []byte) error {
		stored[id] = true
		s := mem[id]
		if s == nil {
			errs = append(errs, fmt.Errorf("store holds skill %q, which the catalog does not", id))
			return nil
		}
		r, err := decodeRecord(id, meta, len(c.ref.reader.roots))
		switch {
		case err != nil:
			errs = append(errs, fmt.Errorf("store record of %q: %w", id, err))
		case r.Dir != s.Dir || r.Hash != s.Hash || r.Valid != s.Valid:
			errs = append(errs, fmt.Errorf("store record of %q disagrees with memory: dir %q/%q hash %.8s/%.8s valid %v/%v",
				id, r.Dir, s.Dir, r.Hash, s.Hash, r.Valid, s.Valid))
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("read store: %w", err)
	}
	for id := range mem {
		if !stored[id] && c.pair.degraded == nil {
			errs = append(errs, fmt.Errorf("skill %q is not in the store", id))
		}
	}
	indexed, err := ix.IDs()
	if err != nil {
		return fmt.Errorf("read search index: %w", err)
	}
	var want []string
	for id, s := range mem {
		if s.Valid {
			want = append(want, id)
		}
	}
	sort.Strings(want)
	sort.Strings(indexed)
	if !slices.Equal(want, indexed) {
		errs = append(errs, fmt.Errorf("search index holds %d documents, the catalog %d valid skills (first difference: %s)",
			len(indexed), len(want), firstDiff(want, indexed)))
	}
	return errors.Join(errs...)
}

// firstDiff names the first id in one sorted list and not the other.
func firstDiff(a, b []string) string {
	i, j := 0, 0
	for i < len(a) && j < len(b) && a[i] == b[j] {
		i, j = i+1, j+1
	}
	switch {
	case i < len(a) && (j >= len(b) || a[i] < b[j]):
		return fmt.Sprintf("%q only in the catalog", a[i])
	case j < len(b):
		return fmt.Sprintf("%q only in the index", b[j])
	}
	return "none"
}
