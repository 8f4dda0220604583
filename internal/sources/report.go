package sources

import (
	"fmt"
	"io"
	"strings"

	"github.com/skilldex/skilldex/internal/audit"
	"github.com/skilldex/skilldex/internal/termtext"
)

// WriteText prints what add (added) or update did to the source, for a
// person: the commits, the skills added (+), removed (-) and changed (~),
// warnings, high and critical audit findings one by one and the others
// counted, and why a change was refused. Catalog text is escaped.
func (c *Change) WriteText(w io.Writer, added bool) {
	clean := func(s string) string { return termtext.Escape(s, false) }
	ref := c.Source.URL
	if c.Source.Ref != "" {
		ref += "#" + c.Source.Ref
	}
	switch {
	case added:
		fmt.Fprintf(w, "%s: %s @ %s\n", c.Name, ref, Short12(c.Source.Commit))
	case !c.Moved():
		fmt.Fprintf(w, "%s: unchanged at %s\n", c.Name, Short12(c.Source.Commit))
	default:
		fmt.Fprintf(w, "%s: %s -> %s (%s)\n", c.Name, Short12(c.Old.Commit), Short12(c.Source.Commit), ref)
	}
	name := func(id string) string {
		if s := c.Source.Skills[id]; s != nil && s.Name != "" {
			return " (" + clean(s.Name) + ")"
		}
		return ""
	}
	for _, id := range c.Added {
		fmt.Fprintf(w, "  + %s%s\n", clean(id), name(id))
	}
	for _, id := range c.Removed {
		fmt.Fprintf(w, "  - %s\n", clean(id))
	}
	for _, ch := range c.Changed {
		fmt.Fprintf(w, "  ~ %s%s: %s\n", clean(ch.Skill), name(ch.Skill), clean(strings.Join(ch.Files, ", ")))
	}
	for _, warn := range c.Warnings {
		fmt.Fprintf(w, "  warning: %s\n", clean(warn))
	}
	// High and critical findings one by one (they are why a change is
	// refused); the others counted: a big source has hundreds.
	counts := map[audit.Severity]int{}
	for _, fd := range c.Findings {
		if fd.Severity < audit.High {
			counts[fd.Severity]++
		} else if len(c.Refused) == 0 {
			fmt.Fprintf(w, "  audit: %s %s in %s/%s:%d: %s\n", fd.Severity, fd.RuleID, clean(fd.SkillID), clean(fd.File), fd.Line, clean(fd.Reason))
		}
	}
	if n := counts[audit.Medium] + counts[audit.Low]; n > 0 {
		word := "findings"
		if n == 1 {
			word = "finding"
		}
		fmt.Fprintf(w, "  audit: %d medium, %d low %s (see them with --json, or skilldex audit once served)\n",
			counts[audit.Medium], counts[audit.Low], word)
	}
	for _, r := range c.Refused {
		fmt.Fprintf(w, "  refused: %s\n", clean(r))
	}
}

// Short12 is a commit id cut to 12 characters, as people read it.
func Short12(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

// Report is the change as --json prints it: the lockfile, whether it was
// written, the source as locked, the commit moved from, the skills added,
// removed and changed, the audit findings, warnings and refusals (empty
// lists, never null).
func (c *Change) Report(lockPath string, written bool) any {
	type skillChange struct {
		Skill string   `json:"skill"`
		Name  string   `json:"name"`
		Files []string `json:"files"`
	}
	out := struct {
		Name      string        `json:"name"`
		Lock      string        `json:"lock"`
		Written   bool          `json:"written"`
		Source    *LockedSource `json:"source"`
		OldCommit string        `json:"old_commit,omitempty"`
		Added     []string      `json:"added"`
		Removed   []string      `json:"removed"`
		Changed   []skillChange `json:"changed"`
		Findings  any           `json:"findings"`
		Warnings  []string      `json:"warnings"`
		Refused   []string      `json:"refused"`
	}{Name: c.Name, Lock: lockPath, Written: written && len(c.Refused) == 0, Source: c.Source,
		Added: nonNil(c.Added), Removed: nonNil(c.Removed), Changed: []skillChange{}, Findings: c.Findings,
		Warnings: nonNil(c.Warnings), Refused: nonNil(c.Refused)}
	if c.Old != nil {
		out.OldCommit = c.Old.Commit
	}
	if c.Findings == nil {
		out.Findings = []any{}
	}
	for _, ch := range c.Changed {
		out.Changed = append(out.Changed, skillChange{ch.Skill, ch.Name, nonNil(ch.Files)})
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
