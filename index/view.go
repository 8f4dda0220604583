package index

import (
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/skilldex/skilldex/index/skillmd"
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

// view is the in-memory catalog: every skill found (valid or not) by id,
// the winner of each folded name, the skill of each folder, the name
// groups and the walk's diagnostics; it ranks shadowing. It owns its lock,
// mu: readers hold it shared for a lookup; a refresh holds it exclusively
// only to publish. It is usable (and testable) without a Catalog.
type view struct {
	mu     sync.RWMutex
	skills map[string]*Skill   // every skill found, valid or not, by id
	byName map[string]string   // folded name → winning valid skill id
	byDir  map[string]*Skill   // skill folder (Dir) → skill, for RefreshPaths
	groups map[string][]string // folded name → ids of its valid skills, winner first
	walk   []skillmd.Diagnostic
}

func newView() view {
	return view{skills: map[string]*Skill{}, byName: map[string]string{}, byDir: map[string]*Skill{}}
}

// shadowState returns, under mu, the winner id per folded name, the
// ShadowedBy of every skill and the id answering for every folder: what
// reshadow and reshadowChanged decide.
func (v *view) shadowState() (byName, shadowedBy, byDir map[string]string) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	byName, shadowedBy, byDir = maps.Clone(v.byName), map[string]string{}, map[string]string{}
	for id, s := range v.skills {
		shadowedBy[id] = s.ShadowedBy
	}
	for d, s := range v.byDir {
		byDir[d] = s.ID
	}
	return byName, shadowedBy, byDir
}

// recomputed returns a new view of copies of v's skills with shadowing
// ranked from scratch (reshadow), to check an incremental rank against.
func (v *view) recomputed() *view {
	v.mu.RLock()
	n := &view{skills: make(map[string]*Skill, len(v.skills)), walk: v.walk}
	for id, s := range v.skills {
		cp := *s
		n.skills[id] = &cp
	}
	v.mu.RUnlock()
	n.reshadow()
	return n
}

// reshadow recomputes which valid skill wins each name: the higher-priority
// root, then the shallower folder, then the lexically smaller id; and the
// by-folder lookup. Callers hold v.mu for writing.
func (v *view) reshadow() {
	groups := map[string][]*Skill{}
	v.byDir = make(map[string]*Skill, len(v.skills))
	for _, s := range v.skills {
		// Two roots can reach one folder; the higher-priority root's
		// skill answers for it, as in the walk.
		if o := v.byDir[s.Dir]; o == nil || s.Root < o.Root || (s.Root == o.Root && s.ID < o.ID) {
			v.byDir[s.Dir] = s
		}
		s.ShadowedBy = ""
		if s.Valid {
			k := s.foldedName()
			groups[k] = append(groups[k], s)
		}
	}
	v.byName = make(map[string]string, len(groups))
	v.groups = make(map[string][]string, len(groups))
	for k, g := range groups {
		v.rank(k, g)
	}
}

// rank orders the valid skills g sharing the folded name k by priority
// and records the winner and the shadowed. Callers hold v.mu for writing.
func (v *view) rank(k string, g []*Skill) {
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
	v.byName[k] = g[0].ID
	v.groups[k] = ids
}

// reshadowChanged is reshadow after a refresh that added, re-parsed or
// removed only the skills changed (old is the map before it): only their
// folders and the names they had or have are looked at again, so a change
// to one skill does not cost a pass over the catalog. It falls back to
// reshadow when a changed skill shares its folder with another (two roots
// reaching one folder). Callers hold v.mu for writing, with v.skills set.
func (v *view) reshadowChanged(old map[string]*Skill, changed []string) {
	keys := map[string]bool{}
	for _, id := range changed {
		o := old[id]
		if o == nil {
			continue
		}
		if v.byDir[o.Dir] == o {
			delete(v.byDir, o.Dir)
		}
		if o.Valid {
			k := o.foldedName()
			keys[k] = true
			v.groups[k] = slices.DeleteFunc(v.groups[k], func(x string) bool { return x == id })
		}
	}
	for _, id := range changed {
		s := v.skills[id]
		if s == nil {
			continue
		}
		if other := v.byDir[s.Dir]; other != nil && other != s {
			v.reshadow()
			return
		}
		v.byDir[s.Dir] = s
		s.ShadowedBy = ""
		if s.Valid {
			k := s.foldedName()
			keys[k] = true
			v.groups[k] = append(v.groups[k], id)
		}
	}
	for k := range keys {
		ids := v.groups[k]
		if len(ids) == 0 {
			delete(v.groups, k)
			delete(v.byName, k)
			continue
		}
		g := make([]*Skill, len(ids))
		for i, id := range ids {
			g[i] = v.skills[id]
		}
		v.rank(k, g)
	}
}
