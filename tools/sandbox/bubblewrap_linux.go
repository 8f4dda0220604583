package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// sandboxID is the uid and gid scripts run as inside the sandbox.
const sandboxID = 65534

// tmpfsSize caps /tmp and /dev/shm inside the sandbox (memory-backed).
const tmpfsSize = 64 << 20

// capSysResource is CAP_SYS_RESOURCE (linux/capability.h); the user
// namespace holder needs it to set the namespace's max_user_namespaces.
const capSysResource = 24

// runtimePaths are the host paths that make up the sandbox's read-only
// system runtime, when they exist.
var runtimePaths = []string{
	"/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32",
	"/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d",
	"/etc/ssl", "/etc/ca-certificates", "/etc/localtime",
}

// mountOp is one bwrap filesystem operation; dst is the path in the sandbox.
// size is a --tmpfs's size in bytes (0: tmpfsSize).
type mountOp struct {
	op, src, dst string
	size         int64
}

func (m mountOp) args() []string {
	switch m.op {
	case "--proc", "--dev", "--remount-ro":
		return []string{m.op, m.dst}
	case "--tmpfs":
		size := m.size
		if size == 0 {
			size = tmpfsSize
		}
		return []string{"--size", strconv.FormatInt(size, 10), m.op, m.dst}
	}
	return []string{m.op, m.src, m.dst}
}

// randomHex is 16 random hex digits, naming a run's working folder.
func randomHex() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func depth(p string) int {
	if p == "/" {
		return 0
	}
	return strings.Count(p, "/")
}

type bubblewrapImpl struct {
	bwrap   string
	setpriv string // ties the sandbox's pid 1 to bwrap's life
	sh      string // runs the user-namespace holder
	prlimit string // "" when no limit is set
	limits  []string
	system  []mountOp // runtime, ExtraROBinds, /proc, /dev, /tmp, /dev/shm
	visible []string  // read-only bound host paths, for interpreter lookup
	root    bool      // the service runs as host root
	hostUID int       // host uid/gid that sandbox uid/gid 65534 map to
	hostGID int

	// Run-wide limits (runlimits_linux.go): cg is nil in the fallback,
	// and then cgWhy says why.
	cg       *runCgroups
	cgWhy    string
	maxMem   int64 // <= 0: none
	maxProcs int   // <= 0: none
	workSize int64
}

// limitsText implements Bubblewrap.Limits.
func (b *bubblewrapImpl) limitsText() string {
	mem, procs := "no memory limit", "no process limit"
	if b.maxMem > 0 {
		mem = fmt.Sprintf("%d MiB of memory", b.maxMem>>20)
	}
	if b.maxProcs > 0 {
		procs = fmt.Sprintf("%d processes", b.maxProcs)
	}
	if b.cg != nil {
		return fmt.Sprintf("cgroup v2 (%s): %s and %s per run", b.cg.parent, mem, procs)
	}
	return fmt.Sprintf("fallback (%s): %s per run, sampled every %v, and %s", b.cgWhy, mem, memSampleInterval, procs)
}

// probeTimeout bounds NewBubblewrap's trial run.
const probeTimeout = 10 * time.Second

