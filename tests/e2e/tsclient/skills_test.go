package tsclient

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/skilldex/skilldex/internal/e2etest"
)

// TestTypeScriptSkillsExtension drives the SEP-2640 skills extension with
// the official TypeScript MCP SDK (tests/mcpclient/skills.mjs) over stdio
// and streamable HTTP: skills/list paged to the end, skills/get of every
// entry, and every file of every skill read back and checked against its
// entry's size and SHA-256 digest, every frontmatter against the file's.
// On the examples only: the corpus run (about 2 minutes, 46,000 checks) is
// a step of .ci/run, outside this package's test time budget.
func TestTypeScriptSkillsExtension(t *testing.T) {
	skipShort(t)
	root, client := e2etest.TSClient(t)
	dirs := map[string]string{"examples": filepath.Join(root, "examples", "skills")}
	for name, dir := range dirs {
		t.Run(name, func(t *testing.T) {
			out, err := exec.Command("node", filepath.Join(client, "skills.mjs"), binary(t), dir).CombinedOutput()
			t.Logf("%s", out)
			if err != nil {
				t.Fatalf("TypeScript skills client: %v", err)
			}
		})
	}
}
