package index

// Packing a decoded record's strings: a serving process keeps every
// record in memory for as long as it runs, so the strings of one record
// share one allocation (pack), and the strings most records repeat are
// constants (constantString).

import (
	"strings"

	"github.com/skilldex/skilldex/index/skillmd"
)

// pack moves the strings of s, all slices of its stored record, into one
// new string of exactly their size, and returns meta (the encoded
// frontmatter fields, decoded from it after) moved there too, so the
// record itself becomes garbage. A serving process keeps every record in
// memory for as long as it runs, and a record holds what the in-memory skill can share or need not
// copy: the id again (the skill's ID is the key it is stored under), Rel
// and RealDir (mostly the id and Dir again), SKILL.md's hash and name
// again in Files, constants (the usual file name, reference kinds and
// statuses, severities), length prefixes and numbers. See keptStrings.
func pack(s *Skill, meta string) string {
	var m packer
	s.keptStrings(&meta, &m)
	var b strings.Builder
	b.Grow(m.n)
	s.keptStrings(&meta, &packer{b: &b})
	return meta
}

// packer is pack's pass over a skill's strings: without b it counts the
// bytes to copy (n) and changes nothing; with b it copies each string
// into b and points the field at the copy. b is grown to n first and
// never grows past it, so its bytes never move: every copy shares the one
// allocation.
type packer struct {
	n int
	b *strings.Builder
}

// str packs *x, or makes it the constant equal to it.
func (p *packer) str(x *string) {
	if c, ok := constantString(*x); ok {
		if p.b != nil {
			*x = c
		}
		return
	}
	if p.b == nil {
		p.n += len(*x)
		return
	}
	start := p.b.Len()
	p.b.WriteString(*x)
	*x = p.b.String()[start:]
}

// same makes *x share kept when they are equal, else packs it.
func (p *packer) same(x *string, kept string) {
	if *x != kept {
		p.str(x)
	} else if p.b != nil {
		*x = kept
	}
}

// keptStrings runs p over every string field of s and *meta, in one
// fixed order: fields equal to one kept before share its string (same).
// Comparisons are by value, so the counting and the copying pass take
// the same branches.
func (s *Skill) keptStrings(meta *string, p *packer) {
	p.str(&s.Name)
	p.str(&s.Description)
	for i := range s.Tags {
		p.str(&s.Tags[i])
	}
	p.str(&s.Version)
	p.str(&s.Author)
	p.str(&s.License)
	p.str(&s.Compatibility)
	for i := range s.AllowedTools {
		p.str(&s.AllowedTools[i])
	}
	p.str(meta)
	p.str(&s.RootLabel)
	p.str(&s.Dir)
	p.same(&s.RealDir, s.Dir)
	p.str(&s.SkillFile)
	p.same(&s.Rel, s.ID)
	p.str(&s.Hash)
	for i := range s.Files {
		f := &s.Files[i]
		p.same(&f.Path, s.SkillFile)
		p.same(&f.Hash, s.Hash)
	}
	for i := range s.References {
		r := &s.References[i]
		p.str(&r.Target)
		p.same(&r.Path, r.Target)
		kind, status := string(r.Kind), string(r.Status)
		p.str(&kind)
		p.str(&status)
		if p.b != nil {
			r.Kind, r.Status = skillmd.RefKind(kind), skillmd.RefStatus(status)
		}
	}
	for i := range s.Diagnostics {
		d := &s.Diagnostics[i]
		sev := string(d.Severity)
		p.str(&sev)
		if p.b != nil {
			d.Severity = skillmd.Severity(sev)
		}
		p.str(&d.Code)
		p.same(&d.File, s.SkillFile)
		p.str(&d.Message)
		p.str(&d.Fix)
	}
}

// constantString returns the constant equal to x, for the strings most
// records hold ("" included); ok is false for any other x.
func constantString(x string) (string, bool) {
	switch x {
	case "":
		return "", true
	case "SKILL.md":
		return "SKILL.md", true
	case string(skillmd.RefLink):
		return string(skillmd.RefLink), true
	case string(skillmd.RefImage):
		return string(skillmd.RefImage), true
	case string(skillmd.RefCode):
		return string(skillmd.RefCode), true
	case string(skillmd.RefPath):
		return string(skillmd.RefPath), true
	case string(skillmd.RefOK):
		return string(skillmd.RefOK), true
	case string(skillmd.RefCaseMismatch):
		return string(skillmd.RefCaseMismatch), true
	case string(skillmd.RefBroken):
		return string(skillmd.RefBroken), true
	case string(skillmd.RefOutside):
		return string(skillmd.RefOutside), true
	case string(skillmd.SeverityError):
		return string(skillmd.SeverityError), true
	case string(skillmd.SeverityWarning):
		return string(skillmd.SeverityWarning), true
	}
	return "", false
}
