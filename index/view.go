package index

import (
	"maps"
	"path/filepath"
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
// mu, and only its own methods take it: readers (get, the lookups in
// lookup.go and search.go) hold it shared for their call; a change goes
// through lock, whose viewLocked token is the only receiver of the
// methods that change the maps or rank shadowing, so changing the view
// without holding mu does not compile. A view holds no reference to any
// other lock's owner, so no lock is ever taken while mu is held. It is
// usable (and testable) without a Catalog.
type view struct {
	mu     sync.RWMutex
	skills map[string]*Skill   // every skill found, valid or not, by id
	byName map[string]string   // folded name → winning valid skill id
	byDir  map[string]*Skill   // skill folder (Dir) → skill, for RefreshPaths
	groups map[string][]string // folded name → ids of its valid skills, winner first
	walk   []skillmd.Diagnostic
}

func newView() *view {
	return &view{skills: map[string]*Skill{}, byName: map[string]string{}, byDir: map[string]*Skill{}}
}

// viewLocked is proof that its holder holds view.mu for writing. Only
// view.lock makes one (never write viewLocked{}); every method that
// changes the view's maps takes it as its receiver.
type viewLocked struct{ v *view }

// lock takes mu for writing, for a change of the view.
func (v *view) lock() viewLocked {
	v.mu.Lock()
	return viewLocked{v}
}

func (l viewLocked) unlock() { l.v.mu.Unlock() }

// get returns the skill record with id, valid or not.
func (v *view) get(id string) (*Skill, bool) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	s, ok := v.skills[id]
	return s, ok
}

// current returns the map of every skill by id, to read without mu: the
// map is replaced whole by a publish, and changed in place only by
// complete, and both run under refreshMu, which w proves the caller
// holds.
func (v *view) current(_ writing) map[string]*Skill {
	v.mu.RLock()
	defer v.mu.RUnlock()
	return v.skills
}

// walkDiags returns the diagnostics of the last full walk.
func (v *view) walkDiags() []skillmd.Diagnostic {
	v.mu.RLock()
	defer v.mu.RUnlock()
	return v.walk
}

// folders maps changed paths to the skills whose folders hold them: for
// each path the deepest skill folder holding it (the first met walking up
// from the path: a map lookup per level, not a scan of the catalog),
// each skill once. whole is true when a path lies in no skill folder, or
// names a skill folder itself (a rename or a removal of the folder: only
// a full walk sees where it went), or when paths is empty.
func (v *view) folders(paths []string) (targets []*Skill, whole bool) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	seen := map[string]bool{}
	for _, p := range paths {
		var best *Skill
		for d := filepath.Clean(p); ; d = filepath.Dir(d) {
			if s := v.byDir[d]; s != nil {
				best = s
				break
			}
			if filepath.Dir(d) == d {
				break
			}
		}
		if best == nil || best.Dir == p || best.Rel == "" {
			return nil, true
		}
		if !seen[best.ID] {
			seen[best.ID] = true
			targets = append(targets, best)
		}
	}
	return targets, len(paths) == 0
}

// publish makes next the catalog with the walk's diagnostics walk, after
// a refresh that changed the ids changed (old is the map before it), ranks
// shadowing again and counts the valid, invalid and shadowed skills into
// stats.
func (l viewLocked) publish(next map[string]*Skill, walk []skillmd.Diagnostic, old map[string]*Skill, changed []string, stats *Stats) {
	v := l.v
	v.skills = next
	v.walk = walk
	if v.groups != nil && len(changed)*8 < len(next) {
		l.reshadowChanged(old, changed)
	} else {
		l.reshadow()
	}
	for _, s := range next {
		switch {
		case !s.Valid:
			stats.Invalid++
		case s.ShadowedBy != "":
			stats.Shadowed++
			stats.Valid++
		default:
			stats.Valid++
		}
	}
}

// replace makes skills the catalog (as loaded from the store) and ranks
// shadowing from scratch.
func (l viewLocked) replace(skills map[string]*Skill) {
	l.v.skills = skills
	l.reshadow()
}

