package index

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/store"
)

// hangLimit bounds every wait in this package's tests. It only catches a
// hang: no test asserts how long anything takes (speed lives in the
// benchmarks), and it is far above the expected time on a loaded 2-core
// machine.
const hangLimit = 120 * time.Second

// TestCheckFindsDisagreement: the harness check is not vacuous; a
// document missing from the search index, or a record missing from the
// store, is reported.
func TestCheckFindsDisagreement(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "a", "SKILL.md"), skillMD("a", "Skill a.", "body"))
	writeFile(t, filepath.Join(root, "b", "SKILL.md"), skillMD("b", "Skill b.", "body"))
	c := open(t, &Options{Roots: []Root{{Path: root}}, DataDir: t.TempDir()})
	must(t, c.check())
	a, err := c.Resolve("a")
	must(t, err)
	must(t, c.pair.ix.Delete("a"))
	if err := c.check(); err == nil || !strings.Contains(err.Error(), `"a" only in the catalog`) {
		t.Errorf("a document missing from the index: %v", err)
	}
	must(t, c.pair.ix.Index(docFor(&a, "body")))
	meta, err := c.pair.st.Meta("b")
	must(t, err)
	must(t, c.pair.st.Delete("b"))
	if err := c.check(); err == nil || !strings.Contains(err.Error(), `skill "b" is not in the store`) {
		t.Errorf("a record missing from the store: %v", err)
	}
	must(t, c.pair.st.Put(store.Entry{ID: "b", Meta: meta}))
	must(t, c.check())
}
