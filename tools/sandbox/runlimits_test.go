//go:build linux

package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// memHog is a script whose three children each hold 150 MiB of touched
// memory for 30 s: 450 MiB together, under any per-process limit of
// 256 MiB (issue 14, B6: "3 children x 3 GB reached 9.2 GB").
const memHog = `import os, sys, time
kids = []
for i in range(3):
    pid = os.fork()
    if pid == 0:
        block = b"x" * (150 << 20)
        time.sleep(30)
        os._exit(0)
    kids.append(pid)
for pid in kids:
    os.waitpid(pid, 0)
print("all children finished")
`

// checkRunMemory runs memHog with a 256 MiB run limit and checks that the
// run is killed for memory, not allowed to finish.
func checkRunMemory(t *testing.T, b *Bubblewrap) {
	t.Helper()
	needInterp(t, b, "python3")
	dir := writeSkill(t, map[string]string{"hog.py": memHog})
	res := run(t, b, Request{SkillDir: dir, Script: "hog.py", Timeout: 60 * time.Second})
	t.Logf("limits: %s; result: exit %d after %v, out_of_memory %v, warnings %q", b.Limits(), res.ExitCode, res.Duration, res.OutOfMemory, res.Warnings)
	if strings.Contains(res.Stdout, "all children finished") || res.ExitCode == 0 || res.TimedOut {
		t.Fatalf("three children of 150 MiB ran to the end under a 256 MiB run limit: %+v", res)
	}
	if !res.OutOfMemory || len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "memory limit of 256 MiB") {
		t.Errorf("the result does not say the run hit its memory limit: %+v", res)
	}
}

// TestBubblewrapRunMemoryFallback: without a cgroup, the sampled total of
// the run's processes is what is limited.
func TestBubblewrapRunMemoryFallback(t *testing.T) {
	newBwrap(t)
	b, err := NewBubblewrap(&BubblewrapOptions{MaxMemory: 256 << 20, NoCgroup: true})
	if err != nil {
		t.Fatal(err)
	}
	if l := b.Limits(); !strings.HasPrefix(l, "fallback (NoCgroup set): 256 MiB of memory per run") || !strings.Contains(l, strconv.Itoa(FallbackMaxProcs)+" processes") {
		t.Errorf("Limits() = %q", l)
	}
	checkRunMemory(t, b)
}

// TestBubblewrapRunMemoryCgroup: with a cgroup v2 the kernel limits the
// run. Skipped, saying why, where this process cannot create one (a v1 or
// hybrid hierarchy, no delegation).
func TestBubblewrapRunMemoryCgroup(t *testing.T) {
	newBwrap(t)
	b, err := NewBubblewrap(&BubblewrapOptions{MaxMemory: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if b.impl.cg == nil {
		t.Skipf("no cgroup v2 run limits here, so the fallback is what runs (TestBubblewrapRunMemoryFallback): %s", b.Limits())
	}
	checkRunMemory(t, b)
	entries, _ := os.ReadDir(b.impl.cg.parent)
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), fmt.Sprintf("run-%d-", os.Getpid())) {
			t.Errorf("run cgroup %s left behind", e.Name())
		}
	}
}

// TestBubblewrapWorkDirQuota (issue 14, B7): the working folder is a
// size-limited tmpfs: writing past WorkDirSize fails inside the sandbox
// and nothing reaches the host's disk.
func TestBubblewrapWorkDirQuota(t *testing.T) {
	newBwrap(t)
	b, err := NewBubblewrap(&BubblewrapOptions{WorkDirSize: 32 << 20})
	if err != nil {
		t.Fatal(err)
	}
	dir := writeSkill(t, map[string]string{"fill.sh": `head -c 100000000 /dev/zero > "$HOME/big"; echo "exit $?"; du -k "$HOME/big" | cut -f1; df -k . | tail -1`})
	before := workDirs(t)
	res := run(t, b, Request{SkillDir: dir, Script: "fill.sh", Timeout: 30 * time.Second})
	if !strings.Contains(res.Stderr, "No space left on device") || !strings.HasPrefix(res.Stdout, "exit 1\n") {
		t.Fatalf("writing 100 MB into a 32 MiB working folder: %+v", res)
	}
	var kb int
	fmt.Sscan(strings.Split(res.Stdout, "\n")[1], &kb)
	if kb > 32<<10 {
		t.Errorf("the working folder holds %d KiB, over its 32 MiB", kb)
	}
	if !strings.Contains(res.Stdout, "tmpfs") {
		t.Errorf("the working folder is not a tmpfs: %q", res.Stdout)
	}
	if after := workDirs(t); len(after) != len(before) {
		t.Errorf("working folders on the host: before %q after %q", before, after)
	}
}

// TestRunCgroupsFake checks the cgroup v2 bookkeeping on a fake tree: the
// service moves into a leaf, the controllers are enabled, and each run's
// cgroup gets its limits. (The kernel side is TestBubblewrapRunMemoryCgroup.)
func TestRunCgroupsFake(t *testing.T) {
	root := t.TempDir()
	own := filepath.Join(root, "system.slice", "skilldex.service")
	os.MkdirAll(own, 0o755)
	os.WriteFile(filepath.Join(own, "cgroup.controllers"), []byte("cpu io memory pids\n"), 0o644)
	rc, err := findRunCgroups(root, "/system.slice/skilldex.service", 4242)
	if err != nil {
		t.Fatal(err)
	}
	read := func(p string) string { b, _ := os.ReadFile(filepath.Join(own, p)); return string(b) }
	if read("skilldex-service/cgroup.procs") != "4242" || read("cgroup.subtree_control") != "+memory +pids" ||
		read("skilldex-runs/cgroup.subtree_control") != "+memory +pids" || rc.parent != filepath.Join(own, "skilldex-runs") {
		t.Errorf("delegation: procs %q own %q runs %q parent %s", read("skilldex-service/cgroup.procs"), read("cgroup.subtree_control"), read("skilldex-runs/cgroup.subtree_control"), rc.parent)
	}
	cg, err := rc.create(256<<20, 64)
	if err != nil {
		t.Fatal(err)
	}
	defer cg.fd.Close()
	rel, _ := filepath.Rel(own, cg.dir)
	if read(rel+"/memory.max") != strconv.Itoa(256<<20) || read(rel+"/pids.max") != "64" || read(rel+"/memory.oom.group") != "1" || read(rel+"/memory.swap.max") != "0" {
		t.Errorf("run cgroup limits: %q %q", read(rel+"/memory.max"), read(rel+"/pids.max"))
	}
	if cg.oomKilled() {
		t.Error("oom before any event")
	}
	os.WriteFile(filepath.Join(cg.dir, "memory.events"), []byte("low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n"), 0o644)
	if !cg.oomKilled() {
		t.Error("oom_kill 1 not seen")
	}

	os.WriteFile(filepath.Join(own, "cgroup.controllers"), []byte("cpu io\n"), 0o644)
	if _, err := findRunCgroups(root, "/system.slice/skilldex.service", 4242); err == nil || !strings.Contains(err.Error(), "memory controller is not available") {
		t.Errorf("no memory controller: %v", err)
	}
}
