//go:build linux

package sandbox

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestBubblewrapInputs (issue 15, item 6): an input file and an input
// folder are readable at the paths given, read-only; a path that was not
// given is missing, and Unreachable names it for the hint.
func TestBubblewrapInputs(t *testing.T) {
	b := newBwrap(t)
	needInterp(t, b, "python3")
	data := t.TempDir()
	os.Chmod(data, 0o755)
	csv := filepath.Join(data, "data.csv")
	os.WriteFile(csv, []byte("a,b\n1,2\n"), 0o666)
	os.Chmod(csv, 0o666) // writable by the sandbox's user: only the read-only mount stops a write
	folder := filepath.Join(data, "more")
	os.Mkdir(folder, 0o755)
	os.WriteFile(filepath.Join(folder, "x.txt"), []byte("x-content"), 0o644)
	secret := filepath.Join(data, "not-given.txt")
	os.WriteFile(secret, []byte("secret"), 0o644)
	dir := writeSkill(t, map[string]string{"read.py": `import sys
print(open(sys.argv[1]).read().splitlines()[1])
print(open(sys.argv[2] + "/x.txt").read())
try:
    open(sys.argv[1], "a").write("more")
    print("wrote input")
except OSError as e:
    print("input read-only", e.errno)
open(sys.argv[3]).read()
`})
	req := Request{SkillDir: dir, Script: "read.py", Args: []Arg{{"csv", csv}, {"dir", folder}, {"secret", secret}},
		Inputs: []string{csv, folder}, Timeout: 30 * time.Second}
	res := run(t, b, req)
	if res.Stdout != "1,2\nx-content\ninput read-only 30\n" || res.ExitCode != 1 || !strings.Contains(res.Stderr, "FileNotFoundError") {
		t.Fatalf("run: %+v", res)
	}
	missing, readOnly := Unreachable(req, res.Stderr)
	if !reflect.DeepEqual(missing, []string{secret}) || len(readOnly) != 0 {
		t.Errorf("Unreachable: missing %q read-only %q", missing, readOnly)
	}
	if b, _ := os.ReadFile(csv); string(b) != "a,b\n1,2\n" {
		t.Errorf("input changed: %q", b)
	}
}

func TestBindRefusals(t *testing.T) {
	home, err := os.UserHomeDir()
	if err != nil {
		t.Skip("no home folder")
	}
	dir := writeSkill(t, map[string]string{"s.sh": "true"})
	ok := t.TempDir()
	link := filepath.Join(ok, "to-root")
	os.Symlink("/", link)
	cases := map[string]Request{
		"root":           {Inputs: []string{"/"}},
		"home":           {Inputs: []string{home}},
		"home's parent":  {Inputs: []string{filepath.Dir(home)}},
		"link to /":      {Inputs: []string{link}},
		"proc":           {Inputs: []string{"/proc/self/environ"}},
		"relative":       {Inputs: []string{"data.csv"}},
		"missing":        {Inputs: []string{filepath.Join(ok, "nope")}},
		"output is home": {OutputDir: home},
		"output a file":  {OutputDir: filepath.Join(dir, "s.sh")},
		"too many":       {Inputs: make([]string, MaxInputs+1)},
	}
	for name, req := range cases {
		req.SkillDir, req.Script = dir, "s.sh"
		if _, err := NewNone().Run(context.Background(), req); !errors.Is(err, ErrInvalidRequest) {
			t.Errorf("%s: err = %v, want ErrInvalidRequest", name, err)
		} else if name == "home" && !strings.Contains(err.Error(), "never given the whole home folder") {
			t.Errorf("home: %v", err)
		}
	}
	// A file in the home folder, or a project folder in it, is fine.
	sub := filepath.Join(ok, "project")
	os.Mkdir(sub, 0o755)
	if _, err := checkBind("input", sub, true); err != nil {
		t.Errorf("project folder: %v", err)
	}
}

func TestUnreachable(t *testing.T) {
	req := Request{SkillDir: "/skills/csv", Inputs: []string{"/data/in.csv"}, OutputDir: "/data/out"}
	stderr := strings.Join([]string{
		`Traceback (most recent call last):`,
		`FileNotFoundError: [Errno 2] No such file or directory: '/home/me/data.csv'`,
		`Error: ENOENT: no such file or directory, open '/srv/x.json'`,
		`cat: /data/in.csv: No such file or directory`,       // given: really missing
		`cat: /skills/csv/ref.md: No such file or directory`, // in the skill
		`OSError: [Errno 30] Read-only file system: '/data/in.csv'`,
		`touch: cannot touch '/data/out/ok': Permission denied`, // the output: not a bind problem
		`python3: can't open file '/usr/lib/x.py': [Errno 2] No such file or directory`,
	}, "\n")
	missing, readOnly := Unreachable(req, stderr)
	if !reflect.DeepEqual(missing, []string{"/home/me/data.csv", "/srv/x.json"}) || !reflect.DeepEqual(readOnly, []string{"/data/in.csv"}) {
		t.Errorf("missing %q read-only %q", missing, readOnly)
	}
}
