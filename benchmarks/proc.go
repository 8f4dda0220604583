package benchmarks

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// process is a child started by startProcess.
type process struct{ cmd *exec.Cmd }

func (p *process) Pid() int    { return p.cmd.Process.Pid }
func (p *process) Wait() error { return p.cmd.Wait() }

// startProcess runs name with args, stdin and stdout piped, stderr
// inherited (the server's warnings belong in the bench log).
func startProcess(ctx context.Context, name string, args []string) (*process, io.WriteCloser, io.Reader, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stderr = os.Stderr
	// The child is configured by its flags alone: SKILLDEX_* settings of
	// the caller's environment (an HTTP address, a profile) would change
	// what is measured or make it serve elsewhere than stdio.
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SKILLDEX_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, nil, fmt.Errorf("start %s: %w", name, err)
	}
	return &process{cmd}, stdin, stdout, nil
}

// procStatus reads a "kB" field such as VmRSS or VmHWM of
// /proc/PID/status, in bytes.
func procStatus(pid int, field string) (int64, error) {
	path := "/proc/self/status"
	if pid > 0 {
		path = fmt.Sprintf("/proc/%d/status", pid)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && k == field {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				return 0, fmt.Errorf("%s: %s: %w", path, field, err)
			}
			return kb << 10, nil
		}
	}
	return 0, fmt.Errorf("%s: no %s", path, field)
}
