package doctor

import (
	"fmt"
	"io"
	"strings"
)

// TextOptions configure WriteText.
type TextOptions struct {
	// PerCode caps the findings shown per code within a category for
	// warnings and infos (errors are always all shown); 0 shows all.
	PerCode int
	// Paint colours a severity word or a heading for a terminal; nil
	// leaves text plain.
	Paint func(sev Severity, s string) string
	// Trim shortens absolute paths for display (e.g. strips the root);
	// nil keeps them.
	Trim func(path string) string
}

var categoryTitle = map[string]string{
	CatInvalid: "skills not served", CatReference: "references an agent cannot open", CatOutside: "references outside the skill",
	CatShadowed: "shadowed names", CatDuplicate: "exact duplicates", CatScript: "scripts", CatDescription: "descriptions search cannot place",
	CatSecurity: "security audit", CatSpec: "Agent Skills rules", CatCatalog: "catalog", CatBudget: "listing cost",
}

// WriteText prints the report for people: a summary line, then findings
// grouped by severity and category (most serious first), each with where
// it is and its fix, then the listing cost against each budget.
func (r *Report) WriteText(w io.Writer, o TextOptions) error {
	paint := o.Paint
	if paint == nil {
		paint = func(_ Severity, s string) string { return s }
	}
	trim := o.Trim
	if trim == nil {
		trim = func(p string) string { return p }
	}
	ew := &errWriter{w: w}
	ew.printf("%s: %d served (%d of them shadowed), %d not served (invalid)\n", count(r.Skills, "skill"), r.Served, r.Shadowed, r.Invalid)
	ew.printf("%s, %s, %s\n", paint(Error, count(r.Errors, "error")), paint(Warning, count(r.Warnings, "warning")), count(r.Infos, "note"))
	i := 0
	for i < len(r.Findings) {
		sev, cat := r.Findings[i].Severity, r.Findings[i].Category
		j := i
		for j < len(r.Findings) && r.Findings[j].Severity == sev && r.Findings[j].Category == cat {
			j++
		}
		ew.printf("\n%s %s (%d)\n", paint(sev, strings.ToUpper(string(sev))), categoryTitle[cat], j-i)
		shown := map[string]int{}
		hidden := map[string]int{}
		var order []string
		for _, f := range r.Findings[i:j] {
			if o.PerCode > 0 && sev != Error && shown[f.Code] >= o.PerCode {
				if hidden[f.Code] == 0 {
					order = append(order, f.Code)
				}
				hidden[f.Code]++
				continue
			}
			shown[f.Code]++
			head := f.Message
			if f.Skill != "" {
				head = f.Skill + ": " + head
			}
			ew.printf("  - %s [%s]\n", head, f.Code)
			if f.File != "" {
				loc := trim(f.File)
				if f.Line > 0 {
					loc = fmt.Sprintf("%s:%d", loc, f.Line)
				}
				ew.printf("    at %s\n", loc)
			}
			for _, rel := range f.Related {
				ew.printf("    also %s\n", trim(rel))
			}
			if f.Fix != "" {
				ew.printf("    fix: %s\n", f.Fix)
			}
		}
		for _, c := range order {
			ew.printf("  … and %d more [%s] (doctor --all, or --json, lists every one)\n", hidden[c], c)
		}
		i = j
	}
	if l := r.Listing; l != nil {
		ew.printf("\nLISTING COST: %s in the listing, %d characters (about %d tokens) with full descriptions\n", count(l.Skills, "skill"), l.FullChars, l.Tokens)
		if l.Hidden > 0 {
			ew.printf("  not counting %s hidden from the model by their authors (disable-model-invocation), which no listing shows\n", count(l.Hidden, "served skill"))
		}
		for _, b := range l.Budgets {
			state := paint(Warning, "over")
			if b.Fits {
				state = "fits"
			}
			var keeps string
			switch b.Mode {
			case "full":
				keeps = "every skill with its full description"
			case "shortened":
				keeps = fmt.Sprintf("descriptions cut to %d characters", b.DescriptionCap)
			case "names":
				keeps = "names only"
			default:
				keeps = fmt.Sprintf("%s, %d left out", count(b.Listed, "name"), b.Omitted)
			}
			ew.printf("  %-28s %-4s  skilldex prompt keeps %s\n", b.Name, state, keeps)
		}
	}
	return ew.err
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// errWriter keeps the first write error so the printing reads straight.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
