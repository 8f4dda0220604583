package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"
)

// writeSkill creates a skill folder under a fresh t.TempDir (mode 0700, as
// a root-owned catalog folder may be) holding files (path -> content).
// Files named *.py, *.js, *.sh or without extension are executable.
func writeSkill(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "skill")
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestResolveInterpreters(t *testing.T) {
	dir := writeSkill(t, map[string]string{
		"scripts/a.py":   "print(1)\n",
		"scripts/b.js":   "console.log(1)\n",
		"scripts/c.sh":   "echo 1\n",
		"scripts/UP.PY":  "print(1)\n",
		"bin/envpy":      "#!/usr/bin/env python3\nprint(1)\n",
		"bin/envS":       "#!/usr/bin/env -S python3 -u\nprint(1)\n",
		"bin/py311":      "#!/usr/bin/python3.11\nprint(1)\n",
		"bin/nodejs":     "#!/usr/bin/env node\nconsole.log(1)\n",
		"bin/bash":       "#!/bin/bash\necho 1\n",
		"bin/sh":         "#! /bin/sh -e\necho 1\n",
		"bin/perl":       "#!/usr/bin/perl\nprint 1\n",
		"bin/plain":      "echo no shebang\n",
		"scripts/x.rb":   "puts 1\n",
		"scripts/py.txt": "#!/usr/bin/env python3\nprint(1)\n",
	})
	if err := os.Symlink("c.sh", filepath.Join(dir, "scripts/link.sh")); err != nil {
		t.Fatal(err)
	}
	resolved, _ := filepath.EvalSymlinks(dir)
	ok := map[string]string{
		"scripts/a.py": "python3", "scripts/b.js": "node", "scripts/c.sh": "bash", "scripts/UP.PY": "python3",
		"./scripts//a.py": "python3", "bin/envpy": "python3", "bin/envS": "python3", "bin/py311": "python3",
		"bin/nodejs": "node", "bin/bash": "bash", "bin/sh": "bash", "scripts/link.sh": "bash",
	}
	for script, want := range ok {
		abs, interp, err := Resolve(dir, script)
		if err != nil || interp != want {
			t.Errorf("Resolve(%q) = %q, %q, %v; want interpreter %q", script, abs, interp, err, want)
			continue
		}
		if !strings.HasPrefix(abs, resolved+"/") {
			t.Errorf("Resolve(%q) abs = %q, not under %q", script, abs, resolved)
		}
	}
	if abs, _, _ := Resolve(dir, "scripts/link.sh"); abs != filepath.Join(resolved, "scripts/c.sh") {
		t.Errorf("symlink inside the skill resolved to %q", abs)
	}
	for _, script := range []string{"bin/perl", "bin/plain", "scripts/x.rb", "scripts/py.txt"} {
		_, _, err := Resolve(dir, script)
		if !errors.Is(err, ErrUnsupported) {
			t.Errorf("Resolve(%q) err = %v, want ErrUnsupported", script, err)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, "Unsupported script type") || !strings.Contains(msg, script) {
			t.Errorf("Resolve(%q) message %q should say Unsupported script type and name the file", script, msg)
		}
	}
}

