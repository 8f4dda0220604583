package index

import "testing"

// TestViewWithoutCatalog ranks shadowing on a bare view: the earlier root
// wins, then the shallower folder, then the smaller id; invalid skills
// take no part.
func TestViewWithoutCatalog(t *testing.T) {
	v := newView()
	add := func(id, name string, root, depth int, valid bool) {
		v.skills[id] = &Skill{ID: id, Name: name, Root: root, Depth: depth, Valid: valid, Dir: "/r/" + id}
	}
	add("b/pdf", "PDF", 1, 1, true)
	add("a/deep/pdf", "pdf", 0, 2, true)
	add("a/pdf", "Pdf", 0, 1, true)
	add("broken", "pdf", 0, 0, false)
	add("x", "other", 1, 0, true)
	l := v.lock()
	l.reshadow()
	l.unlock()
	byName, shadowedBy, byDir := v.shadowState()
	if byName["pdf"] != "a/pdf" || byName["other"] != "x" {
		t.Errorf("winners: %v", byName)
	}
	if shadowedBy["b/pdf"] != "a/pdf" || shadowedBy["a/deep/pdf"] != "a/pdf" || shadowedBy["a/pdf"] != "" || shadowedBy["broken"] != "" {
		t.Errorf("shadowed: %v", shadowedBy)
	}
	if len(byDir) != 5 {
		t.Errorf("folders: %v", byDir)
	}
}
