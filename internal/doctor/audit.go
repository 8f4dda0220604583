package doctor

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/internal/audit"
)

// AuditFindings turns a security audit report (internal/audit) into
// findings: one error per
// skill with a high or critical finding (its rules and first locations)
// and one note counting everything. rel shortens a path for display.
func AuditFindings(rep *audit.Report, rel func(path string) string) []Finding {
	type agg struct {
		path  string
		worst audit.Severity
		rules []string
		n     int
	}
	by := map[string]*agg{}
	var order []string
	for _, f := range rep.Findings {
		if f.Severity < audit.High {
			continue
		}
		g := by[f.SkillID]
		if g == nil {
			g = &agg{path: f.Path, worst: f.Severity}
			if f.Line > 0 {
				g.path = fmt.Sprintf("%s:%d", f.Path, f.Line)
			}
			by[f.SkillID] = g
			order = append(order, f.SkillID)
		}
		g.n++
		if !slices.Contains(g.rules, f.RuleID) {
			g.rules = append(g.rules, f.RuleID)
		}
	}
	var out []Finding
	for _, id := range order {
		g := by[id]
		out = append(out, Finding{Severity: Error, Category: CatSecurity, Code: "audit-" + g.worst.String(), Skill: id,
			Message: fmt.Sprintf("%s (worst %s; %s), first at %s", fmt.Sprintf("%d high or critical security finding%s", g.n, map[bool]string{true: "s"}[g.n != 1]), g.worst, strings.Join(g.rules, ", "), rel(g.path)),
			Fix:     "read the evidence with skilldex audit, then remove the skill or fix the file"})
	}
	out = append(out, Finding{Severity: Info, Category: CatSecurity, Code: "audit-summary",
		Message: fmt.Sprintf("security audit of %d skills: %d critical, %d high, %d medium, %d low findings; %d skills flagged",
			rep.Skills, rep.Counts["critical"], rep.Counts["high"], rep.Counts["medium"], rep.Counts["low"], len(rep.Flagged))})
	return out
}

// AuditPaths audits the skills under paths (SKILL.md files, skill folders
// or folders of skills, as validate takes them) through an in-memory
// catalog over them, for validate --strict.
func AuditPaths(ctx context.Context, paths []string, maxDepth int, mode skillmd.Mode) (*audit.Report, error) {
	var roots []index.Root
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		if fi, err := os.Stat(abs); err == nil && !fi.IsDir() {
			abs = filepath.Dir(abs)
		}
		roots = append(roots, index.Root{Path: abs})
	}
	cat, err := index.Open(ctx, &index.Options{Roots: roots, Mem: true, MaxDepth: maxDepth, Mode: mode})
	if err != nil {
		return nil, err
	}
	defer cat.Close()
	return audit.Catalog(ctx, cat, audit.Options{})
}
