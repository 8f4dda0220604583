package web

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/audit"
	"github.com/skilldex/skilldex/search"
)

// Paging of the list and search pages: perPage rows by default, the
// n parameter picks 1 to maxPerPage; a search reaches its first
// maxSearchDepth results (as search_skills does).
const (
	perPage        = 50
	maxPerPage     = 200
	maxSearchDepth = 1000
)

// Audit filters (the audit parameter).
const (
	auditAll       = ""
	auditClean     = "clean"     // audited, no finding
	auditFindings  = "findings"  // at least one finding
	auditFlagged   = "flagged"   // a high or critical finding
	auditUnaudited = "unaudited" // not audited yet
)

// listQuery is a list or search page's parameters.
type listQuery struct {
	Q     string
	Root  int // -1: every root
	Audit string
	Sort  string // "relevance" (the default) or "name"; a list without a query is by name
	Page  int    // 1-based
	N     int
}

func parseListQuery(v url.Values) listQuery {
	q := listQuery{Q: strings.TrimSpace(v.Get("q")), Root: -1, Audit: v.Get("audit"), Sort: v.Get("sort"), Page: 1, N: perPage}
	if r, err := strconv.Atoi(v.Get("root")); err == nil && r >= 0 {
		q.Root = r
	}
	switch q.Audit {
	case auditClean, auditFindings, auditFlagged, auditUnaudited:
	default:
		q.Audit = auditAll
	}
	if q.Sort != "name" {
		q.Sort = "relevance" // a list without a query is by name either way
	}
	if p, err := strconv.Atoi(v.Get("page")); err == nil && p > 1 {
		q.Page = min(p, 1<<20)
	}
	if n, err := strconv.Atoi(v.Get("n")); err == nil {
		q.N = min(max(n, 1), maxPerPage)
	}
	return q
}

// url returns the address of this query at page p.
func (q listQuery) url(p int) string {
	v := url.Values{}
	if q.Q != "" {
		v.Set("q", q.Q)
	}
	if q.Root >= 0 {
		v.Set("root", strconv.Itoa(q.Root))
	}
	if q.Audit != "" {
		v.Set("audit", q.Audit)
	}
	if q.Sort != "relevance" {
		v.Set("sort", q.Sort)
	}
	if q.N != perPage {
		v.Set("n", strconv.Itoa(q.N))
	}
	if p > 1 {
		v.Set("page", strconv.Itoa(p))
	}
	if len(v) == 0 {
		return "/"
	}
	return "/?" + v.Encode()
}

// row is one skill in a list.
type row struct {
	ID, Name, Description, URL, Root string
	// Confidence is the search confidence in percent (search only);
	// Similar marks a hit of a hybrid search found by meaning alone (no
	// query word in it), whose confidence says nothing.
	Confidence int
	Confident  bool
	Similar    bool
	Matched    string
	ShadowedBy string
	// Hidden: the author hid it from the model (shown with
	// --expose-hidden).
	Hidden bool
	// Audit is the worst audit severity's name, "clean", or "" when the
	// skill was not audited yet.
	Audit  string
	AlsoAt int
}

// listPage is the data of the search and list page.
type listPage struct {
	base
	Query      listQuery
	Searched   bool
	Rows       []row
	Total      int
	From, To   int
	Prev, Next string
	Page       int
	Pages      int
	// NoGoodMatch: the catalog may have no skill for the query
	// (index.SearchResult.NoGoodMatch).
	NoGoodMatch   bool
	Capped        bool
	BodiesPending int
	Roots         []option
	Audits        []option
	Sorts         []option
	Audited       int
	Skills        int
	Error         string
}

type option struct {
	Value, Label string
	Selected     bool
}

