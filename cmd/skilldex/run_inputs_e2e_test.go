package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunInputs (issue 15, item 6) is the issue's reproduction: `skilldex
// run csv-summary scripts/summarize.py --arg path=DATA` failed with
// FileNotFoundError. Without --input the failure now ends with a hint to
// pass the file; with --input DATA the script reads it; / and the home
// folder are refused before anything runs.
func TestRunInputs(t *testing.T) {
	if _, err := exec.LookPath("bwrap"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("bwrap missing in CI: .ci/run installs bubblewrap")
		}
		t.Skip("bwrap not installed (apt-get install bubblewrap)")
	}
	ex := filepath.Join(repoRoot(t), "examples", "skills")
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	data := filepath.Join(dir, "data.csv")
	if err := os.WriteFile(data, []byte("city,temp\nOslo,4\nRome,19\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "run", "--mem", "--dir", ex, "csv-summary", "scripts/summarize.py", "--arg", "path="+data)
	if r.code == 0 || !strings.Contains(r.stderr, "FileNotFoundError") || !strings.Contains(r.stderr, "skilldex: hint: the script could not find "+data) ||
		!strings.Contains(r.stderr, "--input "+data) {
		t.Errorf("without --input: exit %d\nstderr %s", r.code, r.stderr)
	}
	r = run(t, "run", "--mem", "--dir", ex, "csv-summary", "scripts/summarize.py", "--arg", "path="+data, "--input", data)
	if r.code != 0 || !strings.Contains(r.stdout, "rows: 2") || !strings.Contains(r.stdout, "temp: 0 missing, min 4.0, max 19.0") {
		t.Errorf("with --input: exit %d\nstdout %s\nstderr %s", r.code, r.stdout, r.stderr)
	}
	home, _ := os.UserHomeDir()
	for _, bad := range []string{"/", home, "relative.csv"} {
		r = run(t, "run", "--mem", "--dir", ex, "csv-summary", "scripts/summarize.py", "--arg", "path="+data, "--input", bad)
		if r.code == 0 || !strings.Contains(r.stderr, "input") || r.stdout != "" {
			t.Errorf("--input %s: want a refusal before running, got exit %d\nstdout %s\nstderr %s", bad, r.code, r.stdout, r.stderr)
		}
	}
}
