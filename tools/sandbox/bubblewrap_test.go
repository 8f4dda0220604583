//go:build linux

package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var (
	bwrapOnce sync.Once
	bwrapBox  *Bubblewrap
	bwrapErr  error
)

// newBwrap returns a shared Bubblewrap, skipping only when bwrap is not
// installed; any other failure to start it fails the test.
func newBwrap(t testing.TB) *Bubblewrap {
	t.Helper()
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Skip("bwrap not installed (apt-get install bubblewrap): sandbox tests skipped")
	}
	bwrapOnce.Do(func() { bwrapBox, bwrapErr = NewBubblewrap(nil) })
	if bwrapErr != nil {
		t.Fatalf("NewBubblewrap: %v", bwrapErr)
	}
	return bwrapBox
}

// needInterp skips when the sandbox has no such interpreter.
func needInterp(t *testing.T, b *Bubblewrap, name string) {
	t.Helper()
	if b.impl.lookup(name) == "" {
		t.Skipf("%s not installed in the sandbox PATH", name)
	}
}

func run(t *testing.T, b Sandbox, req Request) *Result {
	t.Helper()
	res, err := b.Run(context.Background(), req)
	if err != nil {
		t.Fatalf("Run(%s): %v", req.Script, err)
	}
	return res
}

// workDirs lists the per-run working folders currently in os.TempDir().
func workDirs(t testing.TB) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(os.TempDir(), workDirPattern))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(m)
	return m
}

// processesWith returns the host processes whose command line contains
// marker, waiting up to 2 s for dying ones to go.
func processesWith(marker string) []string {
	var found []string
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		found = found[:0]
		pids, _ := filepath.Glob("/proc/[0-9]*/cmdline")
		for _, p := range pids {
			b, err := os.ReadFile(p)
			if err == nil && bytes.Contains(b, []byte(marker)) {
				found = append(found, p)
			}
		}
		if len(found) == 0 || time.Now().After(deadline) {
			return found
		}
	}
}

type report struct {
	Argv []string          `json:"argv"`
	Env  map[string]string `json:"env"`
	Keys []string          `json:"keys"`
	Cwd  string            `json:"cwd"`
	Home string            `json:"home"`
}

const pyReport = `import json, os, sys
print(json.dumps({"argv": sys.argv[1:], "env": {k: v for k, v in os.environ.items() if k.startswith("SKILL_ARG_")},
                  "keys": sorted(os.environ), "cwd": os.getcwd(), "home": os.environ.get("HOME")}))
`

const jsReport = `const env = {};
for (const [k, v] of Object.entries(process.env)) if (k.startsWith("SKILL_ARG_")) env[k] = v;
console.log(JSON.stringify({argv: process.argv.slice(2), env, keys: Object.keys(process.env).sort(), cwd: process.cwd(), home: process.env.HOME}));
`

// The shell script prints NUL-terminated fields: argc, the arguments, cwd,
// HOME, then env -0.
const shReport = `printf '%s\0' "$#" "$@" "$(pwd)" "$HOME"; env -0
`

func parseShReport(t *testing.T, out string) report {
	t.Helper()
	f := strings.Split(out, "\x00")
	var argc int
	if _, err := fmt.Sscan(f[0], &argc); err != nil || len(f) < argc+3 {
		t.Fatalf("bad shell report %q", out)
	}
	r := report{Argv: f[1 : 1+argc], Cwd: f[1+argc], Home: f[2+argc], Env: map[string]string{}}
	if r.Argv == nil {
		r.Argv = []string{}
	}
	for _, kv := range f[3+argc:] {
		if k, v, ok := strings.Cut(kv, "="); ok {
			r.Keys = append(r.Keys, k)
			if strings.HasPrefix(k, "SKILL_ARG_") {
				r.Env[k] = v
			}
		}
	}
	return r
}

var styleArgs = []Arg{
	{"input_pdf", "/workspace/document.pdf"},
	{"output-dir", "/tmp/with space/$(touch pwned); `id`"},
	{"Mode", "--production"},
	{"ünï.code", "line1\nline2 ✓ 'q' \"qq\""},
	{"empty", ""},
}