// search serves / : the whole list, or a query's results, paged and
// filtered. With fragment=1 only the results are rendered (the script's
// search as you type).
func (h *handler) search(w http.ResponseWriter, r *http.Request) {
	q := parseListQuery(r.URL.Query())
	snap := h.current()
	p := &listPage{base: h.base(r, "Skills"), Query: q, Searched: q.Q != "", Skills: len(snap.all)}
	if q.Q != "" {
		p.Title = q.Q + " - skills"
	}
	var items []item
	var err error
	if q.Q == "" {
		items = h.listItems(snap, q)
	} else {
		items, err = h.searchItems(r, snap, q, p)
	}
	status := http.StatusOK
	if err != nil {
		p.Error = err.Error()
		switch {
		case errors.Is(err, search.ErrQueryTooLong):
			status = http.StatusBadRequest
		case errors.Is(err, search.ErrBudget):
			status = http.StatusServiceUnavailable
		default:
			status = http.StatusInternalServerError
			h.log.Error("web: search", "query", q.Q, "err", err)
		}
	}
	if q.Audit != auditAll || h.opts.AuditSweep {
		h.sweep(snap)
	}
	if !p.Searched || p.Total == 0 {
		p.Total = len(items)
	}
	// A search fetches only the hits up to the page asked for, so the
	// pages run over the total it reports (at most maxSearchDepth).
	reach := len(items)
	if p.Searched {
		reach = max(reach, min(p.Total, maxSearchDepth))
	}
	p.Pages = max(1, (reach+q.N-1)/q.N)
	p.Page = min(q.Page, p.Pages)
	lo := min((p.Page-1)*q.N, len(items))
	hi := min(lo+q.N, len(items))
	roots := h.cat.Roots()
	for _, it := range items[lo:hi] {
		p.Rows = append(p.Rows, h.rowOf(snap, roots, it, p.NoGoodMatch))
	}
	p.From, p.To = lo+1, hi
	if p.Page > 1 {
		p.Prev = q.url(p.Page - 1)
	}
	if p.Page < p.Pages {
		p.Next = q.url(p.Page + 1)
	}
	p.Audited = h.statuses.audited(snap)
	p.Roots = append(p.Roots, option{Value: "", Label: "all sources", Selected: q.Root < 0})
	for i, rt := range h.cat.Roots() {
		l := rt.Path
		if rt.Label != "" {
			l = rt.Label + ": " + rt.Path
		}
		p.Roots = append(p.Roots, option{Value: strconv.Itoa(i), Label: l, Selected: q.Root == i})
	}
	for _, o := range [][2]string{{auditAll, "any audit status"}, {auditClean, "audit: clean"}, {auditFindings, "audit: any finding"},
		{auditFlagged, "audit: high or critical"}, {auditUnaudited, "audit: not audited yet"}} {
		p.Audits = append(p.Audits, option{Value: o[0], Label: o[1], Selected: q.Audit == o[0]})
	}
	for _, o := range [][2]string{{"relevance", "by relevance"}, {"name", "by name"}} {
		p.Sorts = append(p.Sorts, option{Value: o[0], Label: o[1], Selected: q.Sort == o[0]})
	}
	name := "search.html"
	if r.URL.Query().Get("fragment") == "1" {
		name = "results"
	}
	h.render(w, r, status, name, p)
}

// item is one skill of a list, with its search hit when searched.
type item struct {
	s   *index.Skill
	hit *index.SearchHit
}

// listItems lists every visible skill that passes the filters, by name.
func (h *handler) listItems(snap *snapshot, q listQuery) []item {
	items := make([]item, 0, len(snap.all))
	for _, s := range snap.all {
		if h.keep(s, q) {
			items = append(items, item{s: s})
		}
	}
	return items
}

// keep applies the root and audit filters.
func (h *handler) keep(s *index.Skill, q listQuery) bool {
	if q.Root >= 0 && s.Root != q.Root {
		return false
	}
	if q.Audit == auditAll {
		return true
	}
	w, ok := h.statuses.get(s)
	switch q.Audit {
	case auditUnaudited:
		return !ok
	case auditClean:
		return ok && w == audit.SeverityNone
	case auditFindings:
		return ok && w > audit.SeverityNone
	case auditFlagged:
		return ok && w >= audit.High
	}
	return true
}

