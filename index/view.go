package index

import (
	"slices"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// foldedName is fold(s.Name), computed once per record.
func (s *Skill) foldedName() string {
	if s.folded == "" {
		s.folded = fold(s.Name)
	}
	return s.folded
}

// Fold returns the key skill names are compared under everywhere (lookup,
// shadowing, grouping): spaces trimmed, NFC-normalised, lower-cased, so
// "PDF", "pdf" and a decomposed "é" meet their twins. Front-ends call it
// to match names the way the catalog does.
func Fold(name string) string { return strings.ToLower(norm.NFC.String(strings.TrimSpace(name))) }

func fold(name string) string { return Fold(name) }

// Slug turns any text into a skill name: NFKC-normalised, lower-cased,
// every run of other characters one hyphen, at most 64 characters (the
// Agent Skills name limit), "my-skill" when nothing is left. Letters and
// digits of any script are kept, as the specification allows; with ascii
// only a-z and 0-9 are (for clients that accept no more, such as Wave's
// ^[a-z0-9-]+$).
func Slug(text string, ascii bool) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(norm.NFKC.String(text)) {
		keep := (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9')
		if !ascii && !keep {
			keep = (unicode.IsLetter(r) && !unicode.IsUpper(r)) || unicode.IsNumber(r)
		}
		if !keep {
			hyphen = true
			continue
		}
		if hyphen && b.Len() > 0 {
			b.WriteByte('-')
		}
		hyphen = false
		b.WriteRune(r)
	}
	out := []rune(b.String())
	if len(out) > 64 {
		out = []rune(strings.TrimRight(string(out[:64]), "-"))
	}
	if len(out) == 0 {
		return "my-skill"
	}
	return string(out)
}

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