func newBubblewrapImpl(opts BubblewrapOptions) (bubblewrapImpl, error) {
	b := bubblewrapImpl{root: os.Geteuid() == 0}
	b.hostUID, b.hostGID = os.Getuid(), os.Getgid()
	if b.root {
		b.hostUID, b.hostGID = sandboxID, sandboxID
	}
	var err error
	if b.bwrap = opts.Path; b.bwrap == "" {
		if b.bwrap, err = exec.LookPath("bwrap"); err != nil {
			return b, fmt.Errorf("%w: bwrap not found in PATH: %s", ErrUnavailable, unavailableHint)
		}
	} else if _, err = os.Stat(b.bwrap); err != nil {
		return b, fmt.Errorf("%w: bwrap %s: %v: %s", ErrUnavailable, b.bwrap, unwrapPathError(err), unavailableHint)
	}
	help, _ := exec.Command(b.bwrap, "--help").CombinedOutput()
	if !bytes.Contains(help, []byte("--userns ")) || !bytes.Contains(help, []byte("--clearenv")) {
		return b, fmt.Errorf("%w: %s is too old (needs --userns and --clearenv, bubblewrap 0.5 or later): %s", ErrUnavailable, b.bwrap, unavailableHint)
	}
	if !bytes.Contains(help, []byte("--size ")) {
		return b, fmt.Errorf("%w: %s is too old (needs --size to bound the working folder, bubblewrap 0.6 or later): %s", ErrUnavailable, b.bwrap, unavailableHint)
	}
	if b.sh, err = exec.LookPath("/bin/sh"); err != nil {
		return b, fmt.Errorf("%w: /bin/sh not found", ErrUnavailable)
	}

	for _, p := range runtimePaths {
		fi, err := os.Lstat(p)
		switch {
		case err != nil:
			continue
		case fi.Mode()&os.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				continue
			}
			b.system = append(b.system, mountOp{op: "--symlink", src: target, dst: p})
		default:
			b.system = append(b.system, mountOp{op: "--ro-bind-try", src: p, dst: p})
			b.visible = append(b.visible, p)
		}
	}
	for _, p := range opts.ExtraROBinds {
		if !filepath.IsAbs(p) {
			return b, fmt.Errorf("%w: ExtraROBinds: %q is not an absolute path", ErrInvalidRequest, p)
		}
		src, err := filepath.EvalSymlinks(p)
		if err != nil {
			return b, fmt.Errorf("%w: ExtraROBinds: %s: %v", ErrInvalidRequest, p, unwrapPathError(err))
		}
		dst := filepath.Clean(p)
		b.system = append(b.system, mountOp{op: "--ro-bind", src: src, dst: dst})
		b.visible = append(b.visible, dst, src)
	}
	b.system = append(b.system,
		mountOp{op: "--proc", dst: "/proc"},
		mountOp{op: "--dev", dst: "/dev"},
		mountOp{op: "--tmpfs", dst: "/dev/shm"},
		mountOp{op: "--tmpfs", dst: "/tmp"},
	)

	b.maxProcs, b.maxMem, b.workSize = opts.MaxProcs, opts.MaxMemory, opts.WorkDirSize
	if b.maxMem == 0 {
		b.maxMem = DefaultMaxMemory
	}
	if b.workSize <= 0 {
		b.workSize = DefaultWorkDirSize
	}
	b.cgWhy = "NoCgroup set"
	if !opts.NoCgroup {
		self, err := selfCgroup()
		if err == nil {
			b.cg, err = findRunCgroups(cgroupRoot, self, os.Getpid())
		}
		if err != nil {
			b.cgWhy = "no usable cgroup v2: " + err.Error()
		}
	}
	if b.maxProcs == 0 {
		b.maxProcs = DefaultMaxProcs
		if b.cg == nil {
			b.maxProcs = FallbackMaxProcs
		}
	}
	maxAS := opts.MaxAddressSpace
	if maxAS == 0 {
		maxAS = DefaultMaxAddressSpace
	}
	if b.maxProcs > 0 {
		b.limits = append(b.limits, fmt.Sprintf("--nproc=%d:%d", b.maxProcs, b.maxProcs))
	}
	if maxAS > 0 {
		b.limits = append(b.limits, fmt.Sprintf("--as=%d:%d", maxAS, maxAS))
	}
	if b.setpriv = b.lookup("setpriv"); b.setpriv == "" {
		return b, fmt.Errorf("%w: setpriv (util-linux) not found in the sandbox PATH; install util-linux", ErrUnavailable)
	}
	if help, _ := exec.Command(b.setpriv, "--help").CombinedOutput(); !bytes.Contains(help, []byte("--pdeathsig")) {
		return b, fmt.Errorf("%w: %s lacks --pdeathsig; install util-linux 2.33 or later", ErrUnavailable, b.setpriv)
	}
	if len(b.limits) > 0 {
		b.limits = append(b.limits, "--core=0:0")
		if b.prlimit = b.lookup("prlimit"); b.prlimit == "" {
			return b, fmt.Errorf("%w: prlimit (util-linux) not found in the sandbox PATH; install util-linux, or set MaxProcs and MaxAddressSpace to -1 (no limits)", ErrUnavailable)
		}
	}

	// One real run through the same machinery as Run.
	truePath := b.lookup("true")
	if truePath == "" {
		return b, fmt.Errorf("%w: true(1) not found in the sandbox PATH", ErrUnavailable)
	}
	res, err := b.sandboxed(context.Background(), []string{truePath}, nil, nil, probeTimeout, 4096)
	if b.cg != nil && (err != nil || res.ExitCode != 0) {
		// The cgroup is the part most likely to be refused (clone3 into a
		// cgroup needs Linux 5.7): fall back rather than fail.
		why := fmt.Sprint(err)
		if err == nil {
			why = strings.TrimSpace(res.Stderr)
		}
		b.cg, b.cgWhy = nil, "a run in a cgroup failed: "+why
		if opts.MaxProcs == 0 {
			b.maxProcs = FallbackMaxProcs
			b.limits[0] = fmt.Sprintf("--nproc=%d:%d", b.maxProcs, b.maxProcs)
		}
		res, err = b.sandboxed(context.Background(), []string{truePath}, nil, nil, probeTimeout, 4096)
	}
	if err != nil {
		return b, fmt.Errorf("%w: bwrap cannot create its namespaces here: %v; %s", ErrUnavailable, err, unavailableHint)
	}
	if res.ExitCode != 0 {
		return b, fmt.Errorf("%w: bwrap cannot create its namespaces here (exit %d: %s); %s",
			ErrUnavailable, res.ExitCode, strings.TrimSpace(res.Stderr), unavailableHint)
	}
	return b, nil
}