var styleEnv = map[string]string{
	"SKILL_ARG_INPUT_PDF":  "/workspace/document.pdf",
	"SKILL_ARG_OUTPUT_DIR": "/tmp/with space/$(touch pwned); `id`",
	"SKILL_ARG_MODE":       "--production",
	"SKILL_ARG__N__CODE":   "line1\nline2 ✓ 'q' \"qq\"",
	"SKILL_ARG_EMPTY":      "",
}

func styleArgv(style ArgStyle) []string {
	var argv []string
	for _, a := range styleArgs {
		switch style {
		case ArgPositional:
			argv = append(argv, a.Value)
		case ArgNamed:
			argv = append(argv, "--"+a.Key, a.Value)
		}
	}
	if argv == nil {
		argv = []string{}
	}
	return argv
}

func TestBubblewrapArgStyles(t *testing.T) {
	b := newBwrap(t)
	if b.Name() != "bubblewrap" {
		t.Errorf("Name = %q", b.Name())
	}
	dir := writeSkill(t, map[string]string{
		"scripts/report.py": pyReport, "scripts/report.js": jsReport, "scripts/report.sh": shReport,
		"bin/report": "#!/usr/bin/env python3\n" + pyReport,
	})
	wantKeys := []string{"HOME", "LANG", "PATH", "PWD"} // bwrap sets PWD to the working folder
	for k := range styleEnv {
		wantKeys = append(wantKeys, k)
	}
	sort.Strings(wantKeys)
	for _, script := range []string{"scripts/report.py", "scripts/report.js", "scripts/report.sh", "bin/report"} {
		_, interp, _ := Resolve(dir, script)
		for _, style := range []ArgStyle{ArgPositional, ArgNamed, ArgEnv} {
			t.Run(script+"/"+string(style), func(t *testing.T) {
				needInterp(t, b, interp)
				res := run(t, b, Request{SkillDir: dir, Script: script, Args: styleArgs, Style: style, Timeout: 10 * time.Second})
				if res.ExitCode != 0 {
					t.Fatalf("exit %d, stderr %q", res.ExitCode, res.Stderr)
				}
				var r report
				if interp == "bash" {
					r = parseShReport(t, res.Stdout)
				} else if err := json.Unmarshal([]byte(res.Stdout), &r); err != nil {
					t.Fatalf("bad report %q: %v", res.Stdout, err)
				}
				if want := styleArgv(style); !reflect.DeepEqual(r.Argv, want) {
					t.Errorf("argv = %q\nwant   %q", r.Argv, want)
				}
				if !reflect.DeepEqual(r.Env, styleEnv) {
					t.Errorf("SKILL_ARG_* = %q\nwant          %q", r.Env, styleEnv)
				}
				if interp != "bash" && !reflect.DeepEqual(r.Keys, wantKeys) { // bash adds PWD, SHLVL, _
					t.Errorf("environment keys = %q, want %q", r.Keys, wantKeys)
				}
				if r.Cwd != r.Home || !strings.Contains(r.Cwd, "skilldex-sandbox-") {
					t.Errorf("cwd %q and HOME %q should be the fresh working folder", r.Cwd, r.Home)
				}
				if _, err := os.Stat(r.Cwd); !os.IsNotExist(err) {
					t.Errorf("working folder %s left behind (%v)", r.Cwd, err)
				}
			})
		}
	}
}

