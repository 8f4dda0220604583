package tools

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/tools/sandbox"
)

// TestRunSkillScriptInputs (issue 15, item 6): over MCP, a script reads
// the user's file given in "inputs" and writes into "output_dir", both
// inside the client's workspace root; a path outside the shared folders
// is refused before anything runs; a path that was not given fails with a
// hint naming the real cause.
func TestRunSkillScriptInputs(t *testing.T) {
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Skip("bwrap not installed (apt-get install bubblewrap): sandboxed script tests skipped")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed")
	}
	sb, err := sandbox.NewBubblewrap(nil)
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, map[string]string{
		"skills/csv-summary/SKILL.md": skillMD("name: csv-summary\ndescription: Summarize a CSV file", "Run scripts/summarize.py PATH [OUT].\n"),
		"skills/csv-summary/scripts/summarize.py": `import sys, os
rows = open(sys.argv[1]).read().splitlines()
print(len(rows) - 1, "rows")
if len(sys.argv) > 2:
    open(os.path.join(sys.argv[2], "summary.txt"), "w").write(str(len(rows) - 1))
`,
	}, []string{"skills"}, Options{Sandbox: sb})
	work := filepath.Join(f.root, "work") // the client's workspace
	other := filepath.Join(f.root, "other")
	for _, d := range []string{work, other, filepath.Join(work, "out")} {
		os.MkdirAll(d, 0o777)
		os.Chmod(d, 0o777) // the sandbox's user (nobody, when root runs the tests) writes the output
	}
	os.Chmod(f.root, 0o755)
	csv := filepath.Join(work, "data.csv")
	os.WriteFile(csv, []byte("a,b\n1,2\n3,4\n"), 0o644)
	os.WriteFile(filepath.Join(other, "secret.csv"), []byte("x\n"), 0o644)

	ct, ss := serveInMemory(t, f.h)
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	client.AddRoots(&mcp.Root{URI: "file://" + work, Name: "work"})
	cs, err := client.Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	args := func(v map[string]any) string { b, _ := json.Marshal(v); return string(b) }

	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	// Written out: the args object's key order is the positional order.
	res := call(t, cs, "run_skill_script", `{"skill": "csv-summary", "script": "scripts/summarize.py", "args": {"path": `+q(csv)+`, "out": `+q(filepath.Join(work, "out"))+`}, "inputs": [`+q(csv)+`], "output_dir": `+q(filepath.Join(work, "out"))+`}`)
	if res.IsError || !strings.Contains(text(res), "2 rows") {
		t.Fatalf("with inputs: %s", render(res))
	}
	if b, err := os.ReadFile(filepath.Join(work, "out", "summary.txt")); err != nil || string(b) != "2" {
		t.Errorf("output folder: %q %v", b, err)
	}

	res = call(t, cs, "run_skill_script", args(map[string]any{"skill": "csv-summary", "script": "scripts/summarize.py",
		"args": map[string]any{"path": filepath.Join(other, "secret.csv")}, "inputs": []string{filepath.Join(other, "secret.csv")}}))
	if !res.IsError || !strings.Contains(text(res), "outside the folders shared with scripts") || !strings.Contains(text(res), work) {
		t.Errorf("input outside the roots: %s", text(res))
	}

	res = call(t, cs, "run_skill_script", args(map[string]any{"skill": "csv-summary", "script": "scripts/summarize.py",
		"args": map[string]any{"path": csv}}))
	out, _ := json.Marshal(res.StructuredContent)
	if !res.IsError || !strings.Contains(text(res), "Hint: the script could not find "+csv) || !strings.Contains(text(res), `pass it (or its folder) in "inputs"`) ||
		!strings.Contains(string(out), `"hints":["the script could not find `) {
		t.Errorf("input not given: %s\n%s", text(res), out)
	}
}
