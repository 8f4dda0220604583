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

// TestTypeScriptClient drives `skilldex serve` with the official
// TypeScript MCP SDK, on the examples and on the corpus.
func TestTypeScriptClient(t *testing.T) {
	root, client := e2etest.TSClient(t)
	cases := []struct {
		name, dir string
		env       []string
	}{
		{"examples", filepath.Join(root, "examples", "skills"), nil},
	}
	if !testing.Short() {
		cases = append(cases, struct {
			name, dir string
			env       []string
		}{"corpus", e2etest.Corpus(t), []string{"QUERY=convert office documents to markdown", "SKILL=markitdown", "FILE=references/file_formats.md"}})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command("node", filepath.Join(client, "client.mjs"), binary(t), tc.dir)
			cmd.Env = append(os.Environ(), tc.env...)
			out, err := cmd.CombinedOutput()
			t.Logf("%s", out)
			if err != nil {
				t.Fatalf("TypeScript client: %v", err)
			}
		})
	}
}