func TestBubblewrapIdentity(t *testing.T) {
	b := newBwrap(t)
	dir := writeSkill(t, map[string]string{"id.sh": `grep -E '^(Uid|Gid|Groups|CapEff|CapBnd|NoNewPrivs):' /proc/self/status
if unshare -U true 2>/dev/null; then echo nested-userns=yes; else echo nested-userns=no; fi
for fd in /proc/self/fd/*; do echo "fd ${fd##*/} $(readlink $fd)"; done
echo hostname=$(cat /proc/sys/kernel/hostname)
`})
	res := run(t, b, Request{SkillDir: dir, Script: "id.sh"})
	out := res.Stdout
	for _, want := range []string{"Uid:\t65534\t65534\t65534\t65534", "Gid:\t65534\t65534\t65534\t65534",
		"CapEff:\t0000000000000000", "CapBnd:\t0000000000000000", "NoNewPrivs:\t1", "hostname=skilldex"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if g := regexpLine(out, "Groups:"); strings.TrimSpace(g) != "" && strings.TrimSpace(g) != "65534" {
		t.Errorf("supplementary groups leaked: %q", g)
	}
	// Only stdio and the run's user namespace (inert without capabilities
	// in it) reach the script; no descriptor of the service leaks in.
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) != 3 || f[0] != "fd" {
			continue
		}
		if fd, _ := strconv.Atoi(f[1]); fd > 2 && !strings.HasPrefix(f[2], "user:[") && !strings.HasPrefix(f[2], "/proc/") {
			t.Errorf("descriptor leaked into the sandbox: %s", l)
		}
	}
	if !strings.Contains(out, "nested-userns=no") {
		t.Logf("note: this kernel let the sandbox create a nested user namespace:\n%s", out)
	}
}

func regexpLine(out, prefix string) string {
	for _, l := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(l, prefix); ok {
			return rest
		}
	}
	return ""
}

func TestBubblewrapNoNetwork(t *testing.T) {
	b := newBwrap(t)
	needInterp(t, b, "python3")
	ln, err := net.Listen("tcp", "127.0.0.1:0") // loopback only
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var accepted atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			c.Close()
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	dir := writeSkill(t, map[string]string{"net.py": `import socket, sys
try:
    socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=1)
    print("connected")
except OSError as e:
    print("refused", e.errno)
`})
	res := run(t, b, Request{SkillDir: dir, Script: "net.py", Args: []Arg{{"port", fmt.Sprint(port)}}})
	if res.ExitCode != 0 || !strings.HasPrefix(res.Stdout, "refused") {
		t.Errorf("network attempt: %+v", res)
	}
	// Prove the listener works from the host.
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	time.Sleep(50 * time.Millisecond)
	if n := accepted.Load(); n != 1 {
		t.Errorf("listener accepted %d connections, want only the host's 1", n)
	}
}