// lookup finds name in the sandbox PATH on the host, keeping only a file
// that will be visible inside (its resolved path under a read-only bind).
func (b *bubblewrapImpl) lookup(name string) string {
	for _, dir := range filepath.SplitList(sandboxPATH) {
		p := filepath.Join(dir, name)
		fi, err := os.Stat(p)
		if err != nil || !fi.Mode().IsRegular() || fi.Mode()&0o111 == 0 {
			continue
		}
		resolved, err := filepath.EvalSymlinks(p)
		if err != nil {
			continue
		}
		for _, v := range b.visible {
			if within(v, resolved) {
				return p
			}
		}
	}
	return ""
}

func (b *bubblewrapImpl) run(ctx context.Context, req Request) (*Result, error) {
	p, err := prepare(ctx, req)
	if err != nil {
		return nil, err
	}
	if p.root == "/" {
		return nil, fmt.Errorf("%w: the skill folder cannot be /", ErrInvalidRequest)
	}
	interp := b.lookup(p.interp)
	if interp == "" {
		return nil, fmt.Errorf("%w: interpreter %s not found in the sandbox PATH (%s)", ErrUnavailable, p.interp, sandboxPATH)
	}
	argv := append([]string{interp}, p.argv[1:]...)
	binds := []mountOp{{op: "--ro-bind", src: p.root, dst: p.root}}
	for _, in := range p.inputs {
		binds = append(binds, mountOp{op: "--ro-bind", src: in.src, dst: in.dst})
	}
	if p.outDir != "" {
		binds = append(binds, mountOp{op: "--bind", src: p.outDir, dst: p.outDst})
	}
	return b.sandboxed(ctx, argv, p.argEnv, binds, p.timeout, p.maxOut)
}

