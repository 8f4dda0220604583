package skillmd

import "testing"

// TestTemplatePaths: links written with the variables agents expand (the
// skill folder's, arguments, template fields) are not broken references:
// a skill-folder variable resolves in the skill folder, any other
// placeholder makes the link a template.
func TestTemplatePaths(t *testing.T) {
	body := "See [a]({baseDir}/references/a.md), [b](${CLAUDE_SKILL_DIR}/jobs/scan.md), [c]($CLAUDE_SKILL_DIR/specs/c.md),\n" +
		"[d]({{skill_dir}}/d.md), [gone]({baseDir}/references/gone.md), [args](reports/$ARGUMENTS.md), [n](out/$1.md),\n" +
		"[v]({{output_dir}}/x.md), [p](${CLAUDE_PLUGIN_ROOT}/scripts), [u](<name>.md), [plain](missing.md).\n"
	files := []string{"references/a.md", "jobs/scan.md", "specs/c.md", "d.md"}
	got := map[string]RefStatus{}
	for _, r := range ExtractReferences([]byte(body), 1, files) {
		got[r.Path] = r.Status
	}
	want := map[string]RefStatus{
		"references/a.md": RefOK, "jobs/scan.md": RefOK, "specs/c.md": RefOK, "d.md": RefOK,
		"references/gone.md": RefBroken, "missing.md": RefBroken,
	}
	for target, st := range want {
		if g, ok := got[target]; !ok || g != st {
			t.Errorf("%s: status %v (found %v), want %v", target, g, ok, st)
		}
	}
	if len(got) != len(want) {
		t.Errorf("references %v, want only %v (templates are not files)", got, want)
	}
}
