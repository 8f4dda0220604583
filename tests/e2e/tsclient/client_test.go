// Package tsclient drives the skilldex binary with the official
// TypeScript MCP SDK (tests/mcpclient): the tools, every tool profile and
// the skills extension. Without node or tests/mcpclient/node_modules the
// tests skip and say how to install the client, except when
// SKILLDEX_REQUIRE_NODE is set (.ci/run), where that fails.
package tsclient

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/skilldex/skilldex/internal/e2etest"
)

func TestMain(m *testing.M) { e2etest.Main(m) }

var binary = e2etest.Binary

// skipShort skips a test with -short: each starts node processes and the
// skilldex binary (and reads the corpus), outside a quick check.
func skipShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("the TypeScript SDK client runs: skipped with -short")
	}
}

// TestTypeScriptClient drives `skilldex serve` with the official
// TypeScript MCP SDK, on the examples and on the corpus.
func TestTypeScriptClient(t *testing.T) {
	skipShort(t)
	_, client := e2etest.TSClient(t)
	cases := []struct {
		name string
		dir  func(testing.TB) string
		env  []string
	}{
		{"examples", e2etest.Examples, nil},
		{"corpus", e2etest.Corpus, []string{"QUERY=convert office documents to markdown", "SKILL=markitdown", "FILE=references/file_formats.md"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command("node", filepath.Join(client, "client.mjs"), binary(t), tc.dir(t))
			cmd.Env = append(os.Environ(), tc.env...)
			out, err := cmd.CombinedOutput()
			t.Logf("%s", out)
			if err != nil {
				t.Fatalf("TypeScript client: %v", err)
			}
		})
	}
}