// sandboxed runs argv (argv[0] absolute) in a fresh sandbox with a fresh
// working folder, the system mounts plus binds, and env added to the base
// environment.
func (b *bubblewrapImpl) sandboxed(ctx context.Context, argv, env []string, binds []mountOp, timeout time.Duration, maxOut int) (*Result, error) {
	// The working folder is a tmpfs of its own: it exists
	// only inside the sandbox, its size is bounded, and nothing is left on
	// the host.
	wd := "/tmp/" + strings.TrimSuffix(workDirPattern, "*") + randomHex()
	var cg *runCgroup
	if b.cg != nil {
		var err error
		if cg, err = b.cg.create(b.maxMem, b.maxProcs); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
		}
		defer cg.remove()
	}

	userNS, err := b.newUserNS()
	if err != nil {
		return nil, err
	}
	defer userNS.Close()

	// Options travel through a pipe (--args) so that SKILL_ARG_* values do
	// not show in the host's process list.
	args := []string{
		"--userns", "4", "--uid", strconv.Itoa(sandboxID), "--gid", strconv.Itoa(sandboxID),
		"--cap-drop", "ALL",
		"--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
		"--hostname", "skilldex",
		"--die-with-parent", "--new-session", "--as-pid-1", "--info-fd", "5",
		"--clearenv",
		"--setenv", "PATH", sandboxPATH,
		"--setenv", "HOME", wd,
		"--setenv", "LANG", "C.UTF-8",
	}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		args = append(args, "--setenv", k, v)
	}
	// Parents before children: a bind inside /tmp comes after the tmpfs,
	// and a read-only skill folder or input inside OutputDir stays
	// read-only (a stable sort keeps the read-only binds, listed first,
	// before an output folder at the same depth).
	mounts := append(append([]mountOp{}, b.system...), mountOp{op: "--tmpfs", dst: wd, size: b.workSize})
	mounts = append(mounts, binds...)
	sort.SliceStable(mounts, func(i, j int) bool { return depth(mounts[i].dst) < depth(mounts[j].dst) })
	for _, m := range mounts {
		args = append(args, m.args()...)
	}
	args = append(args, "--remount-ro", "/dev", "--remount-ro", "/", "--chdir", wd)

	// bwrap takes only options from --args; the command follows on its own
	// command line. The script is pid 1 of the sandbox (--as-pid-1), so its
	// exit ends every process it started; setpriv ties it to bwrap's life
	// (bwrap's own --die-with-parent does not survive its switch to uid
	// 65534), and prlimit sets the limits.
	command := []string{b.bwrap, "--args", "3", "--", b.setpriv, "--pdeathsig", "KILL", "--"}
	if b.prlimit != "" {
		command = append(append(append(command, b.prlimit), b.limits...), "--")
	}
	command = append(command, argv...)

	argsR, argsW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer argsR.Close()
	go func() {
		var buf bytes.Buffer
		for _, a := range args {
			buf.WriteString(a)
			buf.WriteByte(0)
		}
		_, _ = argsW.Write(buf.Bytes()) // fails only if bwrap died first
		argsW.Close()
	}()
	infoR, infoW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer infoR.Close()
	defer infoW.Close()

	// The sandbox's pid 1, from bwrap's --info-fd, is what a timeout kills:
	// its death ends the pid namespace, and bwrap then exits with 137.
	var sandboxInit *os.Process
	var memWatch *memWatch // the fallback's sampler, when it runs
	infoReady := make(chan struct{})
	l := launch{
		argv:  command,
		env:   []string{},
		dir:   "/",
		extra: []*os.File{argsR, userNS, infoW},
		started: func(*exec.Cmd) {
			infoW.Close()
			go func() {
				defer close(infoReady)
				var info struct {
					ChildPID int `json:"child-pid"`
				}
				if json.NewDecoder(infoR).Decode(&info) == nil && info.ChildPID > 0 {
					// A pidfd: immune to pid reuse from here on.
					sandboxInit, _ = os.FindProcess(info.ChildPID)
					if cg == nil && b.maxMem > 0 && sandboxInit != nil {
						init := sandboxInit
						memWatch = watchMemory(info.ChildPID, b.maxMem, func() { _ = init.Signal(syscall.SIGKILL) })
					}
				}
			}()
		},
		kill: func(cmd *exec.Cmd) {
			select {
			case <-infoReady:
				if sandboxInit != nil && sandboxInit.Signal(syscall.SIGKILL) == nil {
					return
				}
			case <-time.After(time.Second): // bwrap never said: kill it instead
			}
			_ = killGroup(cmd)
		},
	}
	l.sys = func(cmd *exec.Cmd) {
		if b.root {
			// Start bwrap as root without supplementary groups, so none
			// of them reaches the sandbox.
			cmd.SysProcAttr.Credential = &syscall.Credential{Uid: 0, Gid: 0, Groups: []uint32{}}
		}
		if cg != nil {
			// bwrap starts inside the run's cgroup, and so does all it
			// starts.
			cmd.SysProcAttr.UseCgroupFD, cmd.SysProcAttr.CgroupFD = true, int(cg.fd.Fd())
		}
	}
	res, err := execute(ctx, l, timeout, maxOut)
	if err != nil {
		return nil, fmt.Errorf("%w: starting bwrap: %v", ErrUnavailable, err)
	}
	infoR.Close()
	<-infoReady
	oom := cg != nil && cg.oomKilled()
	if memWatch != nil && memWatch.end() {
		oom = true
	}
	if sandboxInit != nil {
		_ = sandboxInit.Release()
	}
	if oom {
		res.OutOfMemory = true
		res.Warnings = append(res.Warnings, fmt.Sprintf("the run passed its memory limit of %d MiB (all its processes together) and was killed", b.maxMem>>20))
	}
	return res, nil
}