// complete swaps in fully parsed records (the background body pass) for
// the records they complete: a record whose skill was removed or changed
// meanwhile (another SKILL.md hash or folder) is not swapped in.
func (l viewLocked) complete(done []parsed) {
	v := l.v
	reshadow := false
	for _, p := range done {
		cur := v.skills[p.skill.ID]
		if cur == nil || cur.Hash != p.skill.Hash || cur.Dir != p.skill.Dir {
			continue
		}
		p.skill.ShadowedBy = cur.ShadowedBy
		p.skill.foldedName() // set before any reader sees the record
		v.skills[p.skill.ID] = p.skill
		if v.byDir[p.skill.Dir] == cur {
			v.byDir[p.skill.Dir] = p.skill
		}
		reshadow = reshadow || cur.Valid != p.skill.Valid || cur.Name != p.skill.Name
	}
	if reshadow {
		l.reshadow()
	}
}

// forgetFingerprints replaces every record by a copy without its files'
// fingerprints, so the next refresh parses every skill again; until then
// the old records keep listing.
func (l viewLocked) forgetFingerprints() {
	v := l.v
	next := make(map[string]*Skill, len(v.skills))
	for id, s := range v.skills {
		cp := *s
		cp.Files = nil
		next[id] = &cp
	}
	v.skills = next
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
	skills := make(map[string]*Skill, len(v.skills))
	for id, s := range v.skills {
		cp := *s
		skills[id] = &cp
	}
	n := &view{walk: v.walk}
	v.mu.RUnlock()
	l := n.lock()
	l.replace(skills)
	l.unlock()
	return n
}

// reshadow recomputes which valid skill wins each name: the higher-priority
// root, then the shallower folder, then the lexically smaller id; and the
// by-folder lookup.
func (l viewLocked) reshadow() {
	v := l.v
	groups := map[string][]*Skill{}
	v.byDir = make(map[string]*Skill, len(v.skills))
	for _, s := range v.skills {
		// Two roots can reach one folder; the higher-priority root's
		// skill answers for it, as in the walk.
		if o := v.byDir[s.Dir]; o == nil || s.Root < o.Root || (s.Root == o.Root && s.ID < o.ID) {
			v.byDir[s.Dir] = s
		}
		if s.Valid {
			k := s.foldedName()
			groups[k] = append(groups[k], s)
		} else {
			l.setShadowedBy(s, "")
		}
	}
	v.byName = make(map[string]string, len(groups))
	v.groups = make(map[string][]string, len(groups))
	for k, g := range groups {
		l.rank(k, g)
	}
}

// rank orders the valid skills g sharing the folded name k by priority
// and records the winner and the shadowed.
func (l viewLocked) rank(k string, g []*Skill) {
	v := l.v
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
		if i == 0 {
			l.setShadowedBy(s, "")
		} else {
			l.setShadowedBy(s, g[0].ID)
		}
	}
	v.byName[k] = ids[0]
	v.groups[k] = ids
}

// setShadowedBy gives the record s (in the view) ShadowedBy by. A record
// is never changed once in the view (Records hands them out to read
// without the lock), so a change is a copy that replaces s in the view's
// maps.
func (l viewLocked) setShadowedBy(s *Skill, by string) {
	if s.ShadowedBy == by {
		return
	}
	v := l.v
	cp := *s
	cp.ShadowedBy = by
	if v.skills[s.ID] == s {
		v.skills[s.ID] = &cp
	}
	if v.byDir[s.Dir] == s {
		v.byDir[s.Dir] = &cp
	}
}

// reshadowChanged is reshadow after a refresh that added, re-parsed or
// removed only the skills changed (old is the map before it; v.skills is
// already the new one): only their folders and the names they had or have
// are looked at again, so a change to one skill does not cost a pass over
// the catalog. It falls back to reshadow when a changed skill shares its
// folder with another (two roots reaching one folder).
func (l viewLocked) reshadowChanged(old map[string]*Skill, changed []string) {
	v := l.v
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
			l.reshadow()
			return
		}
		v.byDir[s.Dir] = s
		if s.Valid {
			k := s.foldedName()
			keys[k] = true
			v.groups[k] = append(v.groups[k], id)
		} else {
			l.setShadowedBy(s, "")
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
		l.rank(k, g)
	}
}
