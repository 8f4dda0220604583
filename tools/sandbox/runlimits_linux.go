package sandbox

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Run-wide limits: RLIMIT_AS and RLIMIT_NPROC bound one
// process each, so three children of 3 GB each reached 9 GB together. A run
// is bounded as a whole in one of two ways, chosen once by NewBubblewrap:
//
//   - cgroup v2, when /sys/fs/cgroup is a cgroup2 hierarchy whose cgroup of
//     this process offers the memory and pids controllers and is writable
//     (root, or a systemd unit with Delegate=yes). Each run gets a cgroup
//     of its own, created before bwrap starts and entered by bwrap itself
//     (clone3 CLONE_INTO_CGROUP), with memory.max = MaxMemory,
//     memory.swap.max = 0, memory.oom.group = 1 (an out-of-memory kill
//     ends the whole run) and pids.max = MaxProcs. The kernel enforces
//     both; files in the run's tmpfs folders count as its memory.
//   - otherwise a fallback: the service samples the resident memory of
//     every process of the run (the sandbox's pid 1 and its descendants,
//     from /proc) every memSampleInterval and kills the whole run when the
//     sum passes MaxMemory; RLIMIT_AS still caps each process, and the
//     per-run RLIMIT_NPROC is lowered to FallbackMaxProcs unless MaxProcs
//     is set. Between two samples a run can exceed MaxMemory by what it
//     allocates in that time (a few hundred MiB at most), and the tmpfs
//     folders (/tmp, /dev/shm, the working folder) are bounded by their
//     sizes, not by MaxMemory.

// memSampleInterval is the fallback's sampling period.
const memSampleInterval = 50 * time.Millisecond

// cgroupRoot is where the cgroup v2 hierarchy is mounted.
const cgroupRoot = "/sys/fs/cgroup"

// cgroup2Magic is CGROUP2_SUPER_MAGIC (linux/magic.h).
const cgroup2Magic = 0x63677270

// runCgroups creates one cgroup per run under parent, a cgroup whose
// subtree_control holds memory and pids.
type runCgroups struct {
	parent string
	seq    atomic.Uint64
}

// findRunCgroups prepares cgroup v2 run cgroups, or says why it cannot.
// fsRoot is cgroupRoot (a test passes a fake tree); self is this process's
// cgroup path from /proc/self/cgroup ("0::/path"). The cgroup v2 rule that
// a cgroup with processes of its own cannot hand controllers to children
// (except the root) is met the way systemd's delegation documentation
// describes: the service moves itself into a leaf, <self>/skilldex-service,
// and runs go under <self>/skilldex-runs. Nothing is moved unless the
// controllers are there and the folders can be made.
func findRunCgroups(fsRoot, self string, movePid int) (*runCgroups, error) {
	own := filepath.Join(fsRoot, filepath.FromSlash(self))
	have, err := os.ReadFile(filepath.Join(own, "cgroup.controllers"))
	if err != nil {
		return nil, fmt.Errorf("cgroup %s: %v", self, unwrapPathError(err))
	}
	for _, c := range []string{"memory", "pids"} {
		if !hasWord(have, c) {
			return nil, fmt.Errorf("the %s controller is not available in cgroup %s (controllers: %q)", c, self, strings.TrimSpace(string(have)))
		}
	}
	enable := func(dir string) error {
		return os.WriteFile(filepath.Join(dir, "cgroup.subtree_control"), []byte("+memory +pids"), 0o644)
	}
	if self != "/" {
		// Leave own cgroup to a leaf, so that own may enable controllers.
		leaf := filepath.Join(own, "skilldex-service")
		if err := os.Mkdir(leaf, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
			return nil, fmt.Errorf("cgroup %s is not writable: %v", self, unwrapPathError(err))
		}
		if err := os.WriteFile(filepath.Join(leaf, "cgroup.procs"), []byte(strconv.Itoa(movePid)), 0o644); err != nil {
			return nil, fmt.Errorf("cannot move the service into %s: %v", leaf, unwrapPathError(err))
		}
		if err := enable(own); err != nil {
			// Others share own (a login session): go back.
			_ = os.WriteFile(filepath.Join(own, "cgroup.procs"), []byte(strconv.Itoa(movePid)), 0o644)
			return nil, fmt.Errorf("cannot enable memory and pids in cgroup %s (other processes share it?): %v", self, unwrapPathError(err))
		}
	} else if err := enable(own); err != nil {
		return nil, fmt.Errorf("cannot enable memory and pids in the root cgroup: %v", unwrapPathError(err))
	}
	runs := filepath.Join(own, "skilldex-runs")
	if err := os.Mkdir(runs, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return nil, fmt.Errorf("cannot create %s: %v", runs, unwrapPathError(err))
	}
	if err := enable(runs); err != nil {
		return nil, fmt.Errorf("cannot enable memory and pids in %s: %v", runs, unwrapPathError(err))
	}
	return &runCgroups{parent: runs}, nil
}

func hasWord(b []byte, w string) bool {
	for _, f := range bytes.Fields(b) {
		if string(f) == w {
			return true
		}
	}
	return false
}

