package index

import (
	"path/filepath"
	"testing"
)

// TestAgentFieldsReachSkill: the author's "hide from the model" settings,
// from SKILL.md (Claude Code) and agents/openai.yaml (Codex), reach
// index.Skill, in the deferred (metadata-only) pass too, and follow an
// edit of the sidecar file.
func TestAgentFieldsReachSkill(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "deploy", "SKILL.md"), "---\nname: deploy\ndescription: Deploy to staging.\ndisable-model-invocation: true\nuser-invocable: true\n---\n")
	writeFile(t, filepath.Join(root, "menu-only", "SKILL.md"), "---\nname: menu-only\ndescription: Background knowledge.\nuser-invocable: false\n---\n")
	writeFile(t, filepath.Join(root, "codex-explicit", "SKILL.md"), skillMD("codex-explicit", "Only when named.", ""))
	writeFile(t, filepath.Join(root, "codex-explicit", "agents", "openai.yaml"), "policy:\n  allow_implicit_invocation: false\n")
	writeFile(t, filepath.Join(root, "plain", "SKILL.md"), skillMD("plain", "Nothing hidden.", ""))
	for _, mem := range []bool{true, false} {
		opts := &Options{Roots: []Root{{Path: root}}}
		if mem {
			opts.Mem = true
		} else {
			opts.DataDir = t.TempDir()
		}
		c := open(t, opts)
		for id, want := range map[string][2]bool{ // {hidden, user-invocable}
			"deploy": {true, true}, "menu-only": {false, false}, "codex-explicit": {true, true}, "plain": {false, true},
		} {
			s, err := c.Resolve(id)
			if err != nil {
				t.Fatalf("mem=%v %s: %v", mem, id, err)
			}
			if s.DisableModelInvocation != want[0] || s.UserInvocable != want[1] || !s.Valid {
				t.Errorf("mem=%v %s: hidden %v user-invocable %v valid %v, want %v", mem, id, s.DisableModelInvocation, s.UserInvocable, s.Valid, want)
			}
		}
	}
	// The first pass of a deferred build reads only SKILL.md and the
	// sidecar: it must give the same answer.
	c := open(t, &Options{Roots: []Root{{Path: root}}, Mem: true})
	found, _ := discover(c.opts.Roots, 0)
	ids := skillIDs(found, c.opts.Roots)
	for i, f := range found {
		if ids[i] != "codex-explicit" && ids[i] != "deploy" {
			continue
		}
		if p := c.ref.reader.parseOne(f, ids[i], true); !p.skill.DisableModelInvocation {
			t.Errorf("metadata-only parse of %s: not hidden", ids[i])
		}
	}
}
