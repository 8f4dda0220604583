package index

import (
	"slices"
	"sort"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// foldedName is fold(s.Name), computed once per record.
func (s *Skill) foldedName() string {
	if s.folded == "" {
		s.folded = fold(s.Name)
	}
	return s.folded
}

// fold is the key names are compared under: case-insensitive, NFC.
func fold(name string) string { return strings.ToLower(norm.NFC.String(strings.TrimSpace(name))) }

// reshadow recomputes which valid skill wins each name: the higher-priority
// root, then the shallower folder, then the lexically smaller id; and the
// by-folder lookup. Callers hold c.mu for writing.
func (c *Catalog) reshadow() {
	groups := map[string][]*Skill{}
	c.byDir = make(map[string]*Skill, len(c.skills))
	for _, s := range c.skills {
		// Two roots can reach one folder; the higher-priority root's
		// skill answers for it, as in the walk.
		if o := c.byDir[s.Dir]; o == nil || s.Root < o.Root || (s.Root == o.Root && s.ID < o.ID) {
			c.byDir[s.Dir] = s
		}
		s.ShadowedBy = ""
		if s.Valid {
			k := s.foldedName()
			groups[k] = append(groups[k], s)
		}
	}
	c.byName = make(map[string]string, len(groups))
	c.groups = make(map[string][]string, len(groups))
	for k, g := range groups {
		c.rank(k, g)
	}
}

// rank orders the valid skills g sharing the folded name k by priority
// and records the winner and the shadowed. Callers hold c.mu for writing.
func (c *Catalog) rank(k string, g []*Skill) {
	sort.Slice(g, func(i, j int) bool {
		a, b := g[i], g[j]
		if a.Root != b.Root {
			return a.Root < b.Root
		}
		if a.Depth != b.Depth {
			return a.Depth < b.Depth
		}
		return a.ID < b.ID
	})
	ids := make([]string, len(g))
	for i, s := range g {
		ids[i] = s.ID
		s.ShadowedBy = ""
		if i > 0 {
			s.ShadowedBy = g[0].ID
		}
	}
	c.byName[k] = g[0].ID
	c.groups[k] = ids
}

// reshadowChanged is reshadow after a refresh that added, re-parsed or
// removed only the skills changed (old is the map before it): only their
// folders and the names they had or have are looked at again, so a change
// to one skill does not cost a pass over the catalog. It falls back to
// reshadow when a changed skill shares its folder with another (two roots
// reaching one folder). Callers hold c.mu for writing, with c.skills set.
func (c *Catalog) reshadowChanged(old map[string]*Skill, changed []string) {
	keys := map[string]bool{}
	for _, id := range changed {
		o := old[id]
		if o == nil {
			continue
		}
		if c.byDir[o.Dir] == o {
			delete(c.byDir, o.Dir)
		}
		if o.Valid {
			k := o.foldedName()
			keys[k] = true
			c.groups[k] = slices.DeleteFunc(c.groups[k], func(x string) bool { return x == id })
		}
	}
	for _, id := range changed {
		s := c.skills[id]
		if s == nil {
			continue
		}
		if other := c.byDir[s.Dir]; other != nil && other != s {
			c.reshadow()
			return
		}
		c.byDir[s.Dir] = s
		s.ShadowedBy = ""
		if s.Valid {
			k := s.foldedName()
			keys[k] = true
			c.groups[k] = append(c.groups[k], id)
		}
	}
	for k := range keys {
		ids := c.groups[k]
		if len(ids) == 0 {
			delete(c.groups, k)
			delete(c.byName, k)
			continue
		}
		g := make([]*Skill, len(ids))
		for i, id := range ids {
			g[i] = c.skills[id]
		}
		c.rank(k, g)
	}
}
