package tools

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"

	"github.com/skilldex/skilldex/index"
)

// modelView is the catalog as the model may see it: skills whose author
// hid them from the model (index.Skill.DisableModelInvocation: Claude
// Code's disable-model-invocation: true, Codex's allow_implicit_invocation:
// false) are left out of everything that lists or finds skills - List,
// Search, the close names of a not-found error - so no profile's list,
// search, dynamic description or not-found answer, and no resources
// listing, shows them. Resolve, Load and ReadFile by exact name, id or
// URI still reach them: people can still load a hidden skill by name.
// Every profile reads the catalog through it, so the
// rule lives here once.
type modelView struct {
	catalog
	// expose shows author-hidden skills; audit (serve --audit=hide)
	// hides skills the security audit flags.
	expose bool
	audit  func(index.Skill) bool

	// gen counts catalog changes; the hidden sets below are those of
	// generation cached.gen, recomputed when it is behind.
	gen    atomic.Uint64
	mu     sync.Mutex
	cached *hiddenSets
}

// hiddenSets are the catalog's hidden skills at one generation.
type hiddenSets struct {
	gen uint64
	ids map[string]bool
	// names are the names only hidden skills carry (folded): a close
	// name a not-found error must not suggest.
	names map[string]bool
	// served counts the hidden skills the catalog serves (valid, winning
	// their name): what a not-found error's total must not count.
	served int
}

// newModelView wraps cat; with expose (serve --expose-hidden) it is cat
// itself.
func newModelView(cat catalog, expose bool, audit func(index.Skill) bool) catalog {
	if expose && audit == nil || cat == nil {
		return cat
	}
	v := &modelView{catalog: cat, expose: expose, audit: audit}
	cat.Subscribe(func(index.Change) { v.gen.Add(1) }) // must not block: one atomic add
	return v
}

// hidden returns the hidden sets of the catalog as it is now: one List
// per catalog change, not per call.
func (v *modelView) hidden() *hiddenSets {
	g := v.gen.Load()
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.cached != nil && v.cached.gen == g {
		return v.cached
	}
	hs := &hiddenSets{gen: g, ids: map[string]bool{}, names: map[string]bool{}}
	visible := map[string]bool{}
	for _, s := range v.catalog.Records(index.ListOptions{IncludeShadowed: true, IncludeInvalid: true}) {
		if v.isHidden(*s) {
			hs.ids[s.ID] = true
			hs.names[fold(s.Name)] = true
			if s.Valid && s.ShadowedBy == "" {
				hs.served++
			}
		} else {
			visible[fold(s.Name)] = true
		}
	}
	for n := range hs.names {
		if visible[n] {
			delete(hs.names, n)
		}
	}
	v.cached = hs
	return hs
}

// List is Catalog.List without hidden skills.
func (v *modelView) List(o index.ListOptions) []index.Skill {
	all := v.catalog.List(o)
	out := all[:0]
	for _, s := range all {
		if !v.isHidden(s) {
			out = append(out, s)
		}
	}
	return out
}

// Records is Catalog.Records without hidden skills.
func (v *modelView) Records(o index.ListOptions) []*index.Skill {
	all := v.catalog.Records(o)
	out := all[:0]
	for _, s := range all {
		if !v.isHidden(*s) {
			out = append(out, s)
		}
	}
	return out
}

// isHidden reports whether the model must not see s listed or found: its
// author hid it (unless exposed), or the audit hides it.
func (v *modelView) isHidden(s index.Skill) bool {
	if s.DisableModelInvocation && !v.expose {
		return true
	}
	return v.audit != nil && v.audit(s)
}

// hiddenSlack is how many hits beyond the page Search asks for first, to
// make up for hidden skills among them.
const hiddenSlack = 8

