package index

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/skilldex/skilldex/index/skillmd"
)

// Sentinel errors of the catalog operations; test with errors.Is.
var (
	// ErrNotFound: no served skill has that name or id (a *NotFoundError
	// carries suggestions).
	ErrNotFound = errors.New("skill not found")
	// ErrInvalid: the skill exists but failed validation and is not
	// served (an *InvalidSkillError carries its diagnostics).
	ErrInvalid = errors.New("skill is invalid")
	// ErrBadName: the skill name or id is empty, too long or holds a NUL
	// byte.
	ErrBadName = errors.New("invalid skill name")
	// ErrFileNotFound: the skill has no such file (a *FileNotFoundError
	// carries suggestions).
	ErrFileNotFound = errors.New("file not found")
	// ErrOutside: the path leaves the skill folder (.., absolute, a link
	// pointing out). Nothing was read.
	ErrOutside = errors.New("path is outside the skill folder")
	// ErrTooLarge: the file is larger than MaxFileSize.
	ErrTooLarge = errors.New("file is too large")
	// ErrBinary: the file is not UTF-8 text.
	ErrBinary = errors.New("file is not text")
	// ErrClosed: the catalog was closed; a refresh after Close does
	// nothing.
	ErrClosed = errors.New("catalog is closed")
)

// NotFoundError reports an unknown skill with close matches. Its text
// names no front-end: each front-end (CLI, MCP tools, profiles) renders its
// own hint from the fields.
type NotFoundError struct {
	Name        string
	Suggestions []string // names of served skills close to Name, best first
	Total       int      // number of served skills
}

// Error implements error: the missing id, with the closest names when there are.
func (e *NotFoundError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "skill %q not found among %d skills", e.Name, e.Total)
	if len(e.Suggestions) > 0 {
		fmt.Fprintf(&b, "; did you mean %s?", strings.Join(e.Suggestions, ", "))
	}
	return b.String()
}

// Unwrap returns ErrNotFound.
func (e *NotFoundError) Unwrap() error { return ErrNotFound }

// InvalidSkillError reports a skill that exists but is not served because
// of error diagnostics.
type InvalidSkillError struct {
	Skill Skill
}

// Errors returns the diagnostics with error severity.
func (e *InvalidSkillError) Errors() []skillmd.Diagnostic {
	var out []skillmd.Diagnostic
	for _, d := range e.Skill.Diagnostics {
		if d.Severity == skillmd.SeverityError {
			out = append(out, d)
		}
	}
	return out
}

// Error implements error: the skill, its SKILL.md path and each error-severity
// problem with its fix.
func (e *InvalidSkillError) Error() string {
	var msgs []string
	for _, d := range e.Errors() {
		m := d.Message
		if d.Fix != "" {
			m += " (fix: " + d.Fix + ")"
		}
		msgs = append(msgs, m)
	}
	return fmt.Sprintf("skill %q at %s is invalid: %s", e.Skill.ID, e.Skill.SkillPath(), strings.Join(msgs, "; "))
}

// Unwrap returns ErrInvalid.
func (e *InvalidSkillError) Unwrap() error { return ErrInvalid }

// FileNotFoundError reports a path that is not a file of the skill. Like
// NotFoundError, its text names no front-end.
type FileNotFoundError struct {
	SkillID     string
	Path        string
	Suggestions []string // existing files close to Path
}

// Error implements error: the skill and the file it does not hold.
func (e *FileNotFoundError) Error() string {
	s := fmt.Sprintf("file %q not found in skill %q", e.Path, e.SkillID)
	if len(e.Suggestions) > 0 {
		s += "; did you mean " + strings.Join(e.Suggestions, ", ") + "?"
	}
	return s
}

// Unwrap returns ErrFileNotFound.
func (e *FileNotFoundError) Unwrap() error { return ErrFileNotFound }

// suggest returns up to n candidates close to q: substring matches and
// names within an edit distance of about a third of q's length, closest
// first.
func suggest(q string, candidates []string, n int) []string {
	q = strings.ToLower(q)
	type scored struct {
		s string
		d int
	}
	var out []scored
	limit := max(2, len([]rune(q))/3)
	for _, c := range candidates {
		lc := strings.ToLower(c)
		d := editDistance(q, lc)
		if strings.Contains(lc, q) || (len(q) >= 3 && strings.Contains(q, lc)) {
			d = min(d, 1)
		}
		if d <= limit {
			out = append(out, scored{c, d})
		}
	}
	sortScored := func(i, j int) bool {
		if out[i].d != out[j].d {
			return out[i].d < out[j].d
		}
		return out[i].s < out[j].s
	}
	sort.Slice(out, sortScored)
	var names []string
	for i := 0; i < len(out) && len(names) < n; i++ {
		if len(names) == 0 || names[len(names)-1] != out[i].s {
			names = append(names, out[i].s)
		}
	}
	return names
}

// editDistance is the Levenshtein distance in runes, capped for long
// inputs so a hostile 10 KB name costs little.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 128 || len(rb) > 128 {
		return 1 << 20
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
