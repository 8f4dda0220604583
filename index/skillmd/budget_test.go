package skillmd

import (
	"strings"
	"testing"
)

// TestMarkdownBudgetHostile: the shapes that make goldmark quadratic are
// over budget and still parse, with a warning, and their references are
// found by the plain scan; ordinary markdown, large or not, is within
// budget and parsed as before.
func TestMarkdownBudgetHostile(t *testing.T) {
	front := "---\nname: hostile\ndescription: A skill whose body is built to make markdown parsers slow.\n---\n"
	for name, body := range map[string]string{
		"unclosed link openers": "See [the form](references/form.md).\n\n" + strings.Repeat("[a](", 50_000),
		"nested block quotes":   "See [the form](references/form.md).\n\n" + strings.Repeat("> ", 200_000),
		"huge body":             "See [the form](references/form.md).\n\n" + strings.Repeat("word ", 300_000),
	} {
		t.Run(name, func(t *testing.T) {
			if MarkdownBudget([]byte(body)) == "" {
				t.Fatal("within budget; want over")
			}
			s, diags, err := Parse("SKILL.md", []byte(front+body), []string{"SKILL.md", "references/form.md"})
			if err != nil {
				t.Fatal(err)
			}
			var warned bool
			for _, d := range diags {
				warned = warned || d.Code == CodeMarkdownBudget
			}
			if !warned {
				t.Errorf("no %s diagnostic in %v", CodeMarkdownBudget, diags)
			}
			var found bool
			for _, r := range s.References {
				found = found || (r.Path == "references/form.md" && r.Status == RefOK)
			}
			if !found {
				t.Errorf("the plain scan lost the reference to references/form.md: %+v", s.References)
			}
		})
	}
}

// TestMarkdownBudgetOrdinary: real markdown is within budget, including a
// long document of many closed links and shallow quotes.
func TestMarkdownBudgetOrdinary(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 2000; i++ {
		b.WriteString("Read [step](references/step.md) and ![chart](assets/chart.png) before you start.\n> > a quoted note\n\n")
	}
	if why := MarkdownBudget([]byte(b.String())); why != "" {
		t.Errorf("ordinary markdown over budget: %s", why)
	}
}