// Search is Catalog.Search without hidden skills: it drops the hidden
// ones (and their ids from also_at) and counts them out of Total. It asks
// for hiddenSlack more hits than the page first, and only when hidden
// skills took more room than that (and more hits exist) asks again for as
// many more as there are hidden skills: every hit asked for costs (its
// record, its matched terms), and with 30 hidden skills in a catalog,
// always asking for 30 more made a search of 10 about half as slow again.
// Total can still count a hidden skill that matched beyond the hits
// fetched; it never names one.
func (v *modelView) Search(ctx context.Context, req index.SearchRequest) (*index.SearchResult, error) {
	hs := v.hidden()
	if len(hs.ids) == 0 {
		return v.catalog.Search(ctx, req)
	}
	limit := req.Limit
	if limit <= 0 {
		limit = 10
	}
	req.Limit = limit + min(hiddenSlack, len(hs.ids))
	res, err := v.catalog.Search(ctx, req)
	if err != nil {
		return res, err
	}
	if out := withoutHiddenHits(res, hs, limit); len(out.Hits) == limit || len(res.Hits) < req.Limit || len(hs.ids) <= hiddenSlack {
		return out, nil
	}
	req.Limit = limit + len(hs.ids)
	if res, err = v.catalog.Search(ctx, req); err != nil {
		return res, err
	}
	return withoutHiddenHits(res, hs, limit), nil
}

// withoutHiddenHits is res with the hidden skills' hits dropped (and
// counted out of Total), at most limit hits.
func withoutHiddenHits(res *index.SearchResult, hs *hiddenSets, limit int) *index.SearchResult {
	out := *res
	out.Hits = nil
	for _, h := range res.Hits {
		if hs.ids[h.ID] {
			out.Total--
			continue
		}
		if len(out.Hits) == limit {
			continue
		}
		h.AlsoAt = withoutHidden(h.AlsoAt, hs.ids)
		out.Hits = append(out.Hits, h)
	}
	out.Total = max(out.Total, len(out.Hits))
	return &out
}

func withoutHidden(ids []string, hidden map[string]bool) []string {
	var out []string
	for _, id := range ids {
		if !hidden[id] {
			out = append(out, id)
		}
	}
	return out
}

// Resolve is Catalog.Resolve; a not-found error suggests no hidden name.
func (v *modelView) Resolve(ref string) (index.Skill, error) {
	s, err := v.catalog.Resolve(ref)
	return s, v.filterSuggestions(err)
}

// Load is Catalog.Load; a not-found error suggests no hidden name.
func (v *modelView) Load(ctx context.Context, ref string) (*index.Loaded, error) {
	l, err := v.catalog.Load(ctx, ref)
	return l, v.filterSuggestions(err)
}

// ReadFile is Catalog.ReadFile; a not-found error suggests no hidden
// name.
func (v *modelView) ReadFile(ctx context.Context, ref, rel string) (*index.File, error) {
	f, err := v.catalog.ReadFile(ctx, ref, rel)
	return f, v.filterSuggestions(err)
}

// filterSuggestions returns err with the names only hidden skills carry
// taken out of a *index.NotFoundError's suggestions, and its total
// counting served skills the model may see.
func (v *modelView) filterSuggestions(err error) error {
	var nf *index.NotFoundError
	if !errors.As(err, &nf) {
		return err
	}
	hs := v.hidden()
	if len(hs.ids) == 0 {
		return err
	}
	c := *nf
	c.Suggestions = nil
	for _, n := range nf.Suggestions {
		if !hs.names[fold(n)] {
			c.Suggestions = append(c.Suggestions, n)
		}
	}
	c.Total = max(0, nf.Total-hs.served)
	return &c
}

// View is the catalog as the model sees it (modelView): what every
// profile reads. Other front-ends that must keep the same skills hidden
// (the HTTP JSON API) read it through Handler.View.
type View interface {
	catalog
}

// View returns the handler's catalog view: author-hidden skills (unless
// Options.ExposeHidden) and audit-hidden ones (Options.AuditHide) left out
// of List, Records and Search, and out of not-found suggestions; exact
// names and ids still resolve (see modelView).
func (h *Handler) View() View { return h.cat }
