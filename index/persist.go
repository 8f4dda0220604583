package index

import (
	"errors"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"sync"

	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/search"
	"github.com/skilldex/skilldex/store"
)

// State keys in the store. pendingKey lists the ids of the write in
// flight (store first, then search index), bodiesKey the ids whose body
// text may be missing from the search index; both are redone by the next
// Open after a crash.
const (
	pendingKey = "pending"
	bodiesKey  = "bodies"
)

// load reads the records an earlier run stored and makes the search index
// agree with them: ids the index lacks or holds too many, and the skills a
// crashed run was writing (the pending list), are re-indexed from the
// stored content.
func (c *refresher) load(w writing) error {
	skills, bad, gone, err := c.readStore()
	if err != nil {
		return fmt.Errorf("read store: %w", err)
	}
	if gone > 0 {
		c.log.Info("dropping the stored skills of roots the catalog no longer has", "records", gone)
	}
	if len(bad) > 0 {
		// Records that do not decode (damaged, of another record version,
		// naming another id or a root the catalog no longer has) are never
		// served: forgetting them makes the first refresh derive them again
		// from their folders, and the repair below drops their search
		// documents.
		if len(bad) > gone {
			c.log.Warn("store records unreadable or of another version; re-reading their skill folders", "records", len(bad)-gone)
		}
		if err := c.pair.st.Delete(bad...); err != nil {
			c.log.Warn("dropping unreadable store records", "err", err)
		}
	}
	redo := map[string]bool{}
	for _, id := range c.pair.stateIDs(pendingKey) {
		redo[id] = true
	}
	// Skills an earlier run recorded from their frontmatter only and did
	// not finish: the background pass completes them, or, without one,
	// forgetting them makes the first refresh parse them in full.
	deferred := c.pair.stateIDs(bodiesKey)
	for _, id := range deferred {
		if skills[id] == nil {
			continue
		}
		if c.opts.BackgroundBodies {
			c.bodies.add(id)
		} else {
			delete(skills, id)
			c.reparse = true
		}
	}
	indexed, err := c.pair.ix.IDs()
	if err != nil {
		return fmt.Errorf("%w: %w", errIndexRead, err)
	}
	var extra []string
	have := map[string]bool{}
	for _, id := range indexed {
		have[id] = true
		if s := skills[id]; s == nil || !s.Valid {
			extra = append(extra, id)
		}
	}
	for id, s := range skills {
		if s.Valid && !have[id] {
			redo[id] = true
		}
	}
	if len(extra)+len(redo) > 0 {
		// An interrupted write, a lost store or a damaged index: worth a
		// warning, since it says the data dir was not left in order.
		c.log.Warn("search index disagreed with the store; repairing it from the store", "missing", len(redo), "extra", len(extra))
	}
	if len(extra) > 0 {
		if err := c.pair.ix.Delete(extra...); err != nil {
			return fmt.Errorf("repair search index: %w", err)
		}
	}
	if len(redo) > 0 {
		var docs []search.Doc
		for id := range redo {
			s := skills[id]
			if s == nil || !s.Valid {
				continue
			}
			if c.opts.BackgroundBodies {
				// Metadata now, the body in the background: a lost
				// index is searchable again long before its bodies are.
				docs = append(docs, docFor(s, ""))
				c.bodies.add(id)
				continue
			}
			content, err := c.pair.st.File(id, s.SkillFile)
			if err != nil {
				delete(skills, id) // the next refresh parses it again
				continue
			}
			docs = append(docs, docFor(s, bodyOf(content)))
		}
		if err := c.bodies.save(w, c.pair.st); err != nil {
			return err
		}
		if err := c.pair.ix.Index(docs...); err != nil {
			return fmt.Errorf("repair search index: %w", err)
		}
		if err := c.pair.st.SetState(pendingKey, nil); err != nil {
			return err
		}
	}
	l := c.view.lock()
	l.replace(skills)
	l.unlock()
	return nil
}

// readStore decodes every stored skill record, and lists the ids of the
// records that do not decode (see decodeRecord), gone of them because
// they name a root the catalog does not have (errRootGone). Records are
// decoded on all cores while the store is read.
func (c *refresher) readStore() (skills map[string]*Skill, bad []string, gone int, err error) {
	type record struct {
		id   string
		meta string
	}
	workers := runtime.GOMAXPROCS(0)
	recs := make(chan record, 256)
	parts := make([]map[string]*Skill, workers)
	bads := make([][]string, workers)
	gones := make([]int, workers)
	var wg sync.WaitGroup
	for w := range parts {
		parts[w] = map[string]*Skill{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range recs {
				s, err := decodeRecordString(r.id, r.meta, len(c.reader.roots))
				if err != nil {
					c.log.Debug("store record not used", "id", r.id, "err", err)
					bads[w] = append(bads[w], r.id)
					if errors.Is(err, errRootGone) {
						gones[w]++
					}
					continue
				}
				parts[w][r.id] = s
			}
		}()
	}
	err = c.pair.st.ForEach(func(id string, meta []byte) error {
		recs <- record{id, string(meta)} // meta is valid only during the call
		return nil
	})
	close(recs)
	wg.Wait()
	if err != nil {
		return nil, nil, 0, err
	}
	skills = parts[0]
	for _, p := range parts[1:] {
		maps.Copy(skills, p)
	}
	for _, n := range gones {
		gone += n
	}
	return skills, slices.Concat(bads...), gone, nil
}

// stateIDs reads a state key holding a JSON list of ids; a missing or
// unreadable key is an empty list.
func (p *pair) stateIDs(key string) []string {
	var ids []string
	if val, err := p.st.State(key); err == nil && len(val) > 0 {
		if ids, err = decodeIDs(val); err != nil {
			p.log.Warn("ignoring unreadable store state", "key", key, "err", err)
		}
	}
	return ids
}