func TestBubblewrapFilesystem(t *testing.T) {
	b := newBwrap(t)
	needInterp(t, b, "python3")
	// A HOME-like folder outside the skill with a canary, readable by anyone
	// on the host: only the sandbox's view may hide it.
	home := filepath.Join(t.TempDir(), "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(filepath.Dir(home), 0o755)
	canary := filepath.Join(home, "canary.txt")
	if err := os.WriteFile(canary, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := writeSkill(t, map[string]string{"fs.py": `import json, os, sys
canary, home = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
out = {}
def attempt(name, fn):
    try:
        fn()
        out[name] = "ok"
    except OSError as e:
        out[name] = "errno %d" % e.errno
def write(p):
    with open(p, "w") as f:
        f.write("pwned")
def read(p):
    with open(p, "rb") as f:
        f.read()
attempt("read canary", lambda: read(canary))
attempt("list home", lambda: os.listdir(home))
attempt("list /root", lambda: os.listdir("/root"))
attempt("read /etc/passwd", lambda: read("/etc/passwd"))
attempt("read /etc/shadow", lambda: read("/etc/shadow"))
attempt("write skill", lambda: write(os.path.join(here, "pwned")))
attempt("write canary dir", lambda: write(os.path.join(home, "pwned")))
attempt("write /", lambda: write("/pwned"))
attempt("write /usr", lambda: write("/usr/pwned"))
attempt("write /etc", lambda: write("/etc/pwned"))
attempt("write /dev", lambda: write("/dev/pwned"))
attempt("write /tmp", lambda: write("/tmp/skilldex-pwned"))
attempt("write cwd", lambda: write("cwd-ok"))
attempt("write HOME", lambda: write(os.path.join(os.environ["HOME"], "home-ok")))
attempt("read ld.so.cache", lambda: read("/etc/ld.so.cache"))
print(json.dumps(out))
`})
	res := run(t, b, Request{SkillDir: dir, Script: "fs.py", Args: []Arg{{"canary", canary}, {"home", home}}})
	var got map[string]string
	if err := json.Unmarshal([]byte(res.Stdout), &got); err != nil {
		t.Fatalf("bad output %+v: %v", res, err)
	}
	const enoent, eacces, erofs = "errno 2", "errno 13", "errno 30"
	want := map[string][]string{
		"read canary": {enoent}, "list home": {enoent}, "list /root": {enoent},
		"read /etc/passwd": {enoent}, "read /etc/shadow": {enoent},
		"write skill": {erofs, eacces}, "write canary dir": {enoent, erofs},
		"write /": {erofs, eacces}, "write /usr": {erofs, eacces}, "write /etc": {erofs, eacces, enoent},
		"write /dev": {erofs, eacces},
		"write /tmp": {"ok"}, "write cwd": {"ok"}, "write HOME": {"ok"}, "read ld.so.cache": {"ok"},
	}
	for k, ok := range want {
		found := false
		for _, w := range ok {
			found = found || got[k] == w
		}
		if !found {
			t.Errorf("%s: %q, want one of %q", k, got[k], ok)
		}
	}
	for _, p := range []string{filepath.Join(dir, "pwned"), filepath.Join(home, "pwned"), "/pwned", "/usr/pwned", "/etc/pwned",
		filepath.Join(os.TempDir(), "skilldex-pwned")} {
		if _, err := os.Stat(p); err == nil {
			os.Remove(p)
			t.Errorf("the script wrote %s on the host", p)
		}
	}
}

func TestBubblewrapOutputDir(t *testing.T) {
	b := newBwrap(t)
	out := filepath.Join(t.TempDir(), "out")
	if err := os.Mkdir(out, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(out, 0o777) // the sandbox user (nobody, under root) must be able to write
	// The parent stays 0700: bwrap still binds it (as root when we are).
	dir := writeSkill(t, map[string]string{"w.sh": `echo "$SKILL_ARG_MSG" > "$1/result.txt" && echo done`})
	res := run(t, b, Request{SkillDir: dir, Script: "w.sh", Args: []Arg{{"out", out}, {"msg", "hello"}}, OutputDir: out})
	if res.ExitCode != 0 || res.Stdout != "done\n" {
		t.Fatalf("%+v", res)
	}
	if b, err := os.ReadFile(filepath.Join(out, "result.txt")); err != nil || string(b) != "hello\n" {
		t.Errorf("result.txt = %q, %v", b, err)
	}
	if _, err := b.Run(context.Background(), Request{SkillDir: dir, Script: "w.sh", OutputDir: filepath.Join(out, "missing")}); !errors.Is(err, ErrInvalidRequest) {
		t.Errorf("missing OutputDir: err = %v", err)
	}
}

func TestBubblewrapForkBomb(t *testing.T) {
	b := newBwrap(t)
	needInterp(t, b, "python3")
	marker := fmt.Sprintf("forkbomb-%d", time.Now().UnixNano())
	dir := writeSkill(t, map[string]string{"bomb.py": `import os, sys, time
started, err = 0, None
for i in range(10000):
    try:
        pid = os.fork()
    except OSError as e:
        err = e.errno
        break
    if pid == 0:
        time.sleep(30)
        os._exit(0)
    started += 1
print(started, err)
sys.stdout.flush()
`})
	before := workDirs(t)
	res := run(t, b, Request{SkillDir: dir, Script: "bomb.py", Args: []Arg{{"marker", marker}}, Timeout: 20 * time.Second})
	var started, errno int
	if _, err := fmt.Sscan(res.Stdout, &started, &errno); err != nil {
		t.Fatalf("bad output %+v", res)
	}
	if started >= DefaultMaxProcs || started < 10 || errno != 11 { // EAGAIN
		t.Errorf("forked %d processes before errno %d; want fewer than %d, then EAGAIN", started, errno, DefaultMaxProcs)
	}
	if res.TimedOut || res.Duration > 10*time.Second {
		t.Errorf("fork bomb run: %+v", res)
	}
	if left := processesWith(marker); len(left) > 0 {
		t.Errorf("%d processes survived the run", len(left))
	}
	if after := workDirs(t); !reflect.DeepEqual(before, after) {
		t.Errorf("working folders before %q after %q", before, after)
	}
}

func TestBubblewrapTimeout(t *testing.T) {
	b := newBwrap(t)
	marker := fmt.Sprintf("sleeper-%d", time.Now().UnixNano())
	dir := writeSkill(t, map[string]string{"sleep.sh": `echo started
bash -c 'sleep 300' "$1" &
trap '' TERM
sleep 300
`})
	before := workDirs(t)
	start := time.Now()
	res := run(t, b, Request{SkillDir: dir, Script: "sleep.sh", Args: []Arg{{"marker", marker}}, Timeout: time.Second})
	if !res.TimedOut || res.ExitCode != 137 || res.Stdout != "started\n" {
		t.Errorf("result %+v, want timed out with exit 137", res)
	}
	// The lower bound is the timeout itself; the upper only catches a
	// timeout that never fired (the script sleeps 300 s).
	if el := time.Since(start); el < time.Second || el > 60*time.Second {
		t.Errorf("run took %v with a 1 s timeout", el)
	}
	if left := processesWith(marker); len(left) > 0 {
		t.Errorf("%d processes survived the timeout", len(left))
	}
	if after := workDirs(t); !reflect.DeepEqual(before, after) {
		t.Errorf("working folders before %q after %q", before, after)
	}

	// A cancelled context kills the run too; it is a Result, not an error.
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	res, err := b.Run(ctx, Request{SkillDir: dir, Script: "sleep.sh", Args: []Arg{{"marker", marker}}})
	if err != nil || res.TimedOut || res.ExitCode != 137 {
		t.Errorf("cancelled run = %+v, %v", res, err)
	}
}

func TestBubblewrapExitCodes(t *testing.T) {
	b := newBwrap(t)
	dir := writeSkill(t, map[string]string{"exit.sh": `echo out; echo err >&2; exit 7`, "kill.sh": `bash -c 'kill -9 $$'; exit $?`})
	res := run(t, b, Request{SkillDir: dir, Script: "exit.sh"})
	if res.ExitCode != 7 || res.Stdout != "out\n" || res.Stderr != "err\n" || res.TimedOut || res.Truncated {
		t.Errorf("exit.sh = %+v", res)
	}
	res = run(t, b, Request{SkillDir: dir, Script: "kill.sh"})
	if res.ExitCode != 137 || res.TimedOut {
		t.Errorf("kill.sh = %+v", res)
	}
}

func TestBubblewrapHugeOutput(t *testing.T) {
	b := newBwrap(t)
	needInterp(t, b, "python3")
	dir := writeSkill(t, map[string]string{"spew.py": `import sys
chunk = b"x" * (1 << 20)
for _ in range(100):
    sys.stdout.buffer.write(chunk)
sys.stderr.write("small\n")
`})
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	res := run(t, b, Request{SkillDir: dir, Script: "spew.py", Timeout: 20 * time.Second})
	runtime.ReadMemStats(&m1)
	if res.ExitCode != 0 || len(res.Stdout) != DefaultMaxOutput || !res.StdoutTruncated || res.StderrTruncated ||
		!res.Truncated || res.Stderr != "small\n" {
		t.Errorf("exit %d, stdout %d bytes (truncated %v), stderr %q (truncated %v)",
			res.ExitCode, len(res.Stdout), res.StdoutTruncated, res.Stderr, res.StderrTruncated)
	}
	if alloc := m1.TotalAlloc - m0.TotalAlloc; alloc > 16<<20 {
		t.Errorf("allocated %d MiB for 100 MiB of output capped at 1 MiB", alloc>>20)
	}
	res = run(t, b, Request{SkillDir: dir, Script: "spew.py", MaxOutput: 10, Timeout: 20 * time.Second})
	if res.Stdout != "xxxxxxxxxx" || !res.StdoutTruncated {
		t.Errorf("MaxOutput 10: %q %v", res.Stdout, res.StdoutTruncated)
	}
}

func TestBubblewrapRefusesBeforeRunning(t *testing.T) {
	b := newBwrap(t)
	base := t.TempDir()
	os.Chmod(base, 0o755)
	marker := filepath.Join(base, "ran")
	escape := "#!/bin/bash\ntouch " + marker + "\n"
	if err := os.WriteFile(filepath.Join(base, "x.sh"), []byte(escape), 0o755); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(base, "skill")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../x.sh", filepath.Join(dir, "link.sh")); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "tool.rb"), []byte("puts 1\n"), 0o755)
	before := workDirs(t)
	for script, want := range map[string]error{
		"../x.sh": ErrOutside, "/etc/passwd": ErrOutside, "link.sh": ErrOutside, base + "/x.sh": ErrOutside,
		"tool.rb": ErrUnsupported, "nope.sh": ErrNotFound,
	} {
		res, err := b.Run(context.Background(), Request{SkillDir: dir, Script: script})
		if !errors.Is(err, want) || res != nil {
			t.Errorf("Run(%q) = %v, %v; want %v", script, res, err, want)
		}
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("an escaping script ran")
	}
	if after := workDirs(t); !reflect.DeepEqual(before, after) {
		t.Errorf("working folders before %q after %q", before, after)
	}
}

func TestBubblewrapConcurrent(t *testing.T) {
	b := newBwrap(t)
	dir := writeSkill(t, map[string]string{"hello.sh": `echo "hello $1"; echo tmp > "$HOME/f"`})
	before := workDirs(t)
	var wg sync.WaitGroup
	errs := make(chan string, 20)
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := b.Run(context.Background(), Request{SkillDir: dir, Script: "hello.sh", Args: []Arg{{"n", fmt.Sprint(i)}}, Timeout: 30 * time.Second})
			if err != nil {
				errs <- err.Error()
			} else if want := fmt.Sprintf("hello %d\n", i); res.ExitCode != 0 || res.Stdout != want {
				errs <- fmt.Sprintf("run %d: %+v", i, res)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if after := workDirs(t); !reflect.DeepEqual(before, after) {
		t.Errorf("working folders before %q after %q", before, after)
	}
}

func TestNewBubblewrapErrors(t *testing.T) {
	if _, err := NewBubblewrap(&BubblewrapOptions{Path: "/nonexistent/bwrap"}); !errors.Is(err, ErrUnavailable) ||
		!strings.Contains(err.Error(), "apt-get install bubblewrap") || !strings.Contains(err.Error(), "--sandbox none") {
		t.Errorf("missing bwrap: %v", err)
	}
	newBwrap(t)
	if _, err := NewBubblewrap(&BubblewrapOptions{ExtraROBinds: []string{"relative"}}); !errors.Is(err, ErrInvalidRequest) {
		t.Errorf("relative ExtraROBinds: %v", err)
	}
	// Unlimited and custom limits both work.
	if _, err := NewBubblewrap(&BubblewrapOptions{MaxProcs: -1, MaxMemory: -1}); err != nil {
		t.Errorf("no limits: %v", err)
	}
}

func TestBubblewrapExtraROBindsAndLimits(t *testing.T) {
	newBwrap(t)
	extra := t.TempDir()
	os.Chmod(extra, 0o755)
	os.WriteFile(filepath.Join(extra, "data.txt"), []byte("shared data"), 0o644)
	b, err := NewBubblewrap(&BubblewrapOptions{MaxProcs: 20, ExtraROBinds: []string{extra}})
	if err != nil {
		t.Fatal(err)
	}
	dir := writeSkill(t, map[string]string{"x.sh": `cat "$1/data.txt"; echo; echo more > "$1/new" 2>/dev/null || echo read-only
ulimit -u; ulimit -c`})
	res := run(t, b, Request{SkillDir: dir, Script: "x.sh", Args: []Arg{{"d", extra}}, Timeout: 10 * time.Second})
	if want := "shared data\nread-only\n20\n0\n"; res.Stdout != want {
		t.Errorf("stdout %q, want %q (stderr %q)", res.Stdout, want, res.Stderr)
	}
}
