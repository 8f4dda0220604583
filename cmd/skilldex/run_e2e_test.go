package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunScript runs an example skill's script through `skilldex run` in
// the bubblewrap sandbox, and checks that paths leaving the skill are
// refused before anything runs.
func TestRunScript(t *testing.T) {
	if _, err := exec.LookPath("bwrap"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("bwrap missing in CI: .ci/run installs bubblewrap")
		}
		t.Skip("bwrap not installed (apt-get install bubblewrap)")
	}
	ex := filepath.Join(repoRoot(t), "examples", "skills")
	r := run(t, "run", "--mem", "--dir", ex, "pdf-forms", "scripts/list_fields.py", "--arg", "input=/data/form.pdf")
	if r.code != 0 || strings.TrimSpace(r.stdout) != "would list the fields of /data/form.pdf" {
		t.Fatalf("run: exit %d\nstdout %q\nstderr %s", r.code, r.stdout, r.stderr)
	}
	r = run(t, "run", "--mem", "--dir", ex, "pdf-forms", "scripts/list_fields.py")
	if r.code != 1 || !strings.Contains(r.stderr, "usage") {
		t.Errorf("a failing script's exit code and stderr pass through: exit %d, stderr %q", r.code, r.stderr)
	}
	for _, bad := range []string{"../csv-summary/scripts/summarize.py", "/bin/sh", "references/forms.md"} {
		r := run(t, "run", "--mem", "--dir", ex, "pdf-forms", bad)
		if r.code == 0 || r.stderr == "" {
			t.Errorf("run %s: want a refusal, got exit %d %q", bad, r.code, r.stdout)
		}
	}
}
