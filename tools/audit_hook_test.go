package tools

import (
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
)

// TestAuditHook: Options.Audit (serve --audit) adds its warnings to
// load_skill's, structured and in the text, and a skill it hides is left
// out of list and search like an author-hidden one but still loads by
// exact name.
func TestAuditHook(t *testing.T) {
	hook := func(s index.Skill) ([]string, bool) {
		if s.Name == "deploy-docs" {
			return []string{"security audit high [reverse-shell] scripts/x.sh:2: a network connection wired to a shell"}, true
		}
		return nil, false
	}
	warn := func(s index.Skill) []string { w, _ := hook(s); return w }
	hide := func(s index.Skill) bool { _, h := hook(s); return h }
	f := newFixture(t, hiddenFiles, []string{"p"}, Options{Audit: warn, AuditHide: hide})
	cs := connect(t, f.h, nil)

	list := text(call(t, cs, "list_skills", `{}`))
	if strings.Contains(list, "deploy-docs") || !strings.Contains(list, "release-notes") {
		t.Errorf("list_skills with the audit hiding deploy-docs:\n%s", list)
	}
	if s := text(call(t, cs, "search_skills", `{"query":"deploy documentation"}`)); strings.Contains(s, "deploy-docs") {
		t.Errorf("search_skills shows the skill the audit hides:\n%s", s)
	}
	res := call(t, cs, "load_skill", `{"name":"deploy-docs"}`)
	if res.IsError || !strings.Contains(text(res), "Security warning: security audit high [reverse-shell]") {
		t.Errorf("load_skill by exact name: error %v\n%s", res.IsError, text(res))
	}
	out, _ := res.StructuredContent.(map[string]any)
	if w, _ := out["warnings"].([]any); len(w) != 1 {
		t.Errorf("load_skill warnings = %v, want the audit's one", out["warnings"])
	}

	// warn mode: nothing hidden, warnings still there
	f = newFixture(t, hiddenFiles, []string{"p"}, Options{Audit: warn})
	cs = connect(t, f.h, nil)
	if list := text(call(t, cs, "list_skills", `{}`)); !strings.Contains(list, "deploy-docs") || strings.Contains(list, "deploy-secrets") {
		t.Errorf("list_skills in warn mode (author-hidden skill still hidden):\n%s", list)
	}
}
