package index

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/skilldex/skilldex/index/skillmd"
)

// Report is the validation outcome of one skill folder.
type Report struct {
	// Path is the skill's SKILL.md.
	Path        string               `json:"path"`
	Name        string               `json:"name"`
	Valid       bool                 `json:"valid"`
	Diagnostics []skillmd.Diagnostic `json:"diagnostics,omitempty"`
}

// ValidatePaths validates every skill found under paths without touching
// any store or index. A path may be a SKILL.md file, a skill folder, or a
// folder of skills (walked like a root). Paths that do not exist or hold no
// skill are reported as an error diagnostic in the second result. Reports
// are sorted by path.
func ValidatePaths(paths []string, mode skillmd.Mode) ([]Report, []skillmd.Diagnostic) {
	var roots []Root
	var diags []skillmd.Diagnostic
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			diags = append(diags, skillmd.Diagnostic{Severity: skillmd.SeverityError, Code: "no-such-path", File: p,
				Message: fmt.Sprintf("cannot read %s: %v", p, err), Fix: "pass an existing skill folder, SKILL.md file or folder of skills"})
			continue
		}
		if !st.IsDir() {
			if !strings.EqualFold(filepath.Base(p), "SKILL.md") {
				diags = append(diags, skillmd.Diagnostic{Severity: skillmd.SeverityError, Code: "not-a-skill", File: p,
					Message: "not a SKILL.md file or a folder", Fix: "pass a skill folder or its SKILL.md"})
				continue
			}
			p = filepath.Dir(p)
		}
		abs, err := filepath.Abs(p)
		if err != nil {
			abs = p
		}
		roots = append(roots, Root{Path: abs})
	}
	found, walkDiags := discover(roots, 0)
	diags = append(diags, walkDiags...)
	if len(found) == 0 && len(roots) > 0 {
		for _, r := range roots {
			diags = append(diags, skillmd.Diagnostic{Severity: skillmd.SeverityError, Code: "no-skills", File: r.Path,
				Message: "no SKILL.md found here or below", Fix: "create SKILL.md with name and description frontmatter"})
		}
	}
	ids := skillIDs(found, roots)
	all := make([]int, len(found))
	for i := range all {
		all[i] = i
		sortFiles(found[i].files)
	}
	var out []Report
	for _, p := range (folderReader{roots: roots, mode: mode}).parseAll(found, ids, all, false) {
		s := p.skill
		out = append(out, Report{Path: s.SkillPath(), Name: s.Name, Valid: s.Valid, Diagnostics: s.Diagnostics})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, diags
}
