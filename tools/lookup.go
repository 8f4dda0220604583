package tools

import (
	"errors"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// fold is the key skill names are compared under, the catalog's own
// (index.Fold): case-insensitive after NFC normalisation, surrounding
// spaces ignored.
func fold(name string) string { return index.Fold(name) }

// asciiSlug turns text into a name of lower-case ASCII letters, digits and
// single hyphens, "my-skill" when nothing is left (index.Slug with ASCII
// only): the fix wave suggests for a name its rule (^[a-z0-9-]+$)
// refuses.
func asciiSlug(text string) string { return index.Slug(text, true) }

// lookupName finds a served skill by name only (case-insensitive), as the
// universal and wave seeds look skills up ("Normalize to lowercase for
// lookup"; "skill_name must exist in discovered skills"), never by id or
// path. It uses Catalog.Resolve and only scans the list when Resolve
// answered with a skill of another name (an id match) or an invalid skill
// while a served skill carries the name. Errors: *index.NotFoundError,
// *index.InvalidSkillError (the name belongs only to a skill that fails
// validation), index.ErrBadName.
func (h *deps) lookupName(name string) (index.Skill, error) {
	s, err := h.cat.Resolve(name)
	k := fold(name)
	if err == nil && fold(s.Name) == k {
		return s, nil
	}
	var inv *index.InvalidSkillError
	if err != nil && !errors.As(err, &inv) {
		return index.Skill{}, err
	}
	for _, c := range h.cat.List(index.ListOptions{}) {
		if fold(c.Name) == k {
			return c, nil
		}
	}
	if inv != nil {
		return index.Skill{}, err
	}
	return index.Skill{}, &index.NotFoundError{Name: strings.TrimSpace(name)}
}

// suggestions returns the close names a lookup error carries, if any.
func suggestions(err error) []string {
	var nf *index.NotFoundError
	if errors.As(err, &nf) {
		return nf.Suggestions
	}
	return nil
}
