package sandbox

import "context"

// Bubblewrap runs scripts under bwrap (bubblewrap). Each run gets:
//
//   - its own user namespace, created for the run, in which the script runs
//     as uid/gid 65534 with no capabilities and no_new_privs. When the
//     service runs as root, 65534 is the host's nobody; otherwise it is the
//     service's own uid. The script cannot create further user namespaces
//     (where the kernel lets the run lock that; it does on stock kernels).
//   - no network (a fresh network namespace with only loopback), its own pid,
//     ipc, uts (hostname "skilldex") and cgroup namespaces, and a new session
//     (no controlling terminal).
//   - a read-only root holding only: the system runtime (/usr, /bin, /sbin,
//     /lib, /lib64, /lib32, /libx32 as on the host, symlinks kept as symlinks,
//     and from /etc only alternatives, ld.so.cache, ld.so.conf(.d), ssl,
//     ca-certificates, localtime), BubblewrapOptions.ExtraROBinds, the skill
//     folder (read-only, at its resolved host path), a fresh /proc, a minimal
//     /dev (read-only, with a 64 MiB /dev/shm), a 64 MiB tmpfs /tmp, the
//     working folder (below) and the optional Request.OutputDir (read-write,
//     at its host path). Nothing else of the host (not /root, /home, the
//     rest of /etc) exists inside.
//   - the environment PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin,
//     HOME, LANG=C.UTF-8 and the SKILL_ARG_* variables, plus PWD (the working
//     folder, set by bwrap itself); nothing of the service's environment.
//     Only stdin (/dev/null), stdout, stderr and a descriptor of the run's
//     user namespace (useless without capabilities in it) are open.
//   - limits for the whole run (every process it starts, together): at
//     most MaxMemory bytes of memory and MaxProcs processes (threads
//     count), enforced by a cgroup v2 of the run's own when this service
//     may create one, else by the fallback described in runlimits_linux.go
//     (sampled resident memory, a lower process count); Limits says which
//     holds. Each process is also capped at MaxAddressSpace bytes of
//     address space (RLIMIT_AS) and writes no core files, set by
//     prlimit(1) inside the sandbox.
//   - the working folder (cwd and HOME, /tmp/skilldex-sandbox-<random>)
//     on a tmpfs of WorkDirSize bytes, so a script cannot fill the host's
//     disk through it; it vanishes with the run.
//   - an end: the script is pid 1 of its pid namespace (bwrap --as-pid-1),
//     so when it exits, or is killed at the timeout, every process it
//     started dies with it; and it dies with bwrap (setpriv --pdeathsig),
//     which dies with the service. Being pid 1, the script ignores signals
//     it sends itself without installing a handler (kill $$ does nothing),
//     and inherits its orphaned grandchildren.
//
// The interpreter is the one found in that PATH inside the sandbox (the
// system's python3, node, bash), not the service's PATH: interpreters under
// a home folder (pyenv, nvm) are not visible unless bound with ExtraROBinds
// and reachable from that PATH.
type Bubblewrap struct {
	impl bubblewrapImpl
}

var _ Sandbox = (*Bubblewrap)(nil)

// BubblewrapOptions tunes NewBubblewrap; a nil *BubblewrapOptions and zero
// fields mean the defaults.
type BubblewrapOptions struct {
	// Path is the bwrap binary; "" looks "bwrap" up in PATH.
	Path string
	// MaxProcs is the process-count limit of one run, all its processes
	// together (threads count too): pids.max of the run's cgroup and
	// RLIMIT_NPROC. 0 means DefaultMaxProcs with a cgroup and
	// FallbackMaxProcs without; a negative value no limit.
	MaxProcs int
	// MaxMemory is the memory limit of one run in bytes, all its processes
	// together: memory.max of the run's cgroup, or the fallback's sampled
	// resident total. 0 means DefaultMaxMemory, a negative value no limit.
	MaxMemory int64
	// MaxAddressSpace is the address-space limit of each process in bytes
	// (RLIMIT_AS): 0 means DefaultMaxAddressSpace, a negative value no
	// limit. Node needs about 1 GiB of address space to start.
	MaxAddressSpace int64
	// WorkDirSize is the size in bytes of the tmpfs holding the working
	// folder: 0 means DefaultWorkDirSize.
	WorkDirSize int64
	// NoCgroup uses the fallback limits even where a cgroup v2 could be
	// made (it avoids moving the service into a sub-cgroup).
	NoCgroup bool
	// ExtraROBinds are absolute host paths (files or folders) made visible
	// read-only at the same path, e.g. a language runtime under /opt. They
	// must exist.
	ExtraROBinds []string
}