// selfCgroup returns this process's cgroup v2 path, or an error saying why
// cgroup v2 is not usable here.
func selfCgroup() (string, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(cgroupRoot, &st); err != nil {
		return "", fmt.Errorf("%s: %v", cgroupRoot, err)
	}
	if st.Type != cgroup2Magic {
		return "", fmt.Errorf("%s is not a cgroup v2 hierarchy (a v1 or hybrid layout)", cgroupRoot)
	}
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if p, ok := strings.CutPrefix(line, "0::"); ok {
			return p, nil
		}
	}
	return "", errors.New("no cgroup v2 entry in /proc/self/cgroup")
}

// runCgroup is the cgroup of one run.
type runCgroup struct {
	dir string
	fd  *os.File // the open folder, for CLONE_INTO_CGROUP
}

// create makes the next run's cgroup with its limits.
func (r *runCgroups) create(maxMem int64, maxProcs int) (*runCgroup, error) {
	dir := filepath.Join(r.parent, fmt.Sprintf("run-%d-%d", os.Getpid(), r.seq.Add(1)))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	cg := &runCgroup{dir: dir}
	write := func(file, val string, optional bool) error {
		err := os.WriteFile(filepath.Join(dir, file), []byte(val), 0o644)
		if err != nil && optional && errors.Is(err, os.ErrNotExist) {
			return nil
		}
		return err
	}
	var err error
	if maxMem > 0 {
		err = errors.Join(write("memory.max", strconv.FormatInt(maxMem, 10), false),
			write("memory.swap.max", "0", true), write("memory.oom.group", "1", true))
	}
	if err == nil && maxProcs > 0 {
		err = write("pids.max", strconv.Itoa(maxProcs), false)
	}
	if err == nil {
		cg.fd, err = os.Open(dir)
	}
	if err != nil {
		cg.remove()
		return nil, fmt.Errorf("run cgroup %s: %w", dir, err)
	}
	return cg, nil
}

// oomKilled reports whether the kernel killed a process of the run for
// passing memory.max.
func (cg *runCgroup) oomKilled() bool {
	data, err := os.ReadFile(filepath.Join(cg.dir, "memory.events"))
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "oom_kill "); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(v))
			return n > 0
		}
	}
	return false
}

// remove kills whatever is left in the cgroup and deletes it.
func (cg *runCgroup) remove() {
	if cg.fd != nil {
		cg.fd.Close()
	}
	if os.WriteFile(filepath.Join(cg.dir, "cgroup.kill"), []byte("1"), 0o644) != nil {
		if data, err := os.ReadFile(filepath.Join(cg.dir, "cgroup.procs")); err == nil {
			for _, f := range strings.Fields(string(data)) {
				if pid, err := strconv.Atoi(f); err == nil {
					_ = syscall.Kill(pid, syscall.SIGKILL)
				}
			}
		}
	}
	for deadline := time.Now().Add(waitDelay); ; time.Sleep(10 * time.Millisecond) {
		if err := os.Remove(cg.dir); err == nil || errors.Is(err, os.ErrNotExist) || time.Now().After(deadline) {
			return
		}
	}
}

// memWatch is the fallback's sampler for one run.
type memWatch struct {
	limit int64
	hit   atomic.Bool
	stop  chan struct{}
	done  sync.WaitGroup
}

// watchMemory samples the resident memory of the process tree rooted at
// root every memSampleInterval and calls kill once the sum passes limit.
func watchMemory(root int, limit int64, kill func()) *memWatch {
	w := &memWatch{limit: limit, stop: make(chan struct{})}
	w.done.Add(1)
	go func() {
		defer w.done.Done()
		t := time.NewTicker(memSampleInterval)
		defer t.Stop()
		for {
			select {
			case <-w.stop:
				return
			case <-t.C:
			}
			if treeRSS(root) > limit {
				w.hit.Store(true)
				kill()
				return
			}
		}
	}()
	return w
}

// end stops the sampler and reports whether it killed the run.
func (w *memWatch) end() bool {
	close(w.stop)
	w.done.Wait()
	return w.hit.Load()
}

var pageSize = int64(os.Getpagesize())

// treeRSS is the resident memory in bytes of root and its descendants,
// found through /proc/<pid>/task/<tid>/children (every thread's, since a
// child belongs to the thread that forked it). Processes that vanish while
// it reads are skipped.
func treeRSS(root int) int64 {
	var total int64
	seen := map[int]bool{}
	queue := []int{root}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		if seen[pid] || len(seen) > 100000 {
			continue
		}
		seen[pid] = true
		if statm, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/statm"); err == nil {
			if f := strings.Fields(string(statm)); len(f) > 1 {
				pages, _ := strconv.ParseInt(f[1], 10, 64)
				total += pages * pageSize
			}
		}
		tasks, _ := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
		for _, t := range tasks {
			children, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/task/" + t.Name() + "/children")
			if err != nil {
				continue
			}
			for _, c := range strings.Fields(string(children)) {
				if n, err := strconv.Atoi(c); err == nil {
					queue = append(queue, n)
				}
			}
		}
	}
	return total
}
