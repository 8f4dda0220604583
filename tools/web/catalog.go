package web

import (
	"context"
	"sync"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/audit"
)

// snapshot is what the pages need of the catalog at one generation: the
// visible served skills in list order and who shadows whom. It is built
// on the first request after a catalog change, so a page costs a lookup,
// not a walk of the catalog.
type snapshot struct {
	gen uint64
	// all are the visible served skills (shadowed ones included), sorted
	// by name then id (index.Catalog.Records order). Read-only records.
	all  []*index.Skill
	byID map[string]*index.Skill
	// hidden are the ids of served skills the pages leave out.
	hidden map[string]bool
	// shadows maps a winner's id to the visible skills it shadows.
	shadows map[string][]*index.Skill
}

// hiddenSkill reports whether the pages leave s out: its author hid it
// from the model and the server does not expose hidden skills.
func (h *handler) hiddenSkill(s *index.Skill) bool {
	return s.DisableModelInvocation && !h.opts.ExposeHidden
}

// current returns the snapshot of the catalog as it is now.
func (h *handler) current() *snapshot {
	g := h.gen.Load()
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.snap != nil && h.snap.gen == g {
		return h.snap
	}
	recs := h.cat.Records(index.ListOptions{IncludeShadowed: true})
	s := &snapshot{gen: g, all: make([]*index.Skill, 0, len(recs)), byID: make(map[string]*index.Skill, len(recs)),
		hidden: map[string]bool{}, shadows: map[string][]*index.Skill{}}
	for _, r := range recs {
		if h.hiddenSkill(r) {
			s.hidden[r.ID] = true
			continue
		}
		s.all = append(s.all, r)
		s.byID[r.ID] = r
		if r.ShadowedBy != "" {
			s.shadows[r.ShadowedBy] = append(s.shadows[r.ShadowedBy], r)
		}
	}
	h.snap = s
	return s
}

// statusCache holds the worst audit severity of each skill record
// audited so far. Records are never changed in place (a changed skill is
// a new record), so the record pointer says whether an entry is current.
type statusCache struct {
	mu       sync.Mutex
	m        map[string]status
	sweeping bool
	swept    uint64 // generation of the last finished sweep, plus one
}

type status struct {
	rec   *index.Skill
	worst audit.Severity
}

func newStatusCache() *statusCache { return &statusCache{m: map[string]status{}} }

// get returns the worst severity of rec's audit, and whether rec was
// audited.
func (c *statusCache) get(rec *index.Skill) (audit.Severity, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	st, ok := c.m[rec.ID]
	if !ok || st.rec != rec {
		return audit.SeverityNone, false
	}
	return st.worst, true
}

func (c *statusCache) put(rec *index.Skill, f []audit.Finding) {
	w := audit.SeverityNone
	for _, x := range f {
		w = max(w, x.Severity)
	}
	c.mu.Lock()
	c.m[rec.ID] = status{rec: rec, worst: w}
	c.mu.Unlock()
}

// sweep audits, one at a time in the background, the skills of snap
// whose current records have no status yet (Options.AuditSweep). One
// sweep runs at a time; a later snapshot starts another when this one
// ends.
func (h *handler) sweep(snap *snapshot) {
	c := h.statuses
	c.mu.Lock()
	if !h.opts.AuditSweep || c.sweeping || c.swept == snap.gen+1 {
		c.mu.Unlock()
		return
	}
	c.sweeping = true
	c.mu.Unlock()
	go func() {
		for _, rec := range snap.all {
			if _, ok := c.get(rec); ok {
				continue
			}
			c.put(rec, h.audit.Skill(context.Background(), *rec))
		}
		c.mu.Lock()
		c.sweeping = false
		c.swept = snap.gen + 1
		c.mu.Unlock()
	}()
}

// audited counts the skills of snap with a current status.
func (c *statusCache) audited(snap *snapshot) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, r := range snap.all {
		if st, ok := c.m[r.ID]; ok && st.rec == r {
			n++
		}
	}
	return n
}
