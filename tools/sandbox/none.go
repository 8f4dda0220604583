package sandbox

import (
	"context"
	"fmt"
	"os"
	"os/exec"
)

// None runs scripts directly on the host, with no isolation whatsoever: the
// script can read and write whatever the service's user can, and reach the
// network. Only the conveniences are the same as under Bubblewrap: Resolve's
// path checks, the seed's argv and SKILL_ARG_* variables, a fresh temporary
// working folder as cwd and HOME (deleted afterwards), a minimal environment
// (the service's PATH, HOME, LANG=C.UTF-8, SKILL_ARG_*; nothing else of the
// service's environment leaks), the timeout and the output caps. The script
// runs in its own process group; the timeout, and the script's exit, kill
// that group, but a process that leaves the group (setsid) survives.
// The interpreter is looked up in the service's PATH. The caller logs the
// warning that scripts run unsandboxed.
type None struct{}

var _ Sandbox = (*None)(nil)

// NoneWarning is the warning every result of None carries:
// the caller passes it on with each run, not only once at start.
const NoneWarning = "this script ran WITHOUT a sandbox (the server runs with --sandbox none): it could read and change every file the server's user can, and reach the network"

// NewNone returns the unsandboxed runner.
func NewNone() *None { return &None{} }

// Name returns "none".
func (*None) Name() string { return "none" }

// Run implements [Sandbox]. Besides the errors of [Resolve] it returns
// ErrUnavailable when the interpreter is not in PATH.
func (*None) Run(ctx context.Context, req Request) (*Result, error) {
	p, err := prepare(ctx, req)
	if err != nil {
		return nil, err
	}
	interp, err := exec.LookPath(p.interp)
	if err != nil {
		return nil, fmt.Errorf("%w: interpreter %s not found in PATH", ErrUnavailable, p.interp)
	}
	wd, err := os.MkdirTemp("", workDirPattern)
	if err != nil {
		return nil, err
	}
	defer removeAll(wd)
	pathEnv := os.Getenv("PATH")
	if pathEnv == "" {
		pathEnv = sandboxPATH
	}
	env := append([]string{"PATH=" + pathEnv, "HOME=" + wd, "LANG=C.UTF-8"}, p.argEnv...)
	argv := append([]string{interp}, p.argv[1:]...)
	res, err := execute(ctx, launch{argv: argv, env: env, dir: wd, killStragglers: true}, p.timeout, p.maxOut)
	if res != nil {
		res.Warnings = append(res.Warnings, NoneWarning)
	}
	return res, err
}