func TestResolveRefusesEscapes(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "skill")
	for _, d := range []string{dir + "/scripts", base + "/elsewhere"} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{base + "/x.sh", base + "/elsewhere/y.sh", dir + "/scripts/ok.sh"} {
		if err := os.WriteFile(f, []byte("echo hi\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"scripts/out.sh":   "../../x.sh",         // relative link out
		"scripts/abs.sh":   base + "/x.sh",       // absolute link out
		"scripts/passwd":   "/etc/passwd",        // to a system file
		"linkdir":          base + "/elsewhere",  // a folder link out
		"scripts/chain.sh": "../scripts/out.sh",  // a chain that ends outside
		"scripts/loop.sh":  "../scripts/loop.sh", // a loop
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	outside := []string{
		"../x.sh", "/etc/passwd", "scripts/../../x.sh", "scripts/../ok.sh", "..", "scripts/..",
		"..\\x.sh", "scripts\\ok.sh", "scripts/ok.sh\x00.py",
		"scripts/out.sh", "scripts/abs.sh", "scripts/passwd", "linkdir/y.sh", "scripts/chain.sh",
	}
	for _, script := range outside {
		if _, _, err := Resolve(dir, script); !errors.Is(err, ErrOutside) {
			t.Errorf("Resolve(%q) err = %v, want ErrOutside", script, err)
		}
	}
	notFound := []string{"", ".", "./", "scripts", "scripts/missing.sh", "scripts/loop.sh"}
	for _, script := range notFound {
		if _, _, err := Resolve(dir, script); !errors.Is(err, ErrNotFound) {
			t.Errorf("Resolve(%q) err = %v, want ErrNotFound", script, err)
		}
	}
	if _, _, err := Resolve(filepath.Join(base, "nope"), "a.sh"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing skill folder: err = %v, want ErrNotFound", err)
	}
	if _, _, err := Resolve("relative/skill", "a.sh"); !errors.Is(err, ErrInvalidRequest) {
		t.Errorf("relative skill folder: err = %v, want ErrInvalidRequest", err)
	}
	// A skill folder reached through a symlink is fine; its scripts resolve
	// under the real folder.
	alias := filepath.Join(base, "alias")
	if err := os.Symlink(dir, alias); err != nil {
		t.Fatal(err)
	}
	if _, interp, err := Resolve(alias, "scripts/ok.sh"); err != nil || interp != "bash" {
		t.Errorf("Resolve through a linked skill folder: %q, %v", interp, err)
	}
}

func TestBuildArgv(t *testing.T) {
	args := []Arg{
		{"input_pdf", "/workspace/document.pdf"},
		{"output-dir", "/tmp/with space/$(touch pwned)"},
		{"Mode", "--production"},
		{"ünï.code", "line1\nline2 ✓"},
		{"empty", ""},
	}
	wantEnv := []string{
		"SKILL_ARG_INPUT_PDF=/workspace/document.pdf",
		"SKILL_ARG_OUTPUT_DIR=/tmp/with space/$(touch pwned)",
		"SKILL_ARG_MODE=--production",
		"SKILL_ARG__N__CODE=line1\nline2 ✓",
		"SKILL_ARG_EMPTY=",
	}
	cases := []struct {
		style ArgStyle
		argv  []string
	}{
		{"", []string{"python3", "s.py", "/workspace/document.pdf", "/tmp/with space/$(touch pwned)", "--production", "line1\nline2 ✓", ""}},
		{ArgPositional, []string{"python3", "s.py", "/workspace/document.pdf", "/tmp/with space/$(touch pwned)", "--production", "line1\nline2 ✓", ""}},
		{ArgNamed, []string{"python3", "s.py", "--input_pdf", "/workspace/document.pdf", "--output-dir", "/tmp/with space/$(touch pwned)",
			"--Mode", "--production", "--ünï.code", "line1\nline2 ✓", "--empty", ""}},
		{ArgEnv, []string{"python3", "s.py"}},
	}
	for _, c := range cases {
		argv, env := BuildArgv("python3", "s.py", args, c.style)
		if !reflect.DeepEqual(argv, c.argv) {
			t.Errorf("style %q argv = %q, want %q", c.style, argv, c.argv)
		}
		if !reflect.DeepEqual(env, wantEnv) {
			t.Errorf("style %q env = %q, want %q", c.style, env, wantEnv)
		}
	}
	// Keys that sanitize to the same name: the later value wins, in place.
	_, env := BuildArgv("bash", "s.sh", []Arg{{"a-b", "1"}, {"c", "2"}, {"A_B", "3"}}, ArgEnv)
	if want := []string{"SKILL_ARG_A_B=3", "SKILL_ARG_C=2"}; !reflect.DeepEqual(env, want) {
		t.Errorf("duplicate keys env = %q, want %q", env, want)
	}
	if argv, env := BuildArgv("bash", "s.sh", nil, ArgNamed); len(argv) != 2 || len(env) != 0 {
		t.Errorf("no args: %q %q", argv, env)
	}
}

func TestParseArgStyle(t *testing.T) {
	for in, want := range map[string]ArgStyle{"": ArgPositional, "positional": ArgPositional, "named": ArgNamed, "env": ArgEnv} {
		if got, err := ParseArgStyle(in); err != nil || got != want {
			t.Errorf("ParseArgStyle(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := ParseArgStyle("Named"); !errors.Is(err, ErrInvalidRequest) {
		t.Errorf("ParseArgStyle(Named) err = %v", err)
	}
}

func TestResultJSON(t *testing.T) {
	r := Result{ExitCode: 137, Stdout: "out", Stderr: "err", Duration: 1500 * time.Millisecond,
		TimedOut: true, Truncated: true, StderrTruncated: true, OutOfMemory: true, Warnings: []string{"w"}}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"exit_code":137,"stdout":"out","stderr":"err","duration_ms":1500,"timed_out":true,"truncated":true,"stdout_truncated":false,"stderr_truncated":true,"out_of_memory":true,"warnings":["w"]}`
	if string(b) != want {
		t.Errorf("json = %s\nwant   %s", b, want)
	}
	var back Result
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, r) {
		t.Errorf("round trip = %+v, %v", back, err)
	}
	// Through a pointer too.
	if b2, _ := json.Marshal(&r); !bytes.Equal(b, b2) {
		t.Errorf("pointer json = %s", b2)
	}
}

func TestCapWriter(t *testing.T) {
	w := &capWriter{max: 5}
	for _, s := range []string{"ab", "cd", "é", "tail"} { // é is 2 bytes: cut after its first byte
		if n, err := w.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", s, n, err)
		}
	}
	if !w.truncated || w.String() != "abcd" {
		t.Errorf("capWriter = %q truncated=%v, want \"abcd\" truncated", w.String(), w.truncated)
	}
	w = &capWriter{max: 4}
	w.Write([]byte("abcd"))
	if w.truncated || w.String() != "abcd" {
		t.Errorf("exactly max: %q truncated=%v", w.String(), w.truncated)
	}
}

// hasInterp skips the test when the host lacks an interpreter.
func hasInterp(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Skipf("%s not installed on this machine", name)
	}
}

func TestNoneArgStylesAndLimits(t *testing.T) {
	dir := writeSkill(t, map[string]string{
		"args.sh":  "printf '%s\\0' \"$@\"; printf 'HOME=%s\\0PWD=%s\\0' \"$HOME\" \"$(pwd)\"; env | grep -c '^SKILL_ARG_' >&2\n",
		"sleep.sh": "sleep 300 & sleep 300\n",
		"exit.sh":  "echo out; echo err >&2; exit 7\n",
	})
	n := NewNone()
	if n.Name() != "none" {
		t.Errorf("Name = %q", n.Name())
	}
	args := []Arg{{"b", "2 two"}, {"a", "1"}}
	res, err := n.Run(context.Background(), Request{SkillDir: dir, Script: "args.sh", Args: args, Style: ArgNamed})
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(strings.TrimSuffix(res.Stdout, "\x00"), "\x00")
	if len(parts) != 6 || !reflect.DeepEqual(parts[:4], []string{"--b", "2 two", "--a", "1"}) {
		t.Fatalf("argv = %q (stderr %q)", parts, res.Stderr)
	}
	home, pwd := strings.TrimPrefix(parts[4], "HOME="), strings.TrimPrefix(parts[5], "PWD=")
	if home != pwd || !strings.Contains(home, "skilldex-sandbox-") {
		t.Errorf("HOME %q and cwd %q should be the fresh working folder", home, pwd)
	}
	if _, err := os.Stat(home); !os.IsNotExist(err) {
		t.Errorf("working folder %s not removed: %v", home, err)
	}
	if strings.TrimSpace(res.Stderr) != "2" {
		t.Errorf("SKILL_ARG_ count = %q", res.Stderr)
	}

	res, err = n.Run(context.Background(), Request{SkillDir: dir, Script: "exit.sh"})
	if err != nil || res.ExitCode != 7 || res.Stdout != "out\n" || res.Stderr != "err\n" || res.TimedOut {
		t.Errorf("exit.sh = %+v, %v", res, err)
	}

	start := time.Now()
	res, err = n.Run(context.Background(), Request{SkillDir: dir, Script: "sleep.sh", Timeout: time.Second})
	if err != nil || !res.TimedOut || res.ExitCode != 137 {
		t.Errorf("sleep.sh = %+v, %v; want timed out with 137", res, err)
	}
	if el := time.Since(start); el > 60*time.Second { // the script sleeps 300 s: a hang guard, not a timing target
		t.Errorf("timeout took %v", el)
	}

	if _, err := n.Run(context.Background(), Request{SkillDir: dir, Script: "../x.sh"}); !errors.Is(err, ErrOutside) {
		t.Errorf("traversal err = %v", err)
	}
	if _, err := n.Run(context.Background(), Request{SkillDir: dir, Script: "exit.sh", Style: "weird"}); !errors.Is(err, ErrInvalidRequest) {
		t.Errorf("bad style err = %v", err)
	}
	if _, err := n.Run(context.Background(), Request{SkillDir: dir, Script: "exit.sh", Args: []Arg{{"k", "a\x00b"}}}); !errors.Is(err, ErrInvalidRequest) {
		t.Errorf("NUL arg err = %v", err)
	}
	if _, err := n.Run(context.Background(), Request{SkillDir: dir, Script: "exit.sh", OutputDir: "rel"}); !errors.Is(err, ErrInvalidRequest) {
		t.Errorf("relative OutputDir err = %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := n.Run(ctx, Request{SkillDir: dir, Script: "exit.sh"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled ctx err = %v", err)
	}
}

// TestShebangFIFO: a script swapped for a FIFO after resolveScript checked
// it must not block the reader (issue 14 B2); a link out is not followed.
func TestShebangFIFO(t *testing.T) {
	root := t.TempDir()
	fifo := filepath.Join(root, "run")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, []byte("#!/usr/bin/env python3\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(root, "out")); err != nil {
		t.Fatal(err)
	}
	done := make(chan string, 2)
	go func() {
		done <- shebangInterpreter(root, fifo)
		done <- shebangInterpreter(root, filepath.Join(root, "out"))
	}()
	for _, what := range []string{"a FIFO", "a link out of the skill"} {
		select {
		case got := <-done:
			if got != "" {
				t.Errorf("%s: interpreter %q, want none", what, got)
			}
		case <-time.After(60 * time.Second): // hang guard only
			t.Fatalf("%s: shebangInterpreter blocked", what)
		}
	}
}
