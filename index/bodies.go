package index

import (
	"context"
	"errors"

	"github.com/skilldex/skilldex/store"
)

// deferBodiesMin is the fewest skills a refresh must parse before it
// defers their bodies (BackgroundBodies): one edited skill is indexed whole
// at once, so a change is searchable in full as soon as it is visible.
const deferBodiesMin = 64

// bodyChunk is how many skills the background pass completes per hold of
// refreshMu: one search index batch (each batch waits for the index to
// persist, and each persist rewrites per-document state, so fewer and
// larger is much faster). That is up to about a second of work on two
// shared cores, the longest a watcher's refresh waits behind the pass
// while it runs.
const bodyChunk = 250

// BodiesPending returns how many served skills' body text is not yet in
// the search index: 0 once a BackgroundBodies build has finished (and
// always 0 without BackgroundBodies). While it is above 0, names,
// descriptions and tags are fully searchable but a query that only
// matches body text may miss those skills.
func (c *Catalog) BodiesPending() int {
	c.bodyMu.Lock()
	defer c.bodyMu.Unlock()
	return len(c.bodies) + c.inFlight
}

// kickBodies wakes the background body pass if there is work for it.
func (c *Catalog) kickBodies() {
	if c.bodyStop == nil || c.BodiesPending() == 0 {
		return
	}
	select {
	case c.bodyKick <- struct{}{}:
	default:
	}
}

// indexBodies is the background body pass: it runs until ctx ends,
// indexing the pending bodies in chunks whenever kicked.
func (c *Catalog) indexBodies(ctx context.Context) {
	defer c.bodyDone.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.bodyKick:
		}
		for ctx.Err() == nil {
			more, err := c.indexBodyChunk(ctx)
			if err != nil {
				c.bodyFailed(ctx, err)
				break
			}
			if !more {
				break
			}
		}
	}
}

// indexBodyChunk completes up to bodyChunk skills of a deferred build and
// reports whether more are pending: each folder is parsed in full (body,
// references, every file hashed and cached) and written to the store and
// the search index with its body. It holds refreshMu, so no refresh
// interleaves: it starts from the store's current record, and an id the
// store no longer has is dropped. A skill whose SKILL.md changed since
// its record was made is left alone: its fingerprint changed too, so the
// next refresh (or the stat of a load) parses it again.
func (c *Catalog) indexBodyChunk(ctx context.Context) (bool, error) {
	c.refreshMu.Lock()
	defer c.refreshMu.Unlock()
	if ctx.Err() != nil {
		return false, nil
	}
	// The chunk's ids move to inFlight: still counted by BodiesPending,
	// and still in the saved list until the pass has written them.
	c.bodyMu.Lock()
	ids := make([]string, 0, bodyChunk)
	for id := range c.bodies {
		if len(ids) == bodyChunk {
			break
		}
		ids = append(ids, id)
		delete(c.bodies, id)
	}
	c.inFlight = len(ids)
	c.bodyMu.Unlock()
	if len(ids) == 0 {
		return false, nil
	}
	more, err := c.completeSkills(ids)
	c.bodyMu.Lock()
	if err != nil {
		for _, id := range ids {
			c.bodies[id] = struct{}{}
		}
	}
	c.inFlight = 0
	c.bodyMu.Unlock()
	return more, err
}

// completeSkills is indexBodyChunk's work on ids; callers hold refreshMu.
func (c *Catalog) completeSkills(ids []string) (bool, error) {
	var fs []*found
	var fids []string
	var recs []*Skill
	for _, id := range ids {
		meta, err := c.st.Meta(id)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return false, err
		}
		s, err := decodeRecord(id, meta, len(c.opts.Roots))
		if err != nil {
			continue // load drops such records; the next refresh re-reads the folder
		}
		files := append([]FileInfo(nil), s.Files...)
		for i := range files {
			files[i].Hash = ""
		}
		fs = append(fs, &found{root: s.Root, dir: s.Dir, realDir: s.RealDir, rel: s.Rel, depth: s.Depth, skillFile: s.SkillFile, files: files})
		fids, recs = append(fids, id), append(recs, s)
	}
	all := make([]int, len(fs))
	for i := range all {
		all[i] = i
	}
	var done []parsed
	for k, p := range c.reader.parseAll(fs, fids, all, false) {
		if p.skill.Hash == recs[k].Hash {
			done = append(done, p)
		}
	}
	if err := c.write(done, nil, false); err != nil {
		return false, err
	}
	c.mu.Lock()
	reshadow := false
	for _, p := range done {
		cur := c.skills[p.skill.ID]
		if cur == nil || cur.Hash != p.skill.Hash || cur.Dir != p.skill.Dir {
			continue
		}
		p.skill.ShadowedBy = cur.ShadowedBy
		c.skills[p.skill.ID] = p.skill
		if c.byDir[p.skill.Dir] == cur {
			c.byDir[p.skill.Dir] = p.skill
		}
		reshadow = reshadow || cur.Valid != p.skill.Valid || cur.Name != p.skill.Name
	}
	if reshadow {
		c.reshadow()
	}
	c.mu.Unlock()
	c.bodyMu.Lock()
	left := len(c.bodies)
	c.bodyMu.Unlock()
	if left == 0 {
		return false, c.saveBodies()
	}
	return true, nil
}
