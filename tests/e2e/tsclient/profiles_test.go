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
// script writes to a temporary folder, and, unless -short, on the corpus,
// which it only reads.
func TestTypeScriptProfiles(t *testing.T) {
	_, client := e2etest.TSClient(t)
	cases := []struct {
		name string
		args []string
	}{{"seed-skills", nil}}
	if !testing.Short() {
		cases = append(cases, struct {
			name string
			args []string
		}{"corpus", []string{"--corpus", e2etest.Corpus(t)}})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command("node", append([]string{filepath.Join(client, "profiles.mjs"), binary(t)}, tc.args...)...)
			cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
			out, err := cmd.CombinedOutput()
			t.Logf("%s", out)
			if err != nil {
				t.Fatalf("TypeScript profiles client: %v", err)
			}
		})
	}
}