// Defaults for BubblewrapOptions.
const (
	DefaultMaxProcs        = 256
	FallbackMaxProcs       = 64
	DefaultMaxMemory       = 2 << 30
	DefaultMaxAddressSpace = 4 << 30
	DefaultWorkDirSize     = 256 << 20
)

// sandboxPATH is PATH inside the sandbox (Debian's default).
const sandboxPATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

// unavailableHint ends every "bwrap cannot work here" message.
const unavailableHint = "install bubblewrap (apt-get install bubblewrap) or run with --sandbox none (no isolation, unsafe)"

// Name returns "bubblewrap".
func (*Bubblewrap) Name() string { return "bubblewrap" }

// Limits says how the run-wide limits are enforced, for logs and the
// doctor: "cgroup v2 (<folder>): ..." or "fallback (<why no cgroup>): ...".
func (b *Bubblewrap) Limits() string { return b.impl.limitsText() }

// NewBubblewrap checks that bwrap exists and works here, and returns a
// Bubblewrap; opts nil means the defaults. Checks, each failing with an error
// wrapping ErrUnavailable that says what is missing and how to get it: bwrap
// found (opts.Path or PATH) and new enough (--userns, --clearenv, --size:
// bubblewrap 0.6 or later); setpriv with --pdeathsig (util-linux 2.33+), prlimit
// when a limit is on, and /bin/sh, all from the host; and one real run of
// "true" through the exact machinery of Run, which fails where the kernel, a
// container or a security module refuses the namespaces.
// ExtraROBinds that are not absolute or do not exist fail with
// ErrInvalidRequest.
//
// How the process-count limit holds, also for root: RLIMIT_NPROC is counted
// per user (in the kernel, per user namespace and uid) and never applies to
// host uid 0, so the limit is useless if the script runs as root, even as
// root disguised by bwrap --unshare-user --uid 65534. Each run therefore
// first creates a user namespace of its own (a throwaway /bin/sh started
// with CLONE_NEWUSER) whose only unprivileged id, 65534, maps to host uid
// 65534 (nobody) when the service is root, or to the service's uid
// otherwise; bwrap joins it (--userns) and drops to 65534 before running
// the script under "prlimit --nproc=MaxProcs". Because the namespace is
// created per run, and by root or the service user, the count is per run:
// concurrent runs do not share it, and the service's own processes do not
// count. When the service is root the namespace also maps host uid 0 (as
// uid 1, which nothing in the sandbox runs as) so that bwrap, setting up as
// root, can bind skill folders below root-only folders such as /root.
func NewBubblewrap(opts *BubblewrapOptions) (*Bubblewrap, error) {
	if opts == nil {
		opts = &BubblewrapOptions{}
	}
	impl, err := newBubblewrapImpl(*opts)
	if err != nil {
		return nil, err
	}
	return &Bubblewrap{impl: impl}, nil
}

// Run implements [Sandbox]: it resolves req (see [Resolve]), runs the script
// in the sandbox described on [Bubblewrap] and waits until every process of
// the run is gone. Besides the errors of Resolve and ErrInvalidRequest it
// returns ErrUnavailable when the interpreter is not in the sandbox's PATH or
// the run's user namespace cannot be created. A failure of bwrap itself while
// setting up (a bound folder removed in between) shows as a Result with exit
// code 1 and "bwrap: ..." on stderr.
func (b *Bubblewrap) Run(ctx context.Context, req Request) (*Result, error) {
	return b.impl.run(ctx, req)
}