// holderScript runs in the run's fresh user namespace: it forbids nested
// user namespaces there (best effort: a read-only /proc/sys refuses it),
// says it is ready, and waits until it is killed.
const holderScript = `echo 0 >/proc/sys/user/max_user_namespaces 2>/dev/null; echo ready; read _`

// newUserNS creates the run's user namespace (see NewBubblewrap) and returns
// an open descriptor of it; the namespace lives as long as the descriptor or
// a process in it.
func (b *bubblewrapImpl) newUserNS() (*os.File, error) {
	uids := []syscall.SysProcIDMap{{ContainerID: sandboxID, HostID: b.hostUID, Size: 1}}
	gids := []syscall.SysProcIDMap{{ContainerID: sandboxID, HostID: b.hostGID, Size: 1}}
	if b.root {
		uids = append(uids, syscall.SysProcIDMap{ContainerID: 1, HostID: 0, Size: 1})
		gids = append(gids, syscall.SysProcIDMap{ContainerID: 1, HostID: 0, Size: 1})
	}
	h := exec.Command(b.sh, "-c", holderScript)
	h.Env = []string{}
	h.Dir = "/"
	h.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:  syscall.CLONE_NEWUSER,
		UidMappings: uids,
		GidMappings: gids,
		AmbientCaps: []uintptr{capSysResource},
	}
	stdin, err := h.StdinPipe()
	if err != nil {
		return nil, err
	}
	defer stdin.Close()
	stdout, err := h.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	h.Stderr = &stderr
	if err := h.Start(); err != nil {
		return nil, fmt.Errorf("%w: cannot create a user namespace: %v; %s", ErrUnavailable, err, unavailableHint)
	}
	_, err = bufio.NewReader(stdout).ReadString('\n')
	var ns *os.File
	if err == nil {
		ns, err = os.Open("/proc/" + strconv.Itoa(h.Process.Pid) + "/ns/user")
	}
	// The namespace outlives the holder: ns keeps it.
	_ = h.Process.Kill()
	_ = h.Wait()
	if err != nil {
		return nil, fmt.Errorf("%w: cannot create the run's user namespace: %v %s",
			ErrUnavailable, unwrapPathError(err), strings.TrimSpace(stderr.String()))
	}
	return ns, nil
}
