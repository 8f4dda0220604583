package tsclient

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/skilldex/skilldex/internal/e2etest"
)

// TestTypeScriptProfiles drives `skilldex serve --mem --profile P --dir
// DIR` for every tool profile (native, universal, wave, list-get,
// agent-zero) with the official TypeScript MCP SDK
// (tests/mcpclient/profiles.mjs): on the seeds' own skills, which the
// script writes to a temporary folder, and on the corpus, which it only
// reads.
func TestTypeScriptProfiles(t *testing.T) {
	skipShort(t)
	_, client := e2etest.TSClient(t)
	cases := []struct {
		name string
		args func(testing.TB) []string
	}{
		{"seed-skills", func(testing.TB) []string { return nil }},
		{"corpus", func(t testing.TB) []string { return []string{"--corpus", e2etest.Corpus(t)} }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command("node", append([]string{filepath.Join(client, "profiles.mjs"), binary(t)}, tc.args(t)...)...)
			cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
			out, err := cmd.CombinedOutput()
			t.Logf("%s", out)
			if err != nil {
				t.Fatalf("TypeScript profiles client: %v", err)
			}
		})
	}
}