// rowOf renders an item as a row; in a search with no good match (the
// catalog doubts it fits the query at all) no hit is marked confident.
func (h *handler) rowOf(snap *snapshot, roots []index.Root, it item, noGoodMatch bool) row {
	s := it.s
	rw := row{ID: s.ID, Name: s.Name, Description: s.Description, URL: skillURL(s.ID), Root: rootName(roots, s.Root),
		ShadowedBy: s.ShadowedBy, Hidden: s.DisableModelInvocation}
	if w, ok := h.statuses.get(s); ok {
		rw.Audit = "clean"
		if w > audit.SeverityNone {
			rw.Audit = w.String()
		}
	}
	if hit := it.hit; hit != nil {
		rw.Confidence = int(hit.Confidence*100 + 0.5)
		rw.Confident = hit.Confidence >= search.ConfidentMatch && !noGoodMatch
		rw.Similar = len(hit.Matched) == 0 && hit.Similarity > 0
		rw.Matched = matched(hit.Matched)
		for _, id := range hit.AlsoAt {
			if snap.byID[id] != nil {
				rw.AlsoAt++
			}
		}
	}
	return rw
}

// searchItems runs the query as search_skills does (index.Catalog.Search,
// the same ranking and confidence) and returns the visible hits that pass
// the filters, setting p's total and match flags. Without filters and
// sorted by relevance it asks only for the hits up to the page shown.
func (h *handler) searchItems(r *http.Request, snap *snapshot, q listQuery, p *listPage) ([]item, error) {
	need := maxSearchDepth
	filtered := q.Root >= 0 || q.Audit != auditAll || q.Sort == "name"
	if !filtered {
		need = min(q.Page*q.N+1, maxSearchDepth)
	}
	res, err := h.cat.Search(r.Context(), index.SearchRequest{Query: q.Q, Limit: need + len(snap.hidden)})
	if errors.Is(err, search.ErrEmptyQuery) {
		p.Searched = false
		return h.listItems(snap, q), nil
	}
	if errors.Is(err, search.ErrQueryTooLong) {
		return nil, fmt.Errorf("the query is too long: %w; use fewer words", err)
	}
	if err != nil {
		return nil, fmt.Errorf("search failed: %w", err)
	}
	p.NoGoodMatch, p.BodiesPending = res.NoGoodMatch, res.BodiesPending
	items := make([]item, 0, len(res.Hits))
	hiddenHits := 0
	for i := range res.Hits {
		hit := &res.Hits[i]
		s := snap.byID[hit.ID]
		if s == nil {
			if snap.hidden[hit.ID] {
				hiddenHits++
			}
			continue
		}
		if len(items) == need || !h.keep(s, q) {
			continue
		}
		items = append(items, item{s: s, hit: hit})
	}
	if q.Sort == "name" {
		slices.SortStableFunc(items, func(a, b item) int {
			return cmp.Or(cmp.Compare(strings.ToLower(a.s.Name), strings.ToLower(b.s.Name)), cmp.Compare(a.s.ID, b.s.ID))
		})
	}
	if filtered {
		p.Total = len(items)
		p.Capped = len(res.Hits) >= need && res.Total > len(res.Hits)
	} else {
		p.Total = max(res.Total-hiddenHits, len(items))
		p.Capped = p.Total > maxSearchDepth
	}
	if p.Total == 0 {
		p.NoGoodMatch = true
	}
	return items, nil
}

// matched renders which fields matched: "name: pdf, form; body: fill".
func matched(m map[string][]string) string {
	var parts []string
	for _, f := range []string{"name", "description", "tags", "body"} {
		if len(m[f]) > 0 {
			parts = append(parts, f+": "+strings.Join(m[f], ", "))
		}
	}
	return strings.Join(parts, "; ")
}

// rootName is how a root is named on the pages: its label and path.
func rootName(roots []index.Root, i int) string {
	if i < 0 || i >= len(roots) {
		return ""
	}
	if roots[i].Label != "" {
		return roots[i].Label + ": " + roots[i].Path
	}
	return roots[i].Path
}