func bodyOf(content []byte) string {
	if _, body, _, ok := skillmd.SplitFrontmatter(content); ok {
		return string(body)
	}
	return string(content)
}

func docFor(s *Skill, body string) search.Doc {
	return search.Doc{ID: s.ID, Name: s.Name, Description: s.Description, Tags: s.Tags, Body: body}
}

// write stores parsed skills and removes the given ids, in the store and
// in the search index. The ids being written are recorded as pending
// first, so a crash during the writes is repaired at the next Open. With noBody the search documents leave the body out (the caller
// has queued the bodies); otherwise written and removed ids leave the
// queue. w proves refreshMu is held.
//
// A write that only adds skills the store does not hold (every batch of a
// cold build) records no pending list: whichever of the two writes a crash
// interrupts, the next Open finds the ids in one and not the other and
// repairs them (load), so the list's two synced commits per batch (a
// third of a cold build's store commits) bought nothing. For the same
// reason such a write does not wait for the search index to reach the
// disk (search.Index.IndexUnsynced: searchable at once, written in the
// background, in order); a write with a pending list waits for it
// (search.Index.Sync) before clearing the list.
func (c *refresher) write(w writing, ps []parsed, removed []string, noBody bool) error {
	b, err := newWriteBatch(ps, noBody)
	if err != nil {
		return err
	}
	return c.writeBatch(w, b, removed)
}

// writeBatch is what write writes of parsed skills: the store entries,
// the search documents (prepared for the search index when prep is set),
// the ids of invalid skills to drop from the search index.
type writeBatch struct {
	ps      []parsed
	noBody  bool
	entries []store.Entry
	docs    []search.Doc
	drop    []string
	prep    *search.Prepared
	// unsynced: the background body pass's chunk, which needs no pending
	// list and no sync (the saved body list covers a crash: bodyQueue).
	unsynced bool
}

// newWriteBatch encodes the records and makes the search documents of
// ps; with noBody the documents leave the body out. It touches neither
// the store nor the search index, so the refresh makes the next batch
// while the last is written.
func newWriteBatch(ps []parsed, noBody bool) (*writeBatch, error) {
	b := &writeBatch{ps: ps, noBody: noBody, entries: make([]store.Entry, 0, len(ps))}
	for _, p := range ps {
		meta, err := encodeRecord(p.skill)
		if err != nil {
			return nil, err
		}
		b.entries = append(b.entries, store.Entry{ID: p.skill.ID, Meta: meta, Files: p.files})
		if p.skill.Valid {
			body := p.body
			if noBody {
				body = ""
			}
			b.docs = append(b.docs, docFor(p.skill, body))
		} else {
			b.drop = append(b.drop, p.skill.ID)
		}
	}
	return b, nil
}

// prepare has ix map and analyse the batch's search documents now (see
// search.Index.Prepare). A failure is left for the write to report.
func (b *writeBatch) prepare(ix *search.Index) {
	if len(b.docs) > 0 {
		b.prep, _ = ix.Prepare(b.docs...)
	}
}

// writeBatch is write for a batch made by newWriteBatch.
func (c *refresher) writeBatch(_ writing, b *writeBatch, removed []string) error {
	var ids []string
	for _, p := range b.ps {
		ids = append(ids, p.skill.ID)
	}
	pending := len(removed) > 0
	if !pending && !b.unsynced {
		n, err := c.pair.st.Stored(ids...)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		pending = n > 0
	}
	ids = append(ids, removed...)
	if pending {
		if err := c.pair.st.SetState(pendingKey, encodeIDs(ids)); err != nil {
			return fmt.Errorf("store: %w", err)
		}
	}
	entries, docs, drop, noBody := b.entries, b.docs, b.drop, b.noBody
	// The two writes run side by side. Whichever order a crash interrupts
	// them in, the pending list makes the next Open re-index these ids
	// from the store (and drop index documents the store does not have).
	stored := make(chan error, 1)
	go func() {
		if len(entries) > 0 {
			if err := c.pair.st.Put(entries...); err != nil {
				stored <- err // already says "store: put PATH: ..."
				return
			}
		}
		if len(removed) > 0 {
			if err := c.pair.st.Delete(removed...); err != nil {
				stored <- err
				return
			}
		}
		stored <- nil
	}()
	drop = append(drop, removed...)
	// The search index's writes return once searchable; only a pending
	// list waits for them to reach the disk before it is cleared. Without
	// one (skills new to the store), a crash loses at most the index's
	// last writes, and the next Open re-indexes the ids the index lacks.
	var ixErr error
	if len(drop) > 0 {
		if err := c.pair.ix.DeleteUnsynced(drop...); err != nil {
			ixErr = fmt.Errorf("search index: %w", err)
		}
	}
	if len(docs) > 0 && ixErr == nil {
		var err error
		if b.prep != nil {
			err = c.pair.ix.IndexPreparedUnsynced(b.prep)
		} else {
			err = c.pair.ix.IndexUnsynced(docs...)
		}
		if err != nil {
			ixErr = fmt.Errorf("search index: %w", err)
		}
	}
	if pending && ixErr == nil {
		if err := c.pair.ix.Sync(); err != nil {
			ixErr = fmt.Errorf("search index: %w", err)
		}
	}
	if err := errors.Join(<-stored, ixErr); err != nil {
		return err
	}
	if !noBody && !b.unsynced {
		c.bodies.remove(ids...)
	}
	if !pending {
		return nil
	}
	return c.pair.st.SetState(pendingKey, nil)
}
