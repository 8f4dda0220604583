package index

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/skilldex/skilldex/index/skillmd"
)

// maxNameLen bounds a skill name or id accepted by lookups; ids are folder
// paths, so the bound is generous, but a 10 KB name is refused early.
const maxNameLen = 1024

// ListOptions select which skills List returns.
type ListOptions struct {
	// IncludeShadowed also lists skills whose name another skill wins.
	IncludeShadowed bool
	// IncludeInvalid also lists skills that failed validation.
	IncludeInvalid bool
}

// List returns copies of the catalog's skills sorted by name
// (case-insensitive, NFC), then id. By default only served skills that win
// their name.
func (c *Catalog) List(opts ListOptions) []Skill { return c.view.list(opts) }

// Get returns a copy of the skill with exactly this id, served or not
// (Valid says which); ok is false when the catalog has no such skill.
// Unlike Resolve it never falls back to names, so it suits callers that
// hold ids from an earlier List and want each skill as it is now.
func (c *Catalog) Get(id string) (s Skill, ok bool) {
	// Copied outside the view's lock: records in the view never change
	// (see Records).
	r, ok := c.view.get(id)
	if !ok {
		return Skill{}, false
	}
	return *r, true
}

func (v *view) list(opts ListOptions) []Skill {
	recs := v.records(opts)
	out := make([]Skill, len(recs))
	for i, s := range recs {
		out[i] = *s
	}
	return out
}

// Records returns the catalog's own skill records, selected and sorted as
// List does, without copying them: a server that keeps a list of every
// skill (the skills extension) holds a pointer per skill instead of a
// copy of each record. The records are
// read-only: the catalog never changes a record it holds (a refresh, or a
// name shadowed anew, puts a new record in its place), so they may be read
// without any lock, and callers must not change them either.
func (c *Catalog) Records(opts ListOptions) []*Skill { return c.view.records(opts) }

func (v *view) records(opts ListOptions) []*Skill {
	v.mu.RLock()
	out := make([]*Skill, 0, len(v.skills))
	keys := make([]string, 0, len(v.skills))
	for _, s := range v.skills {
		if (!s.Valid && !opts.IncludeInvalid) || (s.ShadowedBy != "" && !opts.IncludeShadowed) {
			continue
		}
		out = append(out, s)
		keys = append(keys, fold(s.Name)+"\x00"+s.ID)
	}
	v.mu.RUnlock()
	sort.Sort(byKey{out, keys})
	return out
}

// byKey sorts skills by precomputed keys: folding a name costs a Unicode
// normalisation, too much to repeat in every comparison.
type byKey struct {
	s    []*Skill
	keys []string
}

func (b byKey) Len() int { return len(b.s) }

func (b byKey) Less(i, j int) bool { return b.keys[i] < b.keys[j] }

func (b byKey) Swap(i, j int) {
	b.s[i], b.s[j] = b.s[j], b.s[i]
	b.keys[i], b.keys[j] = b.keys[j], b.keys[i]
}

// Len returns the number of served skills (valid, shadowed included).
func (c *Catalog) Len() int { return c.view.served() }

func (v *view) served() int {
	v.mu.RLock()
	defer v.mu.RUnlock()
	n := 0
	for _, s := range v.skills {
		if s.Valid {
			n++
		}
	}
	return n
}

// Diagnostics returns every problem the catalog knows: those of the walk
// (unreadable folders, depth bound, links) and those of each skill, sorted
// by file then line.
func (c *Catalog) Diagnostics() []skillmd.Diagnostic { return c.view.diagnostics() }

func (v *view) diagnostics() []skillmd.Diagnostic {
	v.mu.RLock()
	out := append([]skillmd.Diagnostic(nil), v.walk...)
	for _, s := range v.skills {
		out = append(out, s.Diagnostics...)
		if s.ShadowedBy != "" {
			w := v.skills[s.ShadowedBy]
			out = append(out, skillmd.Diagnostic{Severity: skillmd.SeverityWarning, Code: "shadowed", File: s.SkillPath(),
				Message: fmt.Sprintf("name %q is shadowed by skill %q (%s); this copy is reachable only by its id %q", s.Name, w.ID, w.SkillPath(), s.ID),
				Fix:     "rename one of the skills, or remove the duplicate"})
		}
	}
	v.mu.RUnlock()
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line
	})
	return out
}

// Resolve finds a skill by id (exact) or by name (case-insensitive, NFC;
// the winner of a shadowed name). Errors: ErrBadName for an empty, over
// long or NUL-holding reference; *InvalidSkillError when the skill exists
// but is not served; *NotFoundError (with close names) otherwise.
func (c *Catalog) Resolve(ref string) (Skill, error) {
	raw := ref // an id may begin or end with a space: a folder name may
	ref = strings.TrimSpace(ref)
	switch {
	case ref == "":
		return Skill{}, fmt.Errorf("%w: the skill name is empty; pass a skill name or id", ErrBadName)
	case len(ref) > maxNameLen:
		return Skill{}, fmt.Errorf("%w: the skill name is %d bytes long; names are at most 64 characters and ids at most %d bytes", ErrBadName, len(ref), maxNameLen)
	case strings.ContainsRune(ref, 0):
		return Skill{}, fmt.Errorf("%w: the skill name contains a NUL byte", ErrBadName)
	}
	return c.view.resolve(raw, ref)
}

// resolve is Resolve on a checked reference: raw as given, ref trimmed.
func (v *view) resolve(raw, ref string) (Skill, error) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	s, ok := v.skills[raw]
	if !ok {
		s, ok = v.skills[ref]
	}
	if ok {
		if !s.Valid {
			return Skill{}, &InvalidSkillError{Skill: *s}
		}
		return *s, nil
	}
	k := fold(ref)
	if id, ok := v.byName[k]; ok {
		return *v.skills[id], nil
	}
	for _, s := range v.skills {
		if !s.Valid && (fold(s.Name) == k || fold(filepath.Base(s.Dir)) == k) {
			return Skill{}, &InvalidSkillError{Skill: *s}
		}
	}
	names := make([]string, 0, len(v.byName))
	for _, id := range v.byName {
		names = append(names, v.skills[id].Name)
	}
	return Skill{}, &NotFoundError{Name: ref, Suggestions: suggest(ref, names, 5), Total: len(names)}
}

// servedByID returns the served skill with id: a *NotFoundError naming
// name when there is none, an *InvalidSkillError when it is not served.
func (v *view) servedByID(id, name string) (*Skill, error) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	s, ok := v.skills[id]
	switch {
	case !ok:
		return nil, &NotFoundError{Name: name, Total: len(v.byName)}
	case !s.Valid:
		return nil, &InvalidSkillError{Skill: *s}
	}
	return s, nil
}

// SplitPath splits "ID/REL" (as in a skill:// resource URI) into a skill id
// and a file path relative to it, trying the longest id first since ids
// contain slashes. ok is false when no served skill id is a prefix.
func (c *Catalog) SplitPath(p string) (id, rel string, ok bool) { return c.view.splitPath(p) }

func (v *view) splitPath(p string) (id, rel string, ok bool) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	for i := len(p); i > 0; i-- {
		if i < len(p) && p[i] != '/' {
			continue
		}
		if s, found := v.skills[p[:i]]; found && s.Valid {
			return p[:i], strings.TrimPrefix(p[i:], "/"), true
		}
	}
	return "", "", false
}
