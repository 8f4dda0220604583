package search

import (
	"slices"
	"testing"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// nameFirstDocs is a catalog where a connector named after a service has
// a thin description and a rival service's connector describes the task's
// words richly.
func nameFirstDocs() []Doc {
	return append(filler(20),
		Doc{ID: "moz", Name: "moz-automation", Description: "Automate Moz tasks via Rube MCP (Composio). Always search tools first for current schemas."},
		Doc{ID: "ahrefs", Name: "ahrefs-automation", Description: "Automate SEO research with Ahrefs: analyze backlink profiles, track domain authority and metrics, compare competitors' rankings and build weekly reports."},
		Doc{ID: "okta", Name: "okta-automation", Description: "Automate Okta tasks via Rube MCP (Composio)."},
		Doc{ID: "seo", Name: "seo-audit", Description: "Audit a site's SEO: backlinks, domain authority, rankings against competitors."},
	)
}

// TestNameFirst: a long query naming one service ("from Moz") puts the
// skill named after it first, though a rival's description shares more
// of the query's words; without tuning.rareFirst the rival wins.
func TestNameFirst(t *testing.T) {
	q := "I keep checking by hand how strong our site's backlink profile and domain authority are compared with two rivals - can I get those numbers from Moz straight into a weekly report?"
	checkNameRule(t, nameFirstDocs(), q, "moz", func(tu *tuning) { tu.rareFirst = false })
}

// TestNameFirstOrder: nameFirst moves the best hits named after the
// query's one rare name ahead of the others (each group in its order),
// and leaves the order alone when the best hits carry two rare names,
// when the first hit is named already, when the search was confident
// (no rareOut), and in another language when the name is only a
// correction of the typed word (Firma to firmao).
func TestNameFirstOrder(t *testing.T) {
	// terms: 0 "backlink", 1 "moz", 2 "okta", 3 "firma"; clauses:
	// 0 description:backlink, 1 name:moz, 2 name:okta, 3 name:firmao
	mk := func() *plan {
		return &plan{
			terms:   []string{"backlink", "moz", "okta", "firma"},
			rare:    []bool{false, true, true, true},
			rareOut: true,
			clauses: []clause{{engine.FieldDescription, "backlink", 0}, {engine.FieldName, "moz", 1}, {engine.FieldName, "okta", 2}, {engine.FieldName, "firmao", 3}},
		}
	}
	hit := func(id string, scores ...float64) engine.Hit {
		var sum float64
		for _, x := range scores {
			sum += x
		}
		return engine.Hit{ID: id, Score: sum, Scores: scores}
	}
	order := func(hs []engine.Hit) []string {
		var out []string
		for _, h := range hs {
			out = append(out, h.ID)
		}
		return out
	}
	cases := []struct {
		name    string
		p       func(*plan)
		hits    []engine.Hit
		want    []string
		unmoved bool
	}{
		{"one name", nil, []engine.Hit{hit("seo", 2), hit("ahrefs", 1), hit("moz", 0, 1), hit("moz-twin", 0, 1)}, []string{"moz", "moz-twin", "seo", "ahrefs"}, false},
		{"two names", nil, []engine.Hit{hit("seo", 2), hit("moz", 0, 1), hit("okta", 0, 0, 1)}, []string{"seo", "moz", "okta"}, true},
		{"first named", nil, []engine.Hit{hit("moz", 1, 1), hit("seo", 2), hit("moz-twin", 0, 1)}, []string{"moz", "seo", "moz-twin"}, true},
		{"confident", func(p *plan) { p.rareOut = false }, []engine.Hit{hit("seo", 2), hit("moz", 0, 1)}, []string{"seo", "moz"}, true},
		{"foreign correction", func(p *plan) { p.foreign = true }, []engine.Hit{hit("seo", 2), hit("firmao", 0, 0, 0, 1)}, []string{"seo", "firmao"}, true},
		{"foreign exact", func(p *plan) { p.foreign = true }, []engine.Hit{hit("seo", 2), hit("moz", 0, 1)}, []string{"moz", "seo"}, false},
	}
	tune := defaultTuning
	for _, c := range cases {
		p := mk()
		if c.p != nil {
			c.p(p)
		}
		unled := make([]float64, len(c.hits))
		for i := range unled {
			unled[i] = float64(len(unled) - i)
		}
		before := order(c.hits)
		orig, origUnled := p.nameFirst(c.hits, unled, &tune)
		if got := order(c.hits); !slices.Equal(got, c.want) {
			t.Errorf("%s: order %v, want %v", c.name, got, c.want)
		}
		for i := 1; i < len(c.hits); i++ {
			if c.hits[i].Score > c.hits[i-1].Score {
				t.Errorf("%s: scores rise down the list: %v", c.name, c.hits)
			}
		}
		if c.unmoved != (orig == nil) {
			t.Errorf("%s: returned the order before (%v) = %v, want it only when hits moved", c.name, orig != nil, !c.unmoved)
		}
		if orig != nil && (!slices.Equal(order(orig), before) || origUnled[0] != float64(len(unled))) {
			t.Errorf("%s: order before %v %v, want %v and the unled scores as they were", c.name, order(orig), origUnled, before)
		}
	}
}

// TestNameFirstAnswerable: moving the named skill first does not change
// whether the query has a good match: NoGoodMatch is read from the hits
// in the order the query's words gave them.
func TestNameFirstAnswerable(t *testing.T) {
	ix := openMem(t, nameFirstDocs()...)
	q := "I keep checking by hand how strong our site's backlink profile and domain authority are compared with two rivals - can I get those numbers from Moz straight into a weekly report?"
	on := mustSearch(t, ix, Request{Query: q, Limit: 3})
	ix.tune.rareFirst = false
	defer func() { ix.tune = defaultTuning }()
	off := mustSearch(t, ix, Request{Query: q, Limit: 3})
	if on.NoGoodMatch != off.NoGoodMatch {
		t.Errorf("NoGoodMatch %v with rareFirst, %v without: the order of the hits decided it", on.NoGoodMatch, off.NoGoodMatch)
	}
	if ids(on.Hits)[0] == ids(off.Hits)[0] {
		t.Errorf("Search(%q) first hit %s both ways: the test no longer moves a hit", q, ids(on.Hits)[0])
	}
}

// TestNameFirstPages: with the lead factor off, a page of one hit and
// pages after it rank as the first hits of a long page do: the move
// sees the same best hits however short the page.
func TestNameFirstPages(t *testing.T) {
	ix := openMem(t, nameFirstDocs()...)
	ix.tune.lead = 0
	defer func() { ix.tune = defaultTuning }()
	q := "I keep checking by hand how strong our site's backlink profile and domain authority are compared with two rivals - can I get those numbers from Moz straight into a weekly report?"
	long := ids(mustSearch(t, ix, Request{Query: q, Limit: 4}).Hits)
	var paged []string
	for off := range 4 {
		paged = append(paged, ids(mustSearch(t, ix, Request{Query: q, Limit: 1, Offset: off}).Hits)...)
	}
	if !slices.Equal(long, paged) || len(long) == 0 || long[0] != "moz" {
		t.Errorf("pages of one %v, one page %v: want the same order, moz first", paged, long)
	}
}
