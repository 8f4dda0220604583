package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cli runs a skilldex command line in this process (execute, as main
// does) and returns what it printed and its exit status.
func cli(t testing.TB, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := execute(context.Background(), args, strings.NewReader(""), &out, &errb)
	return result{stdout: out.String(), stderr: errb.String(), code: code}
}

// fakeUser gives the test a fresh home (HOME, XDG_CONFIG_HOME and
// XDG_CACHE_HOME under it), clears every SKILLDEX_* variable and moves
// into a fresh working folder. It returns the working folder and the home.
func fakeUser(t *testing.T) (wd, home string) {
	t.Helper()
	wd, home = t.TempDir(), t.TempDir()
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "SKILLDEX_") {
			t.Setenv(k, "")
		}
	}
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(home, ".cache"))
	t.Setenv("CODEX_HOME", "")
	t.Chdir(wd)
	return wd, home
}

// writeFile writes data to path, creating its folders.
func writeFile(t testing.TB, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeSkill writes a minimal valid skill called name under root.
func writeSkill(t testing.TB, root, name, description string) string {
	t.Helper()
	dir := filepath.Join(root, name)
	writeFile(t, filepath.Join(dir, "SKILL.md"), "---\nname: "+name+"\ndescription: "+description+"\n---\n# "+name+"\n")
	return dir
}
